/**
 * Answer sheets and the question paper a student asks for (spec §2 requests/AnswerSheetView,
 * Revaluation student list variant with the request id, §7 RequestAnswer; §3 AnswerSheetType). Staff
 * upload a student's answer sheet of an exam as a PDF (only PDF, at most 700 KB), kept in the file
 * store beside the question papers; without one the sheet is "not available".
 */

import { ANSWER_SHEET_MAX_BYTES, kilobytes, SPEC_MESSAGES } from "@portal/domain";
import { and, eq } from "drizzle-orm";
import { writeAudit } from "../audit.ts";
import type { AppContext, SessionUser } from "../context.ts";
import type { Executor } from "../db/client.ts";
import {
  answerSheet,
  enrolment,
  examCycle,
  questionPaper,
  questionPaperSet,
  revaluationRequest,
} from "../db/schema.ts";
import { updateVersioned } from "../db/versioned-update.ts";
import { documentUrl } from "../exam/public.ts";
import { withStoredFiles } from "../files/stored-files.ts";
import { ANSWER_SHEET_TYPES, checkUpload } from "../files/upload-check.ts";
import { badRequest, notFound, versionConflict } from "../http/errors.ts";
import { isUuid } from "../http/request.ts";
import { loadExamHeader } from "./requests.ts";

/** The message of a missing answer sheet. */
export const ANSWER_SHEET_NOT_AVAILABLE = "Answer sheet is not available";

/** URL of a student's answer sheet PDF under the API. */
export function answerSheetUrl(examId: string, studentId: string): string {
  return `/api/sf/exam/answerSheet/${examId}/${studentId}`;
}

/**
 * Stores a student's answer sheet of an exam (a new one, version 0, or a replacement at the version
 * read). `content` is base64; the file must be a PDF by its content (file-type reads `pdf`) and its
 * name (`.pdf`), at most {@link ANSWER_SHEET_MAX_BYTES} (700 KB) decoded. The name is kept cleaned
 * (domain `cleanFileName`), the file under a generated key. File and record are written together
 * (`withStoredFiles`): a refused write leaves no file, and a replaced sheet's old file is removed
 * after the commit. Errors (nothing stored): 400 not base64, empty, too large, not a PDF; 404 unknown
 * exam; 400 student not enrolled in the exam's course offering; 409 stale version.
 */
export async function uploadAnswerSheet(
  ctx: AppContext,
  actor: SessionUser,
  input: { examId: string; studentId: string; fileName: string; content: string; version: number },
) {
  const bytes = new Uint8Array(Buffer.from(input.content, "base64"));
  if (
    bytes.byteLength === 0 ||
    Buffer.from(bytes).toString("base64").replace(/=+$/, "") !== input.content.replace(/=+$/, "")
  ) {
    throw badRequest("content must be the file in base64", "content", "base64");
  }
  if (bytes.byteLength > ANSWER_SHEET_MAX_BYTES)
    throw badRequest(
      `The answer sheet is larger than ${kilobytes(ANSWER_SHEET_MAX_BYTES)} KB`,
      "content",
      "max_size",
    );
  const checked = await checkUpload(bytes, input.fileName, ANSWER_SHEET_TYPES);
  if (!checked.ok) throw badRequest("The answer sheet must be a PDF file", "content", "pdf_only");
  const h = await loadExamHeader(ctx.db, input.examId, "examId");
  const [enrolled] = isUuid(input.studentId)
    ? await ctx.db
        .select({ id: enrolment.id })
        .from(enrolment)
        .where(
          and(eq(enrolment.courseOfferingId, h.courseOfferingId), eq(enrolment.studentId, input.studentId)),
        )
    : [];
  if (!enrolled) {
    throw badRequest(
      "The student is not enrolled in the exam's course offering",
      "studentId",
      "not_enrolled",
    );
  }
  const at = new Date(ctx.now());
  return withStoredFiles(ctx, async (tx, files) => {
    const [current] = await tx
      .select()
      .from(answerSheet)
      .where(and(eq(answerSheet.examId, input.examId), eq(answerSheet.studentId, input.studentId)))
      .for("update");
    if ((current?.version ?? 0) !== input.version) throw versionConflict("This answer sheet", "version");
    const key = await files.add("answer-sheets", bytes, checked);
    const values = {
      documentKey: key,
      fileName: checked.fileName,
      size: bytes.byteLength,
      uploadedBy: actor.email,
      uploadedAt: at,
    };
    const conflictOf = { what: "This answer sheet", field: "version" };
    const [row] = current
      ? [
          await updateVersioned(
            tx,
            answerSheet,
            { id: current.id, version: input.version },
            values,
            conflictOf,
          ),
        ]
      : await tx
          .insert(answerSheet)
          .values({ examId: input.examId, studentId: input.studentId, ...values })
          .onConflictDoNothing()
          .returning();
    if (!row) throw versionConflict(conflictOf.what, conflictOf.field);
    if (current) files.release(current.documentKey);
    await writeAudit(
      tx,
      actor,
      [
        {
          action: current ? "replace_answer_sheet" : "upload_answer_sheet",
          entity: "answer_sheet",
          entityId: row.id,
          before: current ? { fileName: current.fileName, size: current.size } : null,
          after: { examId: row.examId, studentId: row.studentId, fileName: row.fileName, size: row.size },
        },
      ],
      at,
    );
    return sheetView(row);
  });
}

