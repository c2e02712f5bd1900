/**
 * What became of the mails of a record: counts by status, the failed ones, and resending them. A
 * screen that mails (publishing marks, evaluator requests, invigilation duties, faculty invitations,
 * the exam timetable's mail, question-paper reminders) names its record as a mail `source`, exactly
 * (`grading.publish:<courseOfferingId>`) or as a prefix ending in `:` (`evaluation:<examId>:`,
 * `planning.faculty_invitation:`). Only the mailing records below can be read here: sign-in mails
 * (`auth.*`) never are, and no answer carries a mail's body.
 */
import type { AuditAction } from "@portal/domain";
import { and, desc, eq, inArray, like, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type AuditEntry, writeAudit } from "../audit.ts";
import { mayCallOperation } from "../auth/public.ts";
import type { AppContext, SessionUser } from "../context.ts";
import type { Executor } from "../db/client.ts";
import { mailOutbox } from "../db/schema.ts";
import { ApiError, badRequest } from "../http/errors.ts";
import { sanitizeForLog } from "./mailer.ts";

/**
 * The mailing records whose mails staff may see, by the kind before the first `:` of a source, each
 * with the operations that send them: whoever may call one of them may read and resend the mails.
 */
export const MAIL_SOURCE_KINDS: Readonly<Record<string, readonly string[]>> = {
  /** `grading.publish:<courseOfferingId>`: the results mails of publishing. */
  "grading.publish": ["sendEmailForMarks"],
  /** `grading.send_marks:<courseOfferingId>`: marks sent for acknowledgement. */
  "grading.send_marks": ["sendEmailForMarks"],
  /** `evaluation:<examId>:request|withdraw:<assignmentId>`: evaluator requests and withdrawals. */
  evaluation: ["saveEvaluatorAssignments", "recordEvaluatorAnswers"],
  /** `invigilation:<examId>:assign:<facultyId>`, `invigilation:<examId>:notify:<dutyId>`. */
  invigilation: ["saveInvigilation", "sendInvigilationNotifications"],
  /** `planning.faculty_invitation:<invitationId>`. */
  "planning.faculty_invitation": ["sendFacultyInvitation"],
  /** `exam.timetable:<examId>`: the faculty's mail of a timetable change. */
  "exam.timetable": ["saveExamTimetable"],
  /** `exam.question_paper:<questionPaperId>`: approvals and reminders. */
  "exam.question_paper": ["sendEmail", "updateQuestionPaper"],
  /** `notification:<messageId>:<recipientId>`: a message of the communication channels. */
  notification: ["sendNotification"],
};

/** Longest source accepted, in characters. */
export const MAX_MAIL_SOURCE_LENGTH = 200;
/** Most failed mails one list answers (newest first); the counts give the total. */
export const MAX_FAILED_LISTED = 100;
/** Longest last error shown, in characters. */
export const MAX_LAST_ERROR_LENGTH = 300;

const SOURCE_SHAPE = /^[a-z][a-z_.]*:(?:[A-Za-z0-9_-]+:)*[A-Za-z0-9_-]*$/;

/** The `source` of the mail status calls: a kind, `:`, then ids separated by `:`; a trailing `:` is a prefix. */
export const ZMailSource = z
  .string({ error: "source is required" })
  .trim()
  .min(1, { error: "source is required" })
  .max(MAX_MAIL_SOURCE_LENGTH, { error: `source is at most ${MAX_MAIL_SOURCE_LENGTH} characters` })
  .regex(SOURCE_SHAPE, {
    error: "source must be a record's mail source: a kind, a colon and ids (e.g. grading.publish:<id>)",
  });

/** Mails of a source by status. */
export type MailCounts = { queued: number; sent: number; failed: number };

/** A failed mail as staff see it: recipients, subject, attempts and the last error, never the body. */
export type FailedMail = {
  id: string;
  to: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
};

/**
 * Checks that `user` may see the mails of `source`: 400 `validation_failed` (field `source`, rule
 * `mail_source`) when its kind is not a mailing record of {@link MAIL_SOURCE_KINDS} (sign-in mails
 * among them), 403 `forbidden` when none of the user's roles may send such mails.
 */
export function authorizeMailSource(user: SessionUser, source: string): void {
  const kind = source.slice(0, source.indexOf(":"));
  const operations = Object.hasOwn(MAIL_SOURCE_KINDS, kind) ? MAIL_SOURCE_KINDS[kind] : undefined;
  if (!operations) {
    throw badRequest(
      "source must name a record whose mails staff follow: marks, evaluation, invigilation, faculty invitation, exam timetable, question paper or message",
      "source",
      "mail_source",
    );
  }
  if (!operations.some((op) => mayCallOperation(op, user.roles))) {
    throw new ApiError(403, "Your role does not allow you to see or resend these mails.", {
      errorCode: "forbidden",
    });
  }
}

/** The rows of `source`: equal to it, or starting with it when it ends with `:`. */
function matching(source: string): SQL {
  if (!source.endsWith(":")) return eq(mailOutbox.source, source);
  // Only `_` of LIKE's special characters can occur in a valid source (ZMailSource).
  return like(mailOutbox.source, `${source.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`);
}

