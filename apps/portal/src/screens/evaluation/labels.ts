import { ApiError } from "@portal/api-client";
import {
  type AssignedPaper,
  type EvaluatorStatus,
  evaluatorStatusLabel,
  formatIsoDate,
} from "@portal/domain";
import type { PagerLabels, Tone } from "@portal/ui";
import { m } from "../../lib/i18n.ts";

/** The translated evaluator status (spec §4: an empty status shows as Requested). */
export function evaluatorStatusText(status: string | null | undefined): string {
  const label: EvaluatorStatus = evaluatorStatusLabel(status);
  if (label === "Accepted") return m.ev_status_accepted();
  if (label === "Rejected") return m.ev_status_rejected();
  return m.ev_status_requested();
}

/** The chip colour of an evaluator status: Accepted green, Rejected red, Requested amber. */
export function evaluatorStatusTone(status: string | null | undefined): Tone {
  const label = evaluatorStatusLabel(status);
  return label === "Accepted" ? "success" : label === "Rejected" ? "danger" : "warning";
}

/** The translated paper an evaluator marks (All, Set 1, Set 2). */
export function paperText(paper: AssignedPaper | string): string {
  if (paper === "Set 1") return m.ev_paper_set1();
  if (paper === "Set 2") return m.ev_paper_set2();
  return m.ev_paper_all();
}

/** The room of an assignment: its name, or "All rooms" when it covers every room. */
export function roomText(room: string | null): string {
  return room ?? m.ev_all_rooms();
}

/** A YYYY-MM-DD date as shown (spec §9 DD-MM-YYYY); anything else as sent. */
export function displayDate(isoDate: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? formatIsoDate(isoDate) : isoDate;
}

/** An exam's evaluation deadline as shown: DD-MM-YYYY, or 'Not set'. */
export function deadlineText(deadline: string | null): string {
  return deadline ? displayDate(deadline) : m.ev_deadline_not_set();
}

/** Text for a value that may be missing (spec §3: missing values show as NA). */
export function orNa(value: string | null | undefined): string {
  return value?.trim() ? value : m.ev_na();
}

/** The text of a failed call for a toast or an error line: the server's errorMessage when it sent one. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.errorMessage;
  if (error instanceof Error && error.message !== "") return error.message;
  return m.shell_something_went_wrong();
}

/** The field an API error names, without its item prefix (`0.reason` -> `reason`); null if none. */
export function errorField(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.field) return null;
  return error.field.replace(/^\d+\./, "");
}

/** Translated labels of the evaluation grids' pager (spec §2 first, previous, next, last; §9). */
export function pagerLabels(): PagerLabels {
  return {
    nav: m.ev_pager_nav(),
    first: m.ev_pager_first(),
    previous: m.ev_pager_previous(),
    next: m.ev_pager_next(),
    last: m.ev_pager_last(),
    rowsPerPage: m.ev_rows_per_page(),
    all: m.ev_all(),
    range: ({ from, to, total }) => m.ev_page_summary({ from, to, total }),
  };
}
