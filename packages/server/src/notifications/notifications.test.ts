import { NOTIFICATION_MESSAGES, SPEC_MESSAGES } from "@portal/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../db/rows.ts";
import { DEMO_ACADEMIC_OFFICE, DEMO_EXAM_OFFICE } from "../demo/seed.ts";
import { tableFingerprints } from "../test/fuzz.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";

/** Tables the sign-in calls write; every other table (the mail outbox among them) must be unchanged by a refused call. */
const SIGN_IN_TABLES = [
  "otp_request",
  "otp_challenge",
  "refresh_token",
  "sign_in_attempt",
  "sign_in_failure",
  "session_family",
];

type Body = Record<string, unknown> & { errorMessage?: string; field?: string; rule?: string };
type Counts = { queued: number; sent: number; failed: number };
type Notification = {
  id: string;
  channel: string;
  recipients: number;
  skipped: number;
  sections: { id: string; name: string }[];
  counts: Counts;
};
type Recipient = {
  id: string;
  contactId: string | null;
  address: string;
  status: string;
  name: string | null;
};

describe.each(testTargets())("communication channels on $name", (target) => {
  let api: TestApi;
  type Who = "admin" | "exam" | "academic";
  let signedIn: { who: Who; headers: Record<string, string> } | null = null;
  /** Two class sections with students, the first with the most. */
  let sectionA: { id: string; students: string[] };
  let sectionB: { id: string; students: string[] };

  beforeAll(async () => {
    api = await createTestApi(target);
    const sections = await rows<{ id: string; n: number }>(
      api.ctx.db,
      sql`select course_offering_id as id, count(*)::int as n from enrolment group by 1 order by 2 desc, 1 limit 2`,
    );
    const studentsOf = async (id: string) =>
      (
        await rows<{ email: string }>(
          api.ctx.db,
          sql`select distinct lower(c.email) as email from enrolment e join contact c on c.id = e.student_id
              where e.course_offering_id = ${id} order by 1`,
        )
      ).map((r) => r.email);
    sectionA = { id: sections[0]!.id, students: await studentsOf(sections[0]!.id) };
    sectionB = { id: sections[1]!.id, students: await studentsOf(sections[1]!.id) };
    expect(sectionA.students.length).toBeGreaterThan(1);
    expect(sectionB.students.length).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await api?.close();
  });

  async function headersOf(who: Who) {
    if (signedIn?.who !== who) {
      const email =
        who === "admin" ? undefined : who === "exam" ? DEMO_EXAM_OFFICE.email : DEMO_ACADEMIC_OFFICE.email;
      signedIn = { who, headers: await signInHeaders(api, email) };
    }
    return signedIn.headers;
  }
  async function send(method: string, url: string, body?: unknown, who: Who = "admin") {
    const headers = await headersOf(who);
    const res = await api.call(method, url, { headers, ...(body !== undefined ? { body } : {}) });
    return { status: res.status, body: res.body as Body };
  }
  async function ok(method: string, url: string, body?: unknown, who: Who = "admin", status = 200) {
    const res = await send(method, url, body, who);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.body;
  }
  /** Sends a message that must be refused with 400 naming `field` and `message`; no table may change. */
  async function refused(body: unknown, field: string, message: string, who: Who = "admin") {
    await headersOf(who);
    const before = await tableFingerprints(api.ctx.db, SIGN_IN_TABLES);
    const res = await send("POST", "/api/notifications", body, who);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ success: false, field, errorMessage: message });
    expect(await tableFingerprints(api.ctx.db, SIGN_IN_TABLES)).toEqual(before);
    return res.body;
  }
  async function outboxOf(messageId: string) {
    return rows<{ to: string; subject: string; text: string; status: string }>(
      api.ctx.db,
      sql`select to_addresses as "to", subject, text, status from mail_outbox
          where source like ${`notification:${messageId}:%`} order by to_addresses`,
    );
  }
  const mail = (over: Record<string, unknown> = {}) => ({
    channel: "mail",
    subject: "Exam hall change",
    body: "The end-term exam moves to hall B.",
    topics: ["exams"],
    recipientKind: "classes",
    sectionIds: [sectionA.id],
    emails: "",
    ...over,
  });

  describe("refusals leave everything as it was (nothing in the outbox)", () => {
    it.each([
      [
        "a sixth topic",
        { topics: ["exams", "results", "timetable", "attendance", "events", "holidays"] },
        "topics",
        NOTIFICATION_MESSAGES.maxTopics,
      ],
      ["no class", { sectionIds: [] }, "sectionIds", NOTIFICATION_MESSAGES.selectClass],
      [
        "a malformed address among the extra e-mails",
        { emails: "dean@university.example, not-an-address , registrar@university.example" },
        "emails",
        SPEC_MESSAGES.invalidEmail,
      ],
      ["a mail without subject", { subject: "  " }, "subject", NOTIFICATION_MESSAGES.provideAllDetails],
      ["an empty text", { body: "" }, "body", NOTIFICATION_MESSAGES.provideAllDetails],
      [
        "contacts chosen but none given",
        { recipientKind: "contacts", contactIds: [] },
        "contactIds",
        NOTIFICATION_MESSAGES.selectContact,
      ],
      [
        "an unknown class section",
        { sectionIds: ["00000000-0000-4000-8000-00000000abcd"] },
        "sectionIds",
        NOTIFICATION_MESSAGES.sectionOutOfReach,
      ],
      [
        "extra addresses with SMS",
        { channel: "sms", emails: "dean@university.example" },
        "emails",
        NOTIFICATION_MESSAGES.emailsOnlyByMail,
      ],
      [
        "'Add a link' ticked with no URL path",
        { addLink: true, link: " " },
        "link",
        NOTIFICATION_MESSAGES.provideUrlPath,
      ],
      [
        "a javascript: link",
        { addLink: true, link: "javascript:alert(1)" },
        "link",
        NOTIFICATION_MESSAGES.invalidUrlPath,
      ],
    ])("refuses %s", async (_case, over, field, message) => {
      await refused(mail(over), field, message);
    });
  });

  it("queues one mail per student of the class (and per extra address), and shows each one's status", async () => {
    const extra = ["dean@university.example", sectionA.students[0]!];
    const made = (
      await ok(
        "POST",
        "/api/notifications",
        mail({ emails: ` ${extra[0]} ,${extra[1]!.toUpperCase()}, `, topics: ["exams", "timetable"] }),
        "exam",
        201,
      )
    ).notification as Notification;
    // The student named again among the extra addresses gets it once.
    const expected = [...new Set([...sectionA.students, "dean@university.example"])].sort();
    expect(made).toMatchObject({ channel: "mail", recipients: expected.length, skipped: 0 });
    expect(made.sections.map((s) => s.id)).toEqual([sectionA.id]);
    const outbox = await outboxOf(made.id);
    expect(outbox.map((m) => m.to)).toEqual(expected);
    expect(outbox.every((m) => m.subject === "Exam hall change" && m.text.includes("hall B"))).toBe(true);
    // The test mailer keeps mails in the outbox as sent.
    expect(made.counts).toEqual({ queued: 0, sent: expected.length, failed: 0 });

    const detail = await ok("GET", `/api/notifications/${made.id}?pageNo=1&count=10`, undefined, "exam");
    expect(detail.noOfRecords).toBe(expected.length);
    const recipients = detail.recipients as Recipient[];
    expect(recipients.map((r) => r.address)).toEqual(expected.slice(0, 10));
    expect(recipients.every((r) => r.status === "sent")).toBe(true);
    expect(recipients.find((r) => r.address === "dean@university.example")).toMatchObject({
      contactId: null,
      name: null,
    });

    const list = await ok("GET", "/api/notifications?pageNo=1&count=10", undefined, "exam");
    expect((list.notifications as Notification[])[0]?.id).toBe(made.id);
    expect(list.noOfRecords).toBeGreaterThanOrEqual(1);

    const [audit] = await rows<{ n: number }>(
      api.ctx.db,
      sql`select count(*)::int as n from audit_log where action = 'send_notification' and entity_id = ${made.id}`,
    );
    expect(audit?.n).toBe(1);
  });

  it("keeps a message's link and ends each mail's text with it as an absolute address", async () => {
    const before = await rows<{ n: number }>(
      api.ctx.db,
      sql`select count(*)::int as n from notification_message`,
    );
    await refused(mail({ addLink: true, link: "" }), "link", NOTIFICATION_MESSAGES.provideUrlPath, "exam");
    const after = await rows<{ n: number }>(
      api.ctx.db,
      sql`select count(*)::int as n from notification_message`,
    );
    expect(after[0]?.n).toBe(before[0]?.n);

    const made = (
      await ok(
        "POST",
        "/api/notifications",
        mail({ sectionIds: [sectionB.id], addLink: true, link: " /app/exams/requests " }),
        "exam",
        201,
      )
    ).notification as Notification & { link: string | null };
    expect(made.link).toBe("/app/exams/requests");
    const absolute = `${api.ctx.config.publicUrl}/app/exams/requests`;
    expect(absolute).toMatch(/^https?:\/\/[^/]+\/app\/exams\/requests$/);
    const outbox = await outboxOf(made.id);
    expect(outbox.length).toBe(sectionB.students.length);
    expect(outbox.every((m) => m.text === `The end-term exam moves to hall B.\n\n${absolute}`)).toBe(true);
    const detail = await ok("GET", `/api/notifications/${made.id}?pageNo=1&count=10`, undefined, "exam");
    expect((detail.notification as { link: string | null }).link).toBe("/app/exams/requests");

    const outside = (
      await ok(
        "POST",
        "/api/notifications",
        mail({ sectionIds: [sectionB.id], addLink: true, link: "https://uni.example/notice.pdf" }),
        "exam",
        201,
      )
    ).notification as Notification;
    expect(
      (await outboxOf(outside.id)).every((m) => m.text.endsWith("\n\nhttps://uni.example/notice.pdf")),
    ).toBe(true);
    // Not ticked: what was typed is dropped, the mail is the text alone.
    const plain = (
      await ok("POST", "/api/notifications", mail({ sectionIds: [sectionB.id], link: "/app/x" }), "exam", 201)
    ).notification as Notification & { link: string | null };
    expect(plain.link).toBeNull();
    expect((await outboxOf(plain.id)).every((m) => m.text === "The end-term exam moves to hall B.")).toBe(
      true,
    );
  });

  it("shows failed mails by status and resends them through the mail outbox", async () => {
    const made = (await ok("POST", "/api/notifications", mail({ sectionIds: [sectionB.id] }), "admin", 201))
      .notification as Notification;
    const [first] = sectionB.students;
    await api.ctx.db.execute(
      sql`update mail_outbox set status = 'failed', attempts = 5, last_error = 'mailbox full'
          where source like ${`notification:${made.id}:%`} and to_addresses = ${first}`,
    );
    const failed = await ok("GET", `/api/notifications/${made.id}?status=failed`);
    expect(failed.noOfRecords).toBe(1);
    expect((failed.recipients as Recipient[])[0]).toMatchObject({
      address: first,
      status: "failed",
      attempts: 5,
      lastError: "mailbox full",
    });
    const resent = await ok("POST", "/api/mail/resend", { source: `notification:${made.id}:` });
    expect(resent).toMatchObject({ resent: 1, failed: 0, queued: 1 });
    const after = await ok("GET", `/api/notifications/${made.id}`);
    expect((after.notification as Notification).counts).toEqual({
      queued: 1,
      sent: sectionB.students.length - 1,
      failed: 0,
    });
  });

  it("records SMS to contacts with a mobile number as queued, skips those without, and queues no mail", async () => {
    const contacts = await rows<{ id: string }>(
      api.ctx.db,
      sql`select c.id from contact c where c.kind = 'student'
            and not exists (select 1 from contact_detail d where d.contact_id = c.id)
          order by c.id limit 2`,
    );
    const [withMobile, without] = contacts;
    await api.ctx.db.execute(
      sql`insert into contact_detail (contact_id, mobile) values (${withMobile!.id}, '+91 9876543210')`,
    );
    const made = (
      await ok(
        "POST",
        "/api/notifications",
        {
          channel: "sms",
          body: "Results are out.",
          topics: ["results"],
          recipientKind: "contacts",
          contactIds: [withMobile!.id, without!.id],
        },
        "academic",
        201,
      )
    ).notification as Notification;
    expect(made).toMatchObject({ channel: "sms", recipients: 1, skipped: 1 });
    expect(made.counts).toEqual({ queued: 1, sent: 0, failed: 0 });
    const detail = await ok("GET", `/api/notifications/${made.id}`, undefined, "academic");
    expect(detail.recipients).toMatchObject([
      { contactId: withMobile!.id, address: "+91 9876543210", status: "queued" },
    ]);
    expect(await outboxOf(made.id)).toEqual([]);
    // Nobody reachable: refused, nothing recorded.
    await refused(
      { channel: "sms", body: "Hello", recipientKind: "contacts", contactIds: [without!.id] },
      "contactIds",
      NOTIFICATION_MESSAGES.noRecipients,
      "academic",
    );
  });

  it("lets a caller narrowed to a class section choose and send to that section only", async () => {
    await api.ctx.db.execute(
      sql`update user_role set scope_kind = 'class_section', scope_id = ${sectionA.id}
          where user_id = (select id from admin_user where email = ${DEMO_ACADEMIC_OFFICE.email})`,
    );
    signedIn = null;
    const choices = await ok("GET", "/api/notifications/choices", undefined, "academic");
    expect((choices.sections as { id: string }[]).map((s) => s.id)).toEqual([sectionA.id]);
    await refused(
      mail({ sectionIds: [sectionA.id, sectionB.id] }),
      "sectionIds",
      NOTIFICATION_MESSAGES.sectionOutOfReach,
      "academic",
    );
    const made = (await ok("POST", "/api/notifications", mail(), "academic", 201))
      .notification as Notification;
    expect(made.recipients).toBe(sectionA.students.length);
    // A narrowed caller sees only the messages it sent.
    const list = (await ok("GET", "/api/notifications", undefined, "academic"))
      .notifications as (Notification & {
      sentBy: string;
    })[];
    expect(list[0]?.id).toBe(made.id);
    expect(list.every((n) => n.sentBy === DEMO_ACADEMIC_OFFICE.email)).toBe(true);
    const all = (await ok("GET", "/api/notifications?count=50")).notifications as {
      id: string;
      sentBy: string;
    }[];
    const others = all.find((n) => n.sentBy !== DEMO_ACADEMIC_OFFICE.email);
    expect(others).toBeDefined();

    // Its mails too: another's message answers 404 as an unknown one, on resend and on reading.
    await api.ctx.db.execute(
      sql`update mail_outbox set status = 'failed', attempts = 5, last_error = 'mailbox full'
          where source like ${`notification:${others!.id}:%`}`,
    );
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const source of [`notification:${others!.id}:`, `notification:${unknown}:`, "notification:"]) {
      const resend = await send("POST", "/api/mail/resend", { source }, "academic");
      expect(resend.status, source).toBe(404);
      expect(resend.body).toMatchObject({
        success: false,
        errorMessage: NOTIFICATION_MESSAGES.noSuchMessage,
      });
      const status = await send(
        "GET",
        `/api/mail/status?source=${encodeURIComponent(source)}`,
        undefined,
        "academic",
      );
      expect(status.status, source).toBe(404);
      const failed = await send(
        "GET",
        `/api/mail/failed?source=${encodeURIComponent(source)}`,
        undefined,
        "academic",
      );
      expect(failed.status, source).toBe(404);
    }
    expect((await outboxOf(others!.id)).every((r) => r.status === "failed")).toBe(true);
    // Its own message's mails it may follow; one who sees every message may resend the other's.
    expect(
      await ok(
        "GET",
        `/api/mail/status?source=${encodeURIComponent(`notification:${made.id}:`)}`,
        undefined,
        "academic",
      ),
    ).toMatchObject({ queued: 0, failed: 0 });
    const resent = await ok("POST", "/api/mail/resend", { source: `notification:${others!.id}:` });
    expect(resent.resent).toBeGreaterThan(0);
  });

  it("answers 401 without sign-in", async () => {
    const res = await api.call("GET", "/api/notifications");
    expect(res.status).toBe(401);
  });
});
