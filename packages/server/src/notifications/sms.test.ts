import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_ACADEMIC_OFFICE } from "../demo/seed.ts";
import { type MailDelivery, startMailDelivery } from "../mail/delivery.ts";
import { createMailer, type Mailer } from "../mail/mailer.ts";
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from "../mail/retry.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";
import { startSmsGatewayPeer } from "../test/sms-gateway-peer.ts";
import { studentsWithMobiles } from "../test/sms-students.ts";
import { createHttpSmsGateway, deliverDueSms } from "./sms.ts";

type Recipient = { id: string; address: string; status: string; attempts: number; lastError: string | null };

describe.each(testTargets())("SMS through the gateway after commit ($name)", (target) => {
  let api: TestApi;
  let headers: Record<string, string>;
  let peer: Awaited<ReturnType<typeof startSmsGatewayPeer>>;
  let delivery: MailDelivery | null = null;
  let outboxMailer: Mailer;
  /** Three students without contact details, given mobile numbers here. */
  let students: { id: string; mobile: string }[];

  beforeAll(async () => {
    api = await createTestApi(target);
    peer = await startSmsGatewayPeer();
    outboxMailer = api.ctx.mailer;
    students = await studentsWithMobiles(api.ctx.db, "+91 98765 4321");
    // As createPortalApi wires it: a commit that queued SMS wakes the sender through the mailer.
    api.ctx.mailer = createMailer({
      transport: "outbox",
      from: api.ctx.config.mailFrom,
      now: api.ctx.now,
      log: () => {},
      onWake: () => delivery?.wake(),
    });
  }, 120_000);

  // Signed in afresh for each test: the retries move the clock past the access token's life.
  beforeEach(async () => {
    headers = await signInHeaders(api, DEMO_ACADEMIC_OFFICE.email);
  });

  afterEach(async () => {
    await delivery?.stop();
    delivery = null;
    api.ctx.config.smsGatewayUrl = null;
  });

  afterAll(async () => {
    if (api) api.ctx.mailer = outboxMailer;
    await peer?.close();
    await api?.close();
  });

  const sendSms = async (contactIds: string[], body: string) => {
    const res = await api.call("POST", "/api/notifications", {
      headers,
      body: { channel: "sms", body, topics: ["results"], recipientKind: "contacts", contactIds },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (res.body as { notification: { id: string } }).notification.id;
  };
  const detail = async (id: string) => {
    const res = await api.call("GET", `/api/notifications/${id}`, { headers });
    expect(res.status).toBe(200);
    return res.body as {
      smsGateway: boolean;
      recipients: Recipient[];
      notification: { counts: { queued: number; sent: number; failed: number } };
    };
  };

  it("posts each SMS after the commit: a 2xx answer is sent, an error answer is retried, then failed with the reason", async () => {
    const [ok, refused] = students;
    peer.refuse(refused!.mobile, 503, "Route busy");
    api.ctx.config.smsGatewayUrl = peer.url;
    const gateway = createHttpSmsGateway({ url: peer.url, token: "gateway-token" });
    delivery = startMailDelivery({
      db: api.ctx.db,
      transport: null,
      sms: gateway,
      now: api.ctx.now,
      log: () => {},
    });
    await delivery.idle();
    const before = peer.received.length;

    const id = await sendSms([ok!.id, refused!.id], "Results are out.");
    // The request's commit woke the sender; no timer is involved.
    await delivery.idle();
    const sent = peer.received.slice(before);
    expect(sent.map((s) => s.to).sort()).toEqual([ok!.mobile, refused!.mobile].sort());
    expect(
      sent.every((s) => s.text === "Results are out." && s.authorization === "Bearer gateway-token"),
    ).toBe(true);
    let view = await detail(id);
    expect(view.smsGateway).toBe(true);
    const byAddress = (address: string) => view.recipients.find((r) => r.address === address);
    expect(byAddress(ok!.mobile)).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(sent.find((s) => s.to === ok!.mobile)?.reference).toBe(byAddress(ok!.mobile)?.id);
    expect(byAddress(refused!.mobile)).toMatchObject({
      status: "queued",
      attempts: 1,
      lastError: "The SMS gateway answered 503: Route busy",
    });
    await delivery.stop();
    delivery = null;

    // Each retry comes due after its delay, not before; the last attempt's failure is final.
    const deliver = () => deliverDueSms({ db: api.ctx.db, gateway, now: api.ctx.now });
    for (const [i, delay] of RETRY_DELAYS_MS.entries()) {
      api.advance(delay - 1000);
      expect((await deliver()).claimed).toBe(0);
      api.advance(1000);
      const last = i === RETRY_DELAYS_MS.length - 1;
      expect(await deliver()).toEqual({ claimed: 1, sent: 0, retried: last ? 0 : 1, failed: last ? 1 : 0 });
    }
    headers = await signInHeaders(api, DEMO_ACADEMIC_OFFICE.email);
    view = await detail(id);
    expect(byAddress(refused!.mobile)).toMatchObject({
      status: "failed",
      attempts: MAX_ATTEMPTS,
      lastError: "The SMS gateway answered 503: Route busy",
    });
    expect(view.notification.counts).toEqual({ queued: 0, sent: 1, failed: 1 });
    api.advance(24 * 3_600_000);
    expect((await deliver()).claimed).toBe(0);
    expect(peer.received.filter((s) => s.to === ok!.mobile)).toHaveLength(1);
  });

  it("keeps an SMS queued with the reason when the gateway cannot be reached", async () => {
    const gone = await startSmsGatewayPeer();
    await gone.close();
    const id = await sendSms([students[2]!.id], "Exam hall change.");
    const result = await deliverDueSms({
      db: api.ctx.db,
      gateway: createHttpSmsGateway({ url: gone.url, token: null }),
      now: api.ctx.now,
    });
    expect(result).toEqual({ claimed: 1, sent: 0, retried: 1, failed: 0 });
    const [recipient] = (await detail(id)).recipients;
    expect(recipient).toMatchObject({ status: "queued", attempts: 1 });
    expect(recipient?.lastError).toMatch(/^The SMS gateway could not be reached: /);
  });

  it("leaves SMS queued and says so when no gateway is configured", async () => {
    const id = await sendSms([students[0]!.id], "Timetable changed.");
    const view = await detail(id);
    expect(view.smsGateway).toBe(false);
    expect(view.recipients).toMatchObject([{ address: students[0]!.mobile, status: "queued", attempts: 0 }]);
  });

  it("ends an SMS's text with the message's link as an absolute address on the portal's public origin", async () => {
    const res = await api.call("POST", "/api/notifications", {
      headers,
      body: {
        channel: "sms",
        body: "Revaluation requests are open.",
        recipientKind: "contacts",
        contactIds: [students[1]!.id],
        addLink: true,
        link: "/app/exams/requests",
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const before = peer.received.length;
    await deliverDueSms({
      db: api.ctx.db,
      gateway: createHttpSmsGateway({ url: peer.url, token: null }),
      now: api.ctx.now,
      publicUrl: "https://portal.example",
    });
    const mine = peer.received.slice(before).filter((sms) => sms.to === students[1]!.mobile);
    expect(mine.map((sms) => sms.text)).toEqual([
      "Revaluation requests are open.\n\nhttps://portal.example/app/exams/requests",
    ]);
  });
});
