/**
 * Who sits an exam (its candidates). A regular exam (MidTerm, EndTerm) is sat by the students
 * enrolled (status Enrolled) in its course offering. A retest exam (type Retest, made by Create
 * Retest Exam, spec §2 Retest list) is sat only by the students whose retest it schedules: the
 * retest requests pointing at it (`retest_request.retest_exam_id`), who are enrolled in the offering
 * too. Seating plans, eligibility, the clash report, the evaluation counts and the exam timetable
 * all ask here, so one rule answers everywhere. The conditions are on the `enrolment` table, so
 * callers keep its columns (attendance, documents) and its (course_offering_id) index; the retest
 * check is one probe of retest_request_retest_exam_idx per row, and regular exams of a known type
 * get no extra condition at all.
 */
import { and, eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { enrolment, exam, retestRequest } from "../../db/schema.ts";

/** Enrolment status of a student who sits the exams of the course offering. */
export const ENROLLED = "Enrolled";
/** The exam type of a retest exam (exam.exam_type). */
export const RETEST_EXAM = "Retest";

/** True when the retest request scheduling `studentId` into retest exam `examId` exists (SQL). */
export function scheduledInto(examId: SQLWrapper | string, studentId: SQLWrapper): SQL {
  return sql`exists (select 1 from ${retestRequest} where ${retestRequest.retestExamId} = ${examId} and ${retestRequest.studentId} = ${studentId})`;
}

/**
 * The condition on `enrolment` that its row is a candidate of one known exam: enrolled in
 * `e.courseOfferingId`, and for a retest exam scheduled into it.
 */
export function candidateOf(e: { id: string; courseOfferingId: string; examType: string }): SQL {
  return and(
    eq(enrolment.courseOfferingId, e.courseOfferingId),
    eq(enrolment.status, ENROLLED),
    e.examType === RETEST_EXAM ? scheduledInto(e.id, enrolment.studentId) : undefined,
  ) as SQL;
}

/**
 * The condition on `enrolment` that its row is a candidate of the `exam` row of the same query
 * (a join condition): enrolled in the exam's offering and, when the exam is a retest, scheduled into
 * it. The retest check is an uncorrelated `(exam, student) in (scheduled retests)`: PostgreSQL hashes
 * the scheduled retests once and keeps the hash join of exams and enrolments (a correlated `exists`
 * here turned cycle-wide joins into one index probe per enrolment, docs/performance.md).
 */
export const candidateOfExamRow: SQL = and(
  eq(enrolment.courseOfferingId, exam.courseOfferingId),
  eq(enrolment.status, ENROLLED),
  sql`(${exam.examType} <> ${RETEST_EXAM} or (${exam.id}, ${enrolment.studentId}) in (select ${retestRequest.retestExamId}, ${retestRequest.studentId} from ${retestRequest} where ${retestRequest.retestExamId} is not null))`,
) as SQL;

/**
 * The same rule for hand-written SQL with table aliases: `en` an enrolment row, `e` an exam row.
 * E.g. `from exam e join enrolment en on ${candidateSql("en", "e")}`.
 */
export function candidateSql(en: string, e: string): SQL {
  return sql.raw(
    `${en}.course_offering_id = ${e}.course_offering_id and ${en}.status = '${ENROLLED}' and (${e}.exam_type <> '${RETEST_EXAM}' or (${e}.id, ${en}.student_id) in (select rr.retest_exam_id, rr.student_id from retest_request rr where rr.retest_exam_id is not null))`,
  );
}
