import { randomUUID } from "node:crypto";
import { canSignIn, OTP_LIFETIME_MINUTES, OTP_MAX_ATTEMPTS, SPEC_MESSAGES } from "@portal/domain";
import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import type { AppContext, SessionUser } from "../context.ts";
import type { Executor } from "../db/client.ts";
import {
  adminUser,
  otpChallenge,
  otpRequest,
  refreshToken,
  role,
  sessionFamily,
  signInAttempt,
  signInFailure,
  userRole,
} from "../db/schema.ts";
import { ApiError } from "../http/errors.ts";
import { forgetSessions } from "./sessions.ts";
import {
  digestsEqual,
  generateOtp,
  generateRefreshToken,
  generateSignInLinkToken,
  hashOtp,
  hashRefreshToken,
  REFRESH_TOKEN_SECONDS,
  signAccessToken,
} from "./tokens.ts";

/**
 * Limits of the sign-in calls (docs/security.md, openapi/auth.yaml). Code requests are counted per
 * client address and per email AND client address together, so that requests from other addresses
 * never block the owner of an email. Verification calls are counted per client address. The
 * account's guessing budget is the bound that matters: at most SIGN_IN_FAILURE_BUDGET wrong codes per
 * account in any 24 hours, each a 1-in-10,000 chance, so at most 10 / 10,000 = 0.1% per day whatever
 * the number of addresses; past it the account's mails carry a single-use sign-in link instead.
 */
export const OTP_RATE_WINDOW_MINUTES = 15;
export const OTP_REQUESTS_PER_EMAIL_AND_CLIENT = 5;
export const OTP_REQUESTS_PER_CLIENT = 20;
export const VERIFY_CALLS_PER_CLIENT = 30;
/**
 * Code requests for one account from all addresses together in 15 minutes past which the account's
 * mails carry links instead of codes: a new code cancels the earlier ones, so a stream of requests
 * from many addresses could otherwise cancel the owner's code before it is typed. Links are never
 * cancelled by a new request (they cannot be guessed), so the owner's link survives the stream.
 */
export const OTP_REQUESTS_PER_ACCOUNT = 5;
/**
 * Sign-in mails (codes and links) one account receives at most, from all client addresses together:
 * {@link SIGN_IN_MAILS_PER_ACCOUNT} per {@link OTP_RATE_WINDOW_MINUTES} minutes (five codes, then
 * the link that {@link OTP_REQUESTS_PER_ACCOUNT} turns the sixth into) and
 * {@link SIGN_IN_MAILS_PER_ACCOUNT_PER_HOUR} per hour. A person signing in asks for one code, rarely
 * two; past either number a request answers 429 and mails nothing, so requests from many addresses
 * cannot flood the inbox. Only mails sent count, not refused requests, so a stream of requests
 * keeps the owner waiting no longer than the window; and the last mail either cap lets through is a
 * link, which no later request cancels.
 */
export const SIGN_IN_MAILS_PER_ACCOUNT = OTP_REQUESTS_PER_ACCOUNT + 1;
export const SIGN_IN_MAILS_PER_ACCOUNT_PER_HOUR = 10;
const HOUR_MINUTES = 60;
export const SIGN_IN_FAILURE_BUDGET = 10;
export const SIGN_IN_FAILURE_WINDOW_HOURS = 24;
/** A sign-in link works once, within this many minutes of being mailed. */
export const SIGN_IN_LINK_MINUTES = 15;

export const REFRESH_EXPIRED_CODE = "refresh_token_expired";
const refreshExpired = () =>
  new ApiError(401, "Session expired. Please sign in again.", { errorCode: REFRESH_EXPIRED_CODE });
const otpInvalid = () => new ApiError(401, SPEC_MESSAGES.otpInvalid, { errorCode: "otp_invalid" });
const rateLimited = (what: string, minutes = OTP_RATE_WINDOW_MINUTES) =>
  new ApiError(429, `Too many ${what}. Please try again in ${minutes} minutes.`, {
    errorCode: "rate_limited",
  });

export type SessionTokens = { accessToken: string; refreshToken: string; user: SessionUser };

