import * as format from "@portal/domain";
import { getLocale } from "../../lib/i18n.ts";

/*
 * The screens' formatter: the domain's one formatter (packages/domain/src/format.ts) bound to the
 * page's language (the request's on the server, the page's in the browser). Every date, time,
 * number, mark, percentage and counted noun a screen shows goes through here; the workspace test
 * tests/hand-formatting.test.ts fails on hand-made formatting elsewhere in the screens.
 */

export type { DateValue, TimeValue } from "@portal/domain";
/** Dates DD-MM-YYYY, times HH:mm (24-hour), instants in the campus's zone: the same in every language. */
export { formatCountdown, formatDate, formatDateTime, formatInstant, formatTime } from "@portal/domain";

/** A number grouped per language (1,500 / 1.500 / 1,500), at most `maximumFractionDigits` (2) decimals. */
export function formatNumber(value: number, maximumFractionDigits = 2): string {
  return format.formatNumber(getLocale(), value, maximumFractionDigits);
}

/** A number with exactly `decimals` decimals, decimal comma in German (65,04). */
export function formatDecimal(value: number, decimals: number): string {
  return format.formatDecimal(getLocale(), value, decimals);
}

/** Marks, totals, grade points and percentiles with the domain's 2 decimals (51.00; de 51,00). */
export function formatMarks(value: number): string {
  return format.formatMarks(getLocale(), value);
}

/** A value in percent units (58.5 → "58.5%", de "58,5 %"), with exactly `decimals` (0) decimals. */
export function formatPercent(percent: number, decimals = 0): string {
  return format.formatPercent(getLocale(), percent, decimals);
}

/** "5 minutes ago" / "vor 5 Minuten" for an ISO instant or epoch milliseconds, against `now`. */
export function formatRelativeTime(instant: string | number, now: string | number): string {
  return format.formatRelativeTime(instant, now, getLocale());
}

/** The weekday of a "YYYY-MM-DD" date in the page's language ("Monday", "Montag", "सोमवार"). */
export function formatWeekday(isoDate: string): string {
  return format.formatWeekday(getLocale(), isoDate);
}

/** A catalogue message (paraglide) with its inputs. */
type Message<I> = (inputs: I) => string;

/**
 * The catalogue's `<key>_one` or `<key>_other` message for `count`, by the language's plural rules
 * (en, de: one for 1; hi: one for 0 and 1), with the message's placeholders `inputs` (counts in
 * them formatted with {@link formatNumber}). Example:
 * `plural(n, m.exam_card_rooms_one, m.exam_card_rooms_other, { count: formatNumber(n) })` reads
 * "1 room in use" or "2 rooms in use".
 */
export function plural<I>(count: number, one: Message<I>, other: Message<I>, inputs: I): string {
  return format.pluralCategory(getLocale(), count) === "one" ? one(inputs) : other(inputs);
}

/** {@link plural} for a message whose only placeholder is `{count}`. */
export function pluralCount(
  count: number,
  one: Message<{ count: string }>,
  other: Message<{ count: string }>,
): string {
  return plural(count, one, other, { count: formatNumber(count) });
}
