/**
 * Demo revaluation and retest data over the grading demo's two course offerings, so the Revaluation
 * list, the Retest list and their student lists show real records: each offering's End Term Exam
 * (made in the past cycle when the offering has none), revaluation requests on the students' real
 * marks in every state (a Completed one wrote its revised mark to the marks store like the API does),
 * retest requests Pending, Accept and Reject, answer sheets (PDF) for some students, and the retest
 * cycle "Dec 2026 Retest" that Create Retest Exam offers. Deterministic.
 */
import { addDays } from "@portal/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import type { AuditActor } from "../audit.ts";
import type { Executor } from "../db/client.ts";
import {
  answerSheet,
  contact,
  exam,
  examCycle,
  gradingComponent,
  gradingSubComponent,
  retestRequest,
  revaluationRequest,
  studentMark,
} from "../db/schema.ts";
import { ensureExamPeriod } from "../exam/public.ts";
import type { FileWriter } from "../files/stored-files.ts";
import { loadStudents, recomputeGrades } from "../grading/public.ts";
import { renderQuestionPaperPdf } from "./pdf.ts";

/** The retest exam cycle of the demo. */
export const DEMO_RETEST_CYCLE = { name: "Dec 2026 Retest", startDate: "2026-12-07", endDate: "2026-12-19" };

const DEMO_ACTOR: AuditActor = { id: null, email: "demo" };

const REVALUATION_REASONS = [
  "The total of the marks on the answer sheet does not match the mark given",
  "Question 4 was not marked",
  "I believe the case analysis deserves more credit",
  "Marks for the second part of question 2 seem to be missing",
  "Request a second opinion on the essay answer",
] as const;
const RETEST_REASONS = [
  "Hospitalised on the day of the exam (medical certificate attached)",
  "Family bereavement during the exam week",
  "Represented the university at a national event",
] as const;

/**
 * Adds the revaluation demo inside the demo load's transaction `tx` for the grading demo's offerings
 * `offeringIds` (in the grading demo's order), after the grading demo and the exam cycles exist.
 */
