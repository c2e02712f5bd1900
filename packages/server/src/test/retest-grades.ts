/**
 * The stored grades and a retest request of one A student, for the tests of the downgrading rules
 * (grading/downgrading.test.ts) and of retest decisions that regrade under them
 * (revaluation/retest-regrade.test.ts): both read every grade before and after a change and need one
 * student whose grade a Retest rule would lower.
 */
import type { GradeLetter } from "@portal/domain";
import { sql } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { rows } from "../db/rows.ts";

/** One stored grade (student_grade): letters, grade point, penalty steps applied and row version. */
export type StudentGrade = {
  id: string;
  offeringId: string;
  studentId: string;
  calculated: GradeLetter;
  final: GradeLetter;
  gradePoint: number;
  steps: number;
  version: number;
};

/** Every stored grade, by course offering and student. */
export async function studentGrades(db: Executor): Promise<StudentGrade[]> {
  return rows<StudentGrade>(
    db,
    sql`select id, course_offering_id as "offeringId", student_id as "studentId", calculated_grade as calculated,
          final_grade as final, grade_point::float8 as "gradePoint", penalty_steps as steps, version
        from student_grade order by course_offering_id, student_id`,
  );
}

/**
 * Gives the first A student (by grade id: calculated and final grade A, no penalty, not locked) of an
 * examined course offering who has no retest request in that offering a retest request on the
 * offering's first exam (by id), in `state` ("Pending" to be decided, "Accept" already accepted).
 * Answers that student's grade as stored before and the request's id; throws when the demo data has
 * no such student.
 */
export async function addRetestRequest(
  db: Executor,
  state: "Pending" | "Accept",
): Promise<{ student: StudentGrade; requestId: string }> {
  const [pick] = await rows<{ gradeId: string; examId: string }>(
    db,
    sql`select sg.id as "gradeId", e.id as "examId" from student_grade sg
        join exam e on e.course_offering_id = sg.course_offering_id
        where sg.calculated_grade = 'A' and sg.final_grade = 'A' and sg.penalty_steps = 0 and not sg.locked
          and not exists (select 1 from retest_request rr join exam x on x.id = rr.exam_id
            where x.course_offering_id = sg.course_offering_id and rr.student_id = sg.student_id)
        order by sg.id, e.id limit 1`,
  );
  if (!pick) throw new Error("demo data without an A student in an examined course offering");
  const student = (await studentGrades(db)).find((g) => g.id === pick.gradeId) as StudentGrade;
  const [made] = await rows<{ id: string }>(
    db,
    sql`insert into retest_request (exam_id, student_id, reason, state)
        values (${pick.examId}, ${student.studentId}, 'Missed the exam', ${state}) returning id`,
  );
  return { student, requestId: (made as { id: string }).id };
}
