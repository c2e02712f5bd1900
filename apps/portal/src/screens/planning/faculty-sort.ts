import {
  FACULTY_SORT_COLUMNS,
  type FacultySortColumn,
  GRID_PAGE_SIZES,
  type GridPageSize,
  pageSizeCount,
  parsePageSize,
  type SortDirection,
} from "@portal/domain";
import type { DataTableSorting } from "@portal/ui";

/** A header sort of the faculty table (server-side, FacultyList `sortBy`/`sortDirection`); null is the list's own order. */
export type FacultySort = { column: FacultySortColumn; direction: SortDirection } | null;

/** The DataTable's sorting state of a faculty sort. */
export function sortingOf(sort: FacultySort): DataTableSorting {
  return sort ? [{ id: sort.column, desc: sort.direction === "desc" }] : [];
}

/** The faculty sort of a DataTable sorting: a column the server does not sort by is no sort. */
export function facultySortFrom(sorting: DataTableSorting): FacultySort {
  const column = FACULTY_SORT_COLUMNS.find((name) => name === sorting[0]?.id);
  return column ? { column, direction: sorting[0]?.desc ? "desc" : "asc" } : null;
}

/** The FacultyList query's sort: `sortBy` and `sortDirection` only when a header sorts the table. */
export function facultySortRequest(sort: FacultySort) {
  return sort ? { sortBy: sort.column, sortDirection: sort.direction } : {};
}

/** The Faculty Invitation table's page size when the address names none (25, as before). */
export const DEFAULT_FACULTY_PAGE_SIZE = 25 satisfies GridPageSize;

/** The faculty table's state kept in the address: 1-based page, page size and header sort. */
export type FacultyListState = { page: number; pageSize: GridPageSize; sort: FacultySort };

/**
 * Reads `?page=&pageSize=&sort=&direction=` of /app/faculty-management: a bad page is 1, an unknown
 * page size is 25, an unknown sort column is no sort, any direction but desc is asc (a hand-edited
 * address never breaks the screen).
 */
export function parseFacultyListState(search: string): FacultyListState {
  const query = new URLSearchParams(search);
  const pageText = query.get("page") ?? "";
  const column = FACULTY_SORT_COLUMNS.find((name) => name === query.get("sort"));
  return {
    page: /^\d{1,6}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1,
    pageSize: parsePageSize<GridPageSize>(query.get("pageSize"), GRID_PAGE_SIZES, DEFAULT_FACULTY_PAGE_SIZE),
    sort: column ? { column, direction: query.get("direction") === "desc" ? "desc" : "asc" } : null,
  };
}

/** Writes the state as a query (`?page=2&sort=rating&direction=desc`), defaults left out. */
export function serializeFacultyListState(state: FacultyListState): string {
  const query = new URLSearchParams();
  if (state.page !== 1) query.set("page", String(state.page));
  if (state.pageSize !== DEFAULT_FACULTY_PAGE_SIZE) query.set("pageSize", String(state.pageSize));
  if (state.sort) {
    query.set("sort", state.sort.column);
    if (state.sort.direction === "desc") query.set("direction", "desc");
  }
  const text = query.toString();
  return text === "" ? "" : `?${text}`;
}

/** The FacultyList query of a state: no search text, the page and (when a header sorts) the sort. */
export function facultyListRequest(state: FacultyListState) {
  return {
    search: "",
    pageNo: state.page,
    count: pageSizeCount(state.pageSize),
    ...facultySortRequest(state.sort),
  };
}
