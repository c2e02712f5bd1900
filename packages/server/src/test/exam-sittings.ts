/**
 * The exam sittings of a cycle's students, read straight from the stored rows (apart from the
 * server's own SQL), for tests that check clash figures or need two exams with a student in common.
 */
import { examSlotsOverlap } from "@portal/domain";
import { eq } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { enrolment, exam } from "../db/schema.ts";

/** One exam a student sits: the exam's id and its sitting (date, start time HH:MM at the campus, minutes). */
export type StudentSitting = {
  id: string;
  student: string;
  date: string;
  startTime: string;
  durationMinutes: number;
};

/** Every student's sittings in the cycle, by student id. */
export async function sittingsByStudent(
  db: Executor,
  cycleId: string,
): Promise<Map<string, StudentSitting[]>> {
  const rows = await db
    .select({
      id: exam.id,
      student: enrolment.studentId,
      date: exam.examDate,
      startTime: exam.startTime,
      durationMinutes: exam.durationMinutes,
    })
    .from(exam)
    .innerJoin(enrolment, eq(enrolment.courseOfferingId, exam.courseOfferingId))
    .where(eq(exam.examCycleId, cycleId));
  const byStudent = new Map<string, StudentSitting[]>();
  for (const r of rows) byStudent.set(r.student, [...(byStudent.get(r.student) ?? []), r]);
  return byStudent;
}

/** The cycle's student clashes: pairs of a student's exams whose sittings overlap. */
export async function countStudentClashes(db: Executor, cycleId: string): Promise<number> {
  let clashes = 0;
  for (const list of (await sittingsByStudent(db, cycleId)).values()) {
    list.forEach((a, i) => {
      for (const b of list.slice(i + 1)) if (examSlotsOverlap(a, b)) clashes++;
    });
  }
  return clashes;
}

/**
 * Two exams of the cycle apart in time with a student in common (moving one onto the other's
 * sitting makes a clash). Throws when the data has none.
 */
export async function examsSharingAStudent(
  db: Executor,
  cycleId: string,
): Promise<{ first: StudentSitting; second: StudentSitting }> {
  for (const [first, second] of (await sittingsByStudent(db, cycleId)).values()) {
    if (first && second && !examSlotsOverlap(first, second)) return { first, second };
  }
  throw new Error("the data has no student with two exams apart");
}
