import { ApiError, type ExamTimetableRow, type ExamTimetableSaveItem } from "@portal/api-client";
import { EXAM_DURATION_MAX_MINUTES, EXAM_DURATION_MIN_MINUTES, ZExamTimetableItem } from "@portal/domain";
import { m } from "../../../lib/i18n.ts";

/** The editable fields of an exam timetable row (spec §7 save item, plus the ratio of spec §3). */
export const DRAFT_FIELDS = [
  "dateOfExam",
  "timeOfExam",
  "duration",
  "examType",
  "venue",
  "studentFacultyRatio",
] as const;
export type DraftField = (typeof DRAFT_FIELDS)[number];

/** A row being edited, as the inputs hold it (text): date YYYY-MM-DD, time HH:MM, minutes. */
export type TimetableDraft = Record<DraftField, string>;

/** The message under each invalid input. */
export type DraftErrors = Partial<Record<DraftField, string>>;

/** The inputs' starting values for a row. */
export function draftOf(row: ExamTimetableRow): TimetableDraft {
  return {
    dateOfExam: row.dateOfExam,
    timeOfExam: row.startTimeOfExam,
    duration: String(row.duration),
    examType: row.examType,
    venue: row.venue,
    studentFacultyRatio: row.studentFacultyRatio,
  };
}

/** The translated name of a field (input labels). */
export function fieldLabel(field: DraftField): string {
  switch (field) {
    case "dateOfExam":
      return m.exam_field_date();
    case "timeOfExam":
      return m.exam_field_time();
    case "duration":
      return m.exam_field_duration();
    case "examType":
      return m.exam_field_type();
    case "venue":
      return m.exam_field_venue();
    case "studentFacultyRatio":
      return m.exam_field_ratio();
  }
}

/** The translated message under an invalid field (the rules of ZExamTimetableItem). */
export function fieldErrorText(field: DraftField): string {
  switch (field) {
    case "dateOfExam":
      return m.exam_error_date();
    case "timeOfExam":
      return m.exam_error_time();
    case "duration":
      return m.exam_error_duration({ min: EXAM_DURATION_MIN_MINUTES, max: EXAM_DURATION_MAX_MINUTES });
    case "examType":
      return m.exam_error_type();
    case "venue":
      return m.exam_error_venue({ max: 200 });
    case "studentFacultyRatio":
      return m.exam_error_ratio();
  }
}

function isDraftField(value: unknown): value is DraftField {
  return typeof value === "string" && (DRAFT_FIELDS as readonly string[]).includes(value);
}

/**
 * Checks a draft with the save call's own rules (ZExamTimetableItem of @portal/domain: a real date,
 * a time such as 09:30 or 2:30 PM, a whole number of minutes from 15 to 600, MidTerm / EndTerm /
 * Retest, a venue of at most 200 characters, a ratio such as 30:1). Valid: the item to send, with
 * the time normalised to 24-hour HH:MM and the ratio as typed. Invalid: a message per field.
 */
export function validateDraft(
  examId: string,
  draft: TimetableDraft,
  sendEmail: boolean,
  /** The version of the row the draft was opened on (sent back; 409 when the exam changed since). */
  version: number,
): { ok: true; item: ExamTimetableSaveItem } | { ok: false; errors: DraftErrors } {
  const duration = draft.duration.trim();
  const ratio = draft.studentFacultyRatio.trim();
  const parsed = ZExamTimetableItem.safeParse({
    id: examId,
    duration: duration === "" ? Number.NaN : Number(duration),
    dateOfExam: draft.dateOfExam.trim(),
    timeOfExam: draft.timeOfExam.trim(),
    examType: draft.examType,
    venue: draft.venue,
    studentFacultyRatio: ratio,
    sendEmail,
  });
  if (!parsed.success) {
    const errors: DraftErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (isDraftField(field)) errors[field] ??= fieldErrorText(field);
    }
    return { ok: false, errors };
  }
  const item = parsed.data;
  return {
    ok: true,
    item: {
      id: item.id,
      version,
      duration: item.duration,
      dateOfExam: item.dateOfExam,
      timeOfExam: item.timeOfExam,
      examType: item.examType,
      venue: item.venue,
      studentFacultyRatio: ratio,
      sendEmail: item.sendEmail,
    },
  };
}

/**
 * The field a refused save names, when it is one of the inputs: the server writes the item's index
 * first (`0.dateOfExam`, e.g. a date outside the exam cycle). Null for anything else.
 */
export function serverErrorField(error: unknown): DraftField | null {
  if (!(error instanceof ApiError) || !error.field) return null;
  const last = error.field.split(".").at(-1);
  return isDraftField(last) ? last : null;
}
