/*
 * The one formatter of the portal: dates, times, numbers, marks, percentages and plural categories,
 * shared by the screens (apps/portal/src/screens/kit/format.ts binds the page's locale), the
 * server's mails and PDFs. Plain string arithmetic and cached Intl formatters only, so a screen that
 * shows dates loads no Temporal polyfill; instants in a time zone go through `format-zoned.ts`.
 *
 * Spec, Exam management §9 and Academic planning §9: display date DD-MM-YYYY in every language,
 * times normalised to 24-hour form, amounts and marks with the decimals the domain keeps (2).
 */

/** The portal's languages (spec "en", "de", "hin"). Any BCP 47 tag is accepted by the number formats. */
export type FormatLocale = "en" | "de" | "hi" | (string & {});

/** A calendar date: "YYYY-MM-DD" (longer ISO strings use their first 10 characters) or a Temporal-like object. */
export type DateValue = string | { readonly year: number; readonly month: number; readonly day: number };

/** A wall-clock time: "HH:mm", "HH:mm:ss", "h:mm AM" or a Temporal-like object with hour and minute. */
export type TimeValue = string | { readonly hour: number; readonly minute: number };

/** Decimals of marks, totals, grade points and percentiles: the domain rounds and stores 2 (grading.ts). */
export const MARKS_DECIMALS = 2;

const cache = new Map<string, Intl.NumberFormat>();
const pluralCache = new Map<string, Intl.PluralRules>();
const relativeCache = new Map<string, Intl.RelativeTimeFormat>();
const weekdayCache = new Map<string, Intl.DateTimeFormat>();

