import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "./client.ts";
import { unwrap } from "./errors.ts";
import type { JsonAnswer, JsonBody } from "./operation-types.ts";

/*
 * Communication channels (`/api/notifications`, openapi/notifications.yaml): messages by mail or SMS
 * to classes or contacts, the sent list and each message's recipients. Exam office, academic office.
 * A message's failed mails are resent with `resendFailedMailMutationOptions` (source
 * `notification:<id>:`).
 */

/** Body of POST /notifications. */
export type NotificationRequest = JsonBody<"sendNotification">;
/** One sent message with its delivery counts. */
export type NotificationRow = JsonAnswer<"listNotifications">["notifications"][number];
/** One page of sent messages. */
export type NotificationListPage = JsonAnswer<"listNotifications">;
/** A message with one page of its recipients. */
export type NotificationDetail = JsonAnswer<"getNotification">;
/** One recipient of a message with its status. */
export type NotificationRecipientRow = NotificationDetail["recipients"][number];
/** The compose form's choices: class sections and contacts. */
export type NotificationChoices = JsonAnswer<"listNotificationChoices">;
/** Query of GET /notifications. */
export type NotificationListQuery = { pageNo?: number; count?: 10 | 25 | 50 };
/** Query of GET /notifications/{id}. */
export type NotificationRecipientQuery = NotificationListQuery & {
  status?: "" | "queued" | "sent" | "failed";
};

const page = (q: NotificationListQuery) => ({ pageNo: q.pageNo ?? 1, count: q.count ?? 25 });

/** Query keys; invalidate `notificationKeys.all` after sending or resending. */
export const notificationKeys = {
  all: ["notifications"] as const,
  list: (q: NotificationListQuery) => ["notifications", "list", page(q)] as const,
  detail: (id: string, q: NotificationRecipientQuery) =>
    ["notifications", "detail", id, { ...page(q), status: q.status ?? "" }] as const,
  choices: (search: string) => ["notifications", "choices", search.trim()] as const,
};

/** GET /notifications: one page of sent messages, newest first. */
export function notificationListQueryOptions(api: ApiClient, query: NotificationListQuery) {
  const q = page(query);
  return queryOptions({
    queryKey: notificationKeys.list(q),
    queryFn: async ({ signal }) => unwrap(await api.GET("/notifications", { params: { query: q }, signal })),
  });
}

/** GET /notifications/{id}: the message and one page of its recipients (filtered by status). */
export function notificationDetailQueryOptions(
  api: ApiClient,
  id: string,
  query: NotificationRecipientQuery,
) {
  const q = { ...page(query), status: query.status ?? "" };
  return queryOptions({
    queryKey: notificationKeys.detail(id, q),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/notifications/{id}", { params: { path: { id }, query: q }, signal })),
  });
}

/** GET /notifications/choices: class sections within reach and contacts matching `search`. */
export function notificationChoicesQueryOptions(api: ApiClient, search: string) {
  return queryOptions({
    queryKey: notificationKeys.choices(search),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET("/notifications/choices", { params: { query: { search: search.trim() } }, signal }),
      ),
  });
}

/** POST /notifications: 400 naming the field (spec texts), e.g. `topics`, `sectionIds`, `emails`. */
export function sendNotificationMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["notifications", "send"],
    mutationFn: async (body: NotificationRequest) => unwrap(await api.POST("/notifications", { body })),
  });
}

/** Answer of POST /notifications/{id}/sms/resend: how many were queued again and the new counts. */
export type SmsResendAnswer = JsonAnswer<"resendFailedSms">;

/**
 * POST /notifications/{id}/sms/resend: queues the failed SMS of message `id` again (as failed mails
 * are with `resendFailedMailMutationOptions`). ApiError 409 `no_failed_sms` when none failed, 404
 * for a message the caller may not see. Invalidate `notificationKeys.all` on success.
 */
export function resendFailedSmsMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["notifications", "sms", "resend"],
    mutationFn: async (id: string) =>
      unwrap(await api.POST("/notifications/{id}/sms/resend", { params: { path: { id } } })),
  });
}
