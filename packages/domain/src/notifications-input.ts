import { z } from "zod";
import { ZEmail } from "./email-schema.ts";
import {
  MAX_NOTIFICATION_CONTACTS,
  MAX_NOTIFICATION_EMAILS,
  MAX_NOTIFICATION_LINK,
  MAX_NOTIFICATION_MAIL_BODY,
  MAX_NOTIFICATION_SECTIONS,
  MAX_NOTIFICATION_SMS_BODY,
  MAX_NOTIFICATION_SUBJECT,
  MAX_NOTIFICATION_TOPICS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_RECIPIENT_KINDS,
  NOTIFICATION_TOPICS,
  splitEmailList,
} from "./notifications.ts";
import { ZId } from "./planning-input.ts";

/*
 * The zod schemas of the communication channels' calls, apart from the channels, topics, limits and
 * texts in notifications.ts, so that a screen listing messages loads no zod for them
 * (docs/performance.md, "Page JavaScript: rules apart from schemas").
 */

/**
 * Checks a message's link as the office typed it (already trimmed): `null` when it is a path of the
 * portal (starts with one "/", no "//", backslash, white space or control characters) or an absolute
 * `https://` address with a host, else the English message (`provideUrlPath` when empty,
 * `invalidUrlPath` otherwise; `tooLong` beyond {@link MAX_NOTIFICATION_LINK}). Other schemes
 * (`javascript:`, `http:`, `mailto:`, ...) are refused.
 */
export function checkNotificationLink(link: string): string | null {
  if (link === "") return NOTIFICATION_MESSAGES.provideUrlPath;
  if (link.length > MAX_NOTIFICATION_LINK) return NOTIFICATION_MESSAGES.tooLong;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\s\\\u0000-\u001f\u007f]/.test(link)) return NOTIFICATION_MESSAGES.invalidUrlPath;
  if (link.startsWith("/")) return link.startsWith("//") ? NOTIFICATION_MESSAGES.invalidUrlPath : null;
  if (!/^https:\/\//i.test(link) || !URL.canParse(link)) return NOTIFICATION_MESSAGES.invalidUrlPath;
  const url = new URL(link);
  return url.protocol === "https:" && url.hostname !== "" && url.username === "" && url.password === ""
    ? null
    : NOTIFICATION_MESSAGES.invalidUrlPath;
}

const idList = (max: number, message: string) =>
  z.array(ZId, { error: "A list of ids" }).max(max, { error: message }).default([]);

/**
 * Body of `POST /notifications` and the compose form's schema: channel, subject (mail only, required
 * there), text, up to five topics, recipients as classes (class sections, at least one) or contacts
 * (at least one), and extra addresses for mail as one comma-separated text, each checked with
 * {@link ZEmail}; and an optional link: `addLink` ticked with `link` its URL path, checked by
 * {@link checkNotificationLink} (empty: 'Please provide URL path', spec §5). The output has `emails`
 * as the list of lower-cased addresses, without repeats, and `link` as the trimmed link, or null when
 * `addLink` is not ticked (what was typed is then dropped).
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
    addLink: z.boolean({ error: "addLink must be true or false" }).default(false),
    link: z.string({ error: NOTIFICATION_MESSAGES.invalidUrlPath }).trim().default(""),
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
    if (v.addLink) {
      const refused = checkNotificationLink(v.link);
      if (refused) ctx.addIssue({ code: "custom", path: ["link"], message: refused });
    }
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
    link: v.addLink ? v.link : null,
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
