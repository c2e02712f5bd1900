/** A page size of the sent messages and of a message's recipients. */
export type NotificationPageSize = 10 | 25 | 50;
export const NOTIFICATION_PAGE_SIZES: readonly NotificationPageSize[] = [10, 25, 50];
/** A recipient status filter ("" = all). */
export type RecipientStatusFilter = "" | "queued" | "sent" | "failed";

/**
 * The communication channels' state in the address:
 * `?page=&pageSize=&message=<id>&rpage=&rpageSize=&status=` (the sent list's page, the message whose
 * recipients are shown, their page and status filter).
 */
export type NotificationState = {
  page: number;
  pageSize: NotificationPageSize;
  message: string;
  recipientPage: number;
  recipientPageSize: NotificationPageSize;
  status: RecipientStatusFilter;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const pageOf = (raw: string | null) => {
  const n = Number(raw ?? "1");
  return Number.isInteger(n) && n >= 1 ? n : 1;
};
const sizeOf = (raw: string | null): NotificationPageSize => {
  const n = Number(raw ?? "25");
  return (NOTIFICATION_PAGE_SIZES as readonly number[]).includes(n) ? (n as NotificationPageSize) : 25;
};

/** Reads the state from a query string; anything unknown falls back to the default. */
export function parseNotificationState(search: string): NotificationState {
  const q = new URLSearchParams(search);
  const message = q.get("message") ?? "";
  const status = q.get("status") ?? "";
  return {
    page: pageOf(q.get("page")),
    pageSize: sizeOf(q.get("pageSize")),
    message: UUID.test(message) ? message.toLowerCase() : "",
    recipientPage: pageOf(q.get("rpage")),
    recipientPageSize: sizeOf(q.get("rpageSize")),
    status: status === "queued" || status === "sent" || status === "failed" ? status : "",
  };
}

/** The query string of a state, defaults left out. */
export function serializeNotificationState(state: NotificationState): string {
  const q = new URLSearchParams();
  if (state.page !== 1) q.set("page", String(state.page));
  if (state.pageSize !== 25) q.set("pageSize", String(state.pageSize));
  if (state.message) {
    q.set("message", state.message);
    if (state.recipientPage !== 1) q.set("rpage", String(state.recipientPage));
    if (state.recipientPageSize !== 25) q.set("rpageSize", String(state.recipientPageSize));
    if (state.status) q.set("status", state.status);
  }
  const text = q.toString();
  return text ? `?${text}` : "";
}
