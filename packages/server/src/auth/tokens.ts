import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import type { SessionUser } from "../context.ts";

/** Access tokens live 15 minutes, refresh tokens 30 days (docs/api.md). */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;
const ISSUER = "university-portal";

/** Signs an HS256 JWT with sub, name, email and roles, valid for 15 minutes from `nowMs`. */
export async function signAccessToken(user: SessionUser, secret: string, nowMs: number): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({ name: user.name, email: user.email, roles: user.roles })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(user.id)
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
    .sign(new TextEncoder().encode(secret));
}

/** The user of a valid access token, or null when the token is malformed, forged or expired. */
export async function verifyAccessToken(
  token: string,
  secret: string,
  nowMs: number,
): Promise<SessionUser | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      issuer: ISSUER,
      algorithms: ["HS256"],
      currentDate: new Date(nowMs),
    });
    const { sub, name, email, roles } = payload;
    if (typeof sub !== "string" || typeof name !== "string" || typeof email !== "string") return null;
    if (!Array.isArray(roles) || !roles.every((r) => typeof r === "string")) return null;
    return { id: sub, name, email, roles: roles as string[] };
  } catch {
    return null;
  }
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

/** SHA-256 of a refresh token, hex: what the database keeps. */
export function hashRefreshToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