/** The active user with this id or email, with role names; null when absent or inactive. */
export async function findUser(
  ctx: { db: Executor },
  where: { id: string } | { email: string },
): Promise<SessionUser | null> {
  const condition =
    "id" in where ? eq(adminUser.id, where.id) : eq(adminUser.email, where.email.toLowerCase());
  const rows = await ctx.db
    .select({ id: adminUser.id, name: adminUser.name, email: adminUser.email, role: role.name })
    .from(adminUser)
    .leftJoin(userRole, eq(userRole.userId, adminUser.id))
    .leftJoin(role, eq(role.id, userRole.roleId))
    .where(and(condition, eq(adminUser.active, true)));
  const first = rows[0];
  if (!first) return null;
  // A role held at several scopes is one role here.
  const roles = [...new Set(rows.flatMap((r) => (r.role ? [r.role] : [])))].sort();
  return { id: first.id, name: first.name, email: first.email, roles };
}

/** Wrong codes of `userId` in the last 24 hours (the guessing budget spent). */
async function failuresToday(db: Executor, userId: string, nowMs: number): Promise<number> {
  const since = new Date(nowMs - SIGN_IN_FAILURE_WINDOW_HOURS * 3_600_000);
  const [row] = await db
    .select({ n: count() })
    .from(signInFailure)
    .where(and(eq(signInFailure.userId, userId), gt(signInFailure.createdAt, since)));
  return row?.n ?? 0;
}

/**
 * Sign-in mails of `userId` (one challenge each, code or link; a challenge whose mail failed is
 * deleted) in the last {@link OTP_RATE_WINDOW_MINUTES} minutes and in the last hour.
 */
async function mailsSent(
  db: Executor,
  userId: string,
  nowMs: number,
): Promise<{ inWindow: number; inHour: number }> {
  const windowStart = new Date(nowMs - OTP_RATE_WINDOW_MINUTES * 60_000);
  const [row] = await db
    .select({
      inWindow: sql<number>`count(*) filter (where ${otpChallenge.createdAt} > ${windowStart})`.mapWith(
        Number,
      ),
      inHour: count(),
    })
    .from(otpChallenge)
    .where(
      and(
        eq(otpChallenge.userId, userId),
        gt(otpChallenge.createdAt, new Date(nowMs - HOUR_MINUTES * 60_000)),
      ),
    );
  return { inWindow: row?.inWindow ?? 0, inHour: row?.inHour ?? 0 };
}

/** Locks the account's row until the transaction ends: its guesses and code requests take turns. */
async function lockAccount(tx: Executor, userId: string): Promise<void> {
  await tx.select({ id: adminUser.id }).from(adminUser).where(eq(adminUser.id, userId)).for("update");
}

/**
 * Sign-in step 0 (spec Login, §5, §6): counts the request per client address (20 in 15 minutes)
 * and per email and client address together (5 in 15 minutes), else 429; refuses unknown emails and
 * people without a portal role (`canSignIn`) alike with 403 'User is not an admin'; 429 too, with
 * nothing mailed, once the account had {@link SIGN_IN_MAILS_PER_ACCOUNT} sign-in mails in 15
 * minutes or {@link SIGN_IN_MAILS_PER_ACCOUNT_PER_HOUR} in an hour. Otherwise cancels the account's
 * unused codes and mails a new 4-digit code (stored as an HMAC, 10-minute life) or, once the
 * account's guessing budget is spent, more than {@link OTP_REQUESTS_PER_ACCOUNT} codes were asked
 * for it in 15 minutes or this is the last mail the caps allow, a single-use sign-in link (256 bits,
 * stored as SHA-256, 15-minute life, not cancelled by later requests). The mail is queued with the
 * challenge in one transaction and delivered after the commit (mail/delivery.ts). Returns the
 * challenge id.
 */
