import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq, like } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mailOutbox } from "../db/schema.ts";
import { DEMO_EXAM_OFFICE } from "../demo/seed.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";
import { startSmtpPeer } from "../test/smtp-peer.ts";
import {
  createSmtpTransport,
  DELIVERY_LEASE_MS,
  deliverDueMail,
  MAX_ATTEMPTS,
  type MailDelivery,
  type MailTransport,
  RETRY_DELAYS_MS,
  startMailDelivery,
} from "./delivery.ts";
import { createMailer, type Mailer } from "./mailer.ts";

describe.each(testTargets())("mail delivery after commit ($name)", (target) => {
  let api: TestApi;
  let headers: Record<string, string>;
  let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
  let transport: MailTransport;
  let delivery: MailDelivery | null = null;

  let outboxMailer: Mailer;
  let smtpMailer: Mailer;

  beforeAll(async () => {
    api = await createTestApi(target);
    peer = await startSmtpPeer();
    transport = createSmtpTransport(peer.url);
    outboxMailer = api.ctx.mailer;
    // The API under test queues mail for SMTP; the tests deliver it (or start a sender).
    smtpMailer = createMailer({
      transport: "smtp",
      from: api.ctx.config.mailFrom,
      now: api.ctx.now,
      log: () => {},
      onWake: () => delivery?.wake(),
    });
  }, 120_000);

  /** Signs in afresh (the clock moves on) through the outbox, so no sign-in mail is queued. */
  const signIn = async () => {
    api.ctx.mailer = outboxMailer;
    headers = await signInHeaders(api, DEMO_EXAM_OFFICE.email);
    api.ctx.mailer = smtpMailer;
  };
  beforeEach(signIn);

  afterEach(async () => {
    await delivery?.stop();
    delivery = null;
    peer.reset();
  });

  afterAll(async () => {
    transport?.close();
    await peer?.close();
    await api?.close();
  });

  /** A sender as createPortalApi starts it, with its own SMTP connection. */
  const startSender = () =>
    startMailDelivery({
      db: api.ctx.db,
      transport: createSmtpTransport(peer.url),
      now: api.ctx.now,
      log: () => {},
    });
  const deliver = (limit = 1000) => deliverDueMail({ db: api.ctx.db, transport, now: api.ctx.now, limit });
  const bySource = (source: string) =>
    api.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.source, source));
  const remind = (subject: string, count: number) =>
    api.call("POST", "/api/salesforce/Exams/sendEmail", {
      headers,
      body: Array.from({ length: count }, (_, i) => ({
        sendEmail: true,
        subject,
        body: `Reminder ${i}`,
        toAddresses: `faculty${i}@university.example`,
      })),
    });
  const bySubject = (subject: string) =>
    api.ctx.db.select().from(mailOutbox).where(like(mailOutbox.subject, subject));

  it("publishing commits whatever SMTP says: the refused mail is retried, then recorded failed", async () => {
    const list = await api.call("POST", "/api/salesforce/GradingCourseDetails", {
      headers,
      body: { count: 100 },
    });
    const courses = (list.body as { courses: Array<{ id: string; status: string; version: number }> })
      .courses;
    const draft = courses.find((c) => c.status === "Draft" && c.version > 0);
    if (!draft) throw new Error("no Draft course offering with a grading setup in the demo data");
    const scores = await api.call("POST", "/api/salesforce/SubjectScores", {
      headers,
      body: { gradingId: draft.id },
    });
    const { version } = scores.body as { version: number };

    const published = await api.call("POST", "/api/salesforce/SendEmailForMarks", {
      headers,
      body: { gradingId: draft.id, state: "Publish", comState: "Publish", version },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const { mails } = published.body as { status: string; mails: number };
    expect(published.body).toMatchObject({ status: "Published" });
    expect(mails).toBeGreaterThanOrEqual(3);
    const source = `grading.publish:${draft.id}`;
    // Committed and queued; nothing has talked to SMTP yet.
    expect((await bySource(source)).map((r) => r.status)).toEqual(Array(mails).fill("queued"));
    expect(peer.received).toHaveLength(0);

    peer.refuseThirdRecipient();
    expect(await deliver()).toEqual({ claimed: mails, sent: mails - 1, retried: 1, failed: 0 });
    expect(peer.received).toHaveLength(mails - 1);
    const [refused] = (await bySource(source)).filter((r) => r.status !== "sent");
    expect(refused).toMatchObject({ status: "queued", attempts: 1 });
    expect(refused?.lastError).toMatch(/550/);

    // Each retry comes due after its delay, not before; the last attempt's failure is final.
    for (const [i, delay] of RETRY_DELAYS_MS.entries()) {
      api.advance(delay - 1000);
      expect((await deliver()).claimed).toBe(0);
      api.advance(1000);
      const last = i === RETRY_DELAYS_MS.length - 1;
      expect(await deliver()).toEqual({ claimed: 1, sent: 0, retried: last ? 0 : 1, failed: last ? 1 : 0 });
    }
    const [failed] = await api.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, refused?.id ?? ""));
    expect(failed).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, nextAttemptAt: null });
    api.advance(24 * 3_600_000);
    expect((await deliver()).claimed).toBe(0);
    expect(peer.received).toHaveLength(mails - 1);

    await signIn();
    const again = await api.call("POST", "/api/salesforce/GradingCourseDetails", {
      headers,
      body: { count: 100 },
    });
    expect((again.body as { courses: typeof courses }).courses.find((c) => c.id === draft.id)?.status).toBe(
      "Published",
    );
  });

  it("puts the sign-in code in the outbox at once and mails it right after the commit", async () => {
    delivery = startSender();
    await delivery.idle();
    api.advance(16 * 60_000);
    const email = DEMO_EXAM_OFFICE.email;
    const sent = await api.call("POST", "/api/salesforce/AdminOtp/send", { body: { email } });
    expect(sent.status).toBe(200);
    const outbox = await api.call("GET", `/api/dev/outbox?to=${encodeURIComponent(email)}`);
    expect((outbox.body as { mails: Array<{ text: string }> }).mails[0]?.text).toMatch(
      /one-time password is \d{4}/,
    );
    // The request's commit woke the sender; no timer is involved.
    await delivery.idle();
    expect(peer.received.map((m) => m.to)).toEqual([[email]]);
    const [row] = await api.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.source, `auth.sign_in:${(sent.body as { id: string }).id}`));
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("delivers after a restart what a stopped process left: queued, or claimed and never finished", async () => {
    expect((await remind("Left claimed", 1)).status).toBe(200);
    // A sender claims "Left claimed" and stops while talking to SMTP: its send never finishes.
    let reached = () => {};
    const sending = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const stuck: MailTransport = {
      send: () => {
        reached();
        return new Promise(() => {});
      },
      close: () => {},
    };
    void deliverDueMail({ db: api.ctx.db, transport: stuck, now: api.ctx.now });
    await sending;
    expect((await bySubject("Left claimed"))[0]).toMatchObject({ status: "queued", attempts: 1 });
    expect((await remind("Left queued", 1)).status).toBe(200);

    // A fresh sender (the restarted process) delivers the queued mail at once ...
    delivery = startSender();
    await delivery.idle();
    expect(peer.received.filter((m) => m.raw.includes("Subject: Left"))).toHaveLength(1);
    expect((await bySubject("Left queued"))[0]?.status).toBe("sent");
    // ... and the claimed one once its lease has ended.
    api.advance(DELIVERY_LEASE_MS);
    delivery.wake();
    await delivery.idle();
    expect((await bySubject("Left claimed"))[0]).toMatchObject({ status: "sent", attempts: 2 });
    expect(peer.received.filter((m) => m.raw.includes("Subject: Left claimed"))).toHaveLength(1);
  });

  it("two senders racing over the same rows deliver each mail once", async () => {
    expect((await remind("Race", 12)).status).toBe(200);
    const other = createSmtpTransport(peer.url);
    const run = (t: MailTransport) =>
      deliverDueMail({ db: api.ctx.db, transport: t, now: api.ctx.now, limit: 5 });
    const totals = { a: 0, b: 0 };
    for (let round = 0; round < 5; round++) {
      const [a, b] = await Promise.all([run(transport), run(other)]);
      totals.a += a.sent;
      totals.b += b.sent;
    }
    other.close();
    expect(totals.a + totals.b).toBe(12);
    const raced = peer.received.filter((m) => m.raw.includes("Subject: Race"));
    expect(raced).toHaveLength(12);
    expect(new Set(raced.map((m) => m.to[0])).size).toBe(12);
    expect((await bySubject("Race")).every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });

  it("a slow SMTP peer holds no database connection: another request completes meanwhile", async () => {
    expect((await remind("Slow", 1)).status).toBe(200);
    const held = peer.hold();
    let settled = false;
    const running = deliver().then((r) => {
      settled = true;
      return r;
    });
    await held.arrived;
    // The peer holds the mail; the API still reads and writes (on PGlite: its only connection).
    expect((await remind("Meanwhile", 1)).status).toBe(200);
    const outbox = await api.call("GET", "/api/dev/outbox?to=faculty0@university.example");
    expect(outbox.status).toBe(200);
    expect(settled).toBe(false);
    expect((await bySubject("Slow"))[0]?.status).toBe("queued");
    held.release();
    expect((await running).sent).toBeGreaterThanOrEqual(1);
    expect((await bySubject("Slow"))[0]?.status).toBe("sent");
  });
});

describe("only mail/ talks to SMTP", () => {
  it("no module outside src/mail creates an SMTP transport or sends through one", async () => {
    const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
    const offenders: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (file !== path.join(root, "mail")) await walk(file);
        } else if (/\.tsx?$/.test(entry.name)) {
          const text = await readFile(file, "utf8");
          if (/\bsendMail\(|\bcreateTransport\(|from "nodemailer"/.test(text)) {
            offenders.push(path.relative(root, file));
          }
        }
      }
    };
    await walk(root);
    expect(offenders).toEqual([]);
  });
});
