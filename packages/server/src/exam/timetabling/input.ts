import {
  type ExamTimetablingRules,
  invigilatorsNeeded,
  type TimetablingExam,
  type TimetablingOptions,
  type TimetablingPeriod,
  timetablingPeriodsOf,
} from "@portal/domain";
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { rows } from "../../db/rows.ts";
import { RETEST_EXAM } from "../eligibility/candidates.ts";
import { loadTimetablingSettings } from "../schedule/timetabling-settings.ts";

/**
 * What the timetabler works on for one exam cycle: its exam periods in time order (key = exam
 * period id, length in minutes, `day` = the number of its day among the cycle's days with periods,
 * and the seats and invigilators per period when the office's rules set them; rooms are planned
 * after the timetable), its exams that sit in one of them (key = exam id, students = enrolled
 * students, for a retest exam only those scheduled into it; the invigilators each needs when the
 * rules count them), the current timetable (`start`, exam id to exam period id), the exams staff
 * locked, each exam's version (the accept refuses a proposal whose exams changed since), the
 * office's rules (`rules`, the defaults when the cycle has no saved period scheme) and their hard
 * part as the timetabler's options (`constraints`; pairs naming an exam not in `exams` left out).
 */
export type TimetablingInput = {
  periods: TimetablingPeriod[];
  exams: TimetablingExam[];
  start: Map<string, string>;
  locked: string[];
  versions: Record<string, number>;
  rules: ExamTimetablingRules;
  constraints: Omit<TimetablingOptions, "strategy">;
};

/**
 * Loads the timetabling input of exam cycle `cycleId` (see {@link TimetablingInput}): the cycle's
 * periods and the office's rules through loadTimetablingSettings, and its exams' enrolments in one
 * more read. Exams without an exam period are left out (they have no place to start from), and so
 * are the rules' exam pairs that name one of them or an exam of another cycle. A cycle without a
 * saved scheme gets no rule beyond the timetabler's own (no clash).
 */
export async function loadTimetablingInput(db: Executor, cycleId: string): Promise<TimetablingInput> {
  const settings = await loadTimetablingSettings(db, cycleId);
  const rules = settings.options;
  const examRows = await rows<{
    id: string;
    periodId: string;
    durationMinutes: number;
    studentsPerInvigilator: number;
    locked: boolean;
    version: number;
    students: string[] | null;
  }>(
    db,
    sql`select x.id, x.exam_period_id as "periodId", x.duration_minutes as "durationMinutes", x.locked,
          x.version, x.students_per_invigilator as "studentsPerInvigilator",
          (select array_agg(e.student_id::text order by e.student_id) from enrolment e
            where e.course_offering_id = x.course_offering_id
              and (x.exam_type <> ${RETEST_EXAM} or exists (select 1 from retest_request r
                     where r.retest_exam_id = x.id and r.student_id = e.student_id))) as students
        from exam x join exam_period p on p.id = x.exam_period_id
        where x.exam_cycle_id = ${cycleId} order by x.id`,
  );
  const countsInvigilators = rules.invigilatorsPerPeriod !== null;
  const exams: TimetablingExam[] = examRows.map((x) => {
    const students = x.students ?? [];
    return {
      key: x.id,
      students,
      seats: students.length,
      durationMinutes: x.durationMinutes,
      ...(countsInvigilators
        ? { invigilators: invigilatorsNeeded(students.length, Math.max(1, x.studentsPerInvigilator)) }
        : {}),
    };
  });
  const known = new Set(exams.map((x) => x.key));
  const bothKnown = (pairs: ReadonlyArray<readonly [string, string]> | undefined) =>
    (pairs ?? []).filter(([a, b]) => known.has(a) && known.has(b));
  return {
    periods: timetablingPeriodsOf(
      settings.periods.map((p) => ({ key: p.id, durationMinutes: p.durationMinutes, day: p.dayIndex })),
      rules,
    ),
    exams,
    start: new Map(examRows.map((x) => [x.id, x.periodId])),
    locked: examRows.filter((x) => x.locked).map((x) => x.id),
    versions: Object.fromEntries(examRows.map((x) => [x.id, x.version])),
    rules,
    constraints: {
      ...settings.timetabling,
      together: bothKnown(settings.timetabling.together),
      apart: bothKnown(settings.timetabling.apart),
    },
  };
}
