import { CONTRACT_PAGE_SIZES, type ContractState, isContractState } from "@portal/domain";

/** A page size of the contract list (10, 25, 50). */
export type ContractPageSize = (typeof CONTRACT_PAGE_SIZES)[number];

/** The contract list's state in the address: `?state=&search=&page=&pageSize=`. */
export type ContractListState = {
  state: ContractState | "";
  search: string;
  page: number;
  pageSize: ContractPageSize;
};

/** Reads the contract list's state from a query string; anything unknown falls back to the default. */
export function parseContractListState(search: string): ContractListState {
  const q = new URLSearchParams(search);
  const state = q.get("state") ?? "";
  const page = Number(q.get("page") ?? "1");
  const size = Number(q.get("pageSize") ?? "10");
  return {
    state: isContractState(state) ? state : "",
    search: (q.get("search") ?? "").trim().slice(0, 100),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (CONTRACT_PAGE_SIZES as readonly number[]).includes(size) ? (size as ContractPageSize) : 10,
  };
}

/** The query string of a contract list state, defaults left out. */
export function serializeContractListState(s: ContractListState): string {
  const q = new URLSearchParams();
  if (s.state) q.set("state", s.state);
  if (s.search) q.set("search", s.search);
  if (s.page !== 1) q.set("page", String(s.page));
  if (s.pageSize !== 10) q.set("pageSize", String(s.pageSize));
  const text = q.toString();
  return text ? `?${text}` : "";
}

/** The request of GET /salesforce/facultyOnboarding/contracts for a state. */
export function toContractListQuery(s: ContractListState) {
  return { state: s.state, search: s.search, pageNo: s.page, count: s.pageSize };
}