/** Counts the mails of `source` by status (0 for a status none has). */
export async function countMail(db: Executor, source: string): Promise<MailCounts> {
  const rows = await db
    .select({ status: mailOutbox.status, count: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(matching(source))
    .groupBy(mailOutbox.status);
  const counts: MailCounts = { queued: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/**
 * An SMTP error as staff may read it: one line without control characters ({@link sanitizeForLog}),
 * cut to {@link MAX_LAST_ERROR_LENGTH} characters.
 */
export function sanitizeLastError(error: string | null): string | null {
  if (error === null) return null;
  const line = sanitizeForLog(error).replaceAll("\\n", " ").replaceAll("\\r", " ").replaceAll("\\t", " ");
  return line.length > MAX_LAST_ERROR_LENGTH ? `${line.slice(0, MAX_LAST_ERROR_LENGTH - 1)}…` : line;
}

/** The failed mails of `source`, newest first, at most {@link MAX_FAILED_LISTED}; no bodies. */
export async function listFailedMail(db: Executor, source: string): Promise<FailedMail[]> {
  const rows = await db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.toAddresses,
      subject: mailOutbox.subject,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(and(matching(source), eq(mailOutbox.status, "failed")))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(MAX_FAILED_LISTED);
  return rows.map((r) => ({
    ...r,
    lastError: sanitizeLastError(r.lastError),
    createdAt: r.createdAt.toISOString(),
  }));
}

/** One failed delivery as {@link requeueFailed} locked it: its id and what its audit row keeps. */
export type FailedDelivery = { id: string; before: Record<string, unknown>; after: Record<string, unknown> };

/**
 * A queue whose failed deliveries staff may send again: the mail outbox (below) or the SMS of a
 * message of the communication channels (notifications/sms.ts). Both are claimed by the outbox's
 * sender only while `queued`, so a row set back to queued is taken once, after the commit.
 */
export type FailedDeliveryQueue = {
  /** Audit row of each resent delivery: its action and entity (`resend_mail`, `mail`). */
  audit: { action: AuditAction; entity: string };
  /** The 409 refusal when nothing failed (none failed, or someone resent them meanwhile). */
  noneFailed: { message: string; errorCode: string; field: string };
  /** Reads the failed rows with `FOR UPDATE`, in `tx`. */
  lockFailed(tx: Executor): Promise<FailedDelivery[]>;
  /** Sets rows `ids`, while still failed, back to queued: no attempts, due at `at`, no last error. */
  requeue(tx: Executor, ids: string[], at: Date): Promise<void>;
};

/**
 * The shared path of every resend, inside transaction `tx`: locks the failed rows of `queue`, sets
 * them back to queued and writes one audit row each. Two resends at once cannot both take a row: the
 * second waits for the first's lock and then finds it queued. 409 `queue.noneFailed` when none is
 * failed. Returns how many were queued again; the caller wakes the sender after the commit.
 */
export async function requeueFailed(
  tx: Executor,
  actor: SessionUser,
  queue: FailedDeliveryQueue,
  at: Date,
): Promise<number> {
  const failed = await queue.lockFailed(tx);
  if (failed.length === 0) {
    throw new ApiError(409, queue.noneFailed.message, {
      errorCode: queue.noneFailed.errorCode,
      field: queue.noneFailed.field,
    });
  }
  await queue.requeue(
    tx,
    failed.map((f) => f.id),
    at,
  );
  const audit: AuditEntry[] = failed.map((f) => ({
    action: queue.audit.action,
    entity: queue.audit.entity,
    entityId: f.id,
    before: f.before,
    after: f.after,
  }));
  await writeAudit(tx, actor, audit, at);
  return failed.length;
}

/** The failed mails of `source` as a {@link FailedDeliveryQueue}. */
function failedMailQueue(source: string): FailedDeliveryQueue {
  return {
    audit: { action: "resend_mail", entity: "mail" },
    noneFailed: {
      message: "There are no failed mails to resend. Reload to see the current counts.",
      errorCode: "no_failed_mail",
      field: "source",
    },
    async lockFailed(tx) {
      const failed = await tx
        .select({
          id: mailOutbox.id,
          attempts: mailOutbox.attempts,
          lastError: mailOutbox.lastError,
          source: mailOutbox.source,
        })
        .from(mailOutbox)
        .where(and(matching(source), eq(mailOutbox.status, "failed")))
        .for("update");
      return failed.map((f) => ({
        id: f.id,
        before: {
          status: "failed",
          attempts: f.attempts,
          lastError: sanitizeLastError(f.lastError),
          source: f.source,
        },
        after: { status: "queued", attempts: 0, source: f.source },
      }));
    },
    async requeue(tx, ids, at) {
      await tx
        .update(mailOutbox)
        .set({ status: "queued", attempts: 0, nextAttemptAt: at, lastError: null })
        .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, "failed")));
    },
  };
}

/**
 * Resends the failed mails of `source`: in one transaction, locks them (`FOR UPDATE`), sets them
 * back to `queued` with no attempts, due now and without their last error, and writes one audit row
 * each (`resend_mail`, entity `mail`), through {@link requeueFailed}. The sender claims only `queued`
 * rows (mail/delivery.ts), so no sender holds a failed row. 409 `no_failed_mail` when the source has
 * no failed mail (none failed, or someone resent them meanwhile). Answers how many were resent and
 * the new counts; the caller wakes the sender after the commit.
 */
export async function resendFailedMail(
  ctx: AppContext,
  actor: SessionUser,
  source: string,
): Promise<{ resent: number } & MailCounts> {
  const at = new Date(ctx.now());
  return ctx.db.transaction(async (tx) => {
    const resent = await requeueFailed(tx, actor, failedMailQueue(source), at);
    return { resent, ...(await countMail(tx, source)) };
  });
}
