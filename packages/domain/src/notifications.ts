import { z } from "zod";
import { ZEmail } from "./email-schema.ts";
import { SPEC_MESSAGES } from "./messages.ts";
import { ZId } from "./planning-input.ts";

/*
 * Communication channels (/app/notification; spec, Exam management §1 home card "communication
 * channels", §5 "Other messages": 'Please provide all the details' (SMS and mail), 'At least one class
 * should be selected!', 'Please Select a Contact', 'Please select maximum of five options'
 * (notification topics, max five), e-mails separated by commas). The spec shows no fields beyond
 * these; the rest is the portal's, documented in openapi/notifications.yaml.
 */

/** How a message travels: mail through the outbox, or SMS to the contacts' mobile numbers. */
export const NOTIFICATION_CHANNELS = ["mail", "sms"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Whom a message is for: the students of class sections, or chosen contacts. */
export const NOTIFICATION_RECIPIENT_KINDS = ["classes", "contacts"] as const;
export type NotificationRecipientKind = (typeof NOTIFICATION_RECIPIENT_KINDS)[number];

/** The topics (tags) a message can carry; at most {@link MAX_NOTIFICATION_TOPICS} per message. */
export const NOTIFICATION_TOPICS = [
  "exams",
  "results",
  "timetable",
  "attendance",
  "events",
  "holidays",
  "fees",
  "general",
] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

/** Most topics per message (spec: 'Please select maximum of five options'). */
export const MAX_NOTIFICATION_TOPICS = 5;
/** Longest subject of a mail, in characters. */
export const MAX_NOTIFICATION_SUBJECT = 200;
/** Longest mail text, in characters. */
export const MAX_NOTIFICATION_MAIL_BODY = 5000;
/** Longest SMS text, in characters (three concatenated parts). */
export const MAX_NOTIFICATION_SMS_BODY = 480;
/** Most class sections one message goes to. */
export const MAX_NOTIFICATION_SECTIONS = 50;
/** Most chosen contacts one message goes to. */
export const MAX_NOTIFICATION_CONTACTS = 200;
/** Most extra e-mail addresses one message goes to. */
export const MAX_NOTIFICATION_EMAILS = 100;
/** Page sizes of the sent messages and of a message's recipients. */
export const NOTIFICATION_PAGE_SIZES = [10, 25, 50] as const;

/** Texts of the communication channels; the spec's exactly as it writes them. */
export const NOTIFICATION_MESSAGES = {
  /** spec §5: a missing subject (mail) or text (SMS and mail) */
  provideAllDetails: "Please provide all the details",
  /** spec §5: recipients as classes with none chosen */
  selectClass: "At least one class should be selected!",
  /** spec §5: recipients as contacts with none chosen */
  selectContact: "Please Select a Contact",
  /** spec §5: a sixth topic */
  maxTopics: "Please select maximum of five options",
  /** spec §4 field formats: one of the comma-separated addresses is no e-mail */
  invalidEmail: SPEC_MESSAGES.invalidEmail,
  tooLong: "The text is too long",
  unknownTopic: "Choose topics from the list",
  emailsOnlyByMail: "Extra e-mail addresses can only be sent mail",
  tooManySections: `At most ${MAX_NOTIFICATION_SECTIONS} classes per message`,
  tooManyContacts: `At most ${MAX_NOTIFICATION_CONTACTS} contacts per message`,
  tooManyEmails: `At most ${MAX_NOTIFICATION_EMAILS} e-mail addresses per message`,
  sectionOutOfReach: "A chosen class is not within your reach or does not exist",
  unknownContact: "A chosen contact does not exist",
  noRecipients: "None of the chosen recipients can be reached on this channel",
  noSuchMessage: "No such message",
  /** Resend failed on an SMS message none of whose SMS failed (or someone resent them meanwhile). */
  noFailedSms: "There are no failed SMS to resend. Reload to see the current counts.",
} as const;

/** The addresses of a comma-separated list, trimmed, empty parts left out. */
export function splitEmailList(text: string): string[] {
  return text
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

const idList = (max: number, message: string) =>
  z.array(ZId, { error: "A list of ids" }).max(max, { error: message }).default([]);

/**
 * Body of `POST /notifications` and the compose form's schema: channel, subject (mail only, required
 * there), text, up to five topics, recipients as classes (class sections, at least one) or contacts
 * (at least one), and extra addresses for mail as one comma-separated text, each checked with
 * {@link ZEmail}. The output has `emails` as the list of lower-cased addresses, without repeats.
 */
export const ZNotificationInput = z
  .strictObject({
    channel: z.enum(NOTIFICATION_CHANNELS, { error: NOTIFICATION_MESSAGES.provideAllDetails }),
    subject: z
      .string()
      .trim()
      .max(MAX_NOTIFICATION_SUBJECT, { error: NOTIFICATION_MESSAGES.tooLong })
      .default(""),
    // Emptiness is checked with the other cross-field rules below, so one attempt shows them all.
    body: z
      .string({ error: NOTIFICATION_MESSAGES.provideAllDetails })
      .trim()
      .max(MAX_NOTIFICATION_MAIL_BODY, { error: NOTIFICATION_MESSAGES.tooLong }),
    topics: z
      .array(z.enum(NOTIFICATION_TOPICS, { error: NOTIFICATION_MESSAGES.unknownTopic }))
      .max(MAX_NOTIFICATION_TOPICS, { error: NOTIFICATION_MESSAGES.maxTopics })
      .default([]),
    recipientKind: z.enum(NOTIFICATION_RECIPIENT_KINDS, { error: NOTIFICATION_MESSAGES.provideAllDetails }),
    sectionIds: idList(MAX_NOTIFICATION_SECTIONS, NOTIFICATION_MESSAGES.tooManySections),
    contactIds: idList(MAX_NOTIFICATION_CONTACTS, NOTIFICATION_MESSAGES.tooManyContacts),
    emails: z.string().max(20_000, { error: NOTIFICATION_MESSAGES.tooLong }).default(""),
  })
  .superRefine((v, ctx) => {
    if (v.body === "")
      ctx.addIssue({ code: "custom", path: ["body"], message: NOTIFICATION_MESSAGES.provideAllDetails });
    if (v.channel === "mail" && v.subject === "")
      ctx.addIssue({ code: "custom", path: ["subject"], message: NOTIFICATION_MESSAGES.provideAllDetails });
    if (v.channel === "sms" && v.body.length > MAX_NOTIFICATION_SMS_BODY)
      ctx.addIssue({ code: "custom", path: ["body"], message: NOTIFICATION_MESSAGES.tooLong });
    if (v.recipientKind === "classes" && v.sectionIds.length === 0)
      ctx.addIssue({ code: "custom", path: ["sectionIds"], message: NOTIFICATION_MESSAGES.selectClass });
    if (v.recipientKind === "contacts" && v.contactIds.length === 0)
      ctx.addIssue({ code: "custom", path: ["contactIds"], message: NOTIFICATION_MESSAGES.selectContact });
    if (new Set(v.topics).size !== v.topics.length)
      ctx.addIssue({ code: "custom", path: ["topics"], message: NOTIFICATION_MESSAGES.unknownTopic });
    const emails = splitEmailList(v.emails);
    if (emails.length === 0) return;
    if (v.channel !== "mail") {
      ctx.addIssue({ code: "custom", path: ["emails"], message: NOTIFICATION_MESSAGES.emailsOnlyByMail });
      return;
    }
    if (emails.length > MAX_NOTIFICATION_EMAILS)
      ctx.addIssue({ code: "custom", path: ["emails"], message: NOTIFICATION_MESSAGES.tooManyEmails });
    else if (emails.some((e) => !ZEmail.safeParse(e).success))
      ctx.addIssue({ code: "custom", path: ["emails"], message: NOTIFICATION_MESSAGES.invalidEmail });
  })
  .transform((v) => ({
    ...v,
    subject: v.channel === "mail" ? v.subject : "",
    // The other kind's choices are not sent to: only the chosen kind counts.
    sectionIds: v.recipientKind === "classes" ? [...new Set(v.sectionIds)] : [],
    contactIds: v.recipientKind === "contacts" ? [...new Set(v.contactIds)] : [],
    emails: [...new Set(splitEmailList(v.emails).map((e) => ZEmail.parse(e)))],
  }));

/** A message to send, as the server reads it (after {@link ZNotificationInput}). */
export type NotificationInput = z.output<typeof ZNotificationInput>;

/** Query of the sent messages list (`GET /notifications`): page and size. */
export const ZNotificationListQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  count: z.coerce
    .number()
    .pipe(z.union([z.literal(10), z.literal(25), z.literal(50)], { error: "count must be 10, 25 or 50" }))
    .default(25),
});

/** Query of a message's recipients (`GET /notifications/{id}`): page, size, and a status filter. */
export const ZNotificationRecipientQuery = ZNotificationListQuery.extend({
  status: z
    .enum(["", "queued", "sent", "failed"], { error: "status must be queued, sent or failed" })
    .default(""),
});
