import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import type { SessionUser } from "../context.ts";

/** Access tokens live 15 minutes, refresh tokens 30 days (docs/api.md). */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;
const ISSUER = "university-portal";
/**
 * How far in the future a token's `iat` may lie (seconds): portal processes on different machines
 * may disagree on the time this much. A later `iat` would let a token with a short stated lifetime
 * live long all the same.
 */
export const ISSUED_AT_SKEW_SECONDS = 60;

/** What a valid access token states: the user as signed and the session (refresh-token family) id. */
export type AccessClaims = { user: SessionUser; sessionId: string };

/**
 * Signs an HS256 JWT with sub, name, email, roles and `sid` (the session, i.e. the refresh-token
 * family, so that signing out or a role change can end it before it expires), valid for 15 minutes
 * from `nowMs`.
 */
export async function signAccessToken(
  user: SessionUser,
  sessionId: string,
  secret: string,
  nowMs: number,
): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({ name: user.name, email: user.email, roles: user.roles, sid: sessionId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(user.id)
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
    .sign(new TextEncoder().encode(secret));
}

/**
 * The claims of a valid access token, or null when the token is malformed, forged, expired, has no
 * session id, or states a lifetime (`exp - iat`) longer than {@link ACCESS_TOKEN_SECONDS}, no
 * `iat` at all or an `iat` more than {@link ISSUED_AT_SKEW_SECONDS} ahead of `nowMs`: a token signed
 * with the instance secret but given a far expiry is refused like a forged one. Only the token itself is checked here; whether the session and the user's roles still
 * hold is the session check's business (sessions.ts).
 */
export async function verifyAccessToken(
  token: string,
  secret: string,
  nowMs: number,
): Promise<AccessClaims | null> {
  return (await verifyAccessTokenClaims(token, secret, nowMs))?.claims ?? null;
}

/** The claims of a valid access token and the moment it expires (milliseconds since the epoch). */
async function verifyAccessTokenClaims(
  token: string,
  secret: string,
  nowMs: number,
): Promise<{ claims: AccessClaims; expiresAt: number } | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      issuer: ISSUER,
      algorithms: ["HS256"],
      currentDate: new Date(nowMs),
    });
    const { sub, name, email, roles, exp, iat, sid } = payload;
    if (typeof sub !== "string" || typeof name !== "string" || typeof email !== "string") return null;
    if (!Array.isArray(roles) || !roles.every((r) => typeof r === "string")) return null;
    if (typeof exp !== "number" || typeof sid !== "string" || sid === "") return null;
    if (typeof iat !== "number" || exp - iat > ACCESS_TOKEN_SECONDS) return null;
    if (iat > nowMs / 1000 + ISSUED_AT_SKEW_SECONDS) return null;
    return {
      claims: { user: { id: sub, name, email, roles: roles as string[] }, sessionId: sid },
      expiresAt: exp * 1000,
    };
  } catch {
    return null;
  }
}

/** Most verified access tokens a {@link createAccessTokenVerifier} remembers. */
export const VERIFIED_TOKENS_LIMIT = 10_000;

/**
 * {@link verifyAccessToken} for one secret, remembering each token that passed the full check until
 * it expires, so that the signature check of the calls that follow costs a map lookup instead of an
 * HMAC through WebCrypto (up to a sixth of the server's CPU under load). Only the exact
 * strings that passed are remembered: a forged or altered token is checked in full and refused, and
 * an expired one is refused and forgotten. At most `limit` tokens are kept; when one more passes,
 * the one remembered longest ago is forgotten (insertion order). The claims handed out are frozen,
 * as they are shared between requests.
 */
export function createAccessTokenVerifier(
  secret: string,
  limit = VERIFIED_TOKENS_LIMIT,
): (token: string, nowMs: number) => Promise<AccessClaims | null> {
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();
  return async (token, nowMs) => {
    const known = verified.get(token);
    if (known) {
      if (nowMs < known.expiresAt) return known.claims;
      verified.delete(token);
      return null;
    }
    const checked = await verifyAccessTokenClaims(token, secret, nowMs);
    if (!checked) return null;
    Object.freeze(checked.claims.user.roles);
    Object.freeze(checked.claims.user);
    Object.freeze(checked.claims);
    // Another call may have checked the same token meanwhile: keep the first, so the map's order
    // stays the order in which tokens were first remembered.
    const raced = verified.get(token);
    if (raced) return raced.claims;
    verified.set(token, checked);
    while (verified.size > limit) {
      const oldest = verified.keys().next().value;
      if (oldest === undefined) break;
      verified.delete(oldest);
    }
    return checked.claims;
  };
}

/** A fresh 4-digit one-time password (uniform, leading zeros kept). */
export function generateOtp(): string {
  return String(randomInt(0, 10_000)).padStart(4, "0");
}

/** HMAC-SHA256 of an OTP bound to its challenge id, hex. */
export function hashOtp(code: string, challengeId: string, secret: string): string {
  return createHmac("sha256", secret).update(`${challengeId}:${code}`).digest("hex");
}

/** Constant-time comparison of two hex digests of equal length. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A new opaque refresh token (256 random bits, base64url). */
export function generateRefreshToken(): string {
  return randomBytes(32).toString("base64url");
}

/** A new sign-in link token (256 random bits, base64url, 43 characters). */
export const generateSignInLinkToken = generateRefreshToken;

/** SHA-256 of a refresh token or sign-in link token, hex: what the database keeps. */
export function hashRefreshToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