export async function requestOtp(
  ctx: AppContext,
  email: string,
  clientAddress: string,
): Promise<{ id: string }> {
  const now = ctx.now();
  const address = email.toLowerCase();
  const since = new Date(now - OTP_RATE_WINDOW_MINUTES * 60_000);
  await ctx.db.insert(otpRequest).values({ email: address, clientAddress, createdAt: new Date(now) });
  const [counts] = await ctx.db
    .select({
      byPair: sql<number>`count(*) filter (where ${otpRequest.email} = ${address})`.mapWith(Number),
      byClient: count(),
    })
    .from(otpRequest)
    .where(and(gt(otpRequest.createdAt, since), eq(otpRequest.clientAddress, clientAddress)));
  if (
    (counts?.byPair ?? 0) > OTP_REQUESTS_PER_EMAIL_AND_CLIENT ||
    (counts?.byClient ?? 0) > OTP_REQUESTS_PER_CLIENT
  ) {
    throw rateLimited("one-time password requests");
  }

  const user = await findUser(ctx, { email: address });
  if (!user || !canSignIn(user.roles)) {
    throw new ApiError(403, SPEC_MESSAGES.userNotAdmin, { errorCode: "not_admin" });
  }

  const id = randomUUID();
  // The mail is queued in the challenge's transaction: both exist or neither (mail/delivery.ts
  // sends it after the commit; without SMTP it is in the development outbox at once).
  await ctx.db.transaction(async (tx) => {
    await lockAccount(tx, user.id);
    // Counted under the lock, so concurrent requests cannot pass the caps together.
    const sent = await mailsSent(tx, user.id, now);
    if (sent.inWindow >= SIGN_IN_MAILS_PER_ACCOUNT) throw rateLimited("one-time password requests");
    if (sent.inHour >= SIGN_IN_MAILS_PER_ACCOUNT_PER_HOUR) {
      throw rateLimited("one-time password requests", HOUR_MINUTES);
    }
    // A new request cancels the account's earlier unused codes (guessable), never its links.
    await tx
      .update(otpChallenge)
      .set({ expiresAt: new Date(now) })
      .where(
        and(
          eq(otpChallenge.userId, user.id),
          eq(otpChallenge.kind, "code"),
          isNull(otpChallenge.usedAt),
          gt(otpChallenge.expiresAt, new Date(now)),
        ),
      );
    const [requests] = await tx
      .select({ n: count() })
      .from(otpRequest)
      .where(and(eq(otpRequest.email, address), gt(otpRequest.createdAt, since)));
    const storm = (requests?.n ?? 0) > OTP_REQUESTS_PER_ACCOUNT;
    const source = `auth.sign_in:${id}`;
    // The last mail of the hour carries a link, so the owner refused by the cap still holds one.
    const lastOfHour = sent.inHour + 1 === SIGN_IN_MAILS_PER_ACCOUNT_PER_HOUR;
    if (storm || lastOfHour || (await failuresToday(tx, user.id, now)) >= SIGN_IN_FAILURE_BUDGET) {
      const token = generateSignInLinkToken();
      await tx.insert(otpChallenge).values({
        id,
        userId: user.id,
        kind: "link",
        codeHash: hashRefreshToken(token),
        expiresAt: new Date(now + SIGN_IN_LINK_MINUTES * 60_000),
        createdAt: new Date(now),
      });
      await ctx.mailer.enqueue(tx, {
        to: [user.email],
        subject: "Your sign-in link for the University Portal",
        text: `Hello ${user.name},\n\nToo many sign-in codes were asked for or wrongly entered for your account, so this mail carries a sign-in link instead of a code. It is valid for ${SIGN_IN_LINK_MINUTES} minutes and can be used once:\n\n${signInLink(ctx, token)}\n\nIf you did not ask to sign in, ignore this mail: someone may be guessing codes for your account.`,
        source,
      });
      return;
    }
    const code = generateOtp();
    await tx.insert(otpChallenge).values({
      id,
      userId: user.id,
      kind: "code",
      codeHash: hashOtp(code, id, ctx.config.tokenSecret),
      expiresAt: new Date(now + OTP_LIFETIME_MINUTES * 60_000),
      createdAt: new Date(now),
    });
    await ctx.mailer.enqueue(tx, {
      to: [user.email],
      subject: "Your sign-in code for the University Portal",
      text: `Hello ${user.name},\n\nYour one-time password is ${code}. It is valid for ${OTP_LIFETIME_MINUTES} minutes and can be used once.\n\nIf you did not ask to sign in, ignore this mail.`,
      source,
    });
  });
  return { id };
}

/** The address of the login page that signs in with link token `token`. */
export function signInLink(ctx: AppContext, token: string): string {
  return `${ctx.config.publicUrl}/login?link=${encodeURIComponent(token)}`;
}

/**
 * Counts one verification call of `clientAddress`; 429 past {@link VERIFY_CALLS_PER_CLIENT} in 15
 * minutes. Counted before anything is checked, so a burst of concurrent calls is counted too.
 */
