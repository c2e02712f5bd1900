import type { DocumentStatus, EligibilityStatus, ExamProgressStatus } from "@portal/domain";
import type { Tone } from "@portal/ui";
import { m } from "../../../lib/i18n.ts";
import { formatNumber } from "../../kit/format.ts";

/** The translated eligibility label (spec §4: Eligible, Not eligible, At Risk, Under Review). */
export function eligibilityText(status: EligibilityStatus): string {
  switch (status) {
    case "Eligible":
      return m.elig_eligible();
    case "Not eligible":
      return m.elig_not_eligible();
    case "At Risk":
      return m.elig_at_risk();
    default:
      return m.elig_under_review();
  }
}

/** The chip colour of an eligibility label. */
export function eligibilityTone(status: EligibilityStatus): Tone {
  if (status === "Eligible") return "success";
  if (status === "Not eligible") return "danger";
  if (status === "At Risk") return "warning";
  return "info";
}

/** The translated exam status (spec §4: Completed, Pending). */
export function progressText(status: ExamProgressStatus): string {
  return status === "Completed" ? m.elig_completed() : m.elig_pending();
}

/** The translated document label (spec §4: Submitted, Not Submitted). */
export function documentText(status: DocumentStatus): string {
  return status === "Submitted" ? m.elig_submitted() : m.elig_not_submitted();
}

/** Attendance as shown: "82 %", or NA while none is recorded. */
export function attendanceText(percent: number | null): string {
  return percent === null ? m.ev_na() : m.elig_percent({ percent: formatNumber(percent) });
}
