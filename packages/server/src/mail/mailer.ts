import nodemailer from "nodemailer";
import type { Executor } from "../db/client.ts";
import { mailOutbox } from "../db/schema.ts";

/** A file sent with a mail: its name, media type and bytes. */
export type MailAttachment = { filename: string; contentType: string; content: Uint8Array };

/** One mail: recipients (one or more addresses), subject, plain text and optional attachments. */
export type Mail = { to: string[]; subject: string; text: string; attachments?: MailAttachment[] };

/** Sends mail. `send` resolves once the mail is handed to SMTP or written to the outbox. */
export type Mailer = {
  readonly transport: "smtp" | "outbox";
  /** `db` lets the outbox row join the caller's transaction. Throws when SMTP refuses the mail. */
  send(mail: Mail, db?: Executor): Promise<void>;
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
 * Development mailer: writes each mail to the `mail_outbox` table (read by GET /api/dev/outbox and
 * by the tests) and prints one line to the server log ({@link sanitizeForLog}): with the body when
 * `logBodies` is true (the default, for development), else only recipients, subject and where the
 * mail was kept, so sign-in codes and links never reach the log (production without SMTP).
 */
export function createOutboxMailer(options: {
  db: Executor;
  from: string;
  log?: (line: string) => void;
  logBodies?: boolean;
}): Mailer {
  const log = options.log ?? ((line: string) => console.info(line));
  const logBodies = options.logBodies ?? true;
  return {
    transport: "outbox",
    async send(mail, db = options.db) {
      await db.insert(mailOutbox).values({
        toAddresses: mail.to.join(", "),
        fromAddress: options.from,
        // PostgreSQL text cannot hold NUL characters.
        subject: mail.subject.replaceAll("\u0000", ""),
        text: mail.text.replaceAll("\u0000", ""),
        transport: "outbox",
        attachments: (mail.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          size: a.content.byteLength,
          contentBase64: Buffer.from(a.content).toString("base64"),
        })),
      });
      const head = `[mail] to ${sanitizeForLog(mail.to.join(", "))}: ${sanitizeForLog(mail.subject)}`;
      log(
        logBodies
          ? `${head}: ${sanitizeForLog(mail.text)}`
          : `${head} (kept in the mail_outbox table, not sent: SMTP_URL is not set)`,
      );
    },
  };
}

/** SMTP mailer (nodemailer) for `smtpUrl`, e.g. `smtp://user:pass@mail.example:587`. */
export function createSmtpMailer(options: { smtpUrl: string; from: string }): Mailer {
  const transporter = nodemailer.createTransport(options.smtpUrl);
  return {
    transport: "smtp",
    async send(mail) {
      await transporter.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        attachments: (mail.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.content),
        })),
      });
    },
  };
}
