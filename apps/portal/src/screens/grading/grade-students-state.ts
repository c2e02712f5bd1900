import type { SubjectScoresPage } from "@portal/api-client";
import { GRADE_STUDENT_SORT_COLUMNS, type GradeStudentSortColumn, type SortDirection } from "@portal/domain";
import type { PageSize } from "@portal/ui";
import { parseResultsState, type ResultsState, serializeResultsState } from "./results-routes.ts";

/** A header sort of the grade students table (server-side `sortBy`/`sortDirection`); null is the list's own order. */
export type GradeStudentsSort = { column: GradeStudentSortColumn; direction: SortDirection } | null;

/**
 * The address state of /app/gradeStudents: the results screens' state (`?courseOfferingId=`) and the
 * sort chosen in a header (`&sort=&direction=`), so a reload or Back shows the same order.
 */
export type GradeStudentsState = ResultsState & { sort: GradeStudentsSort };

/** Reads {@link GradeStudentsState}: an unknown column is no sort, any direction but desc is asc. */
export function parseGradeStudentsState(search: string): GradeStudentsState {
  const query = new URLSearchParams(search);
  const column = GRADE_STUDENT_SORT_COLUMNS.find((name) => name === query.get("sort"));
  return {
    ...parseResultsState(search),
    sort: column ? { column, direction: query.get("direction") === "desc" ? "desc" : "asc" } : null,
  };
}

/** The query string of {@link GradeStudentsState} (empty values and the asc direction left out). */
export function serializeGradeStudentsState({ sort, ...state }: GradeStudentsState): string {
  const query = new URLSearchParams(serializeResultsState(state));
  if (sort) {
    query.set("sort", sort.column);
    if (sort.direction === "desc") query.set("direction", "desc");
  }
  const text = query.toString();
  return text ? `?${text}` : "";
}

/**
 * The SubjectScores page of the grade table's page, size (All is count 0) and header sort (none: the
 * list's own order); the first is page 1 of 5.
 */
export function gradePage(
  page: number,
  pageSize: PageSize,
  sort: GradeStudentsSort = null,
): SubjectScoresPage {
  const paging: SubjectScoresPage =
    pageSize === "all" ? { pageNo: 1, count: 0 } : { pageNo: page, count: pageSize as 5 | 10 | 25 };
  return sort ? { ...paging, sortBy: sort.column, sortDirection: sort.direction } : paging;
}
