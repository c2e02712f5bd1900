/*
 * Course feedback (spec routes /app/feedback/feedback-setup, /app/feedback/feedback-list,
 * /app/feedback/Student-list; screens feedbackSetup, feedbackList, studentList). The spec names the
 * routes only; the rest is the portal's design, documented in openapi/feedback.yaml:
 *
 * - a feedback form belongs to one course offering and asks questions that are either a rating
 *   (1 to 5) or free text; it is open from its opening date to its closing date, both inclusive,
 *   as days at the course offering's campus;
 * - each enrolled student gets a single-use link by mail; answers are kept without the student
 *   (the link only records that it was used), so staff read results, never who said what;
 * - once any answer exists the questions are fixed (title and dates may still change).
 */

/** Kinds of feedback question: a rating from 1 (poor) to 5 (excellent), or free text. */
export const FEEDBACK_QUESTION_KINDS = ["rating", "text"] as const;
export type FeedbackQuestionKind = (typeof FEEDBACK_QUESTION_KINDS)[number];

/** Lowest and highest rating. */
export const FEEDBACK_RATING_MIN = 1;
export const FEEDBACK_RATING_MAX = 5;
/** At most this many questions per form. */
export const FEEDBACK_MAX_QUESTIONS = 30;
/** Longest free-text answer, in characters. */
export const FEEDBACK_MAX_TEXT = 2000;

/** Where a form stands on a given day: not yet open, open, or closed. */
export const FEEDBACK_FORM_STATUSES = ["scheduled", "open", "closed"] as const;
export type FeedbackFormStatus = (typeof FEEDBACK_FORM_STATUSES)[number];

/** Messages of the feedback calls, in English (the screens show their catalogue's). */
export const FEEDBACK_MESSAGES = {
  titleRequired: "Title is required",
  offeringRequired: "Select a course offering",
  promptRequired: "Question text is required",
  kindRequired: "Select a question type",
  questionsRequired: "Add at least one question",
  tooManyQuestions: `At most ${FEEDBACK_MAX_QUESTIONS} questions`,
  dateFormat: "Enter a date",
  closeBeforeOpen: "The closing date must not be before the opening date",
  noSuchOffering: "No such course offering",
  noSuchForm: "No such feedback form",
  questionsLocked: "Questions cannot be changed once answers exist",
  formClosed: "This feedback form is closed",
  formNotOpen: "This feedback form is not open yet",
  badToken: "This feedback link is not valid",
  usedToken: "This feedback link has already been used",
  ratingRange: `Choose a rating from ${FEEDBACK_RATING_MIN} to ${FEEDBACK_RATING_MAX}`,
  answerRequired: "Answer every rating question",
  unknownQuestion: "No such question on this form",
  textTooLong: `At most ${FEEDBACK_MAX_TEXT} characters`,
} as const;

/** Where a form open from `opensOn` to `closesOn` (inclusive) stands on `today` (all YYYY-MM-DD). */
export function feedbackFormStatus(opensOn: string, closesOn: string, today: string): FeedbackFormStatus {
  if (today < opensOn) return "scheduled";
  if (today > closesOn) return "closed";
  return "open";
}

/** Whether two question lists ask the same (same kinds and texts in the same order). */
export function sameFeedbackQuestions(
  a: readonly { kind: string; prompt: string }[],
  b: readonly { kind: string; prompt: string }[],
): boolean {
  return a.length === b.length && a.every((q, i) => q.kind === b[i]?.kind && q.prompt === b[i]?.prompt);
}
