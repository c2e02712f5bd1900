/**
 * The SMS sender of the communication channels: queued SMS recipients (notification_recipient rows
 * with `sms_status = 'queued'`) leave through a configured HTTP gateway (SMS_GATEWAY_URL), after the
 * commit that recorded them and never inside a transaction, claimed and retried as the mail outbox's
 * rows are (mail/delivery.ts: same lease, same retry delays, same number of attempts).
 */
import { notificationText } from "@portal/domain";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { rows } from "../db/rows.ts";
import { DELIVERY_BATCH, DELIVERY_LEASE_MS, MAX_ATTEMPTS, RETRY_DELAYS_MS } from "../mail/retry.ts";

/** One SMS as it leaves the portal: the mobile number, the text and the recipient row's id. */
export type OutgoingSms = { to: string; text: string; reference: string };

/** Hands one SMS to a gateway. `send` throws (with the reason) when the gateway refuses it or is out of reach. */
export type SmsGateway = { send(sms: OutgoingSms): Promise<void> };

/** How long one gateway request may take before it counts as failed (ms). */
export const SMS_GATEWAY_TIMEOUT_MS = 10_000;
/** Longest part of a gateway's refusal kept as the recipient's last error, in characters. */
const MAX_GATEWAY_ANSWER = 200;

/**
 * The HTTP gateway at `url`: each SMS is one `POST` with the JSON body `{ "to": "<mobile number>",
 * "text": "<message>", "reference": "<recipient id>" }` (the reference lets the gateway drop a
 * repeat), `Authorization: Bearer <token>` when a token is set, and a {@link SMS_GATEWAY_TIMEOUT_MS}
 * time-out (`timeoutMs` for tests). Any 2xx answer means the gateway took the SMS; another status
 * throws "The SMS gateway answered <status>: <start of its body>", a time-out or a refused
 * connection throws "The SMS gateway could not be reached: <reason>".
 */
export function createHttpSmsGateway(options: {
  url: string;
  token: string | null;
  timeoutMs?: number;
}): SmsGateway {
  return {
    async send(sms) {
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          },
          body: JSON.stringify(sms),
          signal: AbortSignal.timeout(options.timeoutMs ?? SMS_GATEWAY_TIMEOUT_MS),
        });
      } catch (err) {
        const error = err as Error & { cause?: { code?: string; message?: string } };
        const reason =
          error.name === "TimeoutError"
            ? `no answer within ${(options.timeoutMs ?? SMS_GATEWAY_TIMEOUT_MS) / 1000} s`
            : (error.cause?.code ?? error.cause?.message ?? error.message);
        throw new Error(`The SMS gateway could not be reached: ${reason}`);
      }
      const answer = (await response.text().catch(() => "")).trim().slice(0, MAX_GATEWAY_ANSWER);
      if (!response.ok) {
        throw new Error(`The SMS gateway answered ${response.status}${answer ? `: ${answer}` : ""}`);
      }
    },
  };
}

/** What one {@link deliverDueSms} run did: rows claimed, and of them sent, queued again, failed. */
export type SmsDeliveryResult = { claimed: number; sent: number; retried: number; failed: number };

type ClaimedSms = {
  id: string;
  address: string;
  body: string;
  link: string | null;
  attempts: number;
  leaseUntil: Date;
};

/**
 * One SMS delivery step: claims up to `limit` (default {@link DELIVERY_BATCH}) queued SMS recipients
 * due at `now()` (`sms_next_attempt_at` unset or passed) with `FOR UPDATE SKIP LOCKED` in one short
 * statement that counts the attempt and sets the {@link DELIVERY_LEASE_MS} lease, then hands each to
 * `gateway` outside any transaction. A delivered SMS becomes `sent`; a refused one is due again after
 * {@link RETRY_DELAYS_MS} or, at its {@link MAX_ATTEMPTS}th attempt, `failed`; the reason is kept in
 * `sms_last_error` either way. The result is written only while the row still holds this claim.
 * The text is the message's with its link, if any, as an absolute address on `publicUrl` (the
 * portal's public origin; without it a portal path stays a path), as its mails have it.
 */
export async function deliverDueSms(options: {
  db: Database;
  gateway: SmsGateway;
  now: () => number;
  limit?: number;
  publicUrl?: string;
}): Promise<SmsDeliveryResult> {
  const { db, gateway, now } = options;
  const at = new Date(now());
  const lease = new Date(at.getTime() + DELIVERY_LEASE_MS);
  const claimed = await rows<ClaimedSms>(
    db,
    sql`update notification_recipient r
        set sms_attempts = r.sms_attempts + 1, sms_next_attempt_at = ${lease.toISOString()}::timestamptz
        from notification_message m
        where m.id = r.message_id and r.id in (
          select id from notification_recipient
          where sms_status = 'queued'
            and (sms_next_attempt_at is null or sms_next_attempt_at <= ${at.toISOString()}::timestamptz)
          order by sms_next_attempt_at nulls first, id
          limit ${options.limit ?? DELIVERY_BATCH}
          for update skip locked)
        returning r.id, r.address, m.body, m.link, r.sms_attempts as attempts,
          r.sms_next_attempt_at as "leaseUntil"`,
  );
  const result: SmsDeliveryResult = { claimed: claimed.length, sent: 0, retried: 0, failed: 0 };
  for (const row of claimed) {
    const attempts = Number(row.attempts);
    // Still this claim's: queued, same attempt, same lease (a resent row starts again at attempt 0).
    const ours = sql`id = ${row.id} and sms_status = 'queued' and sms_attempts = ${attempts}
      and sms_next_attempt_at = ${lease.toISOString()}::timestamptz`;
    try {
      await gateway.send({
        to: row.address,
        text: notificationText(row.body, row.link, options.publicUrl ?? ""),
        reference: row.id,
      });
      await db.execute(
        sql`update notification_recipient set sms_status = 'sent', sms_sent_at = ${new Date(now()).toISOString()}::timestamptz,
              sms_next_attempt_at = null, sms_last_error = null
            where ${ours}`,
      );
      result.sent++;
    } catch (err) {
      const gaveUp = attempts >= MAX_ATTEMPTS;
      const delay = RETRY_DELAYS_MS[attempts - 1] ?? 0;
      const next = gaveUp ? null : new Date(now() + delay).toISOString();
      await db.execute(
        sql`update notification_recipient set sms_status = ${gaveUp ? "failed" : "queued"},
              sms_next_attempt_at = ${next}::timestamptz,
              sms_last_error = ${(err as Error).message.slice(0, 1000)}
            where ${ours}`,
      );
      if (gaveUp) result.failed++;
      else result.retried++;
    }
  }
  return result;
}
