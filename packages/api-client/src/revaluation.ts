import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "./client.ts";
import { unwrap } from "./errors.ts";
import type { JsonAnswer, JsonBody } from "./operation-types.ts";

/*
 * Revaluation, retest, answer sheets and moderation: openapi/revaluation.yaml (spec §2 Revaluation
 * list, Retest list, student lists; §3; §4; §7 RetestRevaluationDetails, ReetstData, CreateRetest,
 * RequestAnswer, the update calls). Wire names of the spec (ReetstData, RevalutionStatus, Evluaterid,
 * ProgrameName) are kept as the API sends them.
 */

/** Which requests a list is about. */
export type RequestListType = "Revaluation" | "Retest";
/** Body of RetestRevaluationDetails: type, page (from 1) and size (25, 50, 100). */
type RequestListRequest = JsonBody<"listRevaluationsOrRetests">;
/** Answer of RetestRevaluationDetails: one page of rows (one exam with requests each) and the total. */
type RequestListPage = JsonAnswer<"listRevaluationsOrRetests">;
/** One row of the Revaluation or Retest list (its `id` is the exam's, the student lists' id). */
export type RequestListRow = RequestListPage["rows"][number];
/** Answer of ReetstData: header (CourseName, Term, ProgrameName, Batch), Count and StudentList. */
export type RequestStudents = JsonAnswer<"listRequestStudents">;
/** One item of the revaluation update (RevalAccept or RevaluationRequestStatus, evaluator, completion). */
export type RevaluationUpdateItem = JsonBody<"updateRevaluations">[number];
/** One item of the retest update (RevalAccept Accept, Pending or Reject). */
type RetestUpdateItem = JsonBody<"updateRetests">[number];
/** Answer of the Create Retest Exam form options. */
export type RetestFormOptions = JsonAnswer<"getRetestFormOptions">;
/** One retest exam creation item (spec §3); the body of CreateRetest is a list of one. */
export type RetestExamItem = JsonBody<"createRetestExam">[number];
/** Body of the answer sheet upload (the PDF in base64). */
type AnswerSheetUpload = JsonBody<"uploadAnswerSheet">;
/** Answer of the moderation details: distribution and marksVersion. */
export type ModerationDetails = JsonAnswer<"getModeration">;
/** Body of a moderation preview or apply. */
type ModerationRequest = JsonBody<"moderateMarks">;

/**
 * Fills the list's defaults (page 1, 25 a page, spec §9) so equal requests share a key; a sort
 * (`sortBy`, `sortDirection` asc by default) is kept only when given.
 */
function normaliseRequestListRequest(request: RequestListRequest): RequestListRequest {
  const page = { type: request.type, pageNo: request.pageNo ?? 1, count: request.count ?? 25 };
  return request.sortBy
    ? { ...page, sortBy: request.sortBy, sortDirection: request.sortDirection ?? "asc" }
    : page;
}

/**
 * Query keys of these calls; `revaluationKeys.all` prefixes every one (invalidate it after any write
 * here), `revaluationKeys.exam(id)` the student list of one exam.
 */
export const revaluationKeys = {
  all: ["revaluation"] as const,
  list: (request: RequestListRequest) =>
    ["revaluation", "list", normaliseRequestListRequest(request)] as const,
  exam: (id: string) => ["revaluation", "exam", id] as const,
  students: (id: string, type: RequestListType) => ["revaluation", "exam", id, "students", type] as const,
  evaluators: (id: string) => ["revaluation", "exam", id, "evaluators"] as const,
  retestOptions: () => ["revaluation", "retestOptions"] as const,
  answer: (requestId: string) => ["revaluation", "answer", requestId] as const,
  moderation: (offeringId: string, subComponentId: string) =>
    ["revaluation", "moderation", offeringId, subComponentId] as const,
};

