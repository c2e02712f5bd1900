import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Database } from "../db/client.ts";
import { mailOutbox, type OutboxAttachment } from "../db/schema.ts";
import { deliverDueSms, type SmsGateway } from "../notifications/sms.ts";
import { DELIVERY_BATCH, DELIVERY_LEASE_MS, MAX_ATTEMPTS, RETRY_DELAYS_MS } from "./retry.ts";

export { DELIVERY_BATCH, DELIVERY_LEASE_MS, MAX_ATTEMPTS, RETRY_DELAYS_MS } from "./retry.ts";

/** A mail as it leaves the portal: what an SMTP transport needs of a `mail_outbox` row. */
export type OutgoingMail = {
  from: string;
  to: string[];
  subject: string;
  text: string;
  attachments: OutboxAttachment[];
};

/** Hands one mail to a mail server. `send` throws when the server refuses it or cannot be reached. */
export type MailTransport = { send(mail: OutgoingMail): Promise<void>; close(): void };

/** How often a running sender looks for retries that came due (besides being woken after commits). */
export const DELIVERY_INTERVAL_MS = 30_000;

/**
 * The SMTP transport (nodemailer) for `smtpUrl`, e.g. `smtp://user:pass@mail.example:587`, with
 * time-outs short enough that one batch stays within its {@link DELIVERY_LEASE_MS}.
 */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return {
    async send(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        attachments: mail.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.contentBase64, "base64"),
        })),
      });
    },
    close: () => transporter.close(),
  };
}

/** What one {@link deliverDueMail} run did: rows claimed, and of them sent, queued again, failed. */
export type DeliveryResult = { claimed: number; sent: number; retried: number; failed: number };

/**
 * One delivery step: claims up to `limit` (default {@link DELIVERY_BATCH}) `queued` rows due at
 * `now()` with `SELECT ... FOR UPDATE SKIP LOCKED` in a short transaction that counts the attempt and
 * moves their next attempt past the {@link DELIVERY_LEASE_MS} lease, commits, and only then hands each
 * mail to `transport`, outside any transaction. A delivered mail becomes `sent`; a refused one is due
 * again after {@link RETRY_DELAYS_MS} or, at its {@link MAX_ATTEMPTS}th attempt, `failed`, with the
 * error kept in `last_error`. Senders in several processes over one PostgreSQL never claim the same
 * row at once, so no mail goes out twice (short of a send outliving its lease).
 */
export async function deliverDueMail(options: {
  db: Database;
  transport: MailTransport;
  now: () => number;
  limit?: number;
}): Promise<DeliveryResult> {
  const { db, transport, now } = options;
  const at = now();
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, "queued"), lte(mailOutbox.nextAttemptAt, new Date(at))))
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(options.limit ?? DELIVERY_BATCH)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(at + DELIVERY_LEASE_MS) })
      .where(
        inArray(
          mailOutbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
  const result: DeliveryResult = { claimed: claimed.length, sent: 0, retried: 0, failed: 0 };
  for (const row of claimed) {
    // The result is recorded only while the row is still this attempt's: same attempt count and the
    // lease this claim set (a failed row resent by staff starts again at attempt 0, mail/status.ts,
    // so the attempt count alone could match an older claim's).
    const ours = and(
      eq(mailOutbox.id, row.id),
      eq(mailOutbox.attempts, row.attempts),
      eq(mailOutbox.status, "queued"),
      ...(row.nextAttemptAt ? [eq(mailOutbox.nextAttemptAt, row.nextAttemptAt)] : []),
    );
    try {
      await transport.send({
        from: row.fromAddress,
        to: row.toAddresses.split(", "),
        subject: row.subject,
        text: row.text,
        attachments: row.attachments,
      });
      await db
        .update(mailOutbox)
        .set({ status: "sent", sentAt: new Date(now()), nextAttemptAt: null, lastError: null })
        .where(ours);
      result.sent++;
    } catch (err) {
      const gaveUp = row.attempts >= MAX_ATTEMPTS;
      const delay = RETRY_DELAYS_MS[row.attempts - 1] ?? 0;
      await db
        .update(mailOutbox)
        .set({
          status: gaveUp ? "failed" : "queued",
          nextAttemptAt: gaveUp ? null : new Date(now() + delay),
          lastError: (err as Error).message.slice(0, 1000),
        })
        .where(ours);
      if (gaveUp) result.failed++;
      else result.retried++;
    }
  }
  return result;
}

/** A running sender: {@link startMailDelivery}. */
export type MailDelivery = {
  /** Looks for due mail now (again after the current run when one is under way). */
  wake(): void;
  /** Resolves when no run is under way (tests wait on it after a wake). */
  idle(): Promise<void>;
  /** Stops the timer, waits for the current run and closes the mail transport. */
  stop(): Promise<void>;
};

/**
 * Runs {@link deliverDueMail} (when `transport` is set) and {@link deliverDueSms} (when `sms` is
 * set: the SMS gateway) in this process until `stop()`: at start (mail and SMS a stopped process
 * left queued), whenever woken (after a request that enqueued mail or recorded SMS commits, app.ts)
 * and every {@link DELIVERY_INTERVAL_MS} for retries that came due. One run at a time; a run takes
 * batch after batch while batches come back full. A failing run (database gone) is logged and tried
 * again later.
 */
export function startMailDelivery(options: {
  db: Database;
  transport: MailTransport | null;
  sms?: SmsGateway | null;
  /** The portal's public origin, for the links of SMS texts (notifications/sms.ts deliverDueSms). */
  publicUrl?: string;
  now: () => number;
  log: (line: string) => void;
}): MailDelivery {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const { transport, sms } = options;
  const runUntilIdle = async () => {
    do {
      again = false;
      let result: DeliveryResult;
      do {
        result = transport
          ? await deliverDueMail({ ...options, transport })
          : { claimed: 0, sent: 0, retried: 0, failed: 0 };
        if (result.retried + result.failed > 0) {
          options.log(`[mail] ${result.sent} sent, ${result.retried} to retry, ${result.failed} failed`);
        }
      } while (!stopped && result.claimed === DELIVERY_BATCH);
      if (sms) {
        do {
          result = await deliverDueSms({
            db: options.db,
            gateway: sms,
            now: options.now,
            publicUrl: options.publicUrl,
          });
          if (result.retried + result.failed > 0) {
            options.log(`[sms] ${result.sent} sent, ${result.retried} to retry, ${result.failed} failed`);
          }
        } while (!stopped && result.claimed === DELIVERY_BATCH);
      }
    } while (again && !stopped);
  };
  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runUntilIdle()
      .catch((err) => options.log(`[mail] delivery failed: ${(err as Error).message}`))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(wake, DELIVERY_INTERVAL_MS);
  timer.unref();
  wake();
  return {
    wake,
    idle: async () => {
      while (running) await running;
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      while (running) await running;
      options.transport?.close();
    },
  };
}
