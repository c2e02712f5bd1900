import { eq } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { academicProgramme, course, courseOffering, exam, examCycle, intake, term } from "../db/schema.ts";

/**
 * The header of an exam, as every exam screen heads it: its course and section (course offering),
 * term, batch (intake), programme, exam cycle, component and type, and its sitting: date
 * YYYY-MM-DD, start time HH:MM (Asia/Kolkata), length in minutes. One naming for the whole server;
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
  component: exam.component,
  examType: exam.examType,
  examDate: exam.examDate,
  startTime: exam.startTime,
  durationMinutes: exam.durationMinutes,
  periodId: exam.examPeriodId,
};

/**
 * Joins a query from `exam` (made `$dynamic()`) to what {@link examHeaderColumns} name: exam cycle,
 * course offering, course, term, intake and programme (every exam has all of them: inner joins).
 */
export function withExamHeaderJoins<Q extends PgSelect>(query: Q): Q {
  query
    .innerJoin(examCycle, eq(examCycle.id, exam.examCycleId))
    .innerJoin(courseOffering, eq(courseOffering.id, exam.courseOfferingId))
    .innerJoin(course, eq(course.id, courseOffering.courseId))
    .innerJoin(term, eq(term.id, courseOffering.termId))
    .innerJoin(intake, eq(intake.id, term.intakeId))
    .innerJoin(academicProgramme, eq(academicProgramme.id, intake.programmeId));
  return query;
}
