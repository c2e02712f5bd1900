import { Temporal } from "temporal-polyfill";
import { EXAM_TIME_ZONE } from "./constants.ts";

/*
 * Campus time zones (docs/architecture.md, "Time zones"). Every campus stores its IANA zone
 * (`campus.time_zone`); exams and sessions are wall times (date + HH:MM) at their campus, turned
 * into instants with that zone. EXAM_TIME_ZONE is only the zone of a campus that names none.
 */

/** The zone of a campus that names none (and of records without a campus): Asia/Kolkata. */
export const DEFAULT_CAMPUS_TIME_ZONE = EXAM_TIME_ZONE;

/** The rule's message for a zone that is no IANA time zone name. */
export const TIME_ZONE_MESSAGE = "Time zone must be an IANA time zone name such as Asia/Dubai";

/**
 * True for an IANA time zone name Temporal knows ("Asia/Dubai", "Europe/Berlin", "UTC"); false for
 * offsets ("+04:00"), abbreviations that are no zone ("IST") and anything else.
 */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    Temporal.Instant.fromEpochMilliseconds(0).toZonedDateTimeISO(name);
    return true;
  } catch {
    return false;
  }
}

/** The zone a campus's times are read in: its own, or {@link DEFAULT_CAMPUS_TIME_ZONE} when it has none. */
export function campusTimeZone(zone: string | null | undefined): string {
  return zone && zone.length > 0 ? zone : DEFAULT_CAMPUS_TIME_ZONE;
}

/**
 * "Today" and "now" of one place: the date (YYYY-MM-DD) and wall time (HH:MM) in `timeZone` at the
 * instant `now` (epoch milliseconds of the server's clock, `ctx.now()`, which PORTAL_CLOCK_START may
 * start). The server computes it and hands it to the screens (the dashboard's "Today", the faculty
 * calendar's `now`), so every screen names the same day. `todayIn` of dates.ts is its date part.
 */
export function wallClockAt(now: number, timeZone: string): { date: string; time: string } {
  const zdt = Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(timeZone);
  const time = zdt.toPlainTime().toString({ smallestUnit: "minute" });
  return { date: zdt.toPlainDate().toString(), time };
}

/**
 * The days (YYYY-MM-DD, first and last, inclusive) of an all-day calendar item such as an exam
 * reference, sent as fixed midnights in Z (spec §9, `referenceMidnight`): from the start's date to
 * the day before the exclusive end's date (a one-day reference is [D 00:00Z, D+1 00:00Z)). Read
 * in UTC, never in a campus zone, so "05:30 - 05:30" never appears.
 */
export function allDaySpan(startDate: string, endDate: string): { from: string; to: string } {
  const from = Temporal.Instant.from(startDate).toZonedDateTimeISO("UTC").toPlainDate();
  const endDay = Temporal.Instant.from(endDate).toZonedDateTimeISO("UTC").toPlainDate();
  const to = Temporal.PlainDate.compare(endDay, from) > 0 ? endDay.subtract({ days: 1 }) : from;
  return { from: from.toString(), to: to.toString() };
}
