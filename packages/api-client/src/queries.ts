import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "./client.ts";
import { unwrap } from "./errors.ts";
import type { components, operations } from "./generated/schema.ts";
import type { JsonAnswer, JsonBody } from "./operation-types.ts";

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
  exams: {
    all: ["exams"] as const,
    cycles: ["exams", "cycles"] as const,
    dashboard: (examCycleId: string) => ["exams", "dashboard", examCycleId] as const,
    clashReport: (examCycleId: string, limit: number) =>
      ["exams", "clashReport", examCycleId, limit] as const,
    examData: (request: ExamDataRequest) => ["exams", "examData", normaliseExamDataRequest(request)] as const,
    timetable: (query: ExamTimetableQuery) => ["exams", "timetable", normaliseTimetableQuery(query)] as const,
    setup: (examId: string) => ["exams", "setup", examId] as const,
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

/* Exam schedule: cycles, dashboard, clash report, upcoming and completed exams, timetable. */

/** An exam cycle (the filter of the exam screens), with its number of exams. */
export type ExamCycle = JsonAnswer<"listExamCycles">["examCycles"][number];
/** Answer of GET /sf/exam/examDashboard: the cycle, today (Asia/Kolkata), summary and clash counts. */
export type ExamDashboard = JsonAnswer<"getExamDashboard">;
/** Answer of GET /sf/exam/clashReport: totals and first items of the three clash lists. */
export type ClashReport = JsonAnswer<"getClashReport">;
/** Body of POST /salesforce/ExamData: `dueDays` (upcoming) or `completedIn` (completed), paged. */
export type ExamDataRequest = JsonBody<"getExamData">;
/** One page of upcoming or completed exams and the total. */
export type ExamDataPage = JsonAnswer<"getExamData">;
/** One exam of ExamData (spec §3 Exam info, wire names kept). */
export type ExamInfo = ExamDataPage["exams"][number];
/** Query of GET /salesforce/TimeTable: exam cycle, course text, page and page size. */
export type ExamTimetableQuery = NonNullable<operations["listExamTimetable"]["parameters"]["query"]>;
/** One page of the exam timetable and the total. */
export type ExamTimetablePage = JsonAnswer<"listExamTimetable">;
/** One row of the exam timetable (spec §3 Exam timetable row): date YYYY-MM-DD, time HH:MM, minutes. */
export type ExamTimetableRow = ExamTimetablePage["timetable"][number];
/** One item of the timetable save (spec §7: id, duration, dateOfExam, timeOfExam, examType, venue, sendEmail). */
export type ExamTimetableSaveItem = JsonBody<"saveExamTimetable">[number];
/** Answer of the timetable save: the message to show as a toast (spec §8) and counts. */
export type ExamTimetableSaveAnswer = JsonAnswer<"saveExamTimetable">;

/** Fills ExamData's defaults (page 1, 10 a page, every cycle) so equal requests share a query key. */
export function normaliseExamDataRequest(request: ExamDataRequest): ExamDataRequest {
  return {
    ...(request.dueDays === undefined ? {} : { dueDays: request.dueDays }),
    ...(request.completedIn === undefined ? {} : { completedIn: request.completedIn }),
    examCycleId: request.examCycleId ?? "",
    pageNo: request.pageNo ?? 1,
    count: request.count ?? 10,
  };
}

/** Fills the timetable query's defaults (every cycle, no course text, page 1, 10 a page). */
export function normaliseTimetableQuery(query: ExamTimetableQuery): Required<ExamTimetableQuery> {
  return {
    examCycleId: query.examCycleId ?? "",
    course: query.course ?? "",
    pageNo: query.pageNo ?? 1,
    count: query.count ?? 10,
  };
}

/** GET /sf/exam/examCycles: every exam cycle, latest first. */
export function examCyclesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.exams.cycles,
    queryFn: async ({ signal }) => unwrap(await api.GET("/sf/exam/examCycles", { signal })),
    staleTime: 5 * 60_000,
  });
}

/**
 * GET /sf/exam/examDashboard: figures of one exam cycle. With an empty `examCycleId` the server picks
 * the cycle holding the next exam (else the latest) and names it in the answer's `examCycle`.
 * ApiError 404 for an unknown cycle.
 */
export function examDashboardQueryOptions(api: ApiClient, examCycleId: string) {
  return queryOptions({
    queryKey: queryKeys.exams.dashboard(examCycleId),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET("/sf/exam/examDashboard", {
          params: { query: examCycleId ? { examCycleId } : {} },
          signal,
        }),
      ),
  });
}

/**
 * GET /sf/exam/clashReport: students with two exams at once, faculty in two rooms at once and rooms
 * over capacity in a cycle, each with its total and the first `limit` items (0 to 500, default 100).
 */
export function clashReportQueryOptions(api: ApiClient, examCycleId: string, limit = 100) {
  return queryOptions({
    queryKey: queryKeys.exams.clashReport(examCycleId, limit),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/sf/exam/clashReport", { params: { query: { examCycleId, limit } }, signal })),
  });
}

/**
 * POST /salesforce/ExamData: with `dueDays` the exams from today (Asia/Kolkata) up to that many days
 * ahead, soonest first; with `completedIn` those held in that many days before today, latest first.
 * Pages are 1-based (10, 25, 50 or 100 a page); `daysFromToday` is negative for exams already held.
 */
export function examDataQueryOptions(api: ApiClient, request: ExamDataRequest) {
  const body = normaliseExamDataRequest(request);
  return queryOptions({
    queryKey: queryKeys.exams.examData(body),
    queryFn: async ({ signal }) => unwrap(await api.POST("/salesforce/ExamData", { body, signal })),
  });
}

/**
 * GET /salesforce/TimeTable: one page of the exam timetable (by date, start time and course) and the
 * total; `course` matches course name or code, `examCycleId` "" means every cycle.
 */
export function examTimetableQueryOptions(api: ApiClient, query: ExamTimetableQuery) {
  const normalised = normaliseTimetableQuery(query);
  return queryOptions({
    queryKey: queryKeys.exams.timetable(normalised),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/salesforce/TimeTable", { params: { query: normalised }, signal })),
  });
}

/** GET /sf/exam/getExamSetupSPJ/{id}: one exam's timetable row; ApiError 404 for an unknown id. */
export function examSetupQueryOptions(api: ApiClient, examId: string) {
  return queryOptions({
    queryKey: queryKeys.exams.setup(examId),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/sf/exam/getExamSetupSPJ/{id}", { params: { path: { id: examId } }, signal })),
  });
}

/**
 * POST /salesforce/TimeTable: saves timetable rows in one transaction (nothing written on failure).
 * The answer's `message` is shown as a toast (spec §8). ApiError 400 names the item's field
 * (`0.dateOfExam`, e.g. a date outside the exam cycle), 404 an unknown exam. Invalidate
 * `queryKeys.exams.all` afterwards: a moved exam changes every exam screen.
 */
export function saveExamTimetableMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["exams", "timetable", "save"],
    mutationFn: async (items: ExamTimetableSaveItem[]) =>
      unwrap(await api.POST("/salesforce/TimeTable", { body: items })),
  });
}
