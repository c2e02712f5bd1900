import type { ExamTimetableRow } from "@portal/api-client";
import type { ExamType } from "@portal/domain";
import { m } from "../../../lib/i18n.ts";

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
