import { randomUUID } from "node:crypto";
import {
  NOTIFICATION_MESSAGES,
  type NotificationInput,
  notificationText,
  ROLE_ACADEMIC_OFFICE,
  ROLE_EXAM_OFFICE,
} from "@portal/domain";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { writeAudit } from "../audit.ts";
import { listScopeOf, offeringIdInListScope } from "../auth/public.ts";
import type { AppContext, SessionUser } from "../context.ts";
import { insertRowsByColumn } from "../db/bulk-insert.ts";
import type { Executor } from "../db/client.ts";
import { rows } from "../db/rows.ts";
import { notificationMessage, notificationRecipient } from "../db/schema.ts";
import { badRequest, notFound } from "../http/errors.ts";
import { type FailedDeliveryQueue, requeueFailed, sanitizeLastError } from "../mail/status.ts";

/*
 * Communication channels (/app/notification; openapi/notifications.yaml): messages by mail or SMS to
 * the students of class sections or to chosen contacts. Mail goes through the outbox, one mail per
 * recipient, queued in the transaction that records the message; SMS recipients are recorded as
 * queued and sent after the commit by the SMS gateway sender (notifications/sms.ts) when
 * SMS_GATEWAY_URL is set, else they stay queued.
 */

/** The roles that open the communication channels (their x-roles); the administrator always may. */
export const NOTIFICATION_ROLES = [ROLE_EXAM_OFFICE, ROLE_ACADEMIC_OFFICE] as const;

/** Most class sections and contacts one choices answer lists. */
const MAX_SECTION_CHOICES = 50;
const MAX_CONTACT_CHOICES = 20;

/** A message's mails or SMS by status. */
export type NotificationCounts = { queued: number; sent: number; failed: number };

/** One sent message as answered (openapi/notifications.yaml `Notification`). */
export type NotificationView = {
  id: string;
  channel: "mail" | "sms";
  subject: string;
  body: string;
  topics: string[];
  /** The link as given (portal path or https:// address), null without one. */
  link: string | null;
  recipientKind: "classes" | "contacts";
  sections: { id: string; name: string }[];
  recipients: number;
  skipped: number;
  sentBy: string;
  sentAt: string;
  counts: NotificationCounts;
};

/** One recipient of a message with its delivery status. */
export type RecipientView = {
  id: string;
  contactId: string | null;
  name: string | null;
  address: string;
  status: "queued" | "sent" | "failed";
  attempts: number;
  lastError: string | null;
};

/** The outbox source of the mail of recipient `recipientId` of message `messageId`. */
export function notificationMailSource(messageId: string, recipientId?: string): string {
  return `notification:${messageId}:${recipientId ?? ""}`;
}

/** "<course code> <course name> · <term> · Section <letter>" of course offering alias `so`. */
const SECTION_NAME = sql.raw(
  `(crs.code || ' ' || crs.name || ' · ' || trm.name || ' · Section ' || so.section)`,
);
/** A PostgreSQL array literal of uuids (validated ids only). */
const uuidArray = (ids: readonly string[]) => `{${ids.join(",")}}`;

/**
 * The choices of the compose form: class sections within `user`'s reach (by course code, section)
 * whose course, term or section contains `search`, with their enrolment counts, at most 50; and
 * contacts whose name, code or e-mail contains it, by name, at most 20, with their mobile numbers
 * (the contact's details, else a faculty member's phone).
 */
