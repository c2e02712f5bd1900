import type { ExamTimetableRow } from "@portal/api-client";
import type { ExamType } from "@portal/domain";
import { m } from "../../../lib/i18n.ts";
import { formatNumber, formatTime, plural } from "../../kit/format.ts";

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

/** Start time and length of an exam, e.g. "10:00 (180 min)" (24-hour wall time at the exam's campus). */
export function timeWithDuration(startTime: string, minutes: number): string {
  return m.exam_time_with_duration({ time: formatTime(startTime), minutes: formatNumber(minutes) });
}

/** Days until an upcoming exam: "Today", "1 day", "{n} days". */
export function daysLeftLabel(daysFromToday: number): string {
  if (daysFromToday <= 0) return m.exam_days_left_today();
  return plural(daysFromToday, m.exam_days_left_one, m.exam_days_left_other, {
    days: formatNumber(daysFromToday),
  });
}

/** How long ago a completed exam was held: "Completed 1 day ago", "Completed {n} days ago". */
export function completedAgoLabel(daysFromToday: number): string {
  const days = Math.abs(daysFromToday);
  return plural(days, m.exam_completed_days_one, m.exam_completed_days_other, { days: formatNumber(days) });
}

/** A choice of the due-within / completed-in filter: "1 day", "7 days". */
export function daysOptionLabel(days: number): string {
  return plural(days, m.exam_days_option_one, m.exam_days_option_other, { days: formatNumber(days) });
}
