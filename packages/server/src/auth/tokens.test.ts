import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import {
  ACCESS_TOKEN_SECONDS,
  createAccessTokenVerifier,
  digestsEqual,
  generateOtp,
  hashOtp,
  hashRefreshToken,
  ISSUED_AT_SKEW_SECONDS,
  signAccessToken,
  verifyAccessToken,
} from "./tokens.ts";

const SECRET = "a-test-secret-that-is-long-enough-for-hs256";
const USER = {
  id: "4f0c2a4e-7b1d-4c8e-9a55-1d2b3c4d5e6f",
  name: "Asha Verma",
  email: "admin@university.example",
  roles: ["admin"],
};
const SID = "0b6a3c1e-58f4-4d0b-9c61-3f1e2d4c5b6a";
const CLAIMS = { user: USER, sessionId: SID };

/**
 * A token signed with `secret` as the portal signs its own, but with the given `iat` (seconds; none
 * when null) and lifetime `exp - iat` (seconds).
 */
function tokenWith(secret: string, iat: number | null, lifetimeSeconds: number): Promise<string> {
  const issued = iat ?? Math.floor(Date.now() / 1000);
  const jwt = new SignJWT({ name: USER.name, email: USER.email, roles: USER.roles, sid: SID })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(USER.id)
    .setIssuer("university-portal")
    .setExpirationTime(issued + lifetimeSeconds);
  if (iat !== null) jwt.setIssuedAt(iat);
  return jwt.sign(new TextEncoder().encode(secret));
}

describe("access tokens", () => {
  it("round-trip the user until they expire", async () => {
    const now = Date.parse("2026-11-02T10:00:00Z");
    const token = await signAccessToken(USER, SID, SECRET, now);
    expect(await verifyAccessToken(token, SECRET, now + 1000)).toEqual(CLAIMS);
    expect(await verifyAccessToken(token, SECRET, now + (ACCESS_TOKEN_SECONDS + 1) * 1000)).toBeNull();
  });

  it("reject another secret and a tampered payload", async () => {
    const now = Date.now();
    const token = await signAccessToken(USER, SID, SECRET, now);
    expect(await verifyAccessToken(token, `${SECRET}x`, now)).toBeNull();
    const [head, body, sig] = token.split(".");
    const forged = Buffer.from(
      JSON.stringify({ sub: USER.id, name: "X", email: USER.email, roles: ["admin"], sid: SID }),
    ).toString("base64url");
    expect(await verifyAccessToken(`${head}.${forged}.${sig}`, SECRET, now)).toBeNull();
    expect(body).toBeTruthy();
  });

  it("refuse a validly signed token that states a longer lifetime, no iat or a future iat", async () => {
    const now = Date.parse("2026-11-02T10:00:00Z");
    const iat = Math.floor(now / 1000);
    const verify = createAccessTokenVerifier(SECRET);
    const tenYears = 10 * 365 * 24 * 60 * 60;
    for (const token of [
      await tokenWith(SECRET, iat, tenYears),
      await tokenWith(SECRET, iat, ACCESS_TOKEN_SECONDS + 1),
      await tokenWith(SECRET, null, 60),
      // A short stated lifetime that starts years ahead lives as long as a far expiry would.
      await tokenWith(SECRET, iat + tenYears, ACCESS_TOKEN_SECONDS),
    ]) {
      expect(await verifyAccessToken(token, SECRET, now + 1000)).toBeNull();
      expect(await verify(token, now + 1000)).toBeNull();
    }
    // The full lifetime passes, and so does an iat a little ahead (another process's clock).
    for (const token of [
      await tokenWith(SECRET, iat, ACCESS_TOKEN_SECONDS),
      await tokenWith(SECRET, iat + ISSUED_AT_SKEW_SECONDS, ACCESS_TOKEN_SECONDS),
    ]) {
      expect(await verifyAccessToken(token, SECRET, now)).toEqual(CLAIMS);
    }
  });
});