export async function listNotificationChoices(ctx: AppContext, user: SessionUser, search: string) {
  const scope = await listScopeOf(ctx.db, user, NOTIFICATION_ROLES);
  const like = `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const sections = await rows<{ id: string; name: string; students: number }>(
    ctx.db,
    sql`select so.id, ${SECTION_NAME} as name,
          (select count(*)::int from enrolment e where e.course_offering_id = so.id) as students
        from course_offering so join course crs on crs.id = so.course_id join term trm on trm.id = so.term_id
        where ${offeringIdInListScope(sql`so.id`, scope)}
          and ${SECTION_NAME} ilike ${like}
        order by crs.code, trm.name, so.section, so.id
        limit ${MAX_SECTION_CHOICES}`,
  );
  const contacts = await rows<{
    id: string;
    name: string;
    email: string;
    kind: "faculty" | "student";
    mobile: string | null;
  }>(
    ctx.db,
    sql`select c.id, c.first_name || ' ' || c.last_name as name, c.email, c.kind,
          coalesce(nullif(trim(cd.mobile), ''), nullif(trim(fp.phone), '')) as mobile
        from contact c
        left join contact_detail cd on cd.contact_id = c.id
        left join faculty_profile fp on fp.contact_id = c.id
        where (c.first_name || ' ' || c.last_name) ilike ${like} or c.email ilike ${like}
          or coalesce(c.code, '') ilike ${like}
        order by c.first_name, c.last_name, c.id
        limit ${MAX_CONTACT_CHOICES}`,
  );
  return { sections, contacts };
}

type Person = { id: string; name: string; email: string; mobile: string | null };

/** The people behind the chosen recipients: enrolled students of the sections, or the contacts. */
async function peopleOf(
  tx: Executor,
  user: SessionUser,
  input: NotificationInput,
): Promise<{ people: Person[]; sections: { id: string; name: string }[] }> {
  const personColumns = sql`c.id, c.first_name || ' ' || c.last_name as name, lower(c.email) as email,
    coalesce(nullif(trim(cd.mobile), ''), nullif(trim(fp.phone), '')) as mobile`;
  const personJoins = sql`left join contact_detail cd on cd.contact_id = c.id
    left join faculty_profile fp on fp.contact_id = c.id`;
  if (input.recipientKind === "classes") {
    const scope = await listScopeOf(tx, user, NOTIFICATION_ROLES);
    const sections = await rows<{ id: string; name: string }>(
      tx,
      sql`select so.id, ${SECTION_NAME} as name
          from course_offering so join course crs on crs.id = so.course_id join term trm on trm.id = so.term_id
          where so.id = any(${uuidArray(input.sectionIds)}::uuid[])
            and ${offeringIdInListScope(sql`so.id`, scope)}
          order by crs.code, so.section, so.id`,
    );
    if (sections.length !== input.sectionIds.length)
      throw badRequest(NOTIFICATION_MESSAGES.sectionOutOfReach, "sectionIds", "section_scope");
    const people = await rows<Person>(
      tx,
      sql`select distinct ${personColumns}
          from enrolment e join contact c on c.id = e.student_id ${personJoins}
          where e.course_offering_id = any(${uuidArray(input.sectionIds)}::uuid[])
          order by email, c.id`,
    );
    return { people, sections };
  }
  const people = await rows<Person>(
    tx,
    sql`select ${personColumns} from contact c ${personJoins}
        where c.id = any(${uuidArray(input.contactIds)}::uuid[]) order by email, c.id`,
  );
  if (people.length !== input.contactIds.length)
    throw badRequest(NOTIFICATION_MESSAGES.unknownContact, "contactIds", "exists");
  return { people, sections: [] };
}

/**
 * Sends `input` as `user` (POST /notifications): in one transaction, checks the chosen class
 * sections against the user's reach (400 `section_scope`) or the contacts' existence (400 `exists`),
 * records the message and one recipient per distinct address (a person reached twice gets it once),
 * and then either queues one outbox mail per recipient (its text ending with the message's link as an
 * absolute address, {@link notificationText}) (source
 * `notification:<messageId>:<recipientId>`) or records each SMS as queued; people without a mobile
 * number are counted as skipped. 400 `no_recipients` when nobody is left. One audit row
 * (`send_notification`). The mail sender is woken after the commit by app.ts.
 */
export async function sendNotification(
  ctx: AppContext,
  user: SessionUser,
  input: NotificationInput,
): Promise<NotificationView> {
  const at = new Date(ctx.now());
  const messageId = await ctx.db.transaction(async (tx) => {
    const { people, sections } = await peopleOf(tx, user, input);
    const byAddress = new Map<string, { contactId: string | null }>();
    let skipped = 0;
    for (const person of people) {
      const address = input.channel === "mail" ? person.email : person.mobile;
      if (!address) skipped++;
      else if (!byAddress.has(address)) byAddress.set(address, { contactId: person.id });
    }
    for (const email of input.emails) if (!byAddress.has(email)) byAddress.set(email, { contactId: null });
    if (byAddress.size === 0)
      throw badRequest(
        NOTIFICATION_MESSAGES.noRecipients,
        input.recipientKind === "classes" ? "sectionIds" : "contactIds",
        "no_recipients",
      );
    const id = randomUUID();
    await tx.insert(notificationMessage).values({
      id,
      channel: input.channel,
      subject: input.subject,
      body: input.body,
      topics: input.topics,
      link: input.link,
      recipientKind: input.recipientKind,
      sectionIds: sections.map((s) => s.id),
      recipientCount: byAddress.size,
      skippedCount: skipped,
      sentBy: user.id,
      sentByEmail: user.email,
      createdAt: at,
    });
    const recipients = [...byAddress].map(([address, r]) => ({
      id: randomUUID(),
      messageId: id,
      contactId: r.contactId,
      address,
      smsStatus: input.channel === "sms" ? ("queued" as const) : null,
    }));
    await insertRowsByColumn(tx, notificationRecipient, recipients);
    if (input.channel === "mail") {
      const text = notificationText(input.body, input.link, ctx.config.publicUrl);
      for (const r of recipients)
        await ctx.mailer.enqueue(tx, {
          to: [r.address],
          subject: input.subject,
          text,
          source: notificationMailSource(id, r.id),
        });
    }
    await writeAudit(
      tx,
      user,
      [
        {
          action: "send_notification",
          entity: "notification",
          entityId: id,
          before: null,
          after: {
            channel: input.channel,
            subject: input.subject,
            topics: input.topics,
            link: input.link,
            recipientKind: input.recipientKind,
            sectionIds: sections.map((s) => s.id),
            contactIds: input.contactIds,
            emails: input.emails.length,
            recipients: recipients.length,
            skipped,
          },
        },
      ],
      at,
    );
    return id;
  });
  const view = await readNotification(ctx.db, messageId);
  if (!view) throw notFound(NOTIFICATION_MESSAGES.noSuchMessage);
  return view;
}

/** Status of a recipient row: its outbox mail's, else its SMS status. */
const RECIPIENT_STATUS = sql.raw(`coalesce(mo.status, r.sms_status, 'queued')`);
const MAIL_JOIN = sql.raw(
  `left join mail_outbox mo on mo.source = 'notification:' || r.message_id::text || ':' || r.id::text`,
);

/** Counts by status of the messages `ids`. */
async function countsOf(db: Executor, ids: string[]): Promise<Map<string, NotificationCounts>> {
  const counted = new Map<string, NotificationCounts>();
  if (ids.length === 0) return counted;
  const found = await rows<{ messageId: string; status: keyof NotificationCounts; n: number }>(
    db,
    sql`select r.message_id as "messageId", ${RECIPIENT_STATUS} as status, count(*)::int as n
        from notification_recipient r ${MAIL_JOIN}
        where r.message_id = any(${uuidArray(ids)}::uuid[])
        group by 1, 2`,
  );
  for (const row of found) {
    const counts = counted.get(row.messageId) ?? { queued: 0, sent: 0, failed: 0 };
    counts[row.status] = Number(row.n);
    counted.set(row.messageId, counts);
  }
  return counted;
}

/** Names of the class sections `ids`, in the order given (an id no longer found reads as its id). */
async function sectionNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const found = await rows<{ id: string; name: string }>(
    db,
    sql`select so.id, ${SECTION_NAME} as name
        from course_offering so join course crs on crs.id = so.course_id join term trm on trm.id = so.term_id
        where so.id = any(${uuidArray(ids)}::uuid[])`,
  );
  return new Map(found.map((s) => [s.id, s.name]));
}

type MessageRecord = typeof notificationMessage.$inferSelect;

async function views(db: Executor, records: MessageRecord[]): Promise<NotificationView[]> {
  const counts = await countsOf(
    db,
    records.map((r) => r.id),
  );
  const names = await sectionNames(db, [...new Set(records.flatMap((r) => r.sectionIds))]);
  return records.map((r) => ({
    id: r.id,
    channel: r.channel,
    subject: r.subject,
    body: r.body,
    topics: r.topics,
    link: r.link,
    recipientKind: r.recipientKind,
    sections: r.sectionIds.map((id) => ({ id, name: names.get(id) ?? id })),
    recipients: r.recipientCount,
    skipped: r.skippedCount,
    sentBy: r.sentByEmail,
    sentAt: r.createdAt.toISOString(),
    counts: counts.get(r.id) ?? { queued: 0, sent: 0, failed: 0 },
  }));
}

async function readNotification(db: Executor, id: string): Promise<NotificationView | null> {
  const [found] = await db.select().from(notificationMessage).where(eq(notificationMessage.id, id));
  if (!found) return null;
  const [view] = await views(db, [found]);
  return view ?? null;
}

/**
 * Who may see which messages: a caller holding one of the roles without a scope sees all; one
 * narrowed to a scope sees only the messages it sent itself (they may name classes outside others'
 * reach).
 */
async function ownOnly(ctx: AppContext, user: SessionUser): Promise<boolean> {
  return (await listScopeOf(ctx.db, user, NOTIFICATION_ROLES)) !== null;
}

/** One page of sent messages, newest first, with their counts; `noOfRecords` counts them all. */
export async function listNotifications(
  ctx: AppContext,
  user: SessionUser,
  query: { pageNo: number; count: number },
): Promise<{ notifications: NotificationView[]; noOfRecords: number }> {
  const where = (await ownOnly(ctx, user)) ? eq(notificationMessage.sentBy, user.id) : undefined;
  const [total] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(notificationMessage)
    .where(where);
  const page = await ctx.db
    .select()
    .from(notificationMessage)
    .where(where)
    .orderBy(desc(notificationMessage.createdAt), desc(notificationMessage.id))
    .limit(query.count)
    .offset((query.pageNo - 1) * query.count);
  return { notifications: await views(ctx.db, page), noOfRecords: Number(total?.n ?? 0) };
}

/** 404 unless message `messageId` exists and `user` may see it ({@link ownOnly}). */
async function requireVisibleMessage(ctx: AppContext, user: SessionUser, messageId: string): Promise<void> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(messageId))
    throw notFound(NOTIFICATION_MESSAGES.noSuchMessage);
  const [found] = await ctx.db
    .select({ sentBy: notificationMessage.sentBy })
    .from(notificationMessage)
    .where(eq(notificationMessage.id, messageId));
  if (!found || ((await ownOnly(ctx, user)) && found.sentBy !== user.id))
    throw notFound(NOTIFICATION_MESSAGES.noSuchMessage);
}

/**
 * Checks a mail `source` of the mail status calls (mail/routes.ts) against the caller's reach when it
 * is a message's (`notification:<messageId>:` or `notification:<messageId>:<recipientId>`): the
 * message must be one `user` may see ({@link getNotification}), else 404 `not_found` as for an
 * unknown id; the bare prefix `notification:` (every message's mails) only for a caller who sees
 * every message. Other sources pass unchecked.
 */
export async function authorizeNotificationMailSource(
  ctx: AppContext,
  user: SessionUser,
  source: string,
): Promise<void> {
  if (!source.startsWith("notification:")) return;
  const messageId = source.split(":")[1] ?? "";
  if (messageId === "" && !(await ownOnly(ctx, user))) return;
  await requireVisibleMessage(ctx, user, messageId);
}

/**
 * The failed SMS of message `messageId` as a queue of the mail resend path (mail/status.ts
 * requeueFailed): each recipient row with `sms_status = 'failed'`, audited `resend_sms`.
 */
function failedSmsQueue(messageId: string): FailedDeliveryQueue {
  return {
    audit: { action: "resend_sms", entity: "notification_recipient" },
    noneFailed: { message: NOTIFICATION_MESSAGES.noFailedSms, errorCode: "no_failed_sms", field: "id" },
    async lockFailed(tx) {
      const failed = await tx
        .select({
          id: notificationRecipient.id,
          attempts: notificationRecipient.smsAttempts,
          lastError: notificationRecipient.smsLastError,
        })
        .from(notificationRecipient)
        .where(
          and(eq(notificationRecipient.messageId, messageId), eq(notificationRecipient.smsStatus, "failed")),
        )
        .orderBy(notificationRecipient.id)
        .for("update");
      return failed.map((f) => ({
        id: f.id,
        before: {
          status: "failed",
          attempts: f.attempts,
          lastError: sanitizeLastError(f.lastError),
          messageId,
        },
        after: { status: "queued", attempts: 0, messageId },
      }));
    },
    async requeue(tx, ids, at) {
      await tx
        .update(notificationRecipient)
        .set({ smsStatus: "queued", smsAttempts: 0, smsNextAttemptAt: at, smsLastError: null })
        .where(and(inArray(notificationRecipient.id, ids), eq(notificationRecipient.smsStatus, "failed")));
    },
  };
}

/**
 * Resends the failed SMS of message `id` (POST /notifications/{id}/sms/resend), as failed mails are
 * resent (mail/status.ts requeueFailed): in one transaction the failed recipients are locked, set
 * back to queued with no attempts, due now and without their last error, one audit row each
 * (`resend_sms`). The SMS sender takes them after the commit (the caller wakes it). 404 for an
 * unknown message or one the caller may not see; 409 `no_failed_sms` when none failed (a mail
 * message has no SMS). Answers how many were queued again and the message's new counts.
 */
export async function resendFailedSms(
  ctx: AppContext,
  user: SessionUser,
  id: string,
): Promise<{ resent: number; counts: NotificationCounts }> {
  await requireVisibleMessage(ctx, user, id);
  const at = new Date(ctx.now());
  return ctx.db.transaction(async (tx) => {
    const resent = await requeueFailed(tx, user, failedSmsQueue(id), at);
    const counts = (await countsOf(tx, [id])).get(id) ?? { queued: 0, sent: 0, failed: 0 };
    return { resent, counts };
  });
}

/**
 * A message and one page of its recipients by address, each with its delivery status (the outbox
 * mail's, or the SMS's), filtered by `status` when given, and whether an SMS gateway is configured
 * (`smsGateway`: without one SMS stay queued). 404 for an unknown message or one the caller may not
 * see.
 */
export async function getNotification(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  query: { pageNo: number; count: number; status: "" | "queued" | "sent" | "failed" },
): Promise<{
  notification: NotificationView;
  recipients: RecipientView[];
  noOfRecords: number;
  smsGateway: boolean;
}> {
  const notification = await readNotification(ctx.db, id);
  if (!notification) throw notFound(NOTIFICATION_MESSAGES.noSuchMessage);
  if ((await ownOnly(ctx, user)) && notification.sentBy !== user.email)
    throw notFound(NOTIFICATION_MESSAGES.noSuchMessage);
  const filter = query.status ? sql`and ${RECIPIENT_STATUS} = ${query.status}` : sql``;
  const [total] = await rows<{ n: number }>(
    ctx.db,
    sql`select count(*)::int as n from notification_recipient r ${MAIL_JOIN}
        where r.message_id = ${id} ${filter}`,
  );
  const page = await rows<{
    id: string;
    contactId: string | null;
    name: string | null;
    address: string;
    status: RecipientView["status"];
    attempts: number;
    lastError: string | null;
  }>(
    ctx.db,
    sql`select r.id, r.contact_id as "contactId", c.first_name || ' ' || c.last_name as name, r.address,
          ${RECIPIENT_STATUS} as status, coalesce(mo.attempts, r.sms_attempts) as attempts,
          coalesce(mo.last_error, r.sms_last_error) as "lastError"
        from notification_recipient r ${MAIL_JOIN}
        left join contact c on c.id = r.contact_id
        where r.message_id = ${id} ${filter}
        order by r.address, r.id
        limit ${query.count} offset ${(query.pageNo - 1) * query.count}`,
  );
  return {
    notification,
    recipients: page.map((r) => ({
      ...r,
      attempts: Number(r.attempts),
      lastError: sanitizeLastError(r.lastError),
    })),
    noOfRecords: Number(total?.n ?? 0),
    smsGateway: ctx.config.smsGatewayUrl !== null,
  };
}
