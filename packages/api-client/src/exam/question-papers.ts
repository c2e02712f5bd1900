import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../client.ts";
import { unwrap } from "../errors.ts";
import type { components } from "../generated/schema.ts";
import type { JsonAnswer, JsonBody } from "../operation-types.ts";

/*
 * Question papers (openapi/question-papers.yaml): the list with its filters and counts, one paper
 * with its sets, its chat, the approval update and the reminder mails (spec §3, §4 statuses).
 */

/** A question paper row (spec §3); missing text values are "NA". */
export type QuestionPaper = components["schemas"]["QuestionPaper"];
/** One paper with its set URLs and component. */
export type QuestionPaperDetail = components["schemas"]["QuestionPaperDetail"];
/** One message of a paper's chat: body, author's name and role, `createdAt` (an instant). */
export type ChatMessage = components["schemas"]["ChatMessage"];
/** Answer of GET /sf/exam/questionPaperFilters: the list's filter options. */
export type QuestionPaperFilters = JsonAnswer<"getQuestionPaperFilters">;
/** Body of POST /sf/exam/questionPaperList; empty strings mean "no filter". */
type QuestionPaperListFilter = JsonBody<"listQuestionPapers">;
/** Answer of GET /sf/exam/questionPaper/{id}/chat: the paper's header and its messages, oldest first. */
export type QuestionPaperChat = JsonAnswer<"getQuestionPaperChat">;
/** One item of PATCH /sf/exam/update/question: a set's status, or a whole paper's with sendEmail. */
type QuestionPaperUpdateItem = JsonBody<"updateQuestionPaper">[number];
/** One mail of POST /salesforce/Exams/sendEmail (a reminder). */
export type SendEmailItem = JsonBody<"sendEmail">[number];

/**
 * Query keys of the question papers; `questionPaperKeys.all` prefixes every one (invalidate it after
 * an approval), `questionPaperKeys.chat(id)` names one paper's chat for `setQueryData`.
 */
export const questionPaperKeys = {
  all: ["questionPapers"] as const,
  filters: () => ["questionPapers", "filters"] as const,
  counts: () => ["questionPapers", "counts"] as const,
  list: (filter: QuestionPaperListFilter) => ["questionPapers", "list", normaliseListFilter(filter)] as const,
  one: (id: string) => ["questionPapers", "one", id] as const,
  chat: (id: string) => ["questionPapers", "chat", id] as const,
};

/**
 * Fills the list filter's defaults (empty strings, page 1, 25 a page, course name ascending) so
 * equal filters share a key.
 */
function normaliseListFilter(filter: QuestionPaperListFilter): Required<QuestionPaperListFilter> {
  return {
    course: filter.course ?? "",
    status: filter.status ?? "",
    term: filter.term ?? "",
    faculty: filter.faculty ?? "",
    batch: filter.batch ?? "",
    examCycle: filter.examCycle ?? "",
    pageNo: filter.pageNo ?? 1,
    count: filter.count ?? 25,
    sortBy: filter.sortBy ?? "courseName",
    sortDirection: filter.sortDirection ?? "asc",
  };
}

/** GET /sf/exam/questionPaperFilters: the filter lists of the question paper list (spec §3). */
export function questionPaperFiltersQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: questionPaperKeys.filters(),
    queryFn: async ({ signal }) => unwrap(await api.GET("/sf/exam/questionPaperFilters", { signal })),
    staleTime: 5 * 60_000,
  });
}

/** GET /sf/exam/questionPaperCounts: papers per status and the total (spec §4 statuses). */
export function questionPaperCountsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: questionPaperKeys.counts(),
    queryFn: async ({ signal }) => unwrap(await api.GET("/sf/exam/questionPaperCounts", { signal })),
  });
}

/**
 * POST /sf/exam/questionPaperList: one page of question papers and the total (`noOfRecords`).
 * Pages are 1-based; page sizes 25, 50 or 100 (spec §9); `sortBy` and `sortDirection` order it on
 * the server (default course name ascending, ties by id).
 */
export function questionPaperListQueryOptions(api: ApiClient, filter: QuestionPaperListFilter) {
  const body = normaliseListFilter(filter);
  return queryOptions({
    queryKey: questionPaperKeys.list(body),
    queryFn: async ({ signal }) => unwrap(await api.POST("/sf/exam/questionPaperList", { body, signal })),
  });
}

/** GET /sf/exam/questionPaper/{id}: one paper with its set URLs; ApiError 404 for an unknown id. */
export function questionPaperQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: questionPaperKeys.one(id),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/sf/exam/questionPaper/{id}", { params: { path: { id } }, signal })),
  });
}

/** GET /sf/exam/questionPaper/{id}/chat: header and messages, oldest first. */
export function questionPaperChatQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: questionPaperKeys.chat(id),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/sf/exam/questionPaper/{id}/chat", { params: { path: { id } }, signal })),
  });
}

/**
 * PATCH /sf/exam/update/question: approves sets (`{ questionPaperId, questionPaperStatus, questionPaperSet }`)
 * or whole papers (`{ id, status, sendEmail }`), all in one transaction. ApiError 409
 * 'Question-paper is not apporved ' when a paper's sets are not both Approved.
 */
export function updateQuestionPapersMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["questionPapers", "update"],
    mutationFn: async (items: QuestionPaperUpdateItem[]) =>
      unwrap(await api.PATCH("/sf/exam/update/question", { body: items })),
  });
}

/** One item of PATCH /sf/exam/update/QPPublish: the paper's id and the version the client read. */
export type QuestionPaperPublishItem = JsonBody<"publishQuestionPapers">[number];

/**
 * PATCH /sf/exam/update/QPPublish: publishes Approved, unpublished papers (`[{ id, version }]`), all
 * in one transaction; answers the papers with `publishedAt` set. ApiError 409 `not_publishable`
 * ("Only an approved question paper can be published", "This question paper is already
 * published") or `version_conflict`; 404 for an unknown id.
 */
export function publishQuestionPapersMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["questionPapers", "publish"],
    mutationFn: async (items: QuestionPaperPublishItem[]) =>
      unwrap(await api.PATCH("/sf/exam/update/QPPublish", { body: items })),
  });
}

/** POST /sf/exam/questionPaper/{id}/chat: appends a message (trimmed, 1 to 2000 characters). */
export function sendChatMessageMutationOptions(api: ApiClient, id: string) {
  return mutationOptions({
    mutationKey: ["questionPapers", "chat", id, "send"],
    mutationFn: async (body: string) =>
      unwrap(
        await api.POST("/sf/exam/questionPaper/{id}/chat", { params: { path: { id } }, body: { body } }),
      ),
  });
}

/** POST /salesforce/Exams/sendEmail: sends mails (reminders); answers 'Mail Sent Successfully'. */
export function sendEmailMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["mail", "send"],
    mutationFn: async (items: SendEmailItem[]) =>
      unwrap(await api.POST("/salesforce/Exams/sendEmail", { body: items })),
  });
}
