/**
 * Fuzz test of the whole API: for every operation of openapi/openapi.yaml, hostile bodies, parameters
 * and encodings (see fuzzCases), signed in and signed out, in process; plus chunked bodies over a
 * real socket. Fails on any 5xx (printing method, URL and case) and on any table changed by a batch
 * of rejected (4xx) requests. Deterministic: the cases come from a seeded generator.
 *
 * Tables excluded from the comparison: those the sign-in calls write even when they refuse
 * (otp_request records every code request for the rate limits, otp_challenge counts wrong codes,
 * refresh_token records revocations, sign_in_attempt and sign_in_failure count verification calls
 * and wrong codes); every other table must be unchanged by a 4xx.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRandom } from "../demo/random.ts";
import {
  ECHO_NEEDLE,
  echoCases,
  type FuzzCase,
  fuzzCases,
  loadOperations,
  type Operation,
  tableFingerprints,
} from "./fuzz.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "./harness.ts";
import { chunk, LAST_CHUNK, type NodeServer, rawRequest, startNodeServer } from "./node-server.ts";

const SIGN_IN_TABLES = [
  "otp_request",
  "otp_challenge",
  "refresh_token",
  // Counted even when refused: verification calls per address, and wrong codes against the budget.
  "sign_in_attempt",
  "sign_in_failure",
];
/** The sign-in and session calls run last, so a logout cannot end the session mid-run. */
const SESSION_PATHS = [
  "/salesforce/AdminOtp/send",
  "/salesforce/AdminOtp/verify",
  "/refreshToken",
  "/logout",
];
const SEED = 20_261_123;

type Outcome = { fuzz: FuzzCase; status: number };

