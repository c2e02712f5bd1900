import { NOTIFICATION_MESSAGES } from "@portal/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../db/rows.ts";
import { DEMO_ACADEMIC_OFFICE, DEMO_EXAM_OFFICE } from "../demo/seed.ts";
import { tableFingerprints } from "../test/fuzz.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";
import { startSmsGatewayPeer } from "../test/sms-gateway-peer.ts";
import { studentsWithMobiles } from "../test/sms-students.ts";
import { createHttpSmsGateway, deliverDueSms } from "./sms.ts";

/** Tables the sign-in calls write; a refused resend must leave every other table as it was. */
const SIGN_IN_TABLES = [
  "otp_request",
  "otp_challenge",
  "refresh_token",
  "sign_in_attempt",
  "sign_in_failure",
  "session_family",
];

type Row = {
  id: string;
  address: string;
  status: string;
  attempts: number;
  lastError: string | null;
  due: string | null;
};

/**
 * Resending a message's failed SMS (POST /notifications/{id}/sms/resend, openapi/notifications.yaml):
 * the failed recipients are queued again in one transaction with an audit row each, the SMS sender
 * then delivers them after the commit; a second resend, a mail message, an unknown message and a
 * message outside a narrowed caller's reach are refused and change nothing.
 */
describe.each(testTargets())("resending failed SMS on $name", (target) => {
  let api: TestApi;
  /** The last sign-in: a new one moves the clock past the access token's life (harness signInHeaders). */
  let signedIn: { email: string; headers: Record<string, string> } | null = null;
  const as = async (email: string) => {
    if (signedIn?.email !== email) signedIn = { email, headers: await signInHeaders(api, email) };
    return signedIn.headers;
  };
  const academic = () => as(DEMO_ACADEMIC_OFFICE.email);
  const exams = () => as(DEMO_EXAM_OFFICE.email);
  /** Three students given mobile numbers here. */
  let students: { id: string; mobile: string }[];

  beforeAll(async () => {
    api = await createTestApi(target);
    students = await studentsWithMobiles(api.ctx.db, "+91 98765 5432");
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  const call = (method: string, url: string, headers: Record<string, string>, body?: unknown) =>
    api.call(method, url, { headers, ...(body === undefined ? {} : { body }) });
  const sendSms = async (who: () => Promise<Record<string, string>>) => {
    const res = await call("POST", "/api/notifications", await who(), {
      channel: "sms",
      body: "Results are out.",
      topics: ["results"],
      recipientKind: "contacts",
      contactIds: students.map((s) => s.id),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (res.body as { notification: { id: string } }).notification.id;
  };
  const recipients = (id: string) =>
    rows<Row>(
      api.ctx.db,
      sql`select id, address, sms_status as status, sms_attempts as attempts, sms_last_error as "lastError",
            sms_next_attempt_at::text as due
          from notification_recipient where message_id = ${id} order by address`,
    );
  /** The first two recipients failed after five attempts, the third was sent. */
  const failTwo = async (id: string) => {
    const [a, b, c] = await recipients(id);
    await api.ctx.db.execute(
      sql`update notification_recipient set sms_status = 'failed', sms_attempts = 5,
            sms_last_error = 'The SMS gateway answered 503: busy', sms_next_attempt_at = null
          where id in (${a!.id}, ${b!.id})`,
    );
    await api.ctx.db.execute(
      sql`update notification_recipient set sms_status = 'sent', sms_attempts = 1 where id = ${c!.id}`,
    );
  };
  const resend = async (id: string, who: () => Promise<Record<string, string>>) =>
    call("POST", `/api/notifications/${id}/sms/resend`, await who());
  /** A resend that must be refused with `status` and leave every table as it was. */
  async function refused(id: string, who: () => Promise<Record<string, string>>, status: number) {
    await who();
    const before = await tableFingerprints(api.ctx.db, SIGN_IN_TABLES);
    const res = await resend(id, who);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(await tableFingerprints(api.ctx.db, SIGN_IN_TABLES)).toEqual(before);
    return res.body as { errorMessage: string; errorCode?: string; field?: string };
  }

  it("queues the failed SMS again with an audit row each, and the sender delivers them after the commit", async () => {
    const id = await sendSms(academic);
    await failTwo(id);
    const failed = (await recipients(id)).filter((r) => r.status === "failed");
    expect(failed).toHaveLength(2);

    const res = await resend(id, academic);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ success: true, id, resent: 2, counts: { queued: 2, sent: 1, failed: 0 } });
    const after = await recipients(id);
    for (const f of failed) {
      expect(after.find((r) => r.id === f.id)).toMatchObject({
        status: "queued",
        attempts: 0,
        lastError: null,
      });
      expect(after.find((r) => r.id === f.id)?.due).not.toBeNull();
    }
    expect(after.filter((r) => r.status === "sent")).toHaveLength(1);
    const audit = await rows<{
      entityId: string;
      actor: string;
      before: { status: string };
      after: { status: string };
    }>(
      api.ctx.db,
      sql`select entity_id as "entityId", actor_email as actor, before, after from audit_log
          where action = 'resend_sms' and entity = 'notification_recipient' order by entity_id`,
    );
    expect(audit.map((a) => a.entityId)).toEqual(failed.map((f) => f.id).sort());
    expect(audit.every((a) => a.actor === DEMO_ACADEMIC_OFFICE.email)).toBe(true);
    expect(audit[0]).toMatchObject({ before: { status: "failed" }, after: { status: "queued" } });

    // Nothing failed any more: a second resend is refused.
    const again = await refused(id, academic, 409);
    expect(again).toMatchObject({
      errorCode: "no_failed_sms",
      errorMessage: NOTIFICATION_MESSAGES.noFailedSms,
    });

    // The outbox's SMS sender takes the queued rows (outside any transaction) and sends them once.
    const peer = await startSmsGatewayPeer();
    try {
      const result = await deliverDueSms({
        db: api.ctx.db,
        gateway: createHttpSmsGateway({ url: peer.url, token: null }),
        now: api.ctx.now,
      });
      expect(result).toEqual({ claimed: 2, sent: 2, retried: 0, failed: 0 });
      expect(peer.received.map((s) => s.to).sort()).toEqual(failed.map((f) => f.address).sort());
    } finally {
      await peer.close();
    }
    expect((await recipients(id)).map((r) => r.status)).toEqual(["sent", "sent", "sent"]);
  });

  it("refuses a mail message, an unknown one and a malformed id, and answers 401 without sign-in", async () => {
    const sections = await rows<{ id: string }>(
      api.ctx.db,
      sql`select course_offering_id as id from enrolment group by 1 order by count(*) desc, 1 limit 1`,
    );
    const mail = await call("POST", "/api/notifications", await academic(), {
      channel: "mail",
      subject: "Exam hall change",
      body: "The exam moves to hall B.",
      topics: ["exams"],
      recipientKind: "classes",
      sectionIds: [sections[0]!.id],
      emails: "",
    });
    expect(mail.status, JSON.stringify(mail.body)).toBe(201);
    const mailId = (mail.body as { notification: { id: string } }).notification.id;
    await api.ctx.db.execute(
      sql`update mail_outbox set status = 'failed', attempts = 5 where source like ${`notification:${mailId}:%`}`,
    );
    expect(await refused(mailId, academic, 409)).toMatchObject({ errorCode: "no_failed_sms" });
    expect(await refused("00000000-0000-4000-8000-000000000000", academic, 404)).toMatchObject({
      errorMessage: NOTIFICATION_MESSAGES.noSuchMessage,
    });
    await refused("not-an-id", academic, 400);
    const anonymous = await api.call("POST", `/api/notifications/${mailId}/sms/resend`);
    expect(anonymous.status).toBe(401);
  });

  it("lets a caller narrowed to a scope resend only the messages it may see", async () => {
    const others = await sendSms(exams);
    await failTwo(others);
    const [section] = await rows<{ id: string }>(
      api.ctx.db,
      sql`select course_offering_id as id from enrolment group by 1 order by 1 limit 1`,
    );
    await api.ctx.db.execute(
      sql`update user_role set scope_kind = 'class_section', scope_id = ${section!.id}
          where user_id = (select id from admin_user where email = ${DEMO_ACADEMIC_OFFICE.email})`,
    );
    signedIn = null;
    expect(await refused(others, academic, 404)).toMatchObject({
      errorMessage: NOTIFICATION_MESSAGES.noSuchMessage,
    });
    expect((await recipients(others)).filter((r) => r.status === "failed")).toHaveLength(2);
    // The exam office sees every message and may resend it.
    const res = await resend(others, exams);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ resent: 2 });
  });
});
