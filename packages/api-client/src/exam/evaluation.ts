import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../client.ts";
import { unwrap } from "../errors.ts";
import type { operations } from "../generated/schema.ts";
import type { JsonAnswer, JsonBody } from "../operation-types.ts";

/* Evaluation: evaluator assignment and the evaluation deadline (openapi/evaluation.yaml). */

/** Answer of GET /sf/exam/evaluatorList/{id}: the exam header, summary cards and evaluator rows. */
export type EvaluatorListAnswer = JsonAnswer<"getEvaluatorList">;
/** The exam an evaluation or student status screen is about (date YYYY-MM-DD, time HH:MM, minutes). */
export type EvaluationExam = EvaluatorListAnswer["exam"];
/** One evaluator assignment (spec §3; wire names Contact__c, Assigned_Paper__c kept). */
export type EvaluatorAssignment = EvaluatorListAnswer["data"][number];
/** One candidate of the Add Evaluator dialog (spec §3 evaluator option, with role and email). */
export type EvaluatorCandidate = JsonAnswer<"listEvaluatorCandidates">["data"][number];
/** Answer of GET /salesforce/EvaluationDetails: the exam's rooms with their evaluators. */
type EvaluationRooms = JsonAnswer<"getEvaluationRooms">;
/** One room of GET /salesforce/EvaluationDetails. */
export type EvaluationRoom = EvaluationRooms["rooms"][number];
/** One item of POST /salesforce/EvaluationDetails (spec §7 evaluator assignment save). */
export type EvaluatorAssignmentSaveItem = JsonBody<"saveEvaluatorAssignments">[number];
/** One item of PATCH /sf/exam/update/evaluation: an evaluator's answer, or `remove` to withdraw. */
export type EvaluatorAnswerItem = JsonBody<"recordEvaluatorAnswers">[number];
/** Query of GET /sf/exam/evaluationAssignments: cycle, the spec §3 evaluation filters, status, page, page size. */
type EvaluationAssignmentsQuery = NonNullable<operations["listEvaluationAssignments"]["parameters"]["query"]>;
/** Answer of GET /sf/exam/evaluationAssignments: one page of assignments, their total and the subject faculty options. */
type EvaluationAssignmentsPage = JsonAnswer<"listEvaluationAssignments">;
/** One row of the evaluation table: the assignment, its exam (with the deadline) and the subject faculty. */
export type EvaluationAssignmentRow = EvaluationAssignmentsPage["data"][number];
/** Query of GET /sf/exam/evaluationOverview: cycle ("" every cycle), page, page size. */
type EvaluationOverviewQuery = NonNullable<operations["getEvaluationOverview"]["parameters"]["query"]>;
/** Answer of GET /sf/exam/evaluationOverview: one page of exams with their evaluation figures. */
type EvaluationOverviewPage = JsonAnswer<"getEvaluationOverview">;
/** One exam of the evaluation list and plan with its summary cards' figures. */
export type EvaluationOverviewExam = EvaluationOverviewPage["exams"][number];
/** Body of PATCH /sf/exam/update/evaluationDeadline: the exam and its deadline (YYYY-MM-DD) or null to clear it. */
export type EvaluationDeadlineUpdate = JsonBody<"updateEvaluationDeadline">;

/** Fills the evaluation table query's defaults (every cycle, no filter, page 1, 10 a page). */
function normaliseEvaluationAssignmentsQuery(
  query: EvaluationAssignmentsQuery,
): Required<EvaluationAssignmentsQuery> {
  return {
    examCycleId: query.examCycleId ?? "",
    deadline: query.deadline ?? "",
    dateOfExam: query.dateOfExam ?? "",
    subjectFaculty: query.subjectFaculty ?? "",
    allocatedTo: query.allocatedTo ?? "",
    status: query.status ?? "",
    pageNo: query.pageNo ?? 1,
    count: query.count ?? 10,
  };
}

/** Fills the evaluation overview query's defaults (every cycle, page 1, 10 a page). */
function normaliseEvaluationOverviewQuery(query: EvaluationOverviewQuery): Required<EvaluationOverviewQuery> {
  return { examCycleId: query.examCycleId ?? "", pageNo: query.pageNo ?? 1, count: query.count ?? 10 };
}

/** The query without its empty values, as sent (the server's defaults apply). */
function sentQuery<Q extends Record<string, string | number>>(query: Q): Partial<Q> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== "")) as Partial<Q>;
}

/**
 * Query keys of the evaluation calls; `evaluationKeys.all` prefixes every one, for
 * `invalidateQueries` after a save, and `evaluationKeys.evaluators(examId)` names one exam's
 * Evaluation page for `setQueryData`.
 */
export const evaluationKeys = {
  all: ["evaluation"] as const,
  evaluators: (examId: string) => ["evaluation", "evaluators", examId] as const,
  candidates: (examId: string, search: string) => ["evaluation", "candidates", examId, search] as const,
  rooms: (examId: string) => ["evaluation", "rooms", examId] as const,
  assignments: (query: EvaluationAssignmentsQuery) =>
    ["evaluation", "assignments", normaliseEvaluationAssignmentsQuery(query)] as const,
  overview: (query: EvaluationOverviewQuery) =>
    ["evaluation", "overview", normaliseEvaluationOverviewQuery(query)] as const,
};

