import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "./client.ts";
import { unwrap } from "./errors.ts";
import type { components, operations } from "./generated/schema.ts";

type JsonAnswer<
  Op extends keyof operations,
  Status extends number = 200,
> = operations[Op]["responses"] extends {
  [S in Status]: { content: { "application/json": infer Body } };
}
  ? Body
  : never;
type JsonBody<Op extends keyof operations> = operations[Op] extends {
  requestBody?: { content: { "application/json": infer Body } };
}
  ? Body
  : never;

/** A question paper row (spec §3); missing text values are "NA". */
export type QuestionPaper = components["schemas"]["QuestionPaper"];
/** One paper with its set URLs and component. */
export type QuestionPaperDetail = components["schemas"]["QuestionPaperDetail"];
export type QuestionPaperStatusValue = components["schemas"]["QuestionPaperStatus"];
export type ChatMessage = components["schemas"]["ChatMessage"];
/** Answer of GET /config. */
export type PublicConfig = JsonAnswer<"getConfig">;
/** Answer of GET /me. */
export type Me = JsonAnswer<"getMe">;
export type QuestionPaperFilters = JsonAnswer<"getQuestionPaperFilters">;
/** Body of POST /sf/exam/questionPaperList; empty strings mean "no filter". */
export type QuestionPaperListFilter = JsonBody<"listQuestionPapers">;
export type QuestionPaperListPage = JsonAnswer<"listQuestionPapers">;
export type QuestionPaperAnswer = JsonAnswer<"getQuestionPaper">;
export type QuestionPaperChat = JsonAnswer<"getQuestionPaperChat">;
export type QuestionPaperUpdateItem = JsonBody<"updateQuestionPaper">[number];
export type SendEmailItem = JsonBody<"sendEmail">[number];
export type RequestOtpBody = JsonBody<"requestOtp">;
export type RequestOtpAnswer = JsonAnswer<"requestOtp">;
export type VerifyOtpBody = JsonBody<"verifyOtp">;
export type VerifyOtpAnswer = JsonAnswer<"verifyOtp">;
export type DevOutbox = JsonAnswer<"getDevOutbox">;

/**
 * Query keys of every cached call, for `queryClient.invalidateQueries({ queryKey: ... })`.
 * Keys nest: `queryKeys.questionPapers.all` prefixes every question-paper query.
 */
export const queryKeys = {
  config: ["config"] as const,
  me: ["me"] as const,
  devOutbox: (to: string | undefined) => ["devOutbox", to ?? ""] as const,
  questionPapers: {
    all: ["questionPapers"] as const,
    filters: ["questionPapers", "filters"] as const,
    counts: ["questionPapers", "counts"] as const,
    list: (filter: QuestionPaperListFilter) =>
      ["questionPapers", "list", normaliseListFilter(filter)] as const,
    one: (id: string) => ["questionPapers", "one", id] as const,
    chat: (id: string) => ["questionPapers", "chat", id] as const,
  },
};

/** Fills the list filter's defaults (empty strings, page 1, 25 a page) so equal filters share a key. */
export function normaliseListFilter(filter: QuestionPaperListFilter): Required<QuestionPaperListFilter> {
  return {
    course: filter.course ?? "",
    status: filter.status ?? "",
    term: filter.term ?? "",
    faculty: filter.faculty ?? "",
    batch: filter.batch ?? "",
    examCycle: filter.examCycle ?? "",
    pageNo: filter.pageNo ?? 1,
    count: filter.count ?? 25,
  };
}

/** GET /config: the public configuration (spec §3 Configuration). Cached for the page's life. */
export function configQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.config,
    queryFn: async ({ signal }) => unwrap(await api.GET("/config", { signal })),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /me: the signed-in user; throws ApiError 401 when signed out. */
export function meQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.me,
    queryFn: async ({ signal }) => unwrap(await api.GET("/me", { signal })),
    staleTime: 5 * 60_000,
  });
}

/** GET /dev/outbox: mails of the development outbox, newest first (only outside production). */
export function devOutboxQueryOptions(api: ApiClient, to?: string) {
  return queryOptions({
    queryKey: queryKeys.devOutbox(to),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/dev/outbox", { params: { query: to ? { to } : {} }, signal })),
  });
}

/** GET /sf/exam/questionPaperFilters: the filter lists of the question paper list (spec §3). */
export function questionPaperFiltersQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.questionPapers.filters,
    queryFn: async ({ signal }) => unwrap(await api.GET("/sf/exam/questionPaperFilters", { signal })),
    staleTime: 5 * 60_000,
  });
}

/** GET /sf/exam/questionPaperCounts: papers per status and the total (spec §4 statuses). */
export function questionPaperCountsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.questionPapers.counts,
    queryFn: async ({ signal }) => unwrap(await api.GET("/sf/exam/questionPaperCounts", { signal })),
  });
}

/**
 * POST /sf/exam/questionPaperList: one page of question papers and the total (`noOfRecords`).
 * Pages are 1-based; page sizes 25, 50 or 100 (spec §9).
 */
export function questionPaperListQueryOptions(api: ApiClient, filter: QuestionPaperListFilter) {
  const body = normaliseListFilter(filter);
  return queryOptions({
    queryKey: queryKeys.questionPapers.list(body),
    queryFn: async ({ signal }) => unwrap(await api.POST("/sf/exam/questionPaperList", { body, signal })),
  });
}

/** GET /sf/exam/questionPaper/{id}: one paper with its set URLs; ApiError 404 for an unknown id. */
export function questionPaperQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: queryKeys.questionPapers.one(id),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/sf/exam/questionPaper/{id}", { params: { path: { id } }, signal })),
  });
}

/** GET /sf/exam/questionPaper/{id}/chat: header and messages, oldest first. */
export function questionPaperChatQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: queryKeys.questionPapers.chat(id),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/sf/exam/questionPaper/{id}/chat", { params: { path: { id } }, signal })),
  });
}

/** POST /salesforce/AdminOtp/send: sends a sign-in code; answers the challenge id. */
export function requestOtpMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["auth", "requestOtp"],
    mutationFn: async (body: RequestOtpBody) => unwrap(await api.POST("/salesforce/AdminOtp/send", { body })),
  });
}

/** POST /salesforce/AdminOtp/verify: checks the code; answers tokens and the user's name. */
export function verifyOtpMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["auth", "verifyOtp"],
    mutationFn: async (body: VerifyOtpBody) =>
      unwrap(await api.POST("/salesforce/AdminOtp/verify", { body })),
  });
}

/** POST /logout: revokes the session and clears its cookies. */
export function logoutMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["auth", "logout"],
    mutationFn: async () => unwrap(await api.POST("/logout")),
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
