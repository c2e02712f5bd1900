import { Temporal } from "temporal-polyfill";
import { EXAM_TIME_ZONE } from "./constants.ts";
import type { ExamProgressStatus } from "./eligibility.ts";
import { formatInstant } from "./format-zoned.ts";

/**
 * Date display of spec §9: DD-MM-YYYY, computed in `timeZone` (default Asia/Kolkata, the exam
 * time zone). `instant` is an ISO-8601 instant string (with Z or offset) or epoch milliseconds.
 * The same as `formatInstant(instant, { timeZone, part: "date" })` of format-zoned.ts.
 */
export function formatDisplayDate(instant: string | number, timeZone: string = EXAM_TIME_ZONE): string {
  return formatInstant(instant, { timeZone, part: "date" });
}

/**
 * The exam row's status (spec §4): "Completed" once the exam date (YYYY-MM-DD) is before `today`
 * (YYYY-MM-DD, the date in Asia/Kolkata, e.g. from `todayIn(now)`), else "Pending" (the exam day
 * itself is still Pending).
 */
export function examStatusFor(examDate: string, today: string): ExamProgressStatus {
  return Temporal.PlainDate.compare(Temporal.PlainDate.from(examDate), Temporal.PlainDate.from(today)) < 0
    ? "Completed"
    : "Pending";
}

/**
 * The evaluation deadline (YYYY-MM-DD) once an exam moves from `fromDate` to `toDate`: kept while it
 * still falls on or after the new exam date (the office may have set a calendar date), otherwise
 * moved by as many days as the exam moved, so the evaluators keep the time they had, and never
 * before the new exam date. Null stays null (no deadline set).
 */
export function evaluationDeadlineAfterMove(
  deadline: string | null,
  fromDate: string,
  toDate: string,
): string | null {
  if (deadline === null || deadline >= toDate) return deadline;
  const moved = Temporal.PlainDate.from(fromDate).until(Temporal.PlainDate.from(toDate)).days;
  const shifted = Temporal.PlainDate.from(deadline).add({ days: moved }).toString();
  return shifted >= toDate ? shifted : toDate;
}

/** Today's date (YYYY-MM-DD) in `timeZone` (default Asia/Kolkata) at epoch milliseconds `now`. */
export function todayIn(now: number, timeZone: string = EXAM_TIME_ZONE): string {
  return Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(timeZone).toPlainDate().toString();
}

/** `isoDate` moved by `days` (negative goes back). */
export function addDays(isoDate: string, days: number): string {
  return Temporal.PlainDate.from(isoDate).add({ days }).toString();
}