/** One cached Intl.NumberFormat per locale and options (formatters are costly to build). */
function numberFormat(locale: FormatLocale, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

function two(n: number): string {
  return String(n).padStart(2, "0");
}

/**
 * A calendar date as DD-MM-YYYY (spec §9 display date; the same in en, de and hi). Accepts
 * "YYYY-MM-DD" (or an ISO date-time string, whose date part is taken as written, no zone applied)
 * and Temporal.PlainDate / ZonedDateTime-like objects. A string that is not an ISO date is returned
 * as given, so a server's free text never turns into "undefined-...".
 */
export function formatDate(value: DateValue): string {
  if (typeof value !== "string")
    return `${two(value.day)}-${two(value.month)}-${String(value.year).padStart(4, "0")}`;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : value;
}

/**
 * A time of day in 24-hour form, HH:mm (spec §5/§7: "times are normalised to 24-hour form").
 * Accepts "HH:mm[:ss]", "h:mm[:ss] AM|PM" and Temporal-like objects; `timeZone` is appended in
 * parentheses when given ("09:30 (Asia/Kolkata)"). A string that is not a time is returned as given.
 */
export function formatTime(value: TimeValue, options: { timeZone?: string } = {}): string {
  const text = typeof value === "string" ? timeOfText(value) : `${two(value.hour)}:${two(value.minute)}`;
  return options.timeZone ? `${text} (${options.timeZone})` : text;
}

function timeOfText(value: string): string {
  const match = /^\s*(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?\s*([aApP][mM])?\s*$/.exec(value);
  if (!match) return value;
  let hours = Number(match[1]);
  const meridiem = match[3]?.toLowerCase();
  if (meridiem) hours = (hours % 12) + (meridiem === "pm" ? 12 : 0);
  if (hours > 23 || Number(match[2]) > 59) return value;
  return `${two(hours)}:${match[2]}`;
}

/**
 * A date and time: "DD-MM-YYYY HH:mm", with " (zone)" when `timeZone` is given. `value` is a
 * wall-clock date-time "YYYY-MM-DDTHH:mm[:ss]" (or with a space) or a Temporal-like object with
 * date and time fields. For an instant ("...Z"), use formatInstant of format-zoned.ts, which first
 * moves it into the campus's zone.
 */
export function formatDateTime(
  value: string | { year: number; month: number; day: number; hour: number; minute: number },
  options: { timeZone?: string } = {},
): string {
  if (typeof value !== "string") return `${formatDate(value)} ${formatTime(value, options)}`;
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(value);
  return match ? `${formatDate(match[1]!)} ${formatTime(match[2]!, options)}` : value;
}

/**
 * A number with the locale's grouping and decimal mark: en 1,500.5, de 1.500,5, hi 1,500.5 (and
 * 1,00,000 for a lakh). At most `maximumFractionDigits` decimals (default 2), none added.
 */
export function formatNumber(locale: FormatLocale, value: number, maximumFractionDigits = 2): string {
  return numberFormat(locale, { maximumFractionDigits }).format(value);
}

/**
 * A number with exactly `decimals` decimals, grouped per locale (de: 65,04; en: 65.04). One call
 * per kind of value, so equal kinds look alike ("51.00" and "58.50", never "58.5").
 */
export function formatDecimal(locale: FormatLocale, value: number, decimals: number): string {
  return numberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
    value,
  );
}

/** Marks, totals, grade points and percentiles: {@link MARKS_DECIMALS} decimals (51.00; de 51,00). */
export function formatMarks(locale: FormatLocale, value: number): string {
  return formatDecimal(locale, value, MARKS_DECIMALS);
}

/**
 * A percentage given in percent units (58.5 means 58.5 %), with exactly `decimals` decimals
 * (default 0) and the locale's sign spacing: en "58.5%", de "58,5 %", hi "58.5%".
 */
export function formatPercent(locale: FormatLocale, percent: number, decimals = 0): string {
  return numberFormat(locale, {
    style: "percent",
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(percent / 100);
}

/** Plural categories the catalogue carries: every locale of the portal has "one" and "other". */
export type PluralCategory = "one" | "other";

/**
 * The CLDR plural category of `count` in `locale`, reduced to the two the catalogue carries: en and
 * de "one" for 1 only; hi "one" for 0 and 1. Used to pick `<key>_one` or `<key>_other` messages.
 */
export function pluralCategory(locale: FormatLocale, count: number): PluralCategory {
  let rules = pluralCache.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralCache.set(locale, rules);
  }
  return rules.select(count) === "one" ? "one" : "other";
}

/**
 * English text for the server's mails and messages (always English, spec texts): "1 room",
 * "2 rooms", "1,500 students". `plural` defaults to `singular` + "s".
 */
export function countNoun(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber("en", count)} ${pluralCategory("en", count) === "one" ? singular : plural}`;
}

/**
 * Relative time of a chat message ("5 minutes ago", "vor 5 Minuten"), in the given locale, using the
 * largest unit that fits (seconds under a minute, then minutes, hours, days, months, years).
 * `instant` and `now` are ISO-8601 instant strings or epoch milliseconds.
 */
export function formatRelativeTime(
  instant: string | number,
  now: string | number,
  locale: FormatLocale,
): string {
  const ms = (value: string | number) => (typeof value === "number" ? value : Date.parse(value));
  const seconds = Math.round((ms(instant) - ms(now)) / 1000);
  let rtf = relativeCache.get(locale);
  if (!rtf) {
    rtf = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
    relativeCache.set(locale, rtf);
  }
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(seconds, "second");
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), "minute");
  if (abs < 86_400) return rtf.format(Math.round(seconds / 3600), "hour");
  if (abs < 30 * 86_400) return rtf.format(Math.round(seconds / 86_400), "day");
  if (abs < 365 * 86_400) return rtf.format(Math.round(seconds / (30 * 86_400)), "month");
  return rtf.format(Math.round(seconds / (365 * 86_400)), "year");
}

/**
 * The weekday of a calendar date ("YYYY-MM-DD") in the locale's words: en "Monday", de "Montag",
 * hi "सोमवार". The date is read as a calendar day (no time zone moves it).
 */
export function formatWeekday(locale: FormatLocale, isoDate: string): string {
  let format = weekdayCache.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" });
    weekdayCache.set(locale, format);
  }
  return format.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
}

/** A countdown in whole seconds as m:ss ("2:00", "0:05"), rounded up, never below 0:00 (spec §2 Login). */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  return `${Math.floor(seconds / 60)}:${two(seconds % 60)}`;
}
