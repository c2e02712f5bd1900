import { SPEC_MESSAGES } from "@portal/domain";
import { and, eq, gt } from "drizzle-orm";
import { decodeJwt, SignJWT } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminUser, role, sessionFamily, signInFailure, userRole } from "../db/schema.ts";
import { createTestApi, type TestApi, testTargets } from "../test/harness.ts";
import {
  OTP_RATE_WINDOW_MINUTES,
  OTP_REQUESTS_PER_ACCOUNT,
  OTP_REQUESTS_PER_CLIENT,
  OTP_REQUESTS_PER_EMAIL_AND_CLIENT,
  SIGN_IN_FAILURE_BUDGET,
  SIGN_IN_FAILURE_WINDOW_HOURS,
  SIGN_IN_MAILS_PER_ACCOUNT,
  SIGN_IN_MAILS_PER_ACCOUNT_PER_HOUR,
  VERIFY_CALLS_PER_CLIENT,
} from "./service.ts";
import { forgetSessions, SESSION_CHECK_TTL_MS } from "./sessions.ts";
import { ACCESS_TOKEN_SECONDS } from "./tokens.ts";

const ADMIN = "admin@university.example";
const OWNER_ADDRESS = "192.0.2.10";

type Session = { accessToken: string; refreshToken: string };

