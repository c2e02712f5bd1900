import { ETL_PAGE_SIZES } from "@portal/domain";

/** A page size of the bulk import's lists (10, 25, 50). */
export type EtlPageSize = (typeof ETL_PAGE_SIZES)[number];

/**
 * The bulk import screen's state in the address: `?job=<id>&page=&pageSize=&jobsPage=` (the job
 * shown, the page of its error log, the page of the job list).
 */
export type EtlState = { job: string; page: number; pageSize: EtlPageSize; jobsPage: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const pageOf = (raw: string | null) => {
  const n = Number(raw ?? "1");
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

/** Reads the state from a query string; anything unknown falls back to the default. */
export function parseEtlState(search: string): EtlState {
  const q = new URLSearchParams(search);
  const job = q.get("job") ?? "";
  const size = Number(q.get("pageSize") ?? "25");
  return {
    job: UUID.test(job) ? job.toLowerCase() : "",
    page: pageOf(q.get("page")),
    pageSize: (ETL_PAGE_SIZES as readonly number[]).includes(size) ? (size as EtlPageSize) : 25,
    jobsPage: pageOf(q.get("jobsPage")),
  };
}

/** The query string of a state, defaults left out. */
export function serializeEtlState(state: EtlState): string {
  const q = new URLSearchParams();
  if (state.job) q.set("job", state.job);
  if (state.page !== 1) q.set("page", `${state.page}`);
  if (state.pageSize !== 25) q.set("pageSize", `${state.pageSize}`);
  if (state.jobsPage !== 1) q.set("jobsPage", `${state.jobsPage}`);
  const text = q.toString();
  return text ? `?${text}` : "";
}
