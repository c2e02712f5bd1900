import { CONTRACT_PAGE_SIZES } from "@portal/domain";
import type { ContractPageSize } from "./state.ts";

/** View Course's address: one course offering (`?id=`) or the list to pick one (`?search=&page=&pageSize=`). */
export type CourseViewState = {
  /** The course offering shown; "" shows the list. */
  id: string;
  search: string;
  page: number;
  pageSize: ContractPageSize;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads View Course's state from a query string; anything unknown falls back to the default. */
export function parseCourseViewState(search: string): CourseViewState {
  const q = new URLSearchParams(search);
  const id = (q.get("id") ?? "").trim();
  const page = Number(q.get("page") ?? "1");
  const size = Number(q.get("pageSize") ?? "10");
  return {
    id: UUID.test(id) ? id.toLowerCase() : "",
    search: (q.get("search") ?? "").trim().slice(0, 100),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (CONTRACT_PAGE_SIZES as readonly number[]).includes(size) ? (size as ContractPageSize) : 10,
  };
}

/** The query string of a View Course state, defaults left out. */
export function serializeCourseViewState(s: CourseViewState): string {
  const q = new URLSearchParams();
  if (s.id) q.set("id", s.id);
  if (s.search) q.set("search", s.search);
  if (s.page !== 1) q.set("page", String(s.page));
  if (s.pageSize !== 10) q.set("pageSize", String(s.pageSize));
  const text = q.toString();
  return text ? `?${text}` : "";
}

/** The request of GET /salesforce/facultyOnboarding/courseOfferings for a state. */
export function toCourseOfferingListQuery(s: CourseViewState) {
  return { search: s.search, pageNo: s.page, count: s.pageSize };
}
