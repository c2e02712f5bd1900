import { DEFAULT_LIST_PAGE_SIZE, LIST_PAGE_SIZES, type ListPageSize } from "@portal/domain";
/**
 * The paging of the Revaluation and Retest lists kept in the address (`?page=&pageSize=`) so a
 * reload or Back shows the same page: 1-based `page`, `pageSize` 25, 50 or 100 (spec §9, default 25).
 * Reading is forgiving (anything else is the default); writing leaves defaults out.
 */
export type RequestListState = { page: number; pageSize: ListPageSize };

/** Reads `?page=&pageSize=`. */
export function parseRequestListState(search: string): RequestListState {
  const query = new URLSearchParams(search);
  const pageText = query.get("page") ?? "";
  const size = Number(query.get("pageSize") ?? "");
  return {
    page: /^\d{1,6}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1,
    pageSize: (LIST_PAGE_SIZES as readonly number[]).includes(size)
      ? (size as ListPageSize)
      : DEFAULT_LIST_PAGE_SIZE,
  };
}

/** Writes the state as a query ("" or "?..."), leaving out defaults. */
export function serializeRequestListState(state: RequestListState): string {
  const query = new URLSearchParams();
  if (state.page > 1) query.set("page", String(state.page));
  if (state.pageSize !== 25) query.set("pageSize", String(state.pageSize));
  const text = query.toString();
  return text === "" ? "" : `?${text}`;
}