describe("the remembering access-token verifier", () => {
  const now = Date.parse("2026-11-02T10:00:00Z");
  const expiry = now + ACCESS_TOKEN_SECONDS * 1000;

  it("checks a token in full once, then answers from memory until the token expires", async () => {
    const verify = createAccessTokenVerifier(SECRET);
    const token = await signAccessToken(USER, SID, SECRET, now);
    const first = await verify(token, now);
    expect(first).toEqual(CLAIMS);
    expect(await verify(token, now + 1000)).toBe(first); // the remembered object, not a new check
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first?.user)).toBe(true);
    expect(Object.isFrozen(first?.user.roles)).toBe(true);
    expect(await verify(token, expiry - 1)).toBe(first);
    expect(await verify(token, expiry)).toBeNull();
    expect(await verify(token, expiry + 60_000)).toBeNull();
  });

  it("refuses altered tokens and other secrets even while the original is remembered", async () => {
    const verify = createAccessTokenVerifier(SECRET);
    const token = await signAccessToken(USER, SID, SECRET, now);
    expect(await verify(token, now)).toEqual(CLAIMS);
    const [head, , sig] = token.split(".");
    const forged = Buffer.from(
      JSON.stringify({
        sub: USER.id,
        name: USER.name,
        email: USER.email,
        roles: ["admin", "superuser"],
        sid: SID,
      }),
    ).toString("base64url");
    expect(await verify(`${head}.${forged}.${sig}`, now)).toBeNull();
    expect(await verify(`${token}x`, now)).toBeNull();
    expect(await createAccessTokenVerifier(`${SECRET}x`)(token, now)).toBeNull();
  });

  it("remembers at most `limit` tokens, the one remembered first forgotten first", async () => {
    const verify = createAccessTokenVerifier(SECRET, 2);
    const tokens: string[] = [];
    for (const i of [0, 1, 2]) tokens.push(await signAccessToken(USER, SID, SECRET, now + i * 1000));
    const [t0, t1, t2] = tokens as [string, string, string];
    // One after the other, so the order in which they are remembered is known: t0, t1, t2.
    const a = await verify(t0, now + 5000);
    const b = await verify(t1, now + 5000);
    const c = await verify(t2, now + 5000); // a third: t0 is forgotten
    expect(await verify(t2, now + 5000)).toBe(c);
    expect(await verify(t1, now + 5000)).toBe(b);
    const again = await verify(t0, now + 5000); // checked in full again, and t1 is forgotten
    expect(again).toEqual(a);
    expect(again).not.toBe(a);
    expect(await verify(t2, now + 5000)).toBe(c);
    expect(await verify(t1, now + 5000)).not.toBe(b);
  });

  it("refuses a token without a session id", async () => {
    const iat = Math.floor(now / 1000);
    const token = await new SignJWT({ name: USER.name, email: USER.email, roles: USER.roles })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(USER.id)
      .setIssuer("university-portal")
      .setIssuedAt(iat)
      .setExpirationTime(iat + 60)
      .sign(new TextEncoder().encode(SECRET));
    expect(await verifyAccessToken(token, SECRET, now)).toBeNull();
    expect(await createAccessTokenVerifier(SECRET)(token, now)).toBeNull();
  });
});

describe("one-time passwords", () => {
  it("are four digits", () => {
    for (let i = 0; i < 200; i++) expect(generateOtp()).toMatch(/^\d{4}$/);
  });

  it("hash per challenge and compare in constant time", () => {
    const a = hashOtp("1234", "challenge-a", SECRET);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(hashOtp("1234", "challenge-b", SECRET)).not.toBe(a);
    expect(digestsEqual(a, hashOtp("1234", "challenge-a", SECRET))).toBe(true);
    expect(digestsEqual(a, hashOtp("1235", "challenge-a", SECRET))).toBe(false);
    expect(digestsEqual(a, "abcd")).toBe(false);
  });

  it("refresh tokens are stored as SHA-256", () => {
    expect(hashRefreshToken("token")).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRefreshToken("token")).not.toBe(hashRefreshToken("token2"));
  });
});
