/** A page size of the events list. */
export type EventPageSize = 10 | 25 | 50;
export const EVENT_PAGE_SIZES: readonly EventPageSize[] = [10, 25, 50];

/** How the events are shown: the paged table (the default) or the month calendar. */
export type EventView = "table" | "calendar";

/**
 * The events list's state in the address: `?from=&page=&pageSize=&view=` (from: a date YYYY-MM-DD or
 * empty; view `calendar` for the month calendar, the table otherwise).
 */
export type EventListState = { from: string; page: number; pageSize: EventPageSize; view: EventView };

/** Reads the events list's state from a query string; anything unknown falls back to the default. */
export function parseEventListState(search: string): EventListState {
  const q = new URLSearchParams(search);
  const from = q.get("from") ?? "";
  const page = Number(q.get("page") ?? "1");
  const size = Number(q.get("pageSize") ?? "25");
  return {
    from: /^\d{4}-\d{2}-\d{2}$/.test(from) ? from : "",
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (EVENT_PAGE_SIZES as readonly number[]).includes(size) ? (size as EventPageSize) : 25,
    view: q.get("view") === "calendar" ? "calendar" : "table",
  };
}

/** The query string of an events list state, defaults left out. */
export function serializeEventListState(state: EventListState): string {
  const q = new URLSearchParams();
  if (state.from) q.set("from", state.from);
  if (state.page !== 1) q.set("page", String(state.page));
  if (state.pageSize !== 25) q.set("pageSize", String(state.pageSize));
  if (state.view === "calendar") q.set("view", "calendar");
  const text = q.toString();
  return text ? `?${text}` : "";
}

/** The request of GET /admin/events for a state. */
export function toEventListQuery(state: EventListState) {
  return { ...(state.from ? { from: state.from } : {}), pageNo: state.page, count: state.pageSize };
}
