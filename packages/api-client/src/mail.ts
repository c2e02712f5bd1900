import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "./client.ts";
import { getMailStatus, listFailedMail, resendFailedMail } from "./generated/operations.ts";
import { orThrow } from "./operation.ts";
import type { JsonAnswer } from "./operation-types.ts";

/*
 * The mails of a record: openapi/mail.yaml. A `source` names the record exactly
 * (`grading.publish:<courseOfferingId>`, `exam.timetable:<examId>`) or as a prefix ending in `:`
 * (`evaluation:<examId>:`, `invigilation:<examId>:`, `planning.faculty_invitation:`).
 */

/** Answer of GET /mail/status: how many of the record's mails are queued, sent and failed. */
export type MailStatus = JsonAnswer<"getMailStatus">;
/** One failed mail of GET /mail/failed: recipients, subject, attempts, last error (no body). */
export type FailedMail = JsonAnswer<"listFailedMail">["mails"][number];
/** Answer of POST /mail/resend: how many were queued again, and the new counts. */
export type MailResendAnswer = JsonAnswer<"resendFailedMail">;

/** Query keys of the mail calls; `mailKeys.status(source)` is what a mailing write invalidates. */
export const mailKeys = {
  all: ["mail"] as const,
  status: (source: string) => ["mail", "status", source] as const,
  failed: (source: string) => ["mail", "failed", source] as const,
};

/** GET /mail/status: the counts of `source`. ApiError 400 unknown source (sign-in mails), 403 role. */
export function mailStatusQueryOptions(api: ApiClient, source: string) {
  return queryOptions({
    queryKey: mailKeys.status(source),
    queryFn: ({ signal }) => orThrow(getMailStatus(api, { params: { query: { source } }, signal })),
  });
}

/** GET /mail/failed: the failed mails of `source`, newest first, at most 100. */
export function failedMailQueryOptions(api: ApiClient, source: string) {
  return queryOptions({
    queryKey: mailKeys.failed(source),
    queryFn: ({ signal }) => orThrow(listFailedMail(api, { params: { query: { source } }, signal })),
  });
}

/** POST /mail/resend: queues the failed mails of `source` again. ApiError 409 `no_failed_mail`. */
export function resendFailedMailMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["mail", "resend"],
    mutationFn: (source: string) => orThrow(resendFailedMail(api, { body: { source } })),
  });
}
