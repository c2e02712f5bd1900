import { Temporal } from "temporal-polyfill";
import { EXAM_TIME_ZONE } from "./constants.ts";

/**
 * Date display of spec §9: DD-MM-YYYY, computed in `timeZone` (default Asia/Kolkata, the exam
 * time zone). `instant` is an ISO-8601 instant string (with Z or offset) or epoch milliseconds.
 */
export function formatDisplayDate(instant: string | number, timeZone: string = EXAM_TIME_ZONE): string {
  const zdt = toInstant(instant).toZonedDateTimeISO(timeZone);
  const dd = String(zdt.day).padStart(2, "0");
  const mm = String(zdt.month).padStart(2, "0");
  return `${dd}-${mm}-${String(zdt.year).padStart(4, "0")}`;
}

/**
 * Relative time of a chat message ("5 minutes ago", "vor 5 Minuten"), in the given locale, using the
 * largest unit that fits (seconds under a minute, then minutes, hours, days, months, years).
 */
export function formatRelativeTime(instant: string | number, now: string | number, locale: string): string {
  const seconds = Math.round(
    (toInstant(instant).epochMilliseconds - toInstant(now).epochMilliseconds) / 1000,
  );
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(seconds, "second");
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), "minute");
  if (abs < 86_400) return rtf.format(Math.round(seconds / 3600), "hour");
  if (abs < 30 * 86_400) return rtf.format(Math.round(seconds / 86_400), "day");
  if (abs < 365 * 86_400) return rtf.format(Math.round(seconds / (30 * 86_400)), "month");
  return rtf.format(Math.round(seconds / (365 * 86_400)), "year");
}

function toInstant(value: string | number): Temporal.Instant {
  return typeof value === "number"
    ? Temporal.Instant.fromEpochMilliseconds(value)
    : Temporal.Instant.from(value);
}
