import type { Executor } from "../db/client.ts";
import { mailOutbox } from "../db/schema.ts";

/** A file sent with a mail: its name, media type and bytes. */
export type MailAttachment = { filename: string; contentType: string; content: Uint8Array };

/**
 * One mail: recipients (one or more addresses), subject, plain text, optional attachments and the
 * record that caused it when known (`source`, e.g. `grading.publish:<courseOfferingId>`).
 */
export type Mail = {
  to: string[];
  subject: string;
  text: string;
  attachments?: MailAttachment[];
  source?: string;
};

/**
 * Queues mail. `enqueue` only writes a `mail_outbox` row in the caller's transaction `db`, so the
 * mail exists exactly when the write that caused it commits; no caller talks to SMTP. With SMTP the
 * row is `queued` and mail/delivery.ts sends it after the commit; without, it is kept in the outbox.
 */
export type Mailer = {
  readonly transport: "smtp" | "outbox";
  enqueue(db: Executor, mail: Mail): Promise<void>;
  /** How many mails were enqueued since start; a request that moved it wakes the sender (app.ts). */
  readonly enqueued: number;
  /**
   * Asks the sender to look for due mail and SMS now (no-op without a sender); called after a commit
   * that queued either.
   */
  wake(): void;
};

/**
 * `text` made safe for one log line: line breaks become the two characters `\n` (and `\r`), tabs
 * `\t`, and every other control or invisible formatting character (C0, DEL, C1, Unicode line and
 * paragraph separators, bidirectional overrides) is dropped, so a mail cannot forge log lines or
 * hide text in a terminal.
 */
export function sanitizeForLog(text: string): string {
  return text
    .replace(/\r\n|\n|\r|\t/g, (m) => (m === "\t" ? "\\t" : m === "\r" ? "\\r" : "\\n"))
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, "");
}

/**
 * The mailer for `transport`. Each mail becomes one `mail_outbox` row written through the caller's
 * executor (PostgreSQL text cannot hold NUL characters, so they are dropped):
 * - `outbox` (no SMTP_URL): status `sent` at once, read by GET /api/dev/outbox and the tests, and one
 *   line in the server log ({@link sanitizeForLog}): with the body when `logBodies` is true (the
 *   default, for development), else only recipients, subject and where the mail was kept, so sign-in
 *   codes and links never reach the log (production without SMTP).
 * - `smtp`: status `queued`, due at `now()`; `onWake` (the sender's wake, mail/delivery.ts) is what
 *   {@link Mailer.wake} calls.
 */
export function createMailer(options: {
  transport: "smtp" | "outbox";
  from: string;
  now: () => number;
  log?: (line: string) => void;
  logBodies?: boolean;
  onWake?: () => void;
}): Mailer {
  const log = options.log ?? ((line: string) => console.info(line));
  const logBodies = options.logBodies ?? true;
  const kept = options.transport === "outbox";
  let enqueued = 0;
  return {
    transport: options.transport,
    get enqueued() {
      return enqueued;
    },
    wake: () => options.onWake?.(),
    async enqueue(db, mail) {
      const at = new Date(options.now());
      await db.insert(mailOutbox).values({
        toAddresses: mail.to.join(", "),
        fromAddress: options.from,
        subject: mail.subject.replaceAll("\u0000", ""),
        text: mail.text.replaceAll("\u0000", ""),
        transport: options.transport,
        attachments: (mail.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          size: a.content.byteLength,
          contentBase64: Buffer.from(a.content).toString("base64"),
        })),
        source: mail.source ?? null,
        status: kept ? "sent" : "queued",
        nextAttemptAt: kept ? null : at,
        sentAt: kept ? at : null,
      });
      enqueued++;
      if (!kept) return;
      const head = `[mail] to ${sanitizeForLog(mail.to.join(", "))}: ${sanitizeForLog(mail.subject)}`;
      log(
        logBodies
          ? `${head}: ${sanitizeForLog(mail.text)}`
          : `${head} (kept in the mail_outbox table, not sent: SMTP_URL is not set)`,
      );
    },
  };
}
