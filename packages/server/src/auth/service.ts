import { randomUUID } from "node:crypto";
import { canSignIn, OTP_LIFETIME_MINUTES, OTP_MAX_ATTEMPTS, SPEC_MESSAGES } from "@portal/domain";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { AppContext, SessionUser } from "../context.ts";
import { adminUser, otpChallenge, otpRequest, refreshToken, role, userRole } from "../db/schema.ts";
import { ApiError } from "../http/errors.ts";
import {
  digestsEqual,
  generateOtp,
  generateRefreshToken,
  hashOtp,
  hashRefreshToken,
  REFRESH_TOKEN_SECONDS,
  signAccessToken,
} from "./tokens.ts";

/** The role that may sign in (spec §6: login is for administrators only). */
export const ADMIN_ROLE = "admin";

/** Rate limits of OTP requests, per rolling 15 minutes. */
export const OTP_RATE_WINDOW_MINUTES = 15;
export const OTP_REQUESTS_PER_EMAIL = 5;
export const OTP_REQUESTS_PER_CLIENT = 20;

export const REFRESH_EXPIRED_CODE = "refresh_token_expired";
const refreshExpired = () =>
  new ApiError(401, "Session expired. Please sign in again.", { errorCode: REFRESH_EXPIRED_CODE });
const otpInvalid = () => new ApiError(401, SPEC_MESSAGES.otpInvalid, { errorCode: "otp_invalid" });

export type SessionTokens = { accessToken: string; refreshToken: string; user: SessionUser };