export async function loadRevaluationDemo(
  files: FileWriter,
  tx: Executor,
  offeringIds: string[],
  pastCycleName: string,
  at: Date,
): Promise<void> {
  await tx.insert(examCycle).values({ ...DEMO_RETEST_CYCLE, examType: "Retest" });
  const [past] = await tx.select().from(examCycle).where(eq(examCycle.name, pastCycleName));
  if (!past) return;
  const faculty = await tx
    .select({ id: contact.id })
    .from(contact)
    .where(eq(contact.kind, "faculty"))
    .orderBy(asc(contact.email))
    .limit(3);
  const sheet = await renderQuestionPaperPdf({
    title: "Answer sheet (scanned)",
    courseCode: "DEMO",
    courseName: "Answer sheet",
    setNumber: 1,
    questions: ["Answers written by the student, scanned by the exam office."],
  });
  const sheetKey = "answer-sheets/demo/answer-sheet.pdf";
  await files.put(sheetKey, sheet, "application/pdf");

  for (const [n, offeringId] of offeringIds.entries()) {
    const examId = await endTermExam(tx, offeringId, past.id, past.startDate, n);
    const students = await loadStudents(tx, offeringId);
    const subs = await tx
      .select({ id: gradingSubComponent.id, name: gradingSubComponent.name })
      .from(gradingSubComponent)
      .innerJoin(gradingComponent, eq(gradingComponent.id, gradingSubComponent.componentId))
      .where(
        and(eq(gradingComponent.courseOfferingId, offeringId), eq(gradingComponent.name, "End Term Exam")),
      )
      .orderBy(asc(gradingSubComponent.position));
    const theory = subs[0];
    if (!theory) continue;
    const states =
      n === 0
        ? (["Requested", "Accepted", "Evaluator Assigned", "Completed", "Rejected"] as const)
        : (["Requested", "Requested"] as const);
    let regrade = false;
    for (const [i, state] of states.entries()) {
      const s = students[i];
      if (!s) break;
      const [mark] = await tx
        .select()
        .from(studentMark)
        .where(and(eq(studentMark.studentId, s.id), eq(studentMark.subComponentId, theory.id)));
      if (!mark) continue;
      const evaluatorId =
        state === "Evaluator Assigned" || state === "Completed" ? (faculty[i % 3]?.id ?? null) : null;
      const revised = state === "Completed" ? Math.min(mark.totalMarks, mark.marksObtained + 6) : null;
      const reason = REVALUATION_REASONS[i % REVALUATION_REASONS.length] as string;
      await tx.insert(revaluationRequest).values({
        examId,
        studentId: s.id,
        subComponentId: theory.id,
        reason,
        state,
        feesStatus: i % 3 === 2 ? "Unpaid" : "Paid",
        answerSheetType: i % 2 === 0 ? "Set 1" : "Set 2",
        evaluatorId,
        previousMarks: mark.marksObtained,
        revisedMarks: revised,
        remark:
          state === "Rejected"
            ? "The answer sheet was re-totalled; no error found"
            : state === "Completed"
              ? "Question 4 had not been marked"
              : "",
        dueDate: addDays(DEMO_RETEST_CYCLE.startDate, -7 + i),
        requestedAt: at,
        decidedAt: state === "Requested" ? null : at,
        completedAt: state === "Completed" ? at : null,
      });
      if (revised !== null) {
        await tx
          .update(studentMark)
          .set({
            marksObtained: revised,
            previousMarksObtained: mark.marksObtained,
            source: "revaluation",
            reason: "Question 4 had not been marked",
            updatedBy: "demo",
            updatedAt: at,
            version: sql`${studentMark.version} + 1`,
          })
          .where(eq(studentMark.id, mark.id));
        regrade = true;
      }
      if (i % 2 === 0) {
        await tx.insert(answerSheet).values({
          examId,
          studentId: s.id,
          documentKey: sheetKey,
          fileName: "answer-sheet.pdf",
          size: sheet.byteLength,
          uploadedBy: "demo",
          uploadedAt: at,
        });
      }
    }
    if (regrade) await recomputeGrades(tx, DEMO_ACTOR, offeringId, at, "Revaluation");
    const retestStates = n === 0 ? (["Pending", "Accept", "Reject"] as const) : (["Accept"] as const);
    for (const [i, state] of retestStates.entries()) {
      const s = students[students.length - 1 - i];
      if (!s) break;
      await tx.insert(retestRequest).values({
        examId,
        studentId: s.id,
        reason: RETEST_REASONS[i % RETEST_REASONS.length] as string,
        state,
        requestedAt: at,
        decidedAt: state === "Pending" ? null : at,
      });
    }
  }
}

/** The offering's End Term Exam, made in the past cycle (in a period of its own) when it has none. */
async function endTermExam(
  tx: Executor,
  offeringId: string,
  cycleId: string,
  cycleStart: string,
  n: number,
): Promise<string> {
  const [own] = await tx
    .select({ id: exam.id })
    .from(exam)
    .where(and(eq(exam.courseOfferingId, offeringId), eq(exam.component, "End Term Exam")))
    .orderBy(asc(exam.examDate))
    .limit(1);
  if (own) return own.id;
  const slot = {
    examCycleId: cycleId,
    date: addDays(cycleStart, n),
    startTime: "10:00",
    durationMinutes: 180,
  };
  const examPeriodId = await ensureExamPeriod(tx, slot);
  const [made] = await tx
    .insert(exam)
    .values({
      examCycleId: cycleId,
      courseOfferingId: offeringId,
      component: "End Term Exam",
      examType: "EndTerm",
      examDate: slot.date,
      startTime: slot.startTime,
      durationMinutes: slot.durationMinutes,
      examPeriodId,
    })
    .returning({ id: exam.id });
  return (made as { id: string }).id;
}