describe.each(testTargets())("fuzzing the API on $name", (target) => {
  let api: TestApi;
  let server: NodeServer;
  let operations: Operation[];
  let auth: Record<string, string>;

  beforeAll(async () => {
    api = await createTestApi(target);
    server = await startNodeServer(api.ctx);
    operations = (await loadOperations()).sort(
      (a, b) => Number(SESSION_PATHS.includes(a.template)) - Number(SESSION_PATHS.includes(b.template)),
    );
    auth = await signInHeaders(api);
  });
  afterAll(async () => {
    await server?.close();
    await api?.close();
  });

  it("fingerprints every table but the sign-in ones, and sees a changed row", async () => {
    const before = await tableFingerprints(api.ctx.db, SIGN_IN_TABLES);
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining(["exam", "facility", "audit_log", "mail_outbox"]),
    );
    for (const table of SIGN_IN_TABLES) expect(before).not.toHaveProperty(table);
    await api.ctx.db.execute(
      sql`update facility set capacity = capacity + 1 where id = (select min(id::text)::uuid from facility)`,
    );
    // (A trigger also counts the write in read_model_version.)
    expect(changedTables(before, await tableFingerprints(api.ctx.db, SIGN_IN_TABLES))).toContain("facility");
    await api.ctx.db.execute(
      sql`update facility set capacity = capacity - 1 where id = (select min(id::text)::uuid from facility)`,
    );
    expect(changedTables(before, await tableFingerprints(api.ctx.db, SIGN_IN_TABLES))).not.toContain(
      "facility",
    );
  });

  const label = (o: FuzzCase) => `${o.method} ${o.url.slice(0, 160)} [${o.name}]`;

  async function send(fuzz: FuzzCase, headers: Record<string, string>): Promise<Outcome> {
    const res = await api.raw(fuzz.method, fuzz.url, {
      headers: { ...headers, ...(fuzz.contentType ? { "content-type": fuzz.contentType } : {}) },
      ...(fuzz.body !== undefined ? { rawBody: fuzz.body } : {}),
    });
    const type = res.headers.get("content-type") ?? "";
    const text = await res.text();
    if (res.status >= 400) {
      // Every refusal is a JSON error body.
      expect(type, label(fuzz)).toMatch(/^application\/json/);
      expect(JSON.parse(text), label(fuzz)).toMatchObject({ success: false });
    }
    return { fuzz, status: res.status };
  }

  /**
   * Sends `cases`; every answer must be below 500, and the tables must not change unless some case
   * succeeded. When one did (a write that happens to be valid), the refused cases are sent again on
   * their own and must leave the tables unchanged.
   */
  async function batch(cases: FuzzCase[], headers: Record<string, string>): Promise<number> {
    const before = await tableFingerprints(api.ctx.db, SIGN_IN_TABLES);
    const outcomes: Outcome[] = [];
    for (const fuzz of cases) outcomes.push(await send(fuzz, headers));
    const failures = outcomes.filter((o) => o.status >= 500).map((o) => `${o.status} ${label(o.fuzz)}`);
    expect(failures).toEqual([]);
    const after = await tableFingerprints(api.ctx.db, SIGN_IN_TABLES);
    if (outcomes.every((o) => o.status >= 400)) {
      expect(changedTables(before, after), cases.map(label).join("\n")).toEqual([]);
    } else if (changedTables(before, after).length > 0) {
      const refused = outcomes.filter((o) => o.status >= 400).map((o) => o.fuzz);
      const again = await tableFingerprints(api.ctx.db, SIGN_IN_TABLES);
      for (const fuzz of refused) {
        const o = await send(fuzz, headers);
        expect(o.status, label(fuzz)).toBeLessThan(500);
      }
      expect(changedTables(again, await tableFingerprints(api.ctx.db, SIGN_IN_TABLES))).toEqual([]);
    }
    return outcomes.length;
  }

  it("answers every hostile request to every operation with a 4xx (or a 2xx), signed in and out, changing nothing on a 4xx", async () => {
    const rng = createRandom(SEED);
    let sent = 0;
    for (const op of operations) {
      const cases = fuzzCases(op, rng);
      sent += await batch(cases, auth);
      // Signed out: every fourth case (the sign-in check answers before the body is used).
      sent += await batch(
        cases.filter((_c, i) => i % 4 === 0),
        {},
      );
    }
    expect(operations.length).toBeGreaterThan(40);
    expect(sent).toBeGreaterThan(operations.length * 20);
  }, 120_000);

  it("never echoes a hostile value in an error body: path, query and body values of every operation", async () => {
    const rng = createRandom(SEED + 2);
    const echoed: string[] = [];
    let refused = 0;
    for (const op of operations.filter((o) => !SESSION_PATHS.includes(o.template))) {
      for (const fuzz of echoCases(op, rng)) {
        const res = await api.raw(fuzz.method, fuzz.url, {
          headers: { ...auth, ...(fuzz.contentType ? { "content-type": fuzz.contentType } : {}) },
          ...(fuzz.body !== undefined ? { rawBody: fuzz.body } : {}),
        });
        const text = await res.text();
        if (res.status < 400) continue;
        refused++;
        if (text.includes(ECHO_NEEDLE)) echoed.push(`${res.status} ${label(fuzz)}: ${text.slice(0, 300)}`);
      }
    }
    expect(echoed).toEqual([]);
    expect(refused).toBeGreaterThan(operations.length);
  }, 120_000);

  it("reads chunked bodies over a real socket for every operation with a body", async () => {
    const rng = createRandom(SEED + 1);
    const failures: string[] = [];
    const before = await tableFingerprints(api.ctx.db, SIGN_IN_TABLES);
    let succeeded = false;
    for (const op of operations.filter((o) => o.body)) {
      const [sample] = fuzzCases(op, rng, 0);
      if (!sample?.body) continue;
      const third = Math.ceil(sample.body.length / 3);
      const pieces = [0, 1, 2]
        .map((i) => sample.body?.slice(i * third, (i + 1) * third) ?? "")
        .filter(Boolean);
      for (const [name, chunks] of [
        ["sample body, chunked", [...pieces.map(chunk), LAST_CHUNK]],
        ["NUL in a chunked body", [chunk('{"a":"\\u0000"}'), LAST_CHUNK]],
        ["empty chunked body", [LAST_CHUNK]],
      ] as const) {
        const res = await rawRequest(
          server.port,
          [
            `${op.method} ${sample.url} HTTP/1.1`,
            "Host: 127.0.0.1",
            `Authorization: ${auth.authorization}`,
            "Content-Type: application/json",
            "Transfer-Encoding: chunked",
          ],
          [...chunks],
        );
        if (res.status >= 500)
          failures.push(`${res.status} ${op.method} ${sample.url} [${name}]: ${res.body}`);
        if (res.status < 400) succeeded = true;
      }
    }
    expect(failures).toEqual([]);
    if (!succeeded)
      expect(changedTables(before, await tableFingerprints(api.ctx.db, SIGN_IN_TABLES))).toEqual([]);
  }, 60_000);
});

function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => before[n] !== after[n]).sort();
}
