/**
 * Screen state of the intake and subject planning screens (spec, Academic planning §2 "Screens and routes",
 * §4, §5): the batches list's filters kept in the address with the §4 reset rules of @portal/domain, the
 * subject list's selection kept in session storage, and the small rules the dialogs apply (section
 * letters, one faculty per section, attachment type). Pure apart from the storage passed in.
 */
import type { BatchListRequest } from "@portal/api-client";
import {
  BATCH_SORT_COLUMNS,
  type BatchFilters,
  type BatchSortColumn,
  changeBatchFilter,
  EMPTY_BATCH_FILTERS,
  INTAKE_MONTHS,
  isAllowedAttachment,
  nextSectionLetter,
  PLANNING_MESSAGES,
  pageSizeCount,
  uniqueSelection,
} from "@portal/domain";

/** Page sizes of the batches list (spec §2 shared widgets: 10, 25, 50, All). */
export const BATCH_PAGE_SIZES = [10, 25, 50, "all"] as const;
export type BatchPageSize = (typeof BATCH_PAGE_SIZES)[number];
/** A header sort of the batches list (server-side, `sortBy`/`sortDirection`); null is the list's own order. */
export type BatchListSort = { column: BatchSortColumn; direction: "asc" | "desc" } | null;

/** The batches list's state in the address: the five filters ("" = all), the page and the header sort. */
export type BatchListState = BatchFilters & { page: number; pageSize: BatchPageSize; sort: BatchListSort };

const FILTER_KEYS = ["program", "batch", "intake", "campus", "termStatus"] as const;

/**
 * Reads `?program=&batch=&intake=&campus=&termStatus=&page=&pageSize=&sort=&direction=`; anything
 * unknown is dropped (an unknown sort column is no sort, any direction but desc is asc).
 */
export function parseBatchListState(search: string): BatchListState {
  const q = new URLSearchParams(search);
  const filters: BatchFilters = { ...EMPTY_BATCH_FILTERS };
  for (const key of FILTER_KEYS) filters[key] = (q.get(key) ?? "").slice(0, 200);
  if (filters.batch !== "" && !/^\d{4}$/.test(filters.batch)) filters.batch = "";
  if (filters.intake !== "" && !(INTAKE_MONTHS as readonly string[]).includes(filters.intake)) {
    filters.intake = "";
  }
  const page = Number(q.get("page"));
  const sizeText = q.get("pageSize");
  const pageSize = BATCH_PAGE_SIZES.find((s) => String(s) === sizeText) ?? 10;
  const column = BATCH_SORT_COLUMNS.find((name) => name === q.get("sort"));
  const sort: BatchListSort = column
    ? { column, direction: q.get("direction") === "desc" ? "desc" : "asc" }
    : null;
  return { ...filters, page: Number.isInteger(page) && page >= 1 ? page : 1, pageSize, sort };
}

/** Writes the state as a query string ("" when everything is at its default). */
export function serializeBatchListState(state: BatchListState): string {
  const q = new URLSearchParams();
  for (const key of FILTER_KEYS) if (state[key] !== "") q.set(key, state[key]);
  if (state.page !== 1) q.set("page", String(state.page));
  if (state.pageSize !== 10) q.set("pageSize", String(state.pageSize));
  if (state.sort) {
    q.set("sort", state.sort.column);
    if (state.sort.direction === "desc") q.set("direction", "desc");
  }
  const text = q.toString();
  return text === "" ? "" : `?${text}`;
}

/**
 * One filter changed (spec §4): the domain's reset rules (program resets all others; batch resets
 * intake, campus and term status; intake resets campus and term status), back to page 1.
 */
export function changeBatchListFilter(
  state: BatchListState,
  key: keyof BatchFilters,
  value: string,
): BatchListState {
  const { page: _page, pageSize, sort, ...filters } = state;
  const next = changeBatchFilter(filters, key, value);
  if (next === filters) return state;
  return { ...next, page: 1, pageSize, sort };
}

/** 'Clear All': every filter back to all, page 1, page size kept. */
export function clearBatchListFilters(state: BatchListState): BatchListState {
  return { ...EMPTY_BATCH_FILTERS, page: 1, pageSize: state.pageSize, sort: state.sort };
}

/** The body of the batch list call for this state (All is count 0, capped by the server; the sort when set). */
export function toBatchListRequest(state: BatchListState): BatchListRequest {
  return {
    program: state.program,
    batch: state.batch === "" ? "" : Number(state.batch),
    intake: state.intake as BatchListRequest["intake"],
    campus: state.campus,
    termStatus: state.termStatus,
    pageNo: state.page,
    count: pageSizeCount(state.pageSize),
    ...(state.sort ? { sortBy: state.sort.column, sortDirection: state.sort.direction } : {}),
  } as BatchListRequest;
}