/**
 * GET /sf/exam/evaluatorList/{id}: the Evaluation page of an exam (header, summary cards, evaluator
 * rows by name). ApiError 404 (field `id`) for an unknown exam.
 */
export function evaluatorListQueryOptions(api: ApiClient, examId: string) {
  return queryOptions({
    queryKey: evaluationKeys.evaluators(examId),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/sf/exam/evaluatorList/{id}", { params: { path: { id: examId } }, signal })),
  });
}

/**
 * GET /sf/exam/evaluationAssignments: the evaluation table, one page of the evaluator assignments of a
 * cycle's exams ("" every cycle) matching the filters (deadline "due by", dateOfExam, subjectFaculty,
 * allocatedTo, status), by exam then evaluator; with the total and the subject faculty options.
 * ApiError 400 names a bad filter, 404 an unknown cycle (field `examCycleId`).
 */
export function evaluationAssignmentsQueryOptions(api: ApiClient, query: EvaluationAssignmentsQuery) {
  const normalised = normaliseEvaluationAssignmentsQuery(query);
  return queryOptions({
    queryKey: evaluationKeys.assignments(normalised),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET("/sf/exam/evaluationAssignments", { params: { query: sentQuery(normalised) }, signal }),
      ),
  });
}

/**
 * GET /sf/exam/evaluationOverview: one page of a cycle's exams ("" every cycle) in timetable order,
 * each with its deadline, subject faculty and the Evaluation page's summary figures, in one call.
 * ApiError 404 for an unknown cycle (field `examCycleId`).
 */
export function evaluationOverviewQueryOptions(api: ApiClient, query: EvaluationOverviewQuery) {
  const normalised = normaliseEvaluationOverviewQuery(query);
  return queryOptions({
    queryKey: evaluationKeys.overview(normalised),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET("/sf/exam/evaluationOverview", { params: { query: sentQuery(normalised) }, signal }),
      ),
  });
}

/**
 * PATCH /sf/exam/update/evaluationDeadline: sets (YYYY-MM-DD, not before the exam date) or clears
 * (null) an exam's evaluation deadline; the answer's `message` is the toast. ApiError 400 (field
 * `deadline`, rule `not_before_exam_date` when before the exam), 404 an unknown exam. Invalidate
 * `evaluationKeys.all` afterwards.
 */
export function updateEvaluationDeadlineMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["evaluation", "deadline"],
    mutationFn: async (body: EvaluationDeadlineUpdate) =>
      unwrap(await api.PATCH("/sf/exam/update/evaluationDeadline", { body })),
  });
}

/**
 * GET /salesforce/EvaluatorDetails: faculty not yet assigned to the exam (any status), the section's
 * teacher first, at most 500; `search` narrows by name or e-mail. ApiError 404 (field `examId`).
 */
export function evaluatorCandidatesQueryOptions(api: ApiClient, examId: string, search = "") {
  return queryOptions({
    queryKey: evaluationKeys.candidates(examId, search),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET("/salesforce/EvaluatorDetails", {
          params: { query: search ? { examId, search } : { examId } },
          signal,
        }),
      ),
  });
}

/**
 * GET /salesforce/EvaluationDetails: the rooms of an exam (largest first) with students seated and
 * evaluators per room, and those who mark every room. ApiError 404 (field `examId`).
 */
export function evaluationRoomsQueryOptions(api: ApiClient, examId: string) {
  return queryOptions({
    queryKey: evaluationKeys.rooms(examId),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/salesforce/EvaluationDetails", { params: { query: { examId } }, signal })),
  });
}

/**
 * POST /salesforce/EvaluationDetails: asks faculty members to evaluate (each new one is Requested and
 * mailed) or changes assignments, in one transaction. ApiError 409 `evaluator_already_assigned`,
 * 400/404 naming the item's field (`0.room`); mails leave after the commit and never fail the call.
 * Invalidate `evaluationKeys.all`.
 */
export function saveEvaluatorsMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["evaluation", "save"],
    mutationFn: async (items: EvaluatorAssignmentSaveItem[]) =>
      unwrap(await api.POST("/salesforce/EvaluationDetails", { body: items })),
  });
}

/**
 * PATCH /sf/exam/update/evaluation: records evaluators' answers (Accepted; Rejected with a reason;
 * Requested asks again and mails) or withdraws requests (`remove: true`), in one transaction.
 * ApiError 400 names the item's field (`0.reason`), 404 an unknown assignment.
 */
export function recordEvaluatorAnswersMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["evaluation", "answers"],
    mutationFn: async (items: EvaluatorAnswerItem[]) =>
      unwrap(await api.PATCH("/sf/exam/update/evaluation", { body: items })),
  });
}
