import { FACULTY_SORT_COLUMNS, type FacultySortColumn, type SortDirection } from "@portal/domain";
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