describe.each(testTargets())("sign-in security on $name", (target) => {
  let api: TestApi;
  let adminId: string;
  let client = 0;
  /** A client address no earlier call used. */
  const freshClient = () => `198.51.100.${++client % 250}-${client}`;

  beforeAll(async () => {
    api = await createTestApi(target);
    const [row] = await api.ctx.db.select().from(adminUser).where(eq(adminUser.email, ADMIN));
    adminId = row?.id ?? "";
  });
  afterAll(async () => {
    await api?.close();
  });
  // A new day for each test: its rate limits and guessing budget start from zero.
  beforeEach(() => api.advance(SIGN_IN_FAILURE_WINDOW_HOURS * 3_600_000 + 60_000));

  async function send(email: string, from: string) {
    return api.call("POST", "/api/salesforce/AdminOtp/send", { body: { email }, client: from });
  }
  async function requestChallenge(from = OWNER_ADDRESS): Promise<string> {
    const res = await send(ADMIN, from);
    expect(res.status).toBe(200);
    return (res.body as { id: string }).id;
  }
  async function latestMail(): Promise<string> {
    const res = await api.call("GET", `/api/dev/outbox?to=${encodeURIComponent(ADMIN)}`);
    return (res.body as { mails: Array<{ text: string }> }).mails[0]?.text ?? "";
  }
  /** The ids of the admin's mails, newest first (the outbox's creation times are not the harness clock). */
  async function mailIds(): Promise<string[]> {
    const res = await api.call("GET", `/api/dev/outbox?to=${encodeURIComponent(ADMIN)}`);
    return (res.body as { mails: Array<{ id: string }> }).mails.map((m) => m.id);
  }
  /** The admin's mails newer than the newest of `before` ({@link mailIds}). */
  async function mailsSince(before: string[]): Promise<string[]> {
    const ids = await mailIds();
    const known = before[0] === undefined ? -1 : ids.indexOf(before[0]);
    return known < 0 ? ids : ids.slice(0, known);
  }
  async function latestCode(): Promise<string> {
    const code = (await latestMail()).match(/one-time password is (\d{4})/)?.[1];
    if (!code) throw new Error("no code in the latest mail");
    return code;
  }
  function verify(id: string, otp: string, from = OWNER_ADDRESS) {
    return api.call("POST", "/api/salesforce/AdminOtp/verify", { body: { id, otp }, client: from });
  }
  /** The admin's wrong codes of the last 24 hours (earlier tests lie further back). */
  async function failuresToday() {
    const since = new Date(api.ctx.now() - SIGN_IN_FAILURE_WINDOW_HOURS * 3_600_000);
    return api.ctx.db
      .select()
      .from(signInFailure)
      .where(and(eq(signInFailure.userId, adminId), gt(signInFailure.createdAt, since)));
  }
  const wrongFor = (code: string, i: number) => String((Number(code) + 1 + i) % 10_000).padStart(4, "0");

  describe("guessing budget", () => {
    it("refuses every code once an account has 10 wrong codes in a day, then mails a link that signs the owner in", async () => {
      // Ten wrong codes over three codes, each from another address.
      let wrong = 0;
      for (const tries of [5, 4]) {
        const id = await requestChallenge(freshClient());
        const code = await latestCode();
        for (let i = 0; i < tries; i++) {
          const res = await verify(id, wrongFor(code, i), freshClient());
          expect(res.status).toBe(401);
          expect(res.body).toMatchObject({ errorMessage: SPEC_MESSAGES.otpInvalid });
          wrong++;
        }
      }
      const id = await requestChallenge(freshClient());
      const code = await latestCode();
      expect((await verify(id, wrongFor(code, 0), freshClient())).status).toBe(401);
      wrong++;
      expect(wrong).toBe(SIGN_IN_FAILURE_BUDGET);
      // The budget is spent: even the right code of a live challenge is not checked.
      const right = await verify(id, code, OWNER_ADDRESS);
      expect(right.status).toBe(401);
      expect(right.body).toMatchObject({ errorMessage: SPEC_MESSAGES.otpInvalid });
      const failures = await failuresToday();
      expect(failures.length).toBeGreaterThanOrEqual(SIGN_IN_FAILURE_BUDGET);

      // The owner asks again and gets a link, not a code.
      const linkChallenge = await requestChallenge(OWNER_ADDRESS);
      const mail = await latestMail();
      expect(mail).not.toMatch(/one-time password is \d{4}/);
      const link = mail.match(/\/login\?link=([A-Za-z0-9_-]{43})/)?.[1];
      expect(link).toBeDefined();
      expect((await verify(linkChallenge, "1234")).status).toBe(401);
      const signedIn = await api.call("POST", "/api/salesforce/AdminOtp/verifyLink", {
        body: { link },
        client: OWNER_ADDRESS,
      });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body).toMatchObject({ message: SPEC_MESSAGES.loginSuccess, alumniName: "Asha Verma" });
      const me = await api.call("GET", "/api/me", {
        headers: { authorization: `Bearer ${(signedIn.body as Session).accessToken}` },
      });
      expect(me.status).toBe(200);
      // Single use.
      const again = await api.call("POST", "/api/salesforce/AdminOtp/verifyLink", { body: { link } });
      expect(again.status).toBe(401);

      // A day later the budget is back: codes again.
      api.advance(SIGN_IN_FAILURE_WINDOW_HOURS * 3_600_000);
      const fresh = await requestChallenge(OWNER_ADDRESS);
      expect((await verify(fresh, await latestCode())).status).toBe(200);
    });

    it("takes concurrent guesses one by one: 30 at once spend exactly what is left of the budget", async () => {
      const spent = SIGN_IN_FAILURE_BUDGET - 2;
      for (let i = 0; i < spent; i++) {
        await api.ctx.db
          .insert(signInFailure)
          .values({ userId: adminId, createdAt: new Date(api.ctx.now()) });
      }
      const id = await requestChallenge(freshClient());
      const code = await latestCode();
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => verify(id, wrongFor(code, i % 9_999), freshClient())),
      );
      expect(answers.every((a) => a.status === 401)).toBe(true);
      const failures = await failuresToday();
      expect(failures).toHaveLength(SIGN_IN_FAILURE_BUDGET);
    });

    it("takes at most five tries per code, even at once", async () => {
      const id = await requestChallenge(freshClient());
      const code = await latestCode();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => verify(id, wrongFor(code, i), freshClient())),
      );
      expect(answers.every((a) => a.status === 401)).toBe(true);
      const failures = await failuresToday();
      expect(failures).toHaveLength(5);
      expect((await verify(id, code)).status).toBe(401);
    });

    it("refuses a link that is unknown, malformed or expired", async () => {
      for (const link of ["A".repeat(43), "short", "x".repeat(200)]) {
        const res = await api.call("POST", "/api/salesforce/AdminOtp/verifyLink", { body: { link } });
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ errorMessage: SPEC_MESSAGES.otpInvalid });
      }
      const missing = await api.call("POST", "/api/salesforce/AdminOtp/verifyLink", { body: {} });
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ field: "link" });
      for (let i = 0; i < SIGN_IN_FAILURE_BUDGET; i++) {
        if (i % 5 === 0) await requestChallenge(freshClient());
        await api.ctx.db
          .insert(signInFailure)
          .values({ userId: adminId, createdAt: new Date(api.ctx.now()) });
      }
      await requestChallenge(OWNER_ADDRESS);
      const link = (await latestMail()).match(/\/login\?link=([A-Za-z0-9_-]{43})/)?.[1];
      expect(link).toBeDefined();
      api.advance(15 * 60_000 + 1000);
      const late = await api.call("POST", "/api/salesforce/AdminOtp/verifyLink", { body: { link } });
      expect(late.status).toBe(401);
    });
  });

  describe("rate limits", () => {
    it("limits verification calls per client address (429), not touching other addresses", async () => {
      const attacker = freshClient();
      for (let i = 0; i < VERIFY_CALLS_PER_CLIENT; i++) {
        const res = await verify("not-a-challenge", "1234", attacker);
        expect(res.status).toBe(401);
      }
      const over = await verify("not-a-challenge", "1234", attacker);
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({ errorCode: "rate_limited" });
      const linkOver = await api.call("POST", "/api/salesforce/AdminOtp/verifyLink", {
        body: { link: "A".repeat(43) },
        client: attacker,
      });
      expect(linkOver.status).toBe(429);
      const id = await requestChallenge(OWNER_ADDRESS);
      expect((await verify(id, await latestCode(), OWNER_ADDRESS)).status).toBe(200);
      api.advance(15 * 60_000 + 1000);
      expect((await verify("not-a-challenge", "1234", attacker)).status).toBe(401);
    });

    it("does not let refused requests block the owner or spend the budget", async () => {
      // An attacker sends unknown emails from many addresses, each to its limit, and a person without
      // a portal role: nothing is mailed, and none of it counts against the admin's mails.
      for (let a = 0; a < 8; a++) {
        const from = freshClient();
        for (let i = 0; i < OTP_REQUESTS_PER_CLIENT; i++) {
          expect((await send(`nobody${i}@university.example`, from)).status).toBe(403);
        }
        expect((await send("nobody@university.example", from)).status).toBe(429);
      }
      const staff = freshClient();
      for (let i = 0; i < OTP_REQUESTS_PER_EMAIL_AND_CLIENT; i++) {
        expect((await send("staff@university.example", staff)).status).toBe(403);
      }
      const id = await requestChallenge(OWNER_ADDRESS);
      expect((await verify(id, await latestCode())).status).toBe(200);
      expect(await failuresToday()).toHaveLength(0);
    });

    it("mails an account at most 6 times in 15 minutes from all addresses; the owner signs in with the last mail's link", async () => {
      const since = await mailIds();
      // 30 requests from 6 addresses, 5 each (each address's own limit).
      const answers = [];
      for (let a = 0; a < 6; a++) {
        const from = freshClient();
        for (let i = 0; i < OTP_REQUESTS_PER_EMAIL_AND_CLIENT; i++) answers.push(await send(ADMIN, from));
      }
      expect(answers.filter((a) => a.status === 200)).toHaveLength(SIGN_IN_MAILS_PER_ACCOUNT);
      const refused = answers.filter((a) => a.status !== 200);
      expect(refused).toHaveLength(30 - SIGN_IN_MAILS_PER_ACCOUNT);
      // The same answer as the limit per email and address.
      const from = freshClient();
      for (let i = 0; i < OTP_REQUESTS_PER_EMAIL_AND_CLIENT; i++)
        await send("staff@university.example", from);
      const perAddress = await send("staff@university.example", from);
      expect(perAddress.status).toBe(429);
      for (const answer of refused) {
        expect(answer.status).toBe(429);
        expect(answer.body).toEqual(perAddress.body);
      }
      expect(await mailsSince(since)).toHaveLength(SIGN_IN_MAILS_PER_ACCOUNT);

      // The owner is refused as well, but the last mail carries a link that no request cancelled.
      expect((await send(ADMIN, OWNER_ADDRESS)).status).toBe(429);
      expect(await mailsSince(since)).toHaveLength(SIGN_IN_MAILS_PER_ACCOUNT);
      const link = (await latestMail()).match(/\/login\?link=([A-Za-z0-9_-]{43})/)?.[1];
      expect(link).toBeDefined();
      const signedIn = await api.call("POST", "/api/salesforce/AdminOtp/verifyLink", {
        body: { link },
        client: OWNER_ADDRESS,
      });
      expect(signedIn.status).toBe(200);
      // Refused requests do not count: once the window has passed, the owner gets a code again.
      api.advance(OTP_RATE_WINDOW_MINUTES * 60_000 + 1000);
      const id = await requestChallenge(OWNER_ADDRESS);
      expect((await verify(id, await latestCode())).status).toBe(200);
      expect(await failuresToday()).toHaveLength(0);
    });

    it("mails an account at most 10 times in an hour, the tenth a link", async () => {
      const start = api.ctx.now();
      const since = await mailIds();
      for (let i = 0; i < SIGN_IN_MAILS_PER_ACCOUNT; i++) await requestChallenge(freshClient());
      api.advance(OTP_RATE_WINDOW_MINUTES * 60_000 + 1000);
      const more = SIGN_IN_MAILS_PER_ACCOUNT_PER_HOUR - SIGN_IN_MAILS_PER_ACCOUNT;
      for (let i = 0; i < more - 1; i++) {
        await requestChallenge(freshClient());
        expect(await latestMail()).toMatch(/one-time password is \d{4}/);
      }
      await requestChallenge(freshClient());
      expect(await latestMail()).toMatch(/\/login\?link=[A-Za-z0-9_-]{43}/);
      const over = await send(ADMIN, OWNER_ADDRESS);
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({
        errorCode: "rate_limited",
        errorMessage: "Too many one-time password requests. Please try again in 60 minutes.",
      });
      expect(await mailsSince(since)).toHaveLength(SIGN_IN_MAILS_PER_ACCOUNT_PER_HOUR);
      // An hour after the first mails, their places are free again.
      api.advance(start + 3_600_000 + 1000 - api.ctx.now());
      const id = await requestChallenge(OWNER_ADDRESS);
      expect((await verify(id, await latestCode())).status).toBe(200);
    });

    it("lets exactly 6 of 20 concurrent requests from different addresses mail the account", async () => {
      const since = await mailIds();
      const answers = await Promise.all(Array.from({ length: 20 }, () => send(ADMIN, freshClient())));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(SIGN_IN_MAILS_PER_ACCOUNT);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(20 - SIGN_IN_MAILS_PER_ACCOUNT);
      expect(await mailsSince(since)).toHaveLength(SIGN_IN_MAILS_PER_ACCOUNT);
    });

    it("mails codes while an account's requests stay few, and links past them", async () => {
      for (let i = 0; i < OTP_REQUESTS_PER_ACCOUNT; i++) {
        await requestChallenge(freshClient());
        expect(await latestMail()).toMatch(/one-time password is \d{4}/);
      }
      await requestChallenge(freshClient());
      expect(await latestMail()).toMatch(/\/login\?link=[A-Za-z0-9_-]{43}/);
    });

    it("cancels the account's earlier unused code when a new one is requested", async () => {
      const first = await requestChallenge(freshClient());
      const firstCode = await latestCode();
      const second = await requestChallenge(OWNER_ADDRESS);
      const secondCode = await latestCode();
      const old = await verify(first, firstCode);
      expect(old.status).toBe(401);
      expect(old.body).toMatchObject({ errorMessage: SPEC_MESSAGES.otpInvalid });
      expect((await verify(second, secondCode)).status).toBe(200);
    });
  });

  describe("sessions", () => {
    async function signIn(): Promise<Session> {
      const id = await requestChallenge(OWNER_ADDRESS);
      const res = await verify(id, await latestCode());
      expect(res.status).toBe(200);
      return res.body as Session;
    }
    const me = (accessToken: string) =>
      api.call("GET", "/api/me", { headers: { authorization: `Bearer ${accessToken}` } });
    const refresh = (refreshToken: string) =>
      api.call("POST", "/api/refreshToken", { body: { refreshToken } });

    it("ends the whole session when one refresh token is presented three times at once (20 rounds)", async () => {
      for (let round = 0; round < 20; round++) {
        api.advance(16 * 60_000);
        const session = await signIn();
        const answers = await Promise.all([0, 1, 2].map(() => refresh(session.refreshToken)));
        const rotated = answers.filter((a) => a.status === 200).map((a) => a.body as Session);
        expect(rotated).toHaveLength(1);
        expect(answers.filter((a) => a.status === 401)).toHaveLength(2);
        for (const token of [session.refreshToken, ...rotated.map((r) => r.refreshToken)]) {
          const res = await refresh(token);
          expect(res.status).toBe(401);
          expect(res.body).toMatchObject({ errorCode: "refresh_token_expired" });
        }
        for (const access of [session.accessToken, ...rotated.map((r) => r.accessToken)]) {
          expect((await me(access)).status).toBe(401);
        }
      }
    });

    it("refuses the access token of a signed-out session on the next request", async () => {
      const session = await signIn();
      expect((await me(session.accessToken)).status).toBe(200);
      expect(
        (await api.call("POST", "/api/logout", { body: { refreshToken: session.refreshToken } })).status,
      ).toBe(200);
      expect((await me(session.accessToken)).status).toBe(401);
      const [family] = await api.ctx.db.select().from(sessionFamily).where(eq(sessionFamily.userId, adminId));
      expect(family).toBeDefined();
    });

    it("uses the user's current roles and refuses a user whose role or account is gone", async () => {
      const session = await signIn();
      const first = await me(session.accessToken);
      expect(first.body).toMatchObject({ roles: ["admin"] });

      // A role added in the database shows once the short check interval has passed.
      await api.ctx.db
        .insert(role)
        .values({ name: "exam_office", description: "Exam office" })
        .onConflictDoNothing({ target: role.name });
      const [examOffice] = await api.ctx.db.select().from(role).where(eq(role.name, "exam_office"));
      await api.ctx.db.insert(userRole).values({ userId: adminId, roleId: examOffice?.id ?? "" });
      api.advance(SESSION_CHECK_TTL_MS + 1);
      expect((await me(session.accessToken)).body).toMatchObject({ roles: ["admin", "exam_office"] });

      // Every portal role removed: refused at once when this process is told, else after the interval.
      await api.ctx.db.delete(userRole).where(eq(userRole.userId, adminId));
      expect((await me(session.accessToken)).status).toBe(200); // still within the interval
      forgetSessions(api.ctx, { userId: adminId });
      expect((await me(session.accessToken)).status).toBe(401);
      const refreshed = await refresh(session.refreshToken);
      expect(refreshed.status).toBe(401);

      // Restore the role; an inactive account is refused too.
      const [adminRole] = await api.ctx.db.select().from(role).where(eq(role.name, "admin"));
      await api.ctx.db.insert(userRole).values({ userId: adminId, roleId: adminRole?.id ?? "" });
      const again = await signIn();
      expect((await me(again.accessToken)).status).toBe(200);
      await api.ctx.db.update(adminUser).set({ active: false }).where(eq(adminUser.id, adminId));
      api.advance(SESSION_CHECK_TTL_MS + 1);
      expect((await me(again.accessToken)).status).toBe(401);
      await api.ctx.db.update(adminUser).set({ active: true }).where(eq(adminUser.id, adminId));
      await api.ctx.db
        .delete(userRole)
        .where(and(eq(userRole.userId, adminId), eq(userRole.roleId, examOffice?.id ?? "")));
    });

    it("refuses a validly signed token whose session does not exist", async () => {
      const { signAccessToken } = await import("./tokens.ts");
      const token = await signAccessToken(
        { id: adminId, name: "Asha Verma", email: ADMIN, roles: ["admin"] },
        "00000000-0000-4000-8000-000000000000",
        api.ctx.config.tokenSecret,
        api.ctx.now(),
      );
      expect((await me(token)).status).toBe(401);
    });

    it("refuses a token of a live session signed with the instance secret but given a 10-year life", async () => {
      const session = await signIn();
      // The real token's claims without its times, signed again with the times under test.
      const { iat: _iat, exp: _exp, ...claimsOfSession } = decodeJwt(session.accessToken);
      const iat = Math.floor(api.ctx.now() / 1000);
      const forge = (claims: { iat?: number; exp: number }) => {
        const jwt = new SignJWT(claimsOfSession)
          .setProtectedHeader({ alg: "HS256", typ: "JWT" })
          .setExpirationTime(claims.exp);
        if (claims.iat !== undefined) jwt.setIssuedAt(claims.iat);
        return jwt.sign(new TextEncoder().encode(api.ctx.config.tokenSecret));
      };
      const tenYears = 10 * 365 * 24 * 60 * 60;
      const tampered = await me(`${session.accessToken}x`);
      expect(tampered.status).toBe(401);
      for (const forged of [
        await forge({ iat, exp: iat + tenYears }),
        await forge({ exp: iat + ACCESS_TOKEN_SECONDS }),
      ]) {
        const res = await me(forged);
        expect(res.status).toBe(401);
        expect(res.body).toEqual(tampered.body);
      }
      // The same claims with the configured lifetime pass.
      expect((await me(await forge({ iat, exp: iat + ACCESS_TOKEN_SECONDS }))).status).toBe(200);
      expect((await me(session.accessToken)).status).toBe(200);
    });
  });
});
