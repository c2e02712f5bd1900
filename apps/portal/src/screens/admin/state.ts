import { PORTAL_ROLES, type PortalRole, USER_LIST_PAGE_SIZES } from "@portal/domain";

/** A page size of the users list (25, 50, 100). */
export type UserPageSize = (typeof USER_LIST_PAGE_SIZES)[number];

/** The users list's state in the address: `?search=&role=&page=&pageSize=`. */
export type UserListState = { search: string; role: PortalRole | ""; page: number; pageSize: UserPageSize };

/** Reads the users list's state from a query string; anything unknown falls back to the default. */
export function parseUserListState(search: string): UserListState {
  const q = new URLSearchParams(search);
  const role = q.get("role") ?? "";
  const page = Number(q.get("page") ?? "1");
  const size = Number(q.get("pageSize") ?? "25");
  return {
    search: (q.get("search") ?? "").trim().slice(0, 200),
    role: (PORTAL_ROLES as readonly string[]).includes(role) ? (role as PortalRole) : "",
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (USER_LIST_PAGE_SIZES as readonly number[]).includes(size) ? (size as UserPageSize) : 25,
  };
}

/** The query string of a users list state, defaults left out. */
export function serializeUserListState(state: UserListState): string {
  const q = new URLSearchParams();
  if (state.search) q.set("search", state.search);
  if (state.role) q.set("role", state.role);
  if (state.page !== 1) q.set("page", String(state.page));
  if (state.pageSize !== 25) q.set("pageSize", String(state.pageSize));
  const text = q.toString();
  return text ? `?${text}` : "";
}

/** The request of GET /admin/users for a state. */
export function toUserListQuery(state: UserListState) {
  return { search: state.search, roleType: state.role, pageNo: state.page, count: state.pageSize };
}
