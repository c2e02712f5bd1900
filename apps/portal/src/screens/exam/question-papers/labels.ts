import { ApiError } from "@portal/api-client";
import { normalizeQuestionPaperStatus, type QuestionPaperStatus, SPEC_MESSAGES } from "@portal/domain";
import { m } from "../../../lib/i18n.ts";
import { errorText as kitErrorText } from "../../kit/error-text.ts";

/** The translated label of a question paper status (spec §4); an unknown value is shown as sent. */
export function statusLabel(status: string): string {
  switch (normalizeQuestionPaperStatus(status)) {
    case "Not Submitted":
      return m.qp_status_not_submitted();
    case "Submitted":
      return m.qp_status_submitted();
    case "Under Review":
      return m.qp_status_under_review();
    case "Approved":
      return m.qp_status_approved();
    case "Request Sent":
      return m.qp_status_request_sent();
    default:
      return displayValue(status);
  }
}

/** The paper view's set status, Approved or Not Approved (spec §4), translated. */
export function setStatusLabel(display: "Approved" | "Not Approved"): string {
  return display === "Approved" ? m.qp_status_approved() : m.qp_status_not_approved();
}

/** Tone of a status chip: approved is good news, sent and under review are in progress. */
export function statusTone(status: string): "success" | "info" | "warning" | "neutral" {
  const normalized: QuestionPaperStatus | null = normalizeQuestionPaperStatus(status);
  if (normalized === "Approved") return "success";
  if (normalized === "Submitted" || normalized === "Under Review") return "info";
  if (normalized === "Request Sent") return "warning";
  return "neutral";
}

/** A text value as shown: missing values (empty or the API's "NA") show as NA (spec §3). */
export function displayValue(value: string | null | undefined): string {
  const text = value?.trim() ?? "";
  return text === "" || text === "NA" ? m.qp_na() : text;
}

/**
 * The text of a failed call for a toast or an error line. The approval block of spec §5 (the
 * server's 409 'Question-paper is not apporved ') is shown through the catalogue, so it reads in the
 * page's language; other failures read as the kit's {@link kitErrorText} does.
 */
export function errorText(error: unknown): string {
  if (error instanceof ApiError && error.errorMessage === SPEC_MESSAGES.questionPaperNotApproved)
    return m.qp_not_approved();
  return kitErrorText(error);
}
