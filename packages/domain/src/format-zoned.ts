import type { Temporal } from "temporal-polyfill";
import { EXAM_TIME_ZONE } from "./constants.ts";
import { formatDate, formatDateTime, formatTime } from "./format.ts";

/*
 * Instants shown in a time zone, through Intl.DateTimeFormat with a `timeZone` option, so that a
 * screen showing instants loads no Temporal polyfill (docs/performance.md, page JavaScript). A
 * Temporal.Instant is still accepted (read through its epoch milliseconds).
 */

/** An instant: an ISO-8601 string with Z or an offset, epoch milliseconds, or a Temporal.Instant. */
export type InstantValue = string | number | Temporal.Instant;

/** What of an instant to show: its date, its time or both (default). */
export type InstantPart = "date" | "time" | "dateTime";

/**
 * An instant shown in `timeZone` (default Asia/Kolkata, the campus's zone of spec §9): "DD-MM-YYYY
 * HH:mm" (24-hour), or only the date or the time (`part`); `withZone` appends " (Asia/Kolkata)".
 * The same instant reads 01-03-2026 23:00 in Asia/Dubai and 02-03-2026 00:30 in Asia/Kolkata.
 * Throws RangeError for a string that is not an instant or a zone that is not known.
 */
export function formatInstant(
  instant: InstantValue,
  options: { timeZone?: string; part?: InstantPart; withZone?: boolean } = {},
): string {
  const timeZone = options.timeZone ?? EXAM_TIME_ZONE;
  const wall = wallClock(epochMilliseconds(instant), timeZone);
  const zone = options.withZone ? { timeZone } : {};
  switch (options.part ?? "dateTime") {
    case "date":
      return formatDate(wall);
    case "time":
      return formatTime(wall, zone);
    default:
      return formatDateTime(wall, zone);
  }
}

/** ISO-8601 instant: date, time to at least minutes, then Z or a ±HH[:]MM offset (as Temporal.Instant.from). */
const ISO_INSTANT =
  /^([+-]\d{6}|\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))(?:\[[^\]]*\])*$/;

function epochMilliseconds(value: InstantValue): number {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new RangeError(`Not an instant: ${value}`);
    return value;
  }
  if (typeof value !== "string") return value.epochMilliseconds;
  const match = ISO_INSTANT.exec(value);
  if (!match) throw new RangeError(`Not an ISO-8601 instant: ${value}`);
  const [, year, month, day, hour, minute, second = "0", fraction = "", z, sign, offH, offM] = match;
  const ms = Number(fraction.padEnd(3, "0").slice(0, 3));
  const utc = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
    ms,
  );
  const local = new Date(utc);
  if (
    Number.isNaN(utc) ||
    local.getUTCMonth() !== Number(month) - 1 ||
    local.getUTCDate() !== Number(day) ||
    Number(hour) > 23 ||
    Number(minute) > 59 ||
    Number(second) > 59
  )
    throw new RangeError(`Not an ISO-8601 instant: ${value}`);
  if (z) return utc;
  const offset = (Number(offH) * 60 + Number(offM)) * 60_000;
  return sign === "-" ? utc + offset : utc - offset;
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock date and time of `epochMs` in `timeZone` (Intl's zone data, as Temporal's). */
function wallClock(
  epochMs: number,
  timeZone: string,
): { year: number; month: number; day: number; hour: number; minute: number } {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      calendar: "iso8601",
      numberingSystem: "latn",
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      era: "short",
    });
    wallFormats.set(timeZone, format);
  }
  const fields: Record<string, string> = {};
  for (const part of format.formatToParts(epochMs)) fields[part.type] = part.value;
  const year = Number(fields.year);
  // Years before 1 CE come as era "BC" with a positive year; ISO counts 1 BC as year 0.
  const isoYear = fields.era && /^B/i.test(fields.era) ? 1 - year : year;
  return {
    year: isoYear,
    month: Number(fields.month),
    day: Number(fields.day),
    hour: Number(fields.hour) % 24,
    minute: Number(fields.minute),
  };
}
