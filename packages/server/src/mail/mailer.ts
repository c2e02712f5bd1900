import nodemailer from "nodemailer";
import type { Executor } from "../db/client.ts";
import { mailOutbox } from "../db/schema.ts";

/** One mail: recipients (one or more addresses), subject and plain text. */
export type Mail = { to: string[]; subject: string; text: string };

/** Sends mail. `send` resolves once the mail is handed to SMTP or written to the outbox. */
export type Mailer = {
  readonly transport: "smtp" | "outbox";
  /** `db` lets the outbox row join the caller's transaction. Throws when SMTP refuses the mail. */
  send(mail: Mail, db?: Executor): Promise<void>;
};

/**
 * Development mailer: writes each mail to the `mail_outbox` table (read by GET /api/dev/outbox and
 * by the tests) and prints one line to the server log.
 */
export function createOutboxMailer(options: {
  db: Executor;
  from: string;
  log?: (line: string) => void;
}): Mailer {
  const log = options.log ?? ((line: string) => console.info(line));
  return {
    transport: "outbox",
    async send(mail, db = options.db) {
      await db.insert(mailOutbox).values({
        toAddresses: mail.to.join(", "),
        fromAddress: options.from,
        subject: mail.subject,
        text: mail.text,
        transport: "outbox",
      });
      log(`[mail] to ${mail.to.join(", ")}: ${mail.subject}\n${mail.text}`);
    },
  };
}

/** SMTP mailer (nodemailer) for `smtpUrl`, e.g. `smtp://user:pass@mail.example:587`. */
export function createSmtpMailer(options: { smtpUrl: string; from: string }): Mailer {
  const transporter = nodemailer.createTransport(options.smtpUrl);
  return {
    transport: "smtp",
    async send(mail) {
      await transporter.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
