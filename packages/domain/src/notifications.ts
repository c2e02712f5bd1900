import { SPEC_MESSAGES } from "./messages.ts";

/*
 * Communication channels (/app/notification; spec, Exam management §1 home card "communication
 * channels", §5 "Other messages": 'Please provide all the details' (SMS and mail), 'At least one class
 * should be selected!', 'Please Select a Contact', 'Please provide URL path', 'Please select maximum of five options'
 * (notification topics, max five), e-mails separated by commas). The spec gives 'Please provide URL
 * path' no field; the portal reads it as the message's link: "Add a link" ticked, the office gives
 * the link's URL path (a path of the portal starting with "/", or an absolute https:// address),
 * which the mail and SMS texts end with as an absolute address (notifications-input.ts, checkNotificationLink). The spec shows no fields beyond
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
/** Longest link of a message, in characters. */
export const MAX_NOTIFICATION_LINK = 2000;
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
  /** spec §5: "Add a link" ticked and no URL path given */
  provideUrlPath: "Please provide URL path",
  /** A link that is neither a portal path starting with "/" nor an https:// address. */
  invalidUrlPath:
    "Give the link as a path of the portal starting with / (such as /app/exams/requests) or an https:// address",
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

/**
 * The absolute address of a message's link for its mail and SMS texts: a portal path joined to the
 * portal's public origin `publicUrl` (no trailing slash, e.g. https://portal.example), an https://
 * address as it is.
 */
export function absoluteNotificationLink(link: string, publicUrl: string): string {
  return link.startsWith("/") ? `${publicUrl.replace(/\/+$/, "")}${link}` : link;
}

/**
 * The text a message's recipients get (mail and SMS): its `body`, then, when it has a link, a blank
 * line and the link as an absolute address (a portal path joined to `publicUrl`, the portal's public
 * origin, as the other mails build their links).
 */
export function notificationText(body: string, link: string | null, publicUrl: string): string {
  return link === null ? body : `${body}\n\n${absoluteNotificationLink(link, publicUrl)}`;
}
