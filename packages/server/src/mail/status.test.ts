import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, mailOutbox, questionPaper } from "../db/schema.ts";
import { DEMO_ACADEMIC_OFFICE, DEMO_ADMIN, DEMO_EXAM_OFFICE } from "../demo/seed.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";
import { startSmtpPeer } from "../test/smtp-peer.ts";
import {
  createSmtpTransport,
  deliverDueMail,
  MAX_ATTEMPTS,
  type MailTransport,
  RETRY_DELAYS_MS,
} from "./delivery.ts";
import { createMailer, type Mailer } from "./mailer.ts";
import { sanitizeLastError } from "./status.ts";

type Counts = { queued: number; sent: number; failed: number };

describe.each(testTargets())("mail status of a record ($name)", (target) => {
  let api: TestApi;
  let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
  let transport: MailTransport;
  let outboxMailer: Mailer;
  let smtpMailer: Mailer;
  let woken = 0;
  let exam: Record<string, string>;

  beforeAll(async () => {
    api = await createTestApi(target);
    peer = await startSmtpPeer();
    transport = createSmtpTransport(peer.url);
    outboxMailer = api.ctx.mailer;
    smtpMailer = createMailer({
      transport: "smtp",
      from: api.ctx.config.mailFrom,
      now: api.ctx.now,
      log: () => {},
      onWake: () => {
        woken++;
      },
    });
  }, 120_000);

  /**
   * Signs `email` in afresh through the outbox (the clock moves on 16 minutes, so an access token
   * of an earlier sign-in has expired): sign-in mails go to the outbox, every other mail is queued
   * for SMTP and delivered by the tests.
   */
  const signIn = async (email: string) => {
    api.ctx.mailer = outboxMailer;
    const headers = await signInHeaders(api, email);
    api.ctx.mailer = smtpMailer;
    return headers;
  };
  beforeEach(async () => {
    exam = await signIn(DEMO_EXAM_OFFICE.email);
  });

  afterEach(() => peer.reset());

  afterAll(async () => {
    if (api) api.ctx.mailer = outboxMailer;
    transport?.close();
    await peer?.close();
    await api?.close();
  });

  const deliver = () => deliverDueMail({ db: api.ctx.db, transport, now: api.ctx.now, limit: 1000 });
  const status = (source: string, headers = exam) =>
    api.call("GET", `/api/mail/status?source=${encodeURIComponent(source)}`, { headers });
  const failedList = (source: string, headers = exam) =>
    api.call("GET", `/api/mail/failed?source=${encodeURIComponent(source)}`, { headers });
  const resend = (source: string, headers = exam) =>
    api.call("POST", "/api/mail/resend", { headers, body: { source } });
  const counts = (body: unknown): Counts => {
    const { queued, sent, failed } = body as Counts;
    return { queued, sent, failed };
  };

  /** Publishes the marks of a Draft course offering with a grading setup; answers its id and mail count. */
  async function publishDraft(): Promise<{ id: string; mails: number }> {
    const list = await api.call("POST", "/api/salesforce/GradingCourseDetails", {
      headers: exam,
      body: { count: 100 },
    });
    const courses = (list.body as { courses: Array<{ id: string; status: string; version: number }> })
      .courses;
    const draft = courses.find((c) => c.status === "Draft" && c.version > 0);
    if (!draft) throw new Error("no Draft course offering with a grading setup in the demo data");
    const scores = await api.call("POST", "/api/salesforce/SubjectScores", {
      headers: exam,
      body: { gradingId: draft.id },
    });
    const published = await api.call("POST", "/api/salesforce/SendEmailForMarks", {
      headers: exam,
      body: {
        gradingId: draft.id,
        state: "Publish",
        comState: "Publish",
        version: (scores.body as { version: number }).version,
      },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    return { id: draft.id, mails: (published.body as { mails: number }).mails };
  }

  it("counts a publish's mails by status, lists the failed one without its body, and resends it", async () => {
    const { id, mails } = await publishDraft();
    const source = `grading.publish:${id}`;
    expect(mails).toBeGreaterThanOrEqual(3);
    const queued = await status(source);
    expect(queued.status).toBe(200);
    expect(counts(queued.body)).toEqual({ queued: mails, sent: 0, failed: 0 });

    // The peer refuses one recipient on every attempt: after the last retry that mail is failed.
    peer.refuseThirdRecipient();
    expect((await deliver()).sent).toBe(mails - 1);
    for (const delay of RETRY_DELAYS_MS) {
      api.advance(delay);
      expect((await deliver()).claimed).toBe(1);
    }
    exam = await signIn(DEMO_EXAM_OFFICE.email);
    expect(counts((await status(source)).body)).toEqual({ queued: 0, sent: mails - 1, failed: 1 });
    const listed = await failedList(source);
    expect(listed.status).toBe(200);
    const [failed, ...more] = (listed.body as { mails: Array<Record<string, unknown>> }).mails;
    expect(more).toEqual([]);
    expect(failed).toMatchObject({ attempts: MAX_ATTEMPTS, lastError: expect.stringMatching(/550/) });
    expect(Object.keys(failed ?? {}).sort()).toEqual(
      ["attempts", "createdAt", "id", "lastError", "subject", "to"].sort(),
    );

    // Resent: queued again with no attempts, due now, audited; the sender is woken.
    peer.reset();
    const wokenBefore = woken;
    const resent = await resend(source);
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body).toMatchObject({ resent: 1, queued: 1, sent: mails - 1, failed: 0 });
    expect(woken).toBe(wokenBefore + 1);
    const [row] = await api.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, String(failed?.id)));
    expect(row).toMatchObject({ status: "queued", attempts: 0, lastError: null });
    expect(row?.nextAttemptAt?.getTime()).toBe(api.ctx.now());
    const audit = await api.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "resend_mail"), eq(auditLog.entityId, String(failed?.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorEmail: DEMO_EXAM_OFFICE.email, entity: "mail" });

    // Nothing left to resend: 409, and nothing changes.
    const again = await resend(source);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errorCode: "no_failed_mail" });

    expect(await deliver()).toMatchObject({ claimed: 1, sent: 1 });
    expect(peer.received).toHaveLength(1);
    expect(counts((await status(source)).body)).toEqual({ queued: 0, sent: mails, failed: 0 });
    expect((await failedList(source)).body).toMatchObject({ mails: [] });
  });

  it("two resends at once queue each failed mail once, and two senders deliver it once", async () => {
    const [paper] = await api.ctx.db.select({ id: questionPaper.id }).from(questionPaper).limit(1);
    if (!paper) throw new Error("no question paper in the demo data");
    const source = `exam.question_paper:${paper.id}`;
    const sent = await api.call("POST", "/api/salesforce/Exams/sendEmail", {
      headers: exam,
      body: [0, 1, 2].map((i) => ({
        sendEmail: true,
        subject: "Resend race",
        body: `Reminder ${i}`,
        toAddresses: `race${i}@university.example`,
        questionPaperId: paper.id,
      })),
    });
    expect(sent.status).toBe(200);
    // As the sender leaves them after the last attempt.
    await api.ctx.db
      .update(mailOutbox)
      .set({ status: "failed", attempts: MAX_ATTEMPTS, nextAttemptAt: null, lastError: "550 refused" })
      .where(eq(mailOutbox.source, source));
    expect(counts((await status(source)).body)).toMatchObject({ failed: 3, queued: 0 });

    const answers = await Promise.all([resend(source), resend(source)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 200)?.body).toMatchObject({ resent: 3, queued: 3, failed: 0 });

    const other = createSmtpTransport(peer.url);
    const run = (t: MailTransport) =>
      deliverDueMail({ db: api.ctx.db, transport: t, now: api.ctx.now, limit: 2 });
    for (let round = 0; round < 3; round++) await Promise.all([run(transport), run(other)]);
    other.close();
    const raced = peer.received.filter((m) => m.raw.includes("Subject: Resend race"));
    expect(raced.map((m) => m.to[0]).sort()).toEqual([0, 1, 2].map((i) => `race${i}@university.example`));
    expect(counts((await status(source)).body)).toEqual({ queued: 0, sent: 3, failed: 0 });
  });

  it("a result from a claim that outlived its lease is not recorded over a resend's new attempt", async () => {
    const [paper] = await api.ctx.db.select({ id: questionPaper.id }).from(questionPaper).limit(1);
    const source = `exam.question_paper:${paper?.id}`;
    await api.call("POST", "/api/salesforce/Exams/sendEmail", {
      headers: exam,
      body: [
        {
          sendEmail: true,
          subject: "Stale claim",
          body: "x",
          toAddresses: "stale@university.example",
          questionPaperId: paper?.id,
        },
      ],
    });
    // A sender claims the mail (attempt 1) and hangs; the row is failed and resent meanwhile.
    let release: (err: Error) => void = () => {};
    let reached = () => {};
    const sending = new Promise<void>((r) => {
      reached = r;
    });
    const stuck: MailTransport = {
      send: () => {
        reached();
        return new Promise<void>((_resolve, reject) => {
          release = reject;
        });
      },
      close: () => {},
    };
    const stale = deliverDueMail({ db: api.ctx.db, transport: stuck, now: api.ctx.now });
    await sending;
    await api.ctx.db
      .update(mailOutbox)
      .set({ status: "failed", nextAttemptAt: null })
      .where(and(eq(mailOutbox.source, source), eq(mailOutbox.subject, "Stale claim")));
    expect((await resend(source)).status).toBe(200);
    api.advance(1000);
    // The new attempt 1 is claimed by another sender (held at the peer), then the stale one fails.
    const [row] = await api.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.subject, "Stale claim"));
    await api.ctx.db
      .update(mailOutbox)
      .set({ attempts: 1, nextAttemptAt: new Date(api.ctx.now() + 60_000) })
      .where(eq(mailOutbox.id, String(row?.id)));
    release(new Error("421 stale"));
    expect(await stale).toMatchObject({ claimed: 1, retried: 1 });
    const [after] = await api.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, String(row?.id)));
    // The stale claim's failure did not overwrite the new attempt's lease.
    expect(after).toMatchObject({ status: "queued", attempts: 1, lastError: null });
    expect(after?.nextAttemptAt?.getTime()).toBe(api.ctx.now() + 60_000);
  });

  it("lets only those who may send a record's mails read or resend them", async () => {
    const grading = "grading.publish:00000000-0000-4000-8000-000000000000";
    const invitations = "planning.faculty_invitation:";
    // (Each sign-in moves the clock past the access token of the one before.)
    expect((await status(invitations, exam)).status).toBe(403);
    expect((await resend(invitations, exam)).status).toBe(403);
    expect(counts((await status("evaluation:00000000-0000-4000-8000-000000000000:", exam)).body)).toEqual({
      queued: 0,
      sent: 0,
      failed: 0,
    });
    const academic = await signIn(DEMO_ACADEMIC_OFFICE.email);
    expect((await status(grading, academic)).status).toBe(403);
    expect((await failedList(grading, academic)).status).toBe(403);
    expect((await resend(grading, academic)).status).toBe(403);
    expect((await status(invitations, academic)).status).toBe(200);
    expect((await status(grading, await signIn(DEMO_ADMIN.email))).status).toBe(200);
    expect((await status(grading, {})).status).toBe(401);
  });

  it("never shows sign-in mails, and refuses a malformed source without echoing it", async () => {
    const [signInMail] = await api.ctx.db
      .select({ source: mailOutbox.source })
      .from(mailOutbox)
      .where(sql`${mailOutbox.source} like 'auth.%'`)
      .limit(1);
    expect(signInMail?.source).toMatch(/^auth\.sign_in:/);
    const admin = await signIn(DEMO_ADMIN.email);
    for (const source of [String(signInMail?.source), "auth.sign_in:", "auth:"]) {
      for (const answer of [
        await status(source, admin),
        await failedList(source, admin),
        await resend(source, admin),
      ]) {
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ field: "source", rule: "mail_source" });
      }
    }
    const marker = "x' UNION SELECT zz9marker";
    for (const answer of [
      await status(marker, admin),
      await status("grading.publish:%", admin),
      await status("", admin),
    ]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ field: "source" });
      expect(JSON.stringify(answer.body)).not.toContain("zz9marker");
    }
  });

  it("shows each mail's status, attempts and last error in the development outbox", async () => {
    const sent = await api.call("POST", "/api/salesforce/Exams/sendEmail", {
      headers: exam,
      body: [
        { sendEmail: true, subject: "Outbox status", body: "x", toAddresses: "outbox@university.example" },
      ],
    });
    expect(sent.status).toBe(200);
    const read = async () =>
      (
        (await api.call("GET", "/api/dev/outbox?to=outbox@university.example")).body as {
          mails: Array<{ subject: string; status: string; attempts: number; lastError: string | null }>;
        }
      ).mails.find((m) => m.subject === "Outbox status");
    expect(await read()).toMatchObject({ status: "queued", attempts: 0, lastError: null });
    peer.refuseThirdRecipient();
    await deliver();
    expect(await read()).toMatchObject({ status: "sent", attempts: 1, lastError: null });
  });
});

describe("sanitizeLastError", () => {
  it.each([
    [null, null],
    ["550 Mailbox unavailable", "550 Mailbox unavailable"],
    ["line one\r\nline two\tend", "line one line two end"],
    ["bidi \u202Eevil", "bidi evil"],
  ])("%j becomes %j", (input, expected) => {
    expect(sanitizeLastError(input)).toBe(expected);
  });
  it("cuts a long error to 300 characters", () => {
    const cut = sanitizeLastError("e".repeat(1000));
    expect(cut).toHaveLength(300);
    expect(cut?.endsWith("…")).toBe(true);
  });
});