/** The active user with this id or email, with role names; null when absent or inactive. */
export async function findUser(
  ctx: AppContext,
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

/**
 * Sign-in step 0 (spec Login, §5, §6): records the request for the rate limits (5 per email and 20
 * per client address in 15 minutes, else 429), then, for an active admin, stores a new 4-digit code
 * as an HMAC (10-minute life) and mails it. Unknown and non-admin emails get the same 403
 * 'User is not an admin'. Returns the challenge id.
 */
export async function requestOtp(
  ctx: AppContext,
  email: string,
  clientAddress: string,
): Promise<{ id: string }> {
  const now = ctx.now();
  const since = new Date(now - OTP_RATE_WINDOW_MINUTES * 60_000);
  await ctx.db.insert(otpRequest).values({ email, clientAddress, createdAt: new Date(now) });
  const [counts] = await ctx.db
    .select({
      byEmail: sql<number>`count(*) filter (where ${otpRequest.email} = ${email})`.mapWith(Number),
      byClient: sql<number>`count(*) filter (where ${otpRequest.clientAddress} = ${clientAddress})`.mapWith(
        Number,
      ),
    })
    .from(otpRequest)
    .where(
      and(
        gt(otpRequest.createdAt, since),
        sql`(${otpRequest.email} = ${email} or ${otpRequest.clientAddress} = ${clientAddress})`,
      ),
    );
  if ((counts?.byEmail ?? 0) > OTP_REQUESTS_PER_EMAIL || (counts?.byClient ?? 0) > OTP_REQUESTS_PER_CLIENT) {
    throw new ApiError(429, "Too many one-time password requests. Please try again in 15 minutes.", {
      errorCode: "rate_limited",
    });
  }

  const user = await findUser(ctx, { email });
  if (!user || !canSignIn(user.roles)) {
    throw new ApiError(403, SPEC_MESSAGES.userNotAdmin, { errorCode: "not_admin" });
  }

  const id = randomUUID();
  const code = generateOtp();
  await ctx.db.insert(otpChallenge).values({
    id,
    userId: user.id,
    codeHash: hashOtp(code, id, ctx.config.tokenSecret),
    expiresAt: new Date(now + OTP_LIFETIME_MINUTES * 60_000),
    createdAt: new Date(now),
  });
  try {
    await ctx.mailer.send({
      to: [user.email],
      subject: "Your sign-in code for the University Portal",
      text: `Hello ${user.name},\n\nYour one-time password is ${code}. It is valid for ${OTP_LIFETIME_MINUTES} minutes and can be used once.\n\nIf you did not ask to sign in, ignore this mail.`,
    });
  } catch (err) {
    await ctx.db.delete(otpChallenge).where(eq(otpChallenge.id, id));
    ctx.log(`[auth] OTP mail to ${user.email} failed: ${(err as Error).message}`);
    throw new ApiError(502, "The one-time password could not be mailed. Please try again.", {
      errorCode: "mail_failed",
    });
  }
  return { id };
}

/**
 * Sign-in step 1: checks the code of challenge `id` in constant time. A wrong code counts a try; after
 * 5 wrong tries, after 10 minutes, or once used, the code is dead. Any failure is 401 'OTP Invalid'.
 * On success the challenge is consumed (atomically, so a code works once) and a session is issued.
 */
export async function verifyOtp(ctx: AppContext, id: string, otp: string): Promise<SessionTokens> {
  const now = new Date(ctx.now());
  const [challenge] = await ctx.db.select().from(otpChallenge).where(eq(otpChallenge.id, id));
  if (!challenge) throw otpInvalid();
  if (challenge.usedAt || challenge.expiresAt <= now || challenge.failedAttempts >= OTP_MAX_ATTEMPTS) {
    throw otpInvalid();
  }
  if (!digestsEqual(hashOtp(otp, id, ctx.config.tokenSecret), challenge.codeHash)) {
    await ctx.db
      .update(otpChallenge)
      .set({ failedAttempts: sql`${otpChallenge.failedAttempts} + 1` })
      .where(eq(otpChallenge.id, id));
    throw otpInvalid();
  }
  const consumed = await ctx.db
    .update(otpChallenge)
    .set({ usedAt: now })
    .where(
      and(
        eq(otpChallenge.id, id),
        isNull(otpChallenge.usedAt),
        lt(otpChallenge.failedAttempts, OTP_MAX_ATTEMPTS),
        gt(otpChallenge.expiresAt, now),
      ),
    )
    .returning({ userId: otpChallenge.userId });
  const userId = consumed[0]?.userId;
  if (!userId) throw otpInvalid();
  const user = await findUser(ctx, { id: userId });
  if (!user || !canSignIn(user.roles)) throw otpInvalid();
  return issueSession(ctx, user, randomUUID());
}

async function issueSession(ctx: AppContext, user: SessionUser, familyId: string): Promise<SessionTokens> {
  const now = ctx.now();
  const token = generateRefreshToken();
  await ctx.db.insert(refreshToken).values({
    userId: user.id,
    familyId,
    tokenHash: hashRefreshToken(token),
    expiresAt: new Date(now + REFRESH_TOKEN_SECONDS * 1000),
    createdAt: new Date(now),
  });
  return { accessToken: await signAccessToken(user, ctx.config.tokenSecret, now), refreshToken: token, user };
}

async function revokeFamily(ctx: AppContext, familyId: string): Promise<void> {
  await ctx.db
    .update(refreshToken)
    .set({ revokedAt: new Date(ctx.now()) })
    .where(and(eq(refreshToken.familyId, familyId), isNull(refreshToken.revokedAt)));
}

/**
 * Rotates a refresh token (spec §7, §8): the presented token is marked used and a new one of the same
 * family is issued with a new access token. Unknown, expired or revoked tokens, and users no longer
 * admins, get 401 `refresh_token_expired`; a token presented a second time revokes its whole family.
 */
export async function refreshSession(ctx: AppContext, token: string): Promise<SessionTokens> {
  const now = new Date(ctx.now());
  const [stored] = await ctx.db
    .select()
    .from(refreshToken)
    .where(eq(refreshToken.tokenHash, hashRefreshToken(token)));
  if (!stored || stored.revokedAt || stored.expiresAt <= now) throw refreshExpired();
  if (stored.usedAt) {
    await revokeFamily(ctx, stored.familyId);
    ctx.log(`[auth] reused refresh token: family ${stored.familyId} revoked`);
    throw refreshExpired();
  }
  const marked = await ctx.db
    .update(refreshToken)
    .set({ usedAt: now })
    .where(and(eq(refreshToken.id, stored.id), isNull(refreshToken.usedAt), isNull(refreshToken.revokedAt)))
    .returning({ id: refreshToken.id });
  if (marked.length === 0) {
    await revokeFamily(ctx, stored.familyId);
    throw refreshExpired();
  }
  const user = await findUser(ctx, { id: stored.userId });
  if (!user || !canSignIn(user.roles)) {
    await revokeFamily(ctx, stored.familyId);
    throw refreshExpired();
  }
  return issueSession(ctx, user, stored.familyId);
}

/** Sign out: revokes the family of `token` when it is known. Never fails for an unknown token. */
export async function revokeSession(ctx: AppContext, token: string | undefined): Promise<void> {
  if (!token) return;
  const [stored] = await ctx.db
    .select({ familyId: refreshToken.familyId })
    .from(refreshToken)
    .where(eq(refreshToken.tokenHash, hashRefreshToken(token)));
  if (stored) await revokeFamily(ctx, stored.familyId);
}
