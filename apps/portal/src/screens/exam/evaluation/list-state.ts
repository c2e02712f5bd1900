import {
  DEFAULT_GRID_PAGE_SIZE,
  EVALUATOR_STATUSES,
  type EvaluatorStatus,
  GRID_PAGE_SIZES,
  type GridPageSize,
  parsePageSize,
} from "@portal/domain";

/**
 * What the evaluation lists show, kept in the address so a reload or the browser's Back shows the
 * same page: exam cycle (`cycle`, "" = every cycle), 1-based `page`, `pageSize` (spec §9 grid 10, 25,
 * 50, default 10) and, on the evaluation table, the filters of spec §3 (`date` of exam and `deadline`
 * YYYY-MM-DD, `faculty` = subject faculty, `allocatedTo` = evaluator) and the evaluator `status`.
 * Reading is forgiving (unknown values fall back to the defaults); writing leaves defaults out.
 */

/**
 * Filters of the evaluation table (spec §3 evaluation filters): date of exam, deadline ("due by": the
 * exams whose evaluation deadline falls on or before it), subject faculty, allocated to, and the
 * evaluator status ("" = all).
 */
export type EvaluationFilters = {
  date: string;
  deadline: string;
  faculty: string;
  allocatedTo: string;
  status: EvaluatorStatus | "";
};

export type EvaluationListState = {
  cycle: string;
  page: number;
  pageSize: GridPageSize;
} & EvaluationFilters;

const MAX_TEXT = 200;

function readText(query: URLSearchParams, key: string): string {
  const value = query.get(key)?.trim() ?? "";
  return value.length <= MAX_TEXT ? value : "";
}

function readDate(query: URLSearchParams, key: string): string {
  const value = readText(query, key);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : "";
}

/** Reads `?cycle=&page=&pageSize=&date=&deadline=&faculty=&allocatedTo=&status=`. */
export function parseEvaluationListState(search: string): EvaluationListState {
  const query = new URLSearchParams(search);
  const pageText = query.get("page") ?? "";
  const status = readText(query, "status");
  return {
    cycle: readText(query, "cycle"),
    page: /^\d{1,6}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1,
    pageSize: parsePageSize<GridPageSize>(query.get("pageSize"), GRID_PAGE_SIZES, DEFAULT_GRID_PAGE_SIZE),
    date: readDate(query, "date"),
    deadline: readDate(query, "deadline"),
    faculty: readText(query, "faculty"),
    allocatedTo: readText(query, "allocatedTo"),
    status: (EVALUATOR_STATUSES as readonly string[]).includes(status) ? (status as EvaluatorStatus) : "",
  };
}

/** Writes the state as a query ("" or "?..."), leaving out defaults. */
export function serializeEvaluationListState(state: EvaluationListState): string {
  const query = new URLSearchParams();
  if (state.cycle) query.set("cycle", state.cycle);
  if (state.page > 1) query.set("page", String(state.page));
  if (state.pageSize !== DEFAULT_GRID_PAGE_SIZE) query.set("pageSize", String(state.pageSize));
  if (state.date) query.set("date", state.date);
  if (state.deadline) query.set("deadline", state.deadline);
  if (state.faculty) query.set("faculty", state.faculty);
  if (state.allocatedTo) query.set("allocatedTo", state.allocatedTo);
  if (state.status) query.set("status", state.status);
  const text = query.toString();
  return text === "" ? "" : `?${text}`;
}
