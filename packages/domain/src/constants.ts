/**
 * Business constants of spec, Exam management §9 "Business constants and limits" that more than one package
 * needs.
 */

/** Paging of the question paper, revaluation and retest lists (spec §9). */
export const LIST_PAGE_SIZES = [25, 50, 100] as const;
export type ListPageSize = (typeof LIST_PAGE_SIZES)[number];
export const DEFAULT_LIST_PAGE_SIZE: ListPageSize = 25;

/**
 * Paging of the grids (spec §9 grid: 10, 25, 50, default 10), as the portal offers it on the exam
 * lists, seating, invigilation, eligibility, evaluation, the grading list and the faculty tables.
 * The API accepts these for every grid; the timetable, seating and eligibility calls also accept 100
 * ({@link TIMETABLE_PAGE_SIZES}).
 */
export const GRID_PAGE_SIZES = [10, 25, 50] as const;
export type GridPageSize = (typeof GRID_PAGE_SIZES)[number];
export const DEFAULT_GRID_PAGE_SIZE: GridPageSize = 10;

/** The exam timetable is long: it offers 100 a page beside the grid's sizes (the API's count for it, seating and eligibility). */
export const TIMETABLE_PAGE_SIZES = [...GRID_PAGE_SIZES, 100] as const;
export type TimetablePageSize = (typeof TIMETABLE_PAGE_SIZES)[number];

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
