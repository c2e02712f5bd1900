import { Temporal } from "temporal-polyfill";
import { EXAM_TIME_ZONE } from "./constants.ts";
import { formatDate, formatDateTime, formatTime } from "./format.ts";

/*
 * Instants shown in a time zone, through Temporal. Apart from format.ts so that a screen showing
 * only calendar dates loads no Temporal polyfill (docs/performance.md, page JavaScript).
 */

/** An instant: an ISO-8601 string with Z or an offset, epoch milliseconds, or a Temporal.Instant. */
export type InstantValue = string | number | Temporal.Instant;

/** What of an instant to show: its date, its time or both (default). */
export type InstantPart = "date" | "time" | "dateTime";

/**
 * An instant shown in `timeZone` (default Asia/Kolkata, the campus's zone of spec §9): "DD-MM-YYYY
 * HH:mm" (24-hour), or only the date or the time (`part`); `withZone` appends " (Asia/Kolkata)".
 * The same instant reads 01-03-2026 23:00 in Asia/Dubai and 02-03-2026 00:30 in Asia/Kolkata.
 * Throws RangeError for a string that is not an instant.
 */
export function formatInstant(
  instant: InstantValue,
  options: { timeZone?: string; part?: InstantPart; withZone?: boolean } = {},
): string {
  const timeZone = options.timeZone ?? EXAM_TIME_ZONE;
  const zdt = toInstant(instant).toZonedDateTimeISO(timeZone);
  const zone = options.withZone ? { timeZone } : {};
  switch (options.part ?? "dateTime") {
    case "date":
      return formatDate(zdt);
    case "time":
      return formatTime(zdt, zone);
    default:
      return formatDateTime(zdt, zone);
  }
}

function toInstant(value: InstantValue): Temporal.Instant {
  if (typeof value === "number") return Temporal.Instant.fromEpochMilliseconds(value);
  return typeof value === "string" ? Temporal.Instant.from(value) : value;
}
