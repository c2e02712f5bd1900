import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { exam, questionPaperSet, refreshToken } from "../db/schema.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";
import { csrfProtection, requestProvenance } from "./csrf.ts";
import { ApiError, sendError } from "./errors.ts";
import { API_CONTENT_SECURITY_POLICY, apiSecurityHeaders, HSTS_VALUE } from "./security-headers.ts";

/** The harness addresses the app as http://localhost. */
const SAME = "http://localhost";
const EVIL = "http://evil.example";
const LIST_URL = "/api/sf/exam/questionPaperList";
const LIST_BODY = JSON.stringify({
  course: "",
  status: "",
  term: "",
  faculty: "",
  batch: "",
  examCycle: "",
  pageNo: 1,
  count: 25,
});

type Provenance = { name: string; headers: Record<string, string>; verdict: "same" | "cross" | "unknown" };
const PROVENANCES: Provenance[] = [
  { name: "same Origin", headers: { origin: SAME }, verdict: "same" },
  { name: "same Origin with default port", headers: { origin: "http://localhost:80" }, verdict: "same" },
  { name: "Sec-Fetch-Site same-origin", headers: { "sec-fetch-site": "same-origin" }, verdict: "same" },
  { name: "Sec-Fetch-Site none", headers: { "sec-fetch-site": "none" }, verdict: "same" },
  { name: "both same", headers: { origin: SAME, "sec-fetch-site": "same-origin" }, verdict: "same" },
  { name: "foreign Origin", headers: { origin: EVIL }, verdict: "cross" },
  { name: "Origin on https", headers: { origin: "https://localhost" }, verdict: "cross" },
  { name: "Origin on another port", headers: { origin: "http://localhost:8080" }, verdict: "cross" },
  { name: "look-alike Origin", headers: { origin: "http://localhost.evil.example" }, verdict: "cross" },
  { name: "Origin null", headers: { origin: "null" }, verdict: "cross" },
  { name: "Sec-Fetch-Site cross-site", headers: { "sec-fetch-site": "cross-site" }, verdict: "cross" },
  { name: "Sec-Fetch-Site same-site", headers: { "sec-fetch-site": "same-site" }, verdict: "cross" },
  {
    name: "same Origin but cross-site fetch",
    headers: { origin: SAME, "sec-fetch-site": "cross-site" },
    verdict: "cross",
  },
  { name: "neither header", headers: {}, verdict: "unknown" },
];

const CONTENT_TYPES: Array<[string, boolean]> = [
  ["application/json", true],
  ["application/json; charset=utf-8", true],
  ["Application/JSON;charset=UTF-8", true],
  ["application/vnd.api+json", true],
  ["text/plain", false],
  ["text/plain; charset=utf-8", false],
  ["application/x-www-form-urlencoded", false],
  ["multipart/form-data; boundary=x", false],
  ["application/jsonp", false],
  ["text/json", false],
  ["", false],
];

type Credentials = "cookie" | "bearer" | "access-token" | "none";

describe("requestProvenance and csrfProtection (no database)", () => {
  function app(trustProxy: boolean) {
    const a = new Hono();
    a.onError((err, c) => (err instanceof ApiError ? sendError(c, err) : c.text("boom", 500)));
    a.post("/provenance", (c) => c.text(requestProvenance(c, { trustProxy })));
    a.use("/write", csrfProtection({ trustProxy }));
    a.on(["GET", "POST", "PUT", "PATCH", "DELETE"], "/write", (c) => c.text("ok"));
    return a;
  }

  it.each(PROVENANCES)("classifies $name as $verdict", async ({ headers, verdict }) => {
    const res = await app(false).request("http://localhost/provenance", { method: "POST", headers });
    expect(await res.text()).toBe(verdict);
  });

  it.each([
    // [trust proxy, forwarded headers, Origin, verdict]
    [
      false,
      { "x-forwarded-host": "portal.university.example", "x-forwarded-proto": "https" },
      "https://portal.university.example",
      "cross",
    ],
    [
      true,
      { "x-forwarded-host": "portal.university.example", "x-forwarded-proto": "https" },
      "https://portal.university.example",
      "same",
    ],
    [
      true,
      { "x-forwarded-host": "portal.university.example, inner", "x-forwarded-proto": "https,http" },
      "https://portal.university.example",
      "same",
    ],
    [true, { "x-forwarded-host": "portal.university.example" }, "http://portal.university.example", "same"],
    [true, { "x-forwarded-proto": "https" }, "https://localhost", "same"],
    [
      true,
      { "x-forwarded-host": "portal.university.example", "x-forwarded-proto": "https" },
      "http://localhost",
      "cross",
    ],
    [true, { "x-forwarded-proto": "gopher" }, "http://localhost", "same"],
  ] as const)(
    "with TRUST_PROXY=%s and %j, Origin %s is %s",
    async (trustProxy, forwarded, origin, verdict) => {
      const res = await app(trustProxy).request("http://localhost/provenance", {
        method: "POST",
        headers: { ...forwarded, origin },
      });
      expect(await res.text()).toBe(verdict);
    },
  );

  it("lets safe methods through and refuses a cross-site cookie write", async () => {
    const a = app(false);
    const headers = { cookie: "portal_access=x", origin: EVIL };
    expect((await a.request("http://localhost/write", { headers })).status).toBe(200);
    const refused = await a.request("http://localhost/write", { method: "POST", headers });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ success: false, errorCode: "csrf" });
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      expect((await a.request("http://localhost/write", { method, headers })).status).toBe(403);
    }
  });
});