export async function countVerifyCall(ctx: AppContext, clientAddress: string): Promise<void> {
  const now = ctx.now();
  await ctx.db.insert(signInAttempt).values({ clientAddress, createdAt: new Date(now) });
  const [row] = await ctx.db
    .select({ n: count() })
    .from(signInAttempt)
    .where(
      and(
        eq(signInAttempt.clientAddress, clientAddress),
        gt(signInAttempt.createdAt, new Date(now - OTP_RATE_WINDOW_MINUTES * 60_000)),
      ),
    );
  if ((row?.n ?? 0) > VERIFY_CALLS_PER_CLIENT) throw rateLimited("sign-in attempts");
}

/**
 * Sign-in step 1: checks the code of challenge `id` in constant time, under a lock on the account so
 * that concurrent guesses take turns. A wrong code counts a try on the code (dead after 5) and one
 * against the account's budget (10 per 24 hours); while the budget is spent no code is checked at
 * all. Any failure is 401 'OTP Invalid'. On success the challenge is consumed (a code works once) and
 * a session is issued. The caller counts the call per client address first ({@link countVerifyCall}).
 */
export async function verifyOtp(ctx: AppContext, id: string, otp: string): Promise<SessionTokens> {
  const nowMs = ctx.now();
  const now = new Date(nowMs);
  const [found] = await ctx.db
    .select({ userId: otpChallenge.userId })
    .from(otpChallenge)
    .where(eq(otpChallenge.id, id));
  if (!found) throw otpInvalid();
  const userId = await ctx.db.transaction(async (tx) => {
    await lockAccount(tx, found.userId);
    const [challenge] = await tx.select().from(otpChallenge).where(eq(otpChallenge.id, id));
    if (
      challenge?.kind !== "code" ||
      challenge.usedAt ||
      challenge.expiresAt <= now ||
      challenge.failedAttempts >= OTP_MAX_ATTEMPTS
    ) {
      return null;
    }
    if ((await failuresToday(tx, challenge.userId, nowMs)) >= SIGN_IN_FAILURE_BUDGET) return null;
    if (!digestsEqual(hashOtp(otp, id, ctx.config.tokenSecret), challenge.codeHash)) {
      await tx
        .update(otpChallenge)
        .set({ failedAttempts: sql`${otpChallenge.failedAttempts} + 1` })
        .where(eq(otpChallenge.id, id));
      await tx.insert(signInFailure).values({ userId: challenge.userId, createdAt: now });
      return null;
    }
    await tx.update(otpChallenge).set({ usedAt: now }).where(eq(otpChallenge.id, id));
    return challenge.userId;
  });
  if (!userId) throw otpInvalid();
  const user = await findUser(ctx, { id: userId });
  if (!user || !canSignIn(user.roles)) throw otpInvalid();
  return issueSession(ctx, user, null);
}

/**
 * Signs in with the token of a mailed sign-in link (the fallback once an account's guessing budget
 * is spent). The token is 256 random bits, stored as SHA-256, single use (consumed by one
 * conditional update), valid 15 minutes. Any failure is 401 'OTP Invalid'. The caller counts the
 * call per client address first.
 */
export async function verifySignInLink(ctx: AppContext, token: string): Promise<SessionTokens> {
  const now = new Date(ctx.now());
  const consumed = await ctx.db
    .update(otpChallenge)
    .set({ usedAt: now })
    .where(
      and(
        eq(otpChallenge.codeHash, hashRefreshToken(token)),
        eq(otpChallenge.kind, "link"),
        isNull(otpChallenge.usedAt),
        gt(otpChallenge.expiresAt, now),
      ),
    )
    .returning({ userId: otpChallenge.userId });
  const userId = consumed[0]?.userId;
  if (!userId) throw otpInvalid();
  const user = await findUser(ctx, { id: userId });
  if (!user || !canSignIn(user.roles)) throw otpInvalid();
  return issueSession(ctx, user, null);
}

/**
 * Stores a new refresh token for `user` in session `familyId` (a new session when null, created in
 * the same statement batch) and signs the access token naming the session.
 */
