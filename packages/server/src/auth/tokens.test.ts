import { describe, expect, it } from "vitest";
import {
  ACCESS_TOKEN_SECONDS,
  createAccessTokenVerifier,
  digestsEqual,
  generateOtp,
  hashOtp,
  hashRefreshToken,
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

describe("access tokens", () => {
  it("round-trip the user until they expire", async () => {
    const now = Date.parse("2026-11-02T10:00:00Z");
    const token = await signAccessToken(USER, SECRET, now);
    expect(await verifyAccessToken(token, SECRET, now + 1000)).toEqual(USER);
    expect(await verifyAccessToken(token, SECRET, now + (ACCESS_TOKEN_SECONDS + 1) * 1000)).toBeNull();
  });

  it("reject another secret and a tampered payload", async () => {
    const now = Date.now();
    const token = await signAccessToken(USER, SECRET, now);
    expect(await verifyAccessToken(token, `${SECRET}x`, now)).toBeNull();
    const [head, body, sig] = token.split(".");
    const forged = Buffer.from(
      JSON.stringify({ sub: USER.id, name: "X", email: USER.email, roles: ["admin"] }),
    ).toString("base64url");
    expect(await verifyAccessToken(`${head}.${forged}.${sig}`, SECRET, now)).toBeNull();
    expect(body).toBeTruthy();
  });
});

describe("the remembering access-token verifier", () => {
  const now = Date.parse("2026-11-02T10:00:00Z");
  const expiry = now + ACCESS_TOKEN_SECONDS * 1000;

  it("checks a token in full once, then answers from memory until the token expires", async () => {
    const verify = createAccessTokenVerifier(SECRET);
    const token = await signAccessToken(USER, SECRET, now);
    const first = await verify(token, now);
    expect(first).toEqual(USER);
    expect(await verify(token, now + 1000)).toBe(first); // the remembered object, not a new check
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first?.roles)).toBe(true);
    expect(await verify(token, expiry - 1)).toBe(first);
    expect(await verify(token, expiry)).toBeNull();
    expect(await verify(token, expiry + 60_000)).toBeNull();
  });

  it("refuses altered tokens and other secrets even while the original is remembered", async () => {
    const verify = createAccessTokenVerifier(SECRET);
    const token = await signAccessToken(USER, SECRET, now);
    expect(await verify(token, now)).toEqual(USER);
    const [head, , sig] = token.split(".");
    const forged = Buffer.from(
      JSON.stringify({ sub: USER.id, name: USER.name, email: USER.email, roles: ["admin", "superuser"] }),
    ).toString("base64url");
    expect(await verify(`${head}.${forged}.${sig}`, now)).toBeNull();
    expect(await verify(`${token}x`, now)).toBeNull();
    expect(await createAccessTokenVerifier(`${SECRET}x`)(token, now)).toBeNull();
  });

  it("remembers at most `limit` tokens, the oldest forgotten first", async () => {
    const verify = createAccessTokenVerifier(SECRET, 2);
    const tokens = await Promise.all([0, 1, 2].map((i) => signAccessToken(USER, SECRET, now + i * 1000)));
    const [a, b, c] = await Promise.all(tokens.map((t) => verify(t, now + 5000)));
    expect(await verify(tokens[2] as string, now + 5000)).toBe(c);
    expect(await verify(tokens[1] as string, now + 5000)).toBe(b);
    const again = await verify(tokens[0] as string, now + 5000);
    expect(again).toEqual(a);
    expect(again).not.toBe(a);
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
