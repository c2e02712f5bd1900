import type { TimetablingExam, TimetablingPeriod } from "@portal/domain";
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { rows } from "../../db/rows.ts";
import { RETEST_EXAM } from "../eligibility/candidates.ts";

/**
 * What the timetabler works on for one exam cycle: its exam periods in time order (key = exam
 * period id, length in minutes; no seat total: rooms are planned after the timetable), its exams
 * that sit in one of them (key = exam id, students = enrolled students, for a retest exam only those
 * scheduled into it), the current timetable (`start`, exam id to exam period id), the exams staff
 * locked, and each exam's version (the accept refuses a proposal whose exams changed since).
 */
export type TimetablingInput = {
  periods: TimetablingPeriod[];
  exams: TimetablingExam[];
  start: Map<string, string>;
  locked: string[];
  versions: Record<string, number>;
};

/**
 * Loads the timetabling input of exam cycle `cycleId` (see {@link TimetablingInput}): the cycle's
 * exam_period rows and its exams' enrolments, in two reads. Exams without an exam period are left
 * out (they have no place to start from). The one place that reads what a job improves, so staff-set
 * period schemes and options can come in here later.
 */
export async function loadTimetablingInput(db: Executor, cycleId: string): Promise<TimetablingInput> {
  const periods = await rows<{ id: string; durationMinutes: number }>(
    db,
    sql`select id, duration_minutes as "durationMinutes" from exam_period
        where exam_cycle_id = ${cycleId} order by date, start_time, id`,
  );
  const examRows = await rows<{
    id: string;
    periodId: string;
    durationMinutes: number;
    locked: boolean;
    version: number;
    students: string[] | null;
  }>(
    db,
    sql`select x.id, x.exam_period_id as "periodId", x.duration_minutes as "durationMinutes", x.locked,
          x.version,
          (select array_agg(e.student_id::text order by e.student_id) from enrolment e
            where e.course_offering_id = x.course_offering_id
              and (x.exam_type <> ${RETEST_EXAM} or exists (select 1 from retest_request r
                     where r.retest_exam_id = x.id and r.student_id = e.student_id))) as students
        from exam x join exam_period p on p.id = x.exam_period_id
        where x.exam_cycle_id = ${cycleId} order by x.id`,
  );
  const exams: TimetablingExam[] = examRows.map((x) => ({
    key: x.id,
    students: x.students ?? [],
    seats: x.students?.length ?? 0,
    durationMinutes: x.durationMinutes,
  }));
  return {
    periods: periods.map((p) => ({ key: p.id, durationMinutes: p.durationMinutes })),
    exams,
    start: new Map(examRows.map((x) => [x.id, x.periodId])),
    locked: examRows.filter((x) => x.locked).map((x) => x.id),
    versions: Object.fromEntries(examRows.map((x) => [x.id, x.version])),
  };
}
