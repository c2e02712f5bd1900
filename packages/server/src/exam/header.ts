import { eq, type SQL, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import {
  academicProgramme,
  campus,
  course,
  courseOffering,
  exam,
  examCycle,
  intake,
  term,
} from "../db/schema.ts";

/**
 * The header of an exam, as every exam screen heads it: its course and section (course offering),
 * term, batch (intake), programme, exam cycle, component and type, and its sitting: date
 * YYYY-MM-DD, start time HH:MM and length in minutes, wall times at its campus (`timeZone`, the
 * IANA zone of course offering -> term -> intake -> campus; docs/architecture.md, "Time zones"). One naming for the whole server;
 * an answer whose wire names differ (`dateOfExam`, `startTimeOfExam`, `duration`, `program`) maps
 * them where it builds its answer. Select these on a query from `exam` with
 * {@link withExamHeaderJoins}.
 */
export const examHeaderColumns = {
  id: exam.id,
  examCycleId: exam.examCycleId,
  examCycle: examCycle.name,
  courseId: course.id,
  courseCode: course.code,
  courseName: course.name,
  courseOfferingId: courseOffering.id,
  section: courseOffering.section,
  termId: term.id,
  term: term.name,
  batch: intake.name,
  programme: academicProgramme.name,
  campusId: intake.campusId,
  /** The IANA zone of the exam's campus: its date and start time are wall times there. */
  timeZone: campus.timeZone,
  component: exam.component,
  examType: exam.examType,
  examDate: exam.examDate,
  startTime: exam.startTime,
  durationMinutes: exam.durationMinutes,
  periodId: exam.examPeriodId,
};

/**
 * Joins a query from `exam` (made `$dynamic()`) to what {@link examHeaderColumns} name: exam cycle,
 * course offering, course, term, intake, campus and programme (every exam has all of them: inner joins).
 */
export function withExamHeaderJoins<Q extends PgSelect>(query: Q): Q {
  query
    .innerJoin(examCycle, eq(examCycle.id, exam.examCycleId))
    .innerJoin(courseOffering, eq(courseOffering.id, exam.courseOfferingId))
    .innerJoin(course, eq(course.id, courseOffering.courseId))
    .innerJoin(term, eq(term.id, courseOffering.termId))
    .innerJoin(intake, eq(intake.id, term.intakeId))
    .innerJoin(campus, eq(campus.id, intake.campusId))
    .innerJoin(academicProgramme, eq(academicProgramme.id, intake.programmeId));
  return query;
}

/**
 * The IANA zone of an exam's campus (course offering -> term -> intake -> campus) as a column of a
 * query from `exam` without the header joins: the zone its date and start time are wall times in.
 */
export const examCampusTimeZone = sql<string>`(select c.time_zone from ${courseOffering} o
  join ${term} t on t.id = o.term_id join ${intake} i on i.id = t.intake_id join ${campus} c on c.id = i.campus_id
  where o.id = ${exam.courseOfferingId})`;

/**
 * Today's date at an exam's campus (its zone) at the server's clock `now` (epoch ms), as a SQL date
 * of a query from `exam`: the per-row form of `todayIn(now, timeZone)`, for "upcoming" and
 * "completed" filters across campuses in different zones.
 */
export function examCampusToday(now: number): SQL<string> {
  return sql<string>`((${new Date(now).toISOString()}::timestamptz at time zone ${examCampusTimeZone})::date)`;
}
