/**
 * Business constants of spec, Exam management §9 "Business constants and limits" that more than one package
 * needs.
 */

/** Paging of the question paper, revaluation and retest lists (spec §9). */
export const LIST_PAGE_SIZES = [25, 50, 100] as const;
export type ListPageSize = (typeof LIST_PAGE_SIZES)[number];
export const DEFAULT_LIST_PAGE_SIZE: ListPageSize = 25;

/**
 * Paging of the grids (spec §9 grid: 10, 25, 50 and All, default 10), as the portal offers it on the exam
 * lists, seating, invigilation, eligibility, evaluation, the grading list and the faculty tables.
 * The API accepts these for every grid, All as count {@link ALL_ROWS_COUNT} (0); the timetable, seating
 * and eligibility calls also accept 100 ({@link TIMETABLE_PAGE_SIZES}).
 */
export const GRID_PAGE_SIZES = [10, 25, 50, "all"] as const;
export type GridPageSize = (typeof GRID_PAGE_SIZES)[number];
export const DEFAULT_GRID_PAGE_SIZE = 10 satisfies GridPageSize;

/** The exam timetable is long: it offers 100 a page beside the grid's sizes (the API's count for it, seating and eligibility). */
export const TIMETABLE_PAGE_SIZES = [10, 25, 50, 100, "all"] as const;
export type TimetablePageSize = (typeof TIMETABLE_PAGE_SIZES)[number];

/** The wire count of the page size All (spec §9 "All"): `count=0` asks for every row, up to {@link ALL_ROWS_CAP}. */
export const ALL_ROWS_COUNT = 0 as const;

/**
 * The most rows one All page holds (beyond the spec: a grid's list can be huge). The server answers
 * All with the first `ALL_ROWS_CAP` rows of the sort; a `noOfRecords` above the rows returned says the
 * page was capped, and the portal says so under the table.
 */
export const ALL_ROWS_CAP = 500;

/** The wire count of a page size: a number of rows, or {@link ALL_ROWS_COUNT} (0) for "all". */
export function pageSizeCount<T extends number | "all">(size: T): Exclude<T, "all"> | typeof ALL_ROWS_COUNT {
  return size === "all" ? ALL_ROWS_COUNT : (size as Exclude<T, "all">);
}

/** The wire counts of a list of page sizes (e.g. [10, 25, 50, 0] for the grid), for the API's validators. */
export function pageSizeCounts(sizes: readonly (number | "all")[]): readonly number[] {
  return sizes.map(pageSizeCount);
}

/**
 * Reads a page size written in the address (`"25"`, `"all"`): one of `choices`, else `fallback`, so a
 * hand-edited address never breaks a screen.
 */
export function parsePageSize<T extends number | "all">(
  text: string | null | undefined,
  choices: readonly T[],
  fallback: T,
): T {
  const value = text === "all" ? "all" : /^\d{1,4}$/.test(text ?? "") ? Number(text) : Number.NaN;
  return (choices as readonly (number | "all")[]).includes(value) ? (value as T) : fallback;
}

/**
 * The student grade table (spec §9: 5, 10, 25 or All, default 5). `"all"` is every student on one
 * page; the API's subject-scores call takes it as count 0.
 */
export const GRADE_TABLE_PAGE_SIZES = [5, 10, 25, "all"] as const;
export type GradeTablePageSize = (typeof GRADE_TABLE_PAGE_SIZES)[number];
export const DEFAULT_GRADE_TABLE_PAGE_SIZE: GradeTablePageSize = 5;

/** One-time password: at most 4 digits, 2-minute countdown, 1 s debounce (spec §5, §9). */
export const OTP_MAX_DIGITS = 4;
export const OTP_COUNTDOWN_SECONDS = 120;
export const OTP_DEBOUNCE_MS = 1000;

/** Beyond the spec, as a system holding marks needs: code lifetime and wrong tries per code. */
export const OTP_LIFETIME_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;

/** Toasts close after 5 s; server calls time out after 15 s (spec §9). */
export const TOAST_DURATION_MS = 5000;
export const REQUEST_TIMEOUT_MS = 15_000;

/** Drawer widths in CSS pixels (spec §9). */
export const DRAWER_WIDTH = 260;
export const DRAWER_COLLAPSED_WIDTH = 65;

/**
 * The time zone of spec, Exam management §9 "Business constants and limits": now only the zone of a
 * campus that names none (`campus.time_zone` defaults to it) and the default of the formatters.
 * Exams and sessions are wall times at their own campus's zone (docs/architecture.md, "Time zones").
 */
export const EXAM_TIME_ZONE = "Asia/Kolkata";

/** Languages of the interface; the spec's "hin" is Hindi, written `hi` here (BCP 47). */
export const LOCALES = ["en", "de", "hi"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Sample options of spec §9, used by the demo data. */
export const PROGRAMME_CODES = ["MBA", "EMBA", "GMBA", "PGPFMB"] as const;
export const CAMPUS_NAMES = ["Mumbai", "Singapore", "Dubai"] as const;

/** The demo campuses' IANA time zones (docs/architecture.md, "Time zones"). */
export const DEMO_CAMPUS_TIME_ZONES: Record<(typeof CAMPUS_NAMES)[number], string> = {
  Mumbai: "Asia/Kolkata",
  Singapore: "Asia/Singapore",
  Dubai: "Asia/Dubai",
};
