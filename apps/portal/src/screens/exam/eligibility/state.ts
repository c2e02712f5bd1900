import {
  DEFAULT_GRID_PAGE_SIZE,
  ELIGIBILITY_STATUSES,
  type EligibilityStatus,
  GRID_PAGE_SIZES,
  type GridPageSize,
  isEligibilityStatus,
  parsePageSize,
} from "@portal/domain";

/**
 * What the eligibility screens show, kept in the address so a reload or Back shows the same page.
 * Student status: `?id=<exam>&eligibility=&search=&page=&pageSize=`; overview:
 * `?cycle=&search=&page=&pageSize=`. Page sizes are the grid's (spec §9: 10, 25, 50, default 10).
 * Reading is forgiving; writing leaves defaults out.
 */

const MAX_TEXT = 200;

export type StudentStatusState = {
  examId: string;
  eligibility: EligibilityStatus | "";
  search: string;
  page: number;
  pageSize: GridPageSize;
};

export type OverviewState = { cycle: string; search: string; page: number; pageSize: GridPageSize };

function readText(query: URLSearchParams, key: string): string {
  const value = query.get(key)?.trim() ?? "";
  return value.length <= MAX_TEXT ? value : "";
}

function readPaging(query: URLSearchParams): { page: number; pageSize: GridPageSize } {
  const pageText = query.get("page") ?? "";
  return {
    page: /^\d{1,6}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1,
    pageSize: parsePageSize<GridPageSize>(query.get("pageSize"), GRID_PAGE_SIZES, DEFAULT_GRID_PAGE_SIZE),
  };
}

function write(entries: [string, string | number, boolean][]): string {
  const query = new URLSearchParams();
  for (const [key, value, keep] of entries) if (keep) query.set(key, String(value));
  const text = query.toString();
  return text === "" ? "" : `?${text}`;
}

/** Reads the student status state; an unknown label means no filter. */
export function parseStudentStatusState(search: string): StudentStatusState {
  const query = new URLSearchParams(search);
  const label = readText(query, "eligibility");
  return {
    examId: readText(query, "id"),
    eligibility: isEligibilityStatus(label) ? label : "",
    search: readText(query, "search"),
    ...readPaging(query),
  };
}

/** Writes the student status state as a query (the exam id always first). */
export function serializeStudentStatusState(state: StudentStatusState): string {
  return write([
    ["id", state.examId, state.examId !== ""],
    ["eligibility", state.eligibility, state.eligibility !== ""],
    ["search", state.search, state.search !== ""],
    ["page", state.page, state.page > 1],
    ["pageSize", state.pageSize, state.pageSize !== DEFAULT_GRID_PAGE_SIZE],
  ]);
}

/** Reads the overview state. */
export function parseOverviewState(search: string): OverviewState {
  const query = new URLSearchParams(search);
  return { cycle: readText(query, "cycle"), search: readText(query, "search"), ...readPaging(query) };
}

/** Writes the overview state as a query. */
export function serializeOverviewState(state: OverviewState): string {
  return write([
    ["cycle", state.cycle, state.cycle !== ""],
    ["search", state.search, state.search !== ""],
    ["page", state.page, state.page > 1],
    ["pageSize", state.pageSize, state.pageSize !== DEFAULT_GRID_PAGE_SIZE],
  ]);
}

/** The value of the "computed" choice of the eligibility editor: withdraw the office's decision. */
export const COMPUTED_CHOICE = "computed";
/** A choice of the eligibility editor: one of the four labels, or the computed status. */
export type EligibilityChoice = EligibilityStatus | typeof COMPUTED_CHOICE;
export const ELIGIBILITY_CHOICES: readonly EligibilityChoice[] = [COMPUTED_CHOICE, ...ELIGIBILITY_STATUSES];