async function issueSession(
  ctx: AppContext,
  user: SessionUser,
  familyId: string | null,
  db: Executor = ctx.db,
): Promise<SessionTokens> {
  const now = ctx.now();
  const sessionId = familyId ?? randomUUID();
  const token = generateRefreshToken();
  if (!familyId) {
    await db.insert(sessionFamily).values({ id: sessionId, userId: user.id, createdAt: new Date(now) });
  }
  await db.insert(refreshToken).values({
    userId: user.id,
    familyId: sessionId,
    tokenHash: hashRefreshToken(token),
    expiresAt: new Date(now + REFRESH_TOKEN_SECONDS * 1000),
    createdAt: new Date(now),
  });
  return {
    accessToken: await signAccessToken(user, sessionId, ctx.config.tokenSecret, now),
    refreshToken: token,
    user,
  };
}

/** Marks session `familyId` and all its refresh tokens revoked (inside the caller's transaction). */
async function revokeFamily(db: Executor, familyId: string, now: Date): Promise<void> {
  await db
    .update(sessionFamily)
    .set({ revokedAt: now })
    .where(and(eq(sessionFamily.id, familyId), isNull(sessionFamily.revokedAt)));
  await db
    .update(refreshToken)
    .set({ revokedAt: now })
    .where(and(eq(refreshToken.familyId, familyId), isNull(refreshToken.revokedAt)));
}

/**
 * Rotates a refresh token (spec §7, §8): the presented token is marked used and a new one of the same
 * session is issued with a new access token. Unknown, expired or revoked tokens, and users who may no
 * longer sign in, get 401 `refresh_token_expired`; a token presented a second time revokes its whole
 * session. Atomic on both databases: the session row is locked (`select ... for update`) for the
 * whole check-and-rotate, so of concurrent presentations of one token exactly one rotates and the
 * others, seeing it used, revoke the session including the token just issued.
 */
export async function refreshSession(ctx: AppContext, token: string): Promise<SessionTokens> {
  const now = new Date(ctx.now());
  const hash = hashRefreshToken(token);
  const [found] = await ctx.db
    .select({ familyId: refreshToken.familyId })
    .from(refreshToken)
    .where(eq(refreshToken.tokenHash, hash));
  if (!found) throw refreshExpired();
  const familyId = found.familyId;
  const outcome = await ctx.db.transaction(async (tx) => {
    const [family] = await tx
      .select({ revokedAt: sessionFamily.revokedAt })
      .from(sessionFamily)
      .where(eq(sessionFamily.id, familyId))
      .for("update");
    if (!family || family.revokedAt) return { kind: "dead" as const };
    // Read again under the lock: a rotation that finished meanwhile is visible now.
    const [stored] = await tx.select().from(refreshToken).where(eq(refreshToken.tokenHash, hash));
    if (!stored || stored.revokedAt || stored.expiresAt <= now) return { kind: "dead" as const };
    if (stored.usedAt) {
      await revokeFamily(tx, familyId, now);
      return { kind: "reused" as const };
    }
    const user = await findUser({ db: tx }, { id: stored.userId });
    if (!user || !canSignIn(user.roles)) {
      await revokeFamily(tx, familyId, now);
      return { kind: "revoked" as const };
    }
    await tx.update(refreshToken).set({ usedAt: now }).where(eq(refreshToken.id, stored.id));
    return { kind: "rotated" as const, session: await issueSession(ctx, user, familyId, tx) };
  });
  if (outcome.kind === "rotated") return outcome.session;
  if (outcome.kind !== "dead") forgetSessions(ctx, { sessionId: familyId });
  if (outcome.kind === "reused") ctx.log(`[auth] reused refresh token: session ${familyId} revoked`);
  throw refreshExpired();
}

/**
 * Sign out: revokes the session of `token` when it is known, so its access tokens are refused from
 * the next request on. Never fails for an unknown token.
 */
export async function revokeSession(ctx: AppContext, token: string | undefined): Promise<void> {
  if (!token) return;
  const [stored] = await ctx.db
    .select({ familyId: refreshToken.familyId })
    .from(refreshToken)
    .where(eq(refreshToken.tokenHash, hashRefreshToken(token)));
  if (!stored) return;
  await ctx.db.transaction((tx) => revokeFamily(tx, stored.familyId, new Date(ctx.now())));
  forgetSessions(ctx, { sessionId: stored.familyId });
}
