import { SPEC_MESSAGES } from "./messages.ts";

/**
 * Question paper statuses (spec §4). The legacy data also writes "Under review"; it is read as
 * "Under Review" by {@link normalizeQuestionPaperStatus}.
 */
export const QUESTION_PAPER_STATUSES = [
  "Not Submitted",
  "Submitted",
  "Under Review",
  "Approved",
  "Request Sent",
] as const;
export type QuestionPaperStatus = (typeof QUESTION_PAPER_STATUSES)[number];

/**
 * Columns the paged question paper list sorts by on the server (openapi listQuestionPapers
 * `sortBy`): course name (then term), term, faculty, exam cycle, batch, status (in the order of
 * {@link QUESTION_PAPER_STATUSES}). Without a sort the list is by course name, then term.
 */
export const QUESTION_PAPER_SORT_COLUMNS = [
  "courseName",
  "term",
  "faculty",
  "examCycle",
  "batch",
  "status",
] as const;
export type QuestionPaperSortColumn = (typeof QUESTION_PAPER_SORT_COLUMNS)[number];
/** Direction of a server-side sort (`sortDirection`): ascending or descending. */
export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** Status of one set (paper 1 or paper 2). A set is Approved or, for display, Not Approved. */
export const SET_STATUSES = ["Not Submitted", "Submitted", "Approved"] as const;
export type SetStatus = (typeof SET_STATUSES)[number];
export type QuestionPaperSet = 1 | 2;

/** Reads a stored or wire status, accepting the spec's alternative spelling "Under review". */
export function normalizeQuestionPaperStatus(value: string): QuestionPaperStatus | null {
  if (value === "Under review") return "Under Review";
  return (QUESTION_PAPER_STATUSES as readonly string[]).includes(value)
    ? (value as QuestionPaperStatus)
    : null;
}

const VIEWABLE: ReadonlySet<QuestionPaperStatus> = new Set([
  "Approved",
  "Under Review",
  "Submitted",
  "Request Sent",
]);
const APPROVABLE: ReadonlySet<QuestionPaperStatus> = new Set(["Request Sent", "Under Review", "Submitted"]);

/** View is offered for Approved, Under review, Submitted and Request Sent (spec §4). */
export function canViewQuestionPaper(status: QuestionPaperStatus): boolean {
  return VIEWABLE.has(status);
}

/** Approve is offered for Request Sent, Under review and Submitted (spec §4). */
export function canOfferApproval(status: QuestionPaperStatus): boolean {
  return APPROVABLE.has(status);
}

/**
 * Why approving the whole paper is refused, or null when it is allowed (spec §4, §5): the status
 * must offer approval and both sets must be Approved; otherwise the spec's message
 * 'Question-paper is not apporved ' (spelled so) is returned.
 */
export function questionPaperApprovalBlock(paper: {
  status: QuestionPaperStatus;
  setOneStatus: SetStatus;
  setTwoStatus: SetStatus;
}): string | null {
  if (paper.setOneStatus !== "Approved" || paper.setTwoStatus !== "Approved") {
    return SPEC_MESSAGES.questionPaperNotApproved;
  }
  if (!canOfferApproval(paper.status)) return SPEC_MESSAGES.questionPaperNotApproved;
  return null;
}

/** On the paper view a set shows Approved or Not Approved (spec §4). */
export function setDisplayStatus(status: SetStatus): "Approved" | "Not Approved" {
  return status === "Approved" ? "Approved" : "Not Approved";
}

/** A set's Approve button shows only while the set is not Approved and has a document (spec §4). */
export function canApproveSet(status: SetStatus, hasDocument: boolean): boolean {
  return status !== "Approved" && hasDocument;
}

/** Texts of the question-paper publication (PATCH /sf/exam/update/QPPublish); the spec shows none. */
export const QUESTION_PAPER_PUBLISH_MESSAGES = {
  /** A paper that is not Approved cannot be published. */
  notApproved: "Only an approved question paper can be published",
  /** A paper is published once. */
  alreadyPublished: "This question paper is already published",
} as const;

/**
 * Why a question paper cannot be published, or null when it can (the lifecycle's last step, spec §4
 * "question papers can be published"; the allowed transition is ours): only an Approved paper that
 * is not yet published. `published` is whether the paper carries a publication time.
 */
export function questionPaperPublishBlock(paper: {
  status: QuestionPaperStatus;
  published: boolean;
}): string | null {
  if (paper.published) return QUESTION_PAPER_PUBLISH_MESSAGES.alreadyPublished;
  if (paper.status !== "Approved") return QUESTION_PAPER_PUBLISH_MESSAGES.notApproved;
  return null;
}

/** Publish is offered for an Approved paper not yet published. */
export function canPublishQuestionPaper(paper: { status: QuestionPaperStatus; published: boolean }): boolean {
  return questionPaperPublishBlock(paper) === null;
}
