/**
 * Communication channels: messages sent by mail or SMS to classes or contacts, and their recipients
 * (/app/notification; openapi/notifications.yaml). Re-exported by schema.ts; imports only
 * schema-core.ts. A mail recipient's delivery status is its `mail_outbox` row's (source
 * `notification:<messageId>:<recipientId>`); an SMS recipient's is kept here.
 */
import { NOTIFICATION_CHANNELS, NOTIFICATION_RECIPIENT_KINDS, type NotificationTopic } from "@portal/domain";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { adminUser, contact } from "./schema-core.ts";

/** One message as sent: channel, subject (mail), text, topics, link, whom it was for and who sent it. */
export const notificationMessage = pgTable(
  "notification_message",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    channel: text("channel", { enum: NOTIFICATION_CHANNELS }).notNull(),
    subject: text("subject").notNull().default(""),
    body: text("body").notNull(),
    topics: jsonb("topics").$type<NotificationTopic[]>().notNull().default([]),
    /**
     * The message's link as the office gave it (a portal path starting with "/" or an https://
     * address; spec §5 'Please provide URL path'), null without one. Its mail and SMS texts end with
     * it as an absolute address.
     */
    link: text("link"),
    recipientKind: text("recipient_kind", { enum: NOTIFICATION_RECIPIENT_KINDS }).notNull(),
    /** The class sections (course offerings) chosen, for recipientKind `classes`. */
    sectionIds: jsonb("section_ids").$type<string[]>().notNull().default([]),
    /** How many recipients it was sent to (rows of notification_recipient). */
    recipientCount: integer("recipient_count").notNull(),
    /** Chosen people without an address on the channel (SMS: no mobile number). */
    skippedCount: integer("skipped_count").notNull().default(0),
    sentBy: uuid("sent_by").references(() => adminUser.id),
    sentByEmail: text("sent_by_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notification_message_created_idx").on(t.createdAt, t.id)],
);

/**
 * One recipient of a message: the contact when known (null for an extra address) and the address
 * used (e-mail or mobile number). `smsStatus` is the SMS's status (queued until the gateway sender,
 * notifications/sms.ts, sends it); null for mail, whose status is the outbox row's. `smsNextAttemptAt`
 * is when a queued SMS is due (null: at once), also the lease of a claimed one; `smsSentAt` when the
 * gateway took it.
 */
export const notificationRecipient = pgTable(
  "notification_recipient",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => notificationMessage.id, { onDelete: "cascade" }),
    contactId: uuid("contact_id").references(() => contact.id),
    address: text("address").notNull(),
    smsStatus: text("sms_status", { enum: ["queued", "sent", "failed"] }),
    smsAttempts: integer("sms_attempts").notNull().default(0),
    smsLastError: text("sms_last_error"),
    smsNextAttemptAt: timestamp("sms_next_attempt_at", { withTimezone: true }),
    smsSentAt: timestamp("sms_sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("notification_recipient_uq").on(t.messageId, t.address),
    index("notification_recipient_sms_due_idx").on(t.smsStatus, t.smsNextAttemptAt),
  ],
);
