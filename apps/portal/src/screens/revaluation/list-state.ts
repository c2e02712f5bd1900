import {
  DEFAULT_LIST_PAGE_SIZE,
  LIST_PAGE_SIZES,
  type ListPageSize,
  REQUEST_LIST_SORT_COLUMNS,
  type RequestListSortColumn,
  type SortDirection,
} from "@portal/domain";

/** A header sort of the Revaluation or Retest list (server-side, `sortBy`/`sortDirection`); null is the list's own order. */
export type RequestListSort = { column: RequestListSortColumn; direction: SortDirection } | null;

/**
 * The paging and sort of the Revaluation and Retest lists kept in the address
 * (`?page=&pageSize=&sort=&direction=`) so a reload or Back shows the same page: 1-based `page`,
 * `pageSize` 25, 50 or 100 (spec §9, default 25), the sort chosen in a header.
 * Reading is forgiving (anything else is the default); writing leaves defaults out.
 */
export type RequestListState = { page: number; pageSize: ListPageSize; sort: RequestListSort };

/** Reads `?page=&pageSize=&sort=&direction=`: an unknown column is no sort, any direction but desc is asc. */
export function parseRequestListState(search: string): RequestListState {
  const query = new URLSearchParams(search);
  const pageText = query.get("page") ?? "";
  const size = Number(query.get("pageSize") ?? "");
  const column = REQUEST_LIST_SORT_COLUMNS.find((name) => name === query.get("sort"));
  return {
    page: /^\d{1,6}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1,
    pageSize: (LIST_PAGE_SIZES as readonly number[]).includes(size)
      ? (size as ListPageSize)
      : DEFAULT_LIST_PAGE_SIZE,
    sort: column ? { column, direction: query.get("direction") === "desc" ? "desc" : "asc" } : null,
  };
}

/** Writes the state as a query ("" or "?..."), leaving out defaults. */
export function serializeRequestListState(state: RequestListState): string {
  const query = new URLSearchParams();
  if (state.page > 1) query.set("page", String(state.page));
  if (state.pageSize !== 25) query.set("pageSize", String(state.pageSize));
  if (state.sort) {
    query.set("sort", state.sort.column);
    if (state.sort.direction === "desc") query.set("direction", "desc");
  }
  const text = query.toString();
  return text === "" ? "" : `?${text}`;
}

/** The list call's paging and sort for this state (`sortBy`/`sortDirection` only when a header sorts it). */
export function toRequestListPage(state: RequestListState) {
  return {
    pageNo: state.page,
    count: state.pageSize,
    ...(state.sort ? { sortBy: state.sort.column, sortDirection: state.sort.direction } : {}),
  };
}