function sheetView(row: typeof answerSheet.$inferSelect) {
  return {
    id: row.id,
    examId: row.examId,
    studentId: row.studentId,
    fileName: row.fileName,
    size: row.size,
    uploadedBy: row.uploadedBy,
    uploadedAt: row.uploadedAt.toISOString(),
    url: answerSheetUrl(row.examId, row.studentId),
    version: row.version,
  };
}

/** The store key and cleaned original name of a student's answer sheet of an exam, or null when none is on file. */
export async function getAnswerSheetFile(
  db: Executor,
  examId: string,
  studentId: string,
): Promise<{ key: string; fileName: string } | null> {
  if (!isUuid(examId) || !isUuid(studentId)) return null;
  const [row] = await db
    .select({ key: answerSheet.documentKey, fileName: answerSheet.fileName })
    .from(answerSheet)
    .where(and(eq(answerSheet.examId, examId), eq(answerSheet.studentId, studentId)));
  return row ?? null;
}

/**
 * What a revaluation request's student asks to see (spec §7 RequestAnswer, route
 * revaluation/requestStudentQuestionPaper/{id}): the question paper of the exam in the set the
 * student wrote (AnswerSheetType), with its PDF's URL or null and the spec's message 'Question paper
 * is not available' when the set has no document, and the student's answer sheet (available or not,
 * 'Answer sheet is not available'). 404 unknown request.
 */
export async function requestAnswer(db: Executor, id: string) {
  const [r] = isUuid(id)
    ? await db.select().from(revaluationRequest).where(eq(revaluationRequest.id, id))
    : [];
  if (!r) throw notFound("No such revaluation request", "id");
  const h = await loadExamHeader(db, r.examId, "id");
  const setNumber = r.answerSheetType === "Set 2" ? 2 : 1;
  const [paper] = await db
    .select({
      id: questionPaper.id,
      status: questionPaper.status,
      key: questionPaperSet.documentKey,
      setStatus: questionPaperSet.status,
    })
    .from(questionPaper)
    .innerJoin(examCycle, eq(examCycle.id, questionPaper.examCycleId))
    .leftJoin(
      questionPaperSet,
      and(eq(questionPaperSet.questionPaperId, questionPaper.id), eq(questionPaperSet.setNumber, setNumber)),
    )
    .where(and(eq(questionPaper.courseOfferingId, h.courseOfferingId), eq(examCycle.name, h.examCycle)));
  const [sheet] = await db
    .select()
    .from(answerSheet)
    .where(and(eq(answerSheet.examId, r.examId), eq(answerSheet.studentId, r.studentId)));
  const paperUrl = paper?.key ? documentUrl(paper.id, setNumber) : null;
  return {
    success: true as const,
    id: r.id,
    examId: r.examId,
    studentId: r.studentId,
    CourseName: h.courseName,
    Term: h.termName,
    ProgrameName: h.program,
    Batch: h.batch,
    AnswerSheetType: r.answerSheetType,
    questionPaper: {
      id: paper?.id ?? null,
      setNumber,
      status: paper?.setStatus ?? "Not Submitted",
      url: paperUrl,
      message: paperUrl ? null : SPEC_MESSAGES.questionPaperNotAvailable,
    },
    answerSheet: sheet
      ? { available: true as const, ...sheetView(sheet), message: null }
      : { available: false as const, url: null, message: ANSWER_SHEET_NOT_AVAILABLE },
  };
}
