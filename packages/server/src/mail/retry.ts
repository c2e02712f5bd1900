/**
 * The outbox senders' claim and retry rules, shared by the mail sender (mail/delivery.ts) and the SMS
 * sender (notifications/sms.ts).
 */

/**
 * How long to wait after the n-th failed attempt before the next one: 1 min, 5 min, 30 min, 2 h.
 * The attempt after the last delay is the last: when it fails too the row becomes `failed`.
 */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;
/** Attempts before a mail (or SMS) is recorded `failed` (5: the first and one after each delay). */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** Rows one sender claims at a time. */
export const DELIVERY_BATCH = 10;
/**
 * How long a claimed row stays with its sender: a sender that stops between claim and result (a
 * crash, a restart) leaves the row `queued`, due again once the lease ends. Longer than one batch
 * can take with the SMTP time-outs of mail/delivery.ts (10 mails of at most about a minute each) or
 * the SMS gateway's time-out (notifications/sms.ts).
 */
export const DELIVERY_LEASE_MS = 15 * 60_000;
