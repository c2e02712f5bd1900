import { GRID_PAGE_SIZES, type GridPageSize, pageSizeCount } from "@portal/domain";

/**
 * The enrolment screens' state in the address:
 * `?institute=&programme=&plan=&term=&page=&pageSize=` (ids; "" = not chosen). The term is the
 * Enrol Student screen's "till term" and the Enrol Faculty screen's term.
 */
export type EnrolmentState = {
  institute: string;
  programme: string;
  plan: string;
  term: string;
  page: number;
  pageSize: GridPageSize;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idOf = (value: string | null) => (value && UUID.test(value) ? value : "");

/** Reads the state from a query string; anything unknown falls back to the default (and a wider choice missing clears the narrower). */
export function parseEnrolmentState(search: string): EnrolmentState {
  const q = new URLSearchParams(search);
  const institute = idOf(q.get("institute"));
  const programme = institute ? idOf(q.get("programme")) : "";
  const plan = programme ? idOf(q.get("plan")) : "";
  const term = plan ? idOf(q.get("term")) : "";
  const page = Number(q.get("page") ?? "1");
  const size = Number(q.get("pageSize") ?? "25");
  return {
    institute,
    programme,
    plan,
    term,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (GRID_PAGE_SIZES as readonly number[]).includes(size) ? (size as GridPageSize) : 25,
  };
}

/** The query string of a state, defaults left out. */
export function serializeEnrolmentState(state: EnrolmentState): string {
  const q = new URLSearchParams();
  if (state.institute) q.set("institute", state.institute);
  if (state.programme) q.set("programme", state.programme);
  if (state.plan) q.set("plan", state.plan);
  if (state.term) q.set("term", state.term);
  if (state.page !== 1) q.set("page", String(state.page));
  if (state.pageSize !== 25) q.set("pageSize", String(state.pageSize));
  const text = q.toString();
  return text ? `?${text}` : "";
}

/** The request of getDataForCourseEnrolment for a state. */
export function toOptionsQuery(state: EnrolmentState) {
  return { instituteId: state.institute, academicProgramId: state.programme, programPlanId: state.plan };
}

/** The page request (till term, page, size) of a state. */
export function toPageQuery(state: EnrolmentState) {
  return { termId: state.term, pageNo: state.page, count: pageSizeCount(state.pageSize) };
}

/** A choice in the filters: the state with the narrower choices under it cleared and page 1. */
export function choose(
  state: EnrolmentState,
  level: "institute" | "programme" | "plan" | "term",
  id: string,
): EnrolmentState {
  const next = { ...state, page: 1, [level]: id };
  if (level === "institute") return { ...next, programme: "", plan: "", term: "" };
  if (level === "programme") return { ...next, plan: "", term: "" };
  if (level === "plan") return { ...next, term: "" };
  return next;
}
