import { ApiError, type ExamTimetableRow } from "@portal/api-client";
import { type ExamType, formatIsoDate } from "@portal/domain";
import type { PagerLabels } from "@portal/ui";
import { m } from "../../lib/i18n.ts";

/** The translated name of an exam type (spec §9 MidTerm, EndTerm, Retest); unknown values as sent. */
export function examTypeLabel(type: string): string {
  switch (type as ExamType) {
    case "MidTerm":
      return m.exam_type_midterm();
    case "EndTerm":
      return m.exam_type_endterm();
    case "Retest":
      return m.exam_type_retest();
    default:
      return type;
  }
}

/** The translated exam mode (offline, online). */
export function examModeLabel(mode: ExamTimetableRow["examMode"]): string {
  return mode === "online" ? m.exam_mode_online() : m.exam_mode_offline();
}

/** A YYYY-MM-DD date as shown (spec §9 display date DD-MM-YYYY); anything else as sent. */
export function displayDate(isoDate: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? formatIsoDate(isoDate) : isoDate;
}

/** Start time and length of an exam, e.g. "10:00 (180 min)" (24-hour time, Asia/Kolkata). */
export function timeWithDuration(startTime: string, minutes: number): string {
  return m.exam_time_with_duration({ time: startTime, minutes });
}

/** Days until an upcoming exam: "Today", "1 day", "{n} days". */
export function daysLeftLabel(daysFromToday: number): string {
  if (daysFromToday <= 0) return m.exam_days_left_today();
  if (daysFromToday === 1) return m.exam_days_left_one();
  return m.exam_days_left({ days: daysFromToday });
}

/** How long ago a completed exam was held: "Completed 1 day ago", "Completed {n} days ago". */
export function completedAgoLabel(daysFromToday: number): string {
  const days = Math.abs(daysFromToday);
  return days === 1 ? m.exam_completed_one() : m.exam_completed_days({ days });
}

/** The text of a failed call for a toast or an error line: the server's errorMessage when it sent one. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.errorMessage;
  if (error instanceof Error && error.message !== "") return error.message;
  return m.shell_something_went_wrong();
}

/** Translated labels of the exam grids' pager (spec §2 first, previous, next, last; §9 page sizes). */
export function pagerLabels(): PagerLabels {
  return {
    nav: m.exam_pager_nav(),
    first: m.exam_pager_first(),
    previous: m.exam_pager_previous(),
    next: m.exam_pager_next(),
    last: m.exam_pager_last(),
    rowsPerPage: m.exam_rows_per_page(),
    all: m.exam_all(),
    range: ({ from, to, total }) => m.exam_page_summary({ from, to, total }),
  };
}
