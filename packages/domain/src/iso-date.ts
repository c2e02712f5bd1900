/*
 * Kept apart from exam-timetable.ts, whose zod schemas and Temporal helpers are built when the
 * module loads: a screen that only shows dates then loads neither zod nor the Temporal polyfill
 * (docs/performance.md, list page JavaScript).
 */

import { formatDate } from "./format.ts";

/** "YYYY-MM-DD" shown as DD-MM-YYYY (spec §9 display date); the same as {@link formatDate}. */
export function formatIsoDate(isoDate: string): string {
  return formatDate(isoDate);
}

/**
 * True for a real calendar date written YYYY-MM-DD (Gregorian: months 1-12, the month's day count,
 * 29 February only in leap years). Plain arithmetic, so screens that check a date load no Temporal.
 */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}
