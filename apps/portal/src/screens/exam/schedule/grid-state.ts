import {
  DEFAULT_GRID_PAGE_SIZE,
  EXAM_DATA_SORT_COLUMNS,
  type ExamDataSortColumn,
  GRID_PAGE_SIZES,
  type GridPageSize,
  pageSizeCount,
  parsePageSize,
  type SortDirection,
  TIMETABLE_PAGE_SIZES,
  type TimetablePageSize,
} from "@portal/domain";
/**
 * What the exam lists show, kept in the address so a reload or the browser's Back shows the same
 * page: exam cycle (`cycle`), course text (`course`), look-ahead or look-back days (`days`), 1-based
 * `page` and `pageSize`. Reading is forgiving (a hand-edited address never breaks a screen: unknown
 * values fall back to the defaults); writing leaves defaults out.
 */

/** Look-ahead choices of the Upcoming screen, in days (default 30). */
export const UPCOMING_DAY_CHOICES = [7, 14, 30, 90] as const;
export const DEFAULT_UPCOMING_DAYS = 30;
/** Look-back choices of the completed exams screen, in days (default 90). */
export const COMPLETED_DAY_CHOICES = [30, 90, 180, 365] as const;
export const DEFAULT_COMPLETED_DAYS = 90;

/** Which list of ExamData a screen shows. */
export type ExamDataKind = "upcoming" | "completed";

/** The exam timetable and the Exam Setup list. */
export type TimetableState = { cycle: string; course: string; page: number; pageSize: TimetablePageSize };

/** A header sort of the Upcoming or completed exams list (server-side, `sortBy`/`sortDirection`). */
export type ExamDataSort = { column: ExamDataSortColumn; direction: SortDirection } | null;

/** Upcoming or completed exams; `sort` null is the list's own order. */
export type ExamDataState = {
  cycle: string;
  days: number;
  page: number;
  pageSize: GridPageSize;
  sort: ExamDataSort;
};

/** Longest id or course text accepted from the address bar (longer ones are dropped). */
const MAX_TEXT = 200;

function params(search: string | URLSearchParams): URLSearchParams {
  return typeof search === "string" ? new URLSearchParams(search) : search;
}

function readText(query: URLSearchParams, key: string): string {
  const value = query.get(key)?.trim() ?? "";
  return value.length <= MAX_TEXT ? value : "";
}

function readPage(query: URLSearchParams): number {
  const text = query.get("page") ?? "";
  return /^\d{1,6}$/.test(text) && Number(text) >= 1 ? Number(text) : 1;
}

function readChoice<T extends number>(
  query: URLSearchParams,
  key: string,
  choices: readonly T[],
  fallback: T,
): T {
  const text = query.get(key) ?? "";
  const value = /^\d{1,4}$/.test(text) ? Number(text) : Number.NaN;
  return (choices as readonly number[]).includes(value) ? (value as T) : fallback;
}

function write(entries: [string, string | number, boolean][]): string {
  const query = new URLSearchParams();
  for (const [key, value, keep] of entries) if (keep) query.set(key, String(value));
  const text = query.toString();
  return text === "" ? "" : `?${text}`;
}

/** The exam cycle of the dashboard (`?cycle=`; "" lets the server pick the current cycle). */
export function parseCycle(search: string | URLSearchParams): string {
  return readText(params(search), "cycle");
}

/** Reads the timetable state: `?cycle=&course=&page=&pageSize=` (page size 10, 25, 50 or 100). */
export function parseTimetableState(search: string | URLSearchParams): TimetableState {
  const query = params(search);
  return {
    cycle: readText(query, "cycle"),
    course: readText(query, "course"),
    page: readPage(query),
    pageSize: parsePageSize<TimetablePageSize>(
      query.get("pageSize"),
      TIMETABLE_PAGE_SIZES,
      DEFAULT_GRID_PAGE_SIZE,
    ),
  };
}

/** Writes the timetable state as a query ("" or "?..."), leaving out defaults. */
export function serializeTimetableState(state: TimetableState): string {
  return write([
    ["cycle", state.cycle, state.cycle !== ""],
    ["course", state.course, state.course !== ""],
    ["page", state.page, state.page > 1],
    ["pageSize", state.pageSize, state.pageSize !== DEFAULT_GRID_PAGE_SIZE],
  ]);
}

/** The day choices and default of a kind of ExamData list. */
export function dayChoices(kind: ExamDataKind): { choices: readonly number[]; fallback: number } {
  return kind === "upcoming"
    ? { choices: UPCOMING_DAY_CHOICES, fallback: DEFAULT_UPCOMING_DAYS }
    : { choices: COMPLETED_DAY_CHOICES, fallback: DEFAULT_COMPLETED_DAYS };
}

/** Reads the `?sort=&direction=` of an exams list: an unknown column is no sort, any direction but desc is asc. */
function readSort(query: URLSearchParams): ExamDataSort {
  const column = EXAM_DATA_SORT_COLUMNS.find((name) => name === query.get("sort"));
  return column ? { column, direction: query.get("direction") === "desc" ? "desc" : "asc" } : null;
}

/**
 * Reads an Upcoming / completed state: `?cycle=&days=&page=&pageSize=&sort=&direction=` (page size 10,
 * 25, 50 or all).
 */
export function parseExamDataState(search: string | URLSearchParams, kind: ExamDataKind): ExamDataState {
  const query = params(search);
  const { choices, fallback } = dayChoices(kind);
  return {
    cycle: readText(query, "cycle"),
    days: readChoice(query, "days", choices, fallback),
    page: readPage(query),
    pageSize: parsePageSize<GridPageSize>(query.get("pageSize"), GRID_PAGE_SIZES, DEFAULT_GRID_PAGE_SIZE),
    sort: readSort(query),
  };
}

/** Writes an Upcoming / completed state as a query, leaving out defaults. */
export function serializeExamDataState(state: ExamDataState, kind: ExamDataKind): string {
  return write([
    ["cycle", state.cycle, state.cycle !== ""],
    ["days", state.days, state.days !== dayChoices(kind).fallback],
    ["page", state.page, state.page > 1],
    ["pageSize", state.pageSize, state.pageSize !== DEFAULT_GRID_PAGE_SIZE],
    ["sort", state.sort?.column ?? "", state.sort !== null],
    ["direction", "desc", state.sort?.direction === "desc"],
  ]);
}

/** The ExamData body of a state: `dueDays` for upcoming exams, `completedIn` for completed ones. */
export function toExamDataRequest(state: ExamDataState, kind: ExamDataKind) {
  return {
    ...(kind === "upcoming" ? { dueDays: state.days } : { completedIn: state.days }),
    examCycleId: state.cycle,
    pageNo: state.page,
    count: pageSizeCount(state.pageSize),
    ...(state.sort ? { sortBy: state.sort.column, sortDirection: state.sort.direction } : {}),
  };
}

/** Writes the dashboard's exam cycle as a query ("" or "?cycle=..."). */
export function serializeCycle(cycle: string): string {
  return write([["cycle", cycle, cycle !== ""]]);
}
