import { ApiError } from "@portal/api-client";
import { type AssignedPaper, type EvaluatorStatus, evaluatorStatusLabel } from "@portal/domain";
import type { PagerLabels, Tone } from "@portal/ui";
import { m } from "../../../lib/i18n.ts";
import { displayDate } from "../../kit/display-date.ts";
import { pagerLabels } from "../../kit/pager-labels.ts";

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

/** An exam's evaluation deadline as shown: DD-MM-YYYY, or 'Not set'. */
export function deadlineText(deadline: string | null): string {
  return deadline ? displayDate(deadline) : m.ev_deadline_not_set();
}

/** Text for a value that may be missing (spec §3: missing values show as NA). */
export function orNa(value: string | null | undefined): string {
  return value?.trim() ? value : m.ev_na();
}

/** The field an API error names, without its item prefix (`0.reason` -> `reason`); null if none. */
export function errorField(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.field) return null;
  return error.field.replace(/^\d+\./, "");
}

/** Translated labels of the evaluation grids' pager: the kit's, with the range as these grids write it ('1-10 of 12'). */
export function evaluationPagerLabels(): PagerLabels {
  return {
    ...pagerLabels(m.ev_pager_nav()),
    range: ({ from, to, total }) => m.ev_page_summary({ from, to, total }),
  };
}
