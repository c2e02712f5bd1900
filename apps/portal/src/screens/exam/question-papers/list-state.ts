import {
  DEFAULT_LIST_PAGE_SIZE,
  LIST_PAGE_SIZES,
  type ListPageSize,
  QUESTION_PAPER_SORT_COLUMNS,
  type QuestionPaperSortColumn,
  type SortDirection,
} from "@portal/domain";

/** The six filters of the question paper list (spec "Question paper list", §3 filters). */
export const QUESTION_PAPER_FILTER_KEYS = [
  "course",
  "status",
  "term",
  "faculty",
  "batch",
  "examCycle",
] as const;
export type QuestionPaperFilterKey = (typeof QUESTION_PAPER_FILTER_KEYS)[number];

/** Filter values; an empty string means "no filter" (docs/api.md, paper list). */
export type QuestionPaperFilters = Record<QuestionPaperFilterKey, string>;

/** A sort of the list chosen in a column header; `null` is the list's own order (course name, term). */
export type QuestionPaperListSort = { column: QuestionPaperSortColumn; direction: SortDirection } | null;

/**
 * What the list shows: filters, 1-based page, page size (spec §9: 25, 50 or 100, default 25) and
 * the sort, which the server applies.
 */
export type QuestionPaperListState = {
  filters: QuestionPaperFilters;
  page: number;
  pageSize: ListPageSize;
  sort: QuestionPaperListSort;
};

/** Body of POST /api/sf/exam/questionPaperList (docs/api.md). */
export type QuestionPaperListRequest = QuestionPaperFilters & {
  pageNo: number;
  count: ListPageSize;
  sortBy?: QuestionPaperSortColumn;
  sortDirection?: SortDirection;
};

export const EMPTY_FILTERS: QuestionPaperFilters = {
  course: "",
  status: "",
  term: "",
  faculty: "",
  batch: "",
  examCycle: "",
};

/** Longest filter value accepted from the address bar; longer values are dropped. */
const MAX_FILTER_LENGTH = 200;

function isPageSize(value: number): value is ListPageSize {
  return (LIST_PAGE_SIZES as readonly number[]).includes(value);
}

/**
 * Reads the list state from a URL query (`?course=..&status=..&page=2&pageSize=50&sort=faculty&direction=desc`).
 * Unknown keys are ignored; a missing or invalid page is 1, a page size outside 25/50/100 is 25
 * (spec §9), an unknown sort column is no sort and any direction but `desc` is ascending, and
 * filter values are trimmed (over-long ones dropped), so a hand-edited address never breaks the list.
 */
export function parseListState(search: string | URLSearchParams): QuestionPaperListState {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const filters = { ...EMPTY_FILTERS };
  for (const key of QUESTION_PAPER_FILTER_KEYS) {
    const value = params.get(key)?.trim() ?? "";
    filters[key] = value.length <= MAX_FILTER_LENGTH ? value : "";
  }
  const pageText = params.get("page") ?? "";
  const page = /^\d{1,6}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1;
  const sizeText = params.get("pageSize") ?? "";
  const size = /^\d{1,3}$/.test(sizeText) ? Number(sizeText) : DEFAULT_LIST_PAGE_SIZE;
  const sortText = params.get("sort") ?? "";
  const column = QUESTION_PAPER_SORT_COLUMNS.find((name) => name === sortText);
  const sort = column
    ? ({ column, direction: params.get("direction") === "desc" ? "desc" : "asc" } as const)
    : null;
  return { filters, page, pageSize: isPageSize(size) ? size : DEFAULT_LIST_PAGE_SIZE, sort };
}

/**
 * Writes the list state as a URL query, leaving out empty filters, page 1, the default page size
 * and no sort, so the plain list has a plain address. Returns "" or a string starting with "?".
 */
export function serializeListState(state: QuestionPaperListState): string {
  const params = new URLSearchParams();
  for (const key of QUESTION_PAPER_FILTER_KEYS) {
    if (state.filters[key] !== "") params.set(key, state.filters[key]);
  }
  if (state.page > 1) params.set("page", String(state.page));
  if (state.pageSize !== DEFAULT_LIST_PAGE_SIZE) params.set("pageSize", String(state.pageSize));
  if (state.sort) {
    params.set("sort", state.sort.column);
    if (state.sort.direction === "desc") params.set("direction", "desc");
  }
  const query = params.toString();
  return query === "" ? "" : `?${query}`;
}

/**
 * The paper list call's body for a state (docs/api.md: pageNo is 1-based, count is the page size,
 * `sortBy` and `sortDirection` only when a header sorts it).
 */
export function toListRequest(state: QuestionPaperListState): QuestionPaperListRequest {
  const request: QuestionPaperListRequest = { ...state.filters, pageNo: state.page, count: state.pageSize };
  if (state.sort) {
    request.sortBy = state.sort.column;
    request.sortDirection = state.sort.direction;
  }
  return request;
}

/** Number of pages for a total (at least 1, so an empty list still has a page 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** How many filters are set (shown on the Filter button). */
export function activeFilterCount(filters: QuestionPaperFilters): number {
  return QUESTION_PAPER_FILTER_KEYS.filter((key) => filters[key] !== "").length;
}

/** Options of the Filter, as GET /api/sf/exam/questionPaperFilters answers them (docs/api.md). */
export type QuestionPaperFilterOptions = {
  TermList: ReadonlyArray<{ TermName: string; TermId: string }>;
  CourseList: ReadonlyArray<{ TermName: string; CourseName: string; CourseId: string }>;
  courseFacultyList: ReadonlyArray<{ CourseName: string; FacultyName: readonly string[] }>;
  batchList: readonly string[];
  ExamMonthList: readonly string[];
  statusList: readonly string[];
};

function uniqueSorted(values: Iterable<string>): string[] {
  return [...new Set(values)].filter((value) => value !== "").sort((a, b) => a.localeCompare(b));
}

/** Term names to choose from. */
export function termOptions(options: QuestionPaperFilterOptions): string[] {
  return uniqueSorted(options.TermList.map((term) => term.TermName));
}

/** Course names, narrowed to the chosen term when one is chosen (spec §3: CourseList has TermName). */
export function courseOptions(options: QuestionPaperFilterOptions, term: string): string[] {
  return uniqueSorted(
    options.CourseList.filter((course) => term === "" || course.TermName === term).map((c) => c.CourseName),
  );
}

/** Faculty names, narrowed to the chosen course via courseFacultyList; all faculty when none is chosen. */
export function facultyOptions(options: QuestionPaperFilterOptions, course: string): string[] {
  return uniqueSorted(
    options.courseFacultyList
      .filter((entry) => course === "" || entry.CourseName === course)
      .flatMap((entry) => entry.FacultyName),
  );
}

/**
 * Applies one filter change and clears the choices it invalidates: a new term clears a course not
 * offered in it, a new course clears a faculty member who does not teach it.
 */
export function changeFilter(
  options: QuestionPaperFilterOptions,
  filters: QuestionPaperFilters,
  key: QuestionPaperFilterKey,
  value: string,
): QuestionPaperFilters {
  const next = { ...filters, [key]: value };
  if (key === "term" && next.course !== "" && !courseOptions(options, next.term).includes(next.course)) {
    next.course = "";
  }
  if (
    (key === "term" || key === "course") &&
    next.faculty !== "" &&
    !facultyOptions(options, next.course).includes(next.faculty)
  ) {
    next.faculty = "";
  }
  return next;
}