describe("security headers middleware (no database)", () => {
  it.each([
    [false, null],
    [true, HSTS_VALUE],
  ])("in production=%s sets the headers, HSTS %s", async (production, hsts) => {
    const a = new Hono();
    a.use("*", apiSecurityHeaders(production));
    a.get("/x", (c) => c.json({ ok: true }));
    a.get("/own", (c) => c.body("x", 200, { "Content-Security-Policy": "default-src 'self'" }));
    const res = await a.request("http://localhost/x");
    expect(res.headers.get("strict-transport-security")).toBe(hsts);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBe(API_CONTENT_SECURITY_POLICY);
    const own = await a.request("http://localhost/own");
    expect(own.headers.get("content-security-policy")).toBe("default-src 'self'");
  });
});

describe.each(testTargets())("cross-site requests and JSON bodies on $name", (target) => {
  let api: TestApi;
  let token: string;

  beforeAll(async () => {
    api = await createTestApi(target);
  });
  afterAll(async () => {
    await api?.close();
  });
  // A fresh token for each test (signInHeaders moves the clock past the OTP rate limits first).
  beforeEach(async () => {
    token = ((await signInHeaders(api)).authorization ?? "").replace(/^Bearer /, "");
  });

  function credentialHeaders(kind: Credentials): Record<string, string> {
    if (kind === "cookie") return { cookie: `portal_access=${token}` };
    if (kind === "bearer") return { authorization: `Bearer ${token}` };
    if (kind === "access-token") return { "access-token": token };
    return {};
  }

  /** What a JSON-body write answers for these credentials, provenance and Content-Type. */
  function expected(
    kind: Credentials,
    provenance: Provenance["verdict"],
    jsonType: boolean,
  ): [number, string | null] {
    const csrfPasses =
      kind === "bearer" ||
      kind === "access-token" ||
      (kind === "cookie" ? provenance === "same" : provenance !== "cross");
    if (!csrfPasses) return [403, "csrf"];
    if (kind === "none") return [401, "unauthorized"];
    return jsonType ? [200, null] : [415, "unsupported_media_type"];
  }

  const cases = (["cookie", "bearer", "access-token", "none"] as const).flatMap((kind) =>
    PROVENANCES.flatMap((p) => CONTENT_TYPES.map(([type, json]) => ({ kind, p, type, json }))),
  );

  it(`answers each of ${cases.length} write requests (credentials × provenance × Content-Type) as the rules say`, async () => {
    const failures: string[] = [];
    for (const { kind, p, type, json } of cases) {
      const res = await api.raw("POST", LIST_URL, {
        rawBody: LIST_BODY,
        headers: { ...credentialHeaders(kind), ...p.headers, "content-type": type },
      });
      const [status, code] = expected(kind, p.verdict, json);
      const body = (await res.json()) as { errorCode?: string };
      if (res.status !== status || (code !== null && body.errorCode !== code)) {
        failures.push(
          `${kind} / ${p.name} / "${type}": ${res.status} ${body.errorCode ?? ""}, expected ${status} ${code ?? ""}`,
        );
      }
    }
    expect(failures).toEqual([]);
  });

  it("reads cookie-authenticated pages (GET) from anywhere, and accepts an empty body without a type", async () => {
    const res = await api.raw("GET", "/api/me", {
      headers: { cookie: `portal_access=${token}`, origin: EVIL },
    });
    expect(res.status).toBe(200);
    const examData = await api.raw("POST", "/api/salesforce/ExamData", {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(examData.status).not.toBe(415);
  });

  it("refuses the legacy entry point cross-site with a cookie", async () => {
    const res = await api.raw("POST", "/api/salesforce?endpoint=Exams/sendEmail", {
      rawBody: "{}",
      headers: { cookie: `portal_access=${token}`, origin: EVIL, "content-type": "text/plain" },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ errorCode: "csrf" });
  });

  it("checks the cookie refresh and logout, and leaves the session alone when refusing", async () => {
    const verified = await signIn();
    const cookie = `portal_refresh=${encodeURIComponent(verified.refreshToken)}`;
    const tokensBefore = await api.ctx.db.select().from(refreshToken);
    for (const path of ["/api/refreshToken", "/api/logout"]) {
      const provenances: Record<string, string>[] = [
        { origin: EVIL },
        { "sec-fetch-site": "cross-site" },
        {},
      ];
      for (const headers of provenances) {
        const res = await api.raw("POST", path, { headers: { cookie, ...headers } });
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(await res.json()).toMatchObject({ errorCode: "csrf" });
        expect(res.headers.getSetCookie()).toEqual([]);
      }
    }
    expect(await api.ctx.db.select().from(refreshToken)).toEqual(tokensBefore);
    const refreshed = await api.raw("POST", "/api/refreshToken", { headers: { cookie, origin: SAME } });
    expect(refreshed.status).toBe(200);
    const { refreshToken: next } = (await refreshed.json()) as { refreshToken: string };
    const out = await api.raw("POST", "/api/logout", {
      headers: { cookie: `portal_refresh=${encodeURIComponent(next)}`, "sec-fetch-site": "same-origin" },
    });
    expect(out.status).toBe(200);
  });

  /** Signs the demo admin in with same-origin calls; returns the tokens. */
  async function signIn(): Promise<{ accessToken: string; refreshToken: string }> {
    const headers = await signInHeaders(api);
    const sent = await api.raw("POST", "/api/salesforce/AdminOtp/send", {
      body: { email: "exams@university.example" },
      headers: { origin: SAME },
    });
    expect(sent.status).toBe(200);
    expect(headers.authorization).toMatch(/^Bearer /);
    const outbox = await api.call("GET", "/api/dev/outbox?to=exams%40university.example");
    const otp = (outbox.body as { mails: Array<{ text: string }> }).mails[0]?.text.match(
      /one-time password is (\d{4})/,
    )?.[1];
    const verified = await api.raw("POST", "/api/salesforce/AdminOtp/verify", {
      body: { id: ((await sent.json()) as { id: string }).id, otp },
      headers: { "sec-fetch-site": "same-origin" },
    });
    expect(verified.status).toBe(200);
    return (await verified.json()) as { accessToken: string; refreshToken: string };
  }

  it.each([
    ["foreign Origin", { origin: EVIL }, 403],
    ["Sec-Fetch-Site cross-site", { "sec-fetch-site": "cross-site" }, 403],
    ["no Origin (not a browser)", {}, 200],
    ["same Origin", { origin: SAME }, 200],
  ] as const)("sign-in with %s answers %s (login CSRF)", async (_name, headers, status) => {
    const send = await api.raw("POST", "/api/salesforce/AdminOtp/send", {
      body: { email: "admin@university.example" },
      headers,
    });
    expect(send.status).toBe(status);
    const verify = await api.raw("POST", "/api/salesforce/AdminOtp/verify", {
      body: { id: "00000000-0000-4000-8000-000000000000", otp: "1234" },
      headers,
    });
    expect(verify.status).toBe(status === 403 ? 403 : 401);
  });

  it.each([
    ["text/plain", 415],
    ["application/x-www-form-urlencoded", 415],
    ["application/json", 200],
  ] as const)("sign-in with a %s body answers %s", async (type, status) => {
    const res = await api.raw("POST", "/api/salesforce/AdminOtp/send", {
      rawBody: JSON.stringify({ email: "admin@university.example" }),
      headers: { "content-type": type },
    });
    expect(res.status).toBe(status);
    if (status === 415)
      expect(await res.json()).toMatchObject({ success: false, errorCode: "unsupported_media_type" });
  });

  it("puts the security headers on JSON answers, errors, PDFs and CSVs", async () => {
    const auth = { authorization: `Bearer ${token}` };
    const set = (await api.ctx.db.select().from(questionPaperSet)).find((s) => s.documentKey);
    const [firstExam] = await api.ctx.db.select({ id: exam.id }).from(exam).limit(1);
    const answers: Array<[string, Response]> = [
      ["config", await api.raw("GET", "/api/config")],
      ["401", await api.raw("GET", "/api/me")],
      ["404", await api.raw("GET", "/api/nowhere")],
      [
        "403 csrf",
        await api.raw("POST", LIST_URL, {
          rawBody: LIST_BODY,
          headers: { cookie: `portal_access=${token}` },
        }),
      ],
      [
        "415",
        await api.raw("POST", LIST_URL, {
          rawBody: LIST_BODY,
          headers: { ...auth, "content-type": "text/plain" },
        }),
      ],
    ];
    const pdf = await api.raw(
      "GET",
      `/api/sf/exam/questionPaper/${set?.questionPaperId}/document/${set?.setNumber}`,
      { headers: auth },
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toMatch(/^inline; filename="question-paper-.*\.pdf"$/);
    answers.push(["pdf", pdf]);
    const csv = await api.raw("GET", `/api/salesforce/seatingPlan/document?examId=${firstExam?.id}`, {
      headers: auth,
    });
    if (csv.status === 200) {
      expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename=".*\.csv"$/);
      answers.push(["csv", csv]);
    }
    for (const [name, res] of answers) {
      const h = res.headers;
      expect(h.get("content-security-policy"), name).toBe(API_CONTENT_SECURITY_POLICY);
      expect(h.get("content-security-policy"), name).toMatch(/(^|; )sandbox(;|$)/);
      expect(h.get("x-content-type-options"), name).toBe("nosniff");
      expect(h.get("x-frame-options"), name).toBe("DENY");
      expect(h.get("referrer-policy"), name).toBe("same-origin");
      expect(h.get("cross-origin-opener-policy"), name).toBe("same-origin");
      expect(h.get("permissions-policy"), name).toContain("camera=()");
      expect(h.get("strict-transport-security"), name).toBeNull();
    }
  });
});
