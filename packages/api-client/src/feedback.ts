import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "./client.ts";
import { unwrap } from "./errors.ts";
import type { JsonAnswer, JsonBody } from "./operation-types.ts";

/*
 * Course feedback (openapi/feedback.yaml): forms of course offerings, their results, the students
 * with their single-use links (academic office), and the public answer calls of the link's page.
 */

/** A form with its questions and counts. */
export type FeedbackFormRow = JsonAnswer<"getFeedbackResults">["form"];
/** One page of forms. */
export type FeedbackFormListPage = JsonAnswer<"listFeedbackForms">;
/** One row of the forms list. */
export type FeedbackFormListRow = FeedbackFormListPage["forms"][number];
/** A form with the results of each question. */
export type FeedbackResults = JsonAnswer<"getFeedbackResults">;
/** A form's students and whether each answered. */
export type FeedbackStudents = JsonAnswer<"listFeedbackStudents">;
/** A course offering a form can be set up for. */
export type FeedbackOffering = JsonAnswer<"listFeedbackOfferings">["courseOfferings"][number];
/** Body of POST /feedback/forms. */
export type FeedbackFormRequest = JsonBody<"createFeedbackForm">;
/** Body of PUT /feedback/forms/{id}. */
export type FeedbackFormUpdateRequest = JsonBody<"updateFeedbackForm">;
/** The form a link opens. */
export type FeedbackAnswerForm = JsonAnswer<"getFeedbackAnswerForm">["form"];
/** Body of POST /feedback/answer. */
export type FeedbackAnswerRequest = JsonBody<"submitFeedbackAnswer">;
/** Query of GET /feedback/forms. */
export type FeedbackFormListQuery = { pageNo?: number; count?: 25 | 50 | 100 };

const normalise = (q: FeedbackFormListQuery) => ({ pageNo: q.pageNo ?? 1, count: q.count ?? 25 });

/** Query keys; invalidate `feedbackKeys.all` after any feedback write. */
export const feedbackKeys = {
  all: ["feedback"] as const,
  forms: (q: FeedbackFormListQuery) => ["feedback", "forms", normalise(q)] as const,
  results: (id: string) => ["feedback", "results", id] as const,
  students: (id: string) => ["feedback", "students", id] as const,
  offerings: (search: string) => ["feedback", "offerings", search] as const,
};

/** GET /feedback/forms: one page of forms, latest closing date first, with response counts. */
export function feedbackFormListQueryOptions(api: ApiClient, query: FeedbackFormListQuery) {
  const q = normalise(query);
  return queryOptions({
    queryKey: feedbackKeys.forms(q),
    queryFn: async ({ signal }) => unwrap(await api.GET("/feedback/forms", { params: { query: q }, signal })),
  });
}

/** GET /feedback/forms/{id}: the form and each question's count, average and texts (404 unknown). */
export function feedbackResultsQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: feedbackKeys.results(id),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/feedback/forms/{id}", { params: { path: { id } }, signal })),
  });
}

/** GET /feedback/forms/{id}/students: the enrolled students, answered or not. */
export function feedbackStudentsQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: feedbackKeys.students(id),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/feedback/forms/{id}/students", { params: { path: { id } }, signal })),
  });
}

/** GET /feedback/courseOfferings: offerings within reach matching `search` (at most 50). */
export function feedbackOfferingsQueryOptions(api: ApiClient, search: string) {
  return queryOptions({
    queryKey: feedbackKeys.offerings(search),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/feedback/courseOfferings", { params: { query: { search } }, signal })),
  });
}

/** POST /feedback/forms: ApiError 400 naming the field, 404 on `courseOfferingId`. */
export function createFeedbackFormMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["feedback", "createForm"],
    mutationFn: async (body: FeedbackFormRequest) => unwrap(await api.POST("/feedback/forms", { body })),
  });
}

/** PUT /feedback/forms/{id}: 409 `version_conflict`, or `questions_locked` once answers exist. */
export function updateFeedbackFormMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["feedback", "updateForm"],
    mutationFn: async ({ id, body }: { id: string; body: FeedbackFormUpdateRequest }) =>
      unwrap(await api.PUT("/feedback/forms/{id}", { params: { path: { id } }, body })),
  });
}

/** POST /feedback/forms/{id}/links: mails links to those who have not answered; 409 `form_closed`. */
export function issueFeedbackLinksMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["feedback", "issueLinks"],
    mutationFn: async ({ id, studentIds }: { id: string; studentIds?: string[] }) =>
      unwrap(
        await api.POST("/feedback/forms/{id}/links", {
          params: { path: { id } },
          body: studentIds ? { studentIds } : {},
        }),
      ),
  });
}
