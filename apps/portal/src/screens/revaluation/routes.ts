/**
 * Addresses of the revaluation, retest, answer sheet and moderation screens (spec §2 exam routes:
 * /app/exam/revaluationRetest, /app/exam/revaluation/{id}, /app/exam/retest, /app/exam/retest/{id},
 * /app/exam/revaluation/requestStudentQuestionPaper/{id}, /app/exam/moderation,
 * /app/exam/moderation/details/{id}; /app/exams/requests and its revaluation, AnswerSheetView,
 * RevaluationView, RevaluationAssign and RetestView). Ids are URL-encoded.
 */
const enc = encodeURIComponent;

export const revaluationLinks = {
  /** The Revaluation list. */
  revaluationList: () => "/app/exam/revaluationRetest",
  /** The Revaluation student list of an exam (first variant: evaluator, status, accept). */
  revaluationStudents: (examId: string) => `/app/exam/revaluation/${enc(examId)}`,
  /** The Retest list. */
  retestList: () => "/app/exam/retest",
  /** The Retest student list of an exam. */
  retestStudents: (examId: string) => `/app/exam/retest/${enc(examId)}`,
  /** The question paper and answer sheet of one revaluation request. */
  questionPaper: (requestId: string) => `/app/exam/revaluation/requestStudentQuestionPaper/${enc(requestId)}`,
  /** The requests area's start. */
  requests: () => "/app/exams/requests",
  /** The requests area's Revaluation list (its rows open the second variant). */
  requestsRevaluation: () => "/app/exams/requests/revaluation",
  /** The second variant of the Revaluation student list (answer type, fees status, mode of exam). */
  requestsRevaluationView: (examId: string) => `/app/exams/requests/RevaluationView/${enc(examId)}`,
  /** Evaluator assignment of an exam's revaluation requests. */
  requestsRevaluationAssign: (examId: string) => `/app/exams/requests/RevaluationAssign?id=${enc(examId)}`,
  /** Answer sheets of an exam's requesting students (upload and view). */
  requestsAnswerSheets: (examId: string) => `/app/exams/requests/AnswerSheetView?id=${enc(examId)}`,
  /** The requests area's retest view of an exam. */
  requestsRetestView: (examId: string) => `/app/exams/requests/RetestView?id=${enc(examId)}`,
  /** Moderation: the course offerings. */
  moderationList: () => "/app/exam/moderation",
  /** Moderation of one course offering. */
  moderationDetails: (offeringId: string) => `/app/exam/moderation/details/${enc(offeringId)}`,
};

/** The `id` of a query string (`?id=`), at most 100 characters; "" without one. */
export function idOf(search: string): string {
  return (new URLSearchParams(search).get("id") ?? "").trim().slice(0, 100);
}
