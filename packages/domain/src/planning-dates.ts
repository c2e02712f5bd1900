import { Temporal } from "temporal-polyfill";
import { isIsoDate } from "./iso-date.ts";

/*
 * The planner's working-day rules (spec, Academic planning §5 "Validation rules"), apart from planning.ts's
 * constants and filter rules: a screen that shows planning labels then loads no Temporal polyfill
 * (docs/performance.md, page JavaScript).
 */

/** ISO weekday numbers, Monday 1 .. Sunday 7. */
export const ALL_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** What makes a day a working day: its weekday is allowed and it is not a holiday. */
export type WorkingDays = {
  /** Allowed ISO weekdays (Monday 1 .. Sunday 7); default all seven (§5). */
  weekdays?: readonly number[];
  /** Holidays (ISO dates) of the academic calendar, excluded. */
  holidays?: Iterable<string>;
};

function workingDayTest(rule: WorkingDays): (d: Temporal.PlainDate) => boolean {
  const weekdays = new Set(rule.weekdays && rule.weekdays.length > 0 ? rule.weekdays : ALL_WEEKDAYS);
  const holidays = new Set(rule.holidays ?? []);
  return (d) => weekdays.has(d.dayOfWeek) && !holidays.has(d.toString());
}

/** Longest span searched for working days (a rule allowing no day at all must still end). */
const MAX_SEARCH_DAYS = 3 * 366;

/**
 * The activity dialog's end date (§5): from `startDate` (ISO) count `days` working days (the start
 * counts when it is one), then take the day before the next working day after the last one counted,
 * so the activity runs up to the next working day. Null when `days` is not at least 1 or no working
 * day is found within three years (e.g. every weekday a holiday).
 */
export function activityEndDate(startDate: string, days: number, rule: WorkingDays = {}): string | null {
  if (!Number.isInteger(days) || days < 1 || !isIsoDate(startDate)) return null;
  const isWorking = workingDayTest(rule);
  let day = Temporal.PlainDate.from(startDate);
  let counted = 0;
  let searched = 0;
  for (;;) {
    if (isWorking(day)) counted++;
    if (counted === days) break;
    day = day.add({ days: 1 });
    if (++searched > MAX_SEARCH_DAYS + days) return null;
  }
  let next = day.add({ days: 1 });
  for (let i = 0; !isWorking(next); i++) {
    if (i > MAX_SEARCH_DAYS) return null;
    next = next.add({ days: 1 });
  }
  return next.subtract({ days: 1 }).toString();
}

/** The working days (ISO) from `startDate` to `endDate`, both included. */
export function workingDaysBetween(startDate: string, endDate: string, rule: WorkingDays = {}): string[] {
  const isWorking = workingDayTest(rule);
  const out: string[] = [];
  const end = Temporal.PlainDate.from(endDate);
  for (
    let d = Temporal.PlainDate.from(startDate);
    Temporal.PlainDate.compare(d, end) <= 0;
    d = d.add({ days: 1 })
  ) {
    if (isWorking(d)) out.push(d.toString());
  }
  return out;
}

/**
 * Splits the span `startDate`..`endDate` (ISO, both included) into `count` consecutive terms of
 * (nearly) equal length, or null when the span has fewer days than terms.
 */
export function splitIntoTerms(
  startDate: string,
  endDate: string,
  count: number,
): Array<{ startDate: string; endDate: string }> | null {
  const start = Temporal.PlainDate.from(startDate);
  const days = start.until(Temporal.PlainDate.from(endDate)).days + 1;
  if (count < 1 || days < count) return null;
  return Array.from({ length: count }, (_, i) => ({
    startDate: start.add({ days: Math.floor((days * i) / count) }).toString(),
    endDate: start.add({ days: Math.floor((days * (i + 1)) / count) - 1 }).toString(),
  }));
}

/** Week number (1-based) of `date` in a term starting `termStart` (both ISO): days 0-6 are week 1. */
export function weekOfTerm(termStart: string, date: string): number {
  return Math.floor(Temporal.PlainDate.from(termStart).until(Temporal.PlainDate.from(date)).days / 7) + 1;
}
