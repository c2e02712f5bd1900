import { m } from "../../lib/i18n.ts";
import { formatMarks, formatNumber } from "../kit/format.ts";

/**
 * Labels of the revaluation and retest screens in the page's language. The spec's values (§4:
 * Completed, Pending, Accept, Reject; §3 Submitted, Not Submitted) are the wire values; these turn
 * them into catalogue texts.
 */

/** Revaluation status (Completed, Pending), revaluation accept (Accept, Reject) and retest accept (Accept, Pending, Reject). */
export function decisionText(value: string | null | undefined): string {
  switch (value) {
    case "Completed":
      return m.reval_completed();
    case "Pending":
      return m.reval_pending();
    case "Accept":
      return m.reval_accept();
    case "Reject":
      return m.reval_reject();
    case "Submitted":
      return m.reval_submitted();
    case "Not Submitted":
      return m.reval_not_submitted();
    case null:
    case undefined:
    case "":
      return m.reval_undecided();
    default:
      return value;
  }
}

/** A number of marks as shown: up to 2 decimals; "NA" when missing (spec §3 missing values). */
export function marksText(marks: number | null | undefined, total?: number | null): string {
  if (marks === null || marks === undefined) return m.ev_na();
  const shown = formatMarks(marks);
  return total === null || total === undefined ? shown : `${shown} / ${formatNumber(total)}`;
}