/** POST /salesforce/RetestRevaluationDetails: one page of the Revaluation or the Retest list. */
export function requestListQueryOptions(api: ApiClient, request: RequestListRequest) {
  const body = normaliseRequestListRequest(request);
  return queryOptions({
    queryKey: revaluationKeys.list(body),
    queryFn: async ({ signal }) =>
      unwrap(await api.POST("/salesforce/RetestRevaluationDetails", { body, signal })),
  });
}

/** POST /salesforce/ReetstData: the students of one exam who asked for a revaluation or a retest. ApiError 404. */
export function requestStudentsQueryOptions(api: ApiClient, examId: string, type: RequestListType) {
  return queryOptions({
    queryKey: revaluationKeys.students(examId, type),
    queryFn: async ({ signal }) =>
      unwrap(await api.POST("/salesforce/ReetstData", { body: { CourseId: examId, type }, signal })),
  });
}

/** GET /sf/exam/revaluationEvaluators/{id}: faculty who may revalue the exam (not its own evaluators). */
export function revaluationEvaluatorsQueryOptions(api: ApiClient, examId: string) {
  return queryOptions({
    queryKey: revaluationKeys.evaluators(examId),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET("/sf/exam/revaluationEvaluators/{id}", { params: { path: { id: examId } }, signal }),
      ),
  });
}

/** GET /salesforce/CreateRetest: the Create Retest Exam form's options. */
export function retestFormOptionsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: revaluationKeys.retestOptions(),
    queryFn: async ({ signal }) => unwrap(await api.GET("/salesforce/CreateRetest", { signal })),
  });
}

/** POST /salesforce/RequestAnswer: the question paper a revaluation's student asks for, and their answer sheet. */
export function requestAnswerQueryOptions(api: ApiClient, requestId: string) {
  return queryOptions({
    queryKey: revaluationKeys.answer(requestId),
    queryFn: async ({ signal }) =>
      unwrap(await api.POST("/salesforce/RequestAnswer", { body: { id: requestId }, signal })),
  });
}

/** GET /sf/exam/moderation/{id}: the mark distribution of a sub-component and its marksVersion. */
export function moderationQueryOptions(api: ApiClient, offeringId: string, subComponentId: string) {
  return queryOptions({
    queryKey: revaluationKeys.moderation(offeringId, subComponentId),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET("/sf/exam/moderation/{id}", {
          params: { path: { id: offeringId }, query: { subComponentId } },
          signal,
        }),
      ),
  });
}

/**
 * The writes, each one transaction on the server; invalidate `revaluationKeys.all` afterwards (and
 * the grading keys after a completed revaluation or a moderation, which change marks). ApiError 400
 * names the field, 409 `version_conflict` (stale version), `illegal_transition`, `retest_clash`.
 */
export function updateRevaluationsMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["revaluation", "update"],
    mutationFn: async (items: RevaluationUpdateItem[]) =>
      unwrap(await api.PATCH("/sf/exam/update/revaluation", { body: items })),
  });
}

/** PATCH /sf/exam/update/retest: accept, reject or reopen retest requests. */
export function updateRetestsMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["revaluation", "retest"],
    mutationFn: async (items: RetestUpdateItem[]) =>
      unwrap(await api.PATCH("/sf/exam/update/retest", { body: items })),
  });
}

/** POST /salesforce/CreateRetest: creates the retest exam; the answer's `message` is the toast (spec §8). */
export function createRetestMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["revaluation", "createRetest"],
    mutationFn: async (item: RetestExamItem) =>
      unwrap(await api.POST("/salesforce/CreateRetest", { body: [item] })),
  });
}

/** POST /sf/exam/answerSheet: uploads a student's answer sheet (PDF, at most 700 KB). */
export function uploadAnswerSheetMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["revaluation", "answerSheet"],
    mutationFn: async (body: AnswerSheetUpload) => unwrap(await api.POST("/sf/exam/answerSheet", { body })),
  });
}

/** POST /sf/exam/moderation: previews (apply false) or applies a moderation. */
export function moderateMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["revaluation", "moderate"],
    mutationFn: async (body: ModerationRequest) => unwrap(await api.POST("/sf/exam/moderation", { body })),
  });
}