// ---------------------------------------------------------------------------------------------
// Subject list selection (spec §2 Term-Wise Subject List: kept in navigation and session storage)

/** What session storage holds for the planning screens (spec §2, §4). */
export type StoredSelection = {
  program: string;
  programPlan: string;
  academicTerm: string;
  year: string;
  intake: string;
  programPlanId: string;
};

/** Session storage keys, one per value (spec §2: program, program plan, academic term, year, intake, program plan id). */
export const SELECTION_KEYS: Record<keyof StoredSelection, string> = {
  program: "program",
  programPlan: "programPlan",
  academicTerm: "academicTerm",
  year: "year",
  intake: "intake",
  programPlanId: "programPlanId",
};

const EMPTY_SELECTION: StoredSelection = {
  program: "",
  programPlan: "",
  academicTerm: "",
  year: "",
  intake: "",
  programPlanId: "",
};

type KeyValueStore = Pick<Storage, "getItem" | "setItem">;

/** Reads the stored selection (empty strings where nothing is stored, or without storage). */
export function readStoredSelection(store: KeyValueStore | null): StoredSelection {
  if (!store) return { ...EMPTY_SELECTION };
  const out = { ...EMPTY_SELECTION };
  for (const key of Object.keys(SELECTION_KEYS) as (keyof StoredSelection)[]) {
    out[key] = store.getItem(SELECTION_KEYS[key]) ?? "";
  }
  return out;
}

/** Stores the given values of the selection (others kept). */
export function storeSelection(store: KeyValueStore | null, values: Partial<StoredSelection>): void {
  if (!store) return;
  for (const [key, value] of Object.entries(values) as [keyof StoredSelection, string | undefined][]) {
    if (value !== undefined) store.setItem(SELECTION_KEYS[key], value);
  }
}

/** The browser's session storage, or null where there is none (server render, blocked storage). */
export function sessionStore(): KeyValueStore | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The selection of the subject list: from the address (navigation state) first, else from session
 * storage (spec §2: program, intake and year are kept in navigation state and in session storage).
 */
export function initialSelection(
  search: string,
  stored: StoredSelection,
): { program: string; year: string; intake: string } {
  const q = new URLSearchParams(search);
  const program = q.get("program") ?? "";
  if (program !== "") return { program, year: q.get("year") ?? "", intake: q.get("intake") ?? "" };
  return { program: stored.program, year: stored.year, intake: stored.intake };
}

/** The address of a selection (`?program=&year=&intake=`). */
export function selectionSearch(s: { program: string; year: string; intake: string }): string {
  const q = new URLSearchParams();
  if (s.program) q.set("program", s.program);
  if (s.year) q.set("year", s.year);
  if (s.intake) q.set("intake", s.intake);
  const text = q.toString();
  return text === "" ? "" : `?${text}`;
}

// ---------------------------------------------------------------------------------------------
// §5 rules as the dialogs apply them

/** The letter the next added section gets (A..Z in order), or null when all 26 exist. */
export function nextSectionLabel(sections: readonly { courseOfferingSectionId: string }[]): string | null {
  return nextSectionLetter(sections.map((s) => s.courseOfferingSectionId));
}

/**
 * Faculty chosen for a section (spec §4, §5): duplicates removed; one faculty only. Choosing a
 * second one keeps the first and answers the info message 'Only 1 faculty can be selected'.
 */
export function chooseFaculty(
  current: readonly string[],
  id: string,
): { ids: string[]; info: string | null } {
  const next = uniqueSelection([...current, id]);
  if (next.length > 1) return { ids: uniqueSelection([...current]), info: PLANNING_MESSAGES.onlyOneFaculty };
  return { ids: next, info: null };
}

/** §5 attachment rule: null when the file may be attached, else 'Please Select Only Doc ,Pdf and Image'. */
export function attachmentProblem(fileName: string): string | null {
  return isAllowedAttachment(fileName) ? null : PLANNING_MESSAGES.attachmentType;
}

/** DD/MM/YYYY (wire) as ISO YYYY-MM-DD for a date field ("" when it is not one). */
export function wireToIso(wire: string): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(wire);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : "";
}

/** DD/MM/YYYY (wire) shown DD-MM-YYYY (spec §9). */
export function wireToDisplay(wire: string): string {
  return wire.replaceAll("/", "-");
}
