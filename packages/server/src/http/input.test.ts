import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";
import { fieldStep, MAX_ERROR_MESSAGE_LENGTH, safeMessage, validationError } from "./errors.ts";
import { checkJsonStrings, MAX_JSON_DEPTH, stringProblem } from "./input.ts";

describe("stringProblem", () => {
  it.each([
    ["plain text", "Room 101", null],
    ["tab, line feed and carriage return", "a\tb\nc\r\n", null],
    ["a surrogate pair (emoji)", "exam 📝", null],
    ["non-Latin text", "परीक्षा Prüfung", null],
    ["NUL", "a\u0000b", "no_control_characters"],
    ["another C0 control", "a\u001bb", "no_control_characters"],
    ["a lone high surrogate", "\ud800x", "well_formed_unicode"],
    ["a lone low surrogate", "x\udc00", "well_formed_unicode"],
    ["a reversed pair", "\udc00\ud800", "well_formed_unicode"],
  ])("%s", (_name, text, rule) => {
    const problem = stringProblem(text, "venue");
    expect(problem?.details.rule ?? null).toBe(rule);
    if (problem) expect(problem.details).toMatchObject({ field: "venue", errorCode: "validation_failed" });
  });
});

describe("checkJsonStrings", () => {
  const fieldOf = (value: unknown) => {
    try {
      checkJsonStrings(value);
      return null;
    } catch (error) {
      return (error as { details: { field: string; rule: string } }).details;
    }
  };
  it.each([
    ["a clean body", { a: ["x", 1, null, { b: true }] }, null],
    ["a top-level string", "a\u0000", { field: "body", rule: "no_control_characters" }],
    [
      "a nested value",
      { seats: [{ roomId: "ok" }, { roomId: "\ud800" }] },
      { field: "seats.1.roomId", rule: "well_formed_unicode" },
    ],
    [
      'an object key (named "?": the request made it up)',
      { "a\u0000": 1 },
      { field: "?", rule: "no_control_characters" },
    ],
    [
      "the first bad value in document order",
      { a: "\u0000", b: "\u0000" },
      { field: "a", rule: "no_control_characters" },
    ],
  ])("%s", (_name, value, expected) => {
    expect(fieldOf(value)).toEqual(expected === null ? null : expect.objectContaining(expected));
  });

  it("refuses nesting deeper than the limit without exhausting the stack", () => {
    const deep = JSON.parse(`${"[".repeat(100_000)}${"]".repeat(100_000)}`) as unknown;
    expect(fieldOf(deep)).toMatchObject({ rule: "max_depth" });
    const fine = JSON.parse(`${"[".repeat(MAX_JSON_DEPTH)}${"]".repeat(MAX_JSON_DEPTH)}`) as unknown;
    expect(fieldOf(fine)).toBeNull();
  });
});

describe("error fields never quote a name the request made up", () => {
  it.each([
    ["a property name", "dateOfExam", "dateOfExam"],
    ["an index", "12", "12"],
    ["a name with a hyphen", "x-roles", "x-roles"],
    ["a name with a space and a quote", "x' UNION SELECT zz9marker", "?"],
    ["a name with a dot", "a.b", "?"],
    ["a long name", "n".repeat(65), "?"],
  ])("%s", (_name, step, expected) => {
    expect(fieldStep(step)).toBe(expected);
  });

  it("names an unknown body field by its path, without its made-up name", () => {
    const result = z.strictObject({ a: z.string() }).safeParse({ a: "x", "x' UNION SELECT zz9marker": 1 });
    if (result.success) throw new Error("parsed");
    const body = validationError(result.error).toBody();
    expect(body).toMatchObject({ field: "?", rule: "unrecognized_keys" });
    expect(JSON.stringify(body)).not.toContain("zz9marker");
    const plain = z.strictObject({ a: z.string() }).safeParse({ a: "x", extra: 1 });
    if (plain.success) throw new Error("parsed");
    expect(validationError(plain.error, "3").toBody()).toMatchObject({
      field: "3.extra",
      errorMessage: "3.extra is not a field of this request",
    });
  });

  it("names a bad string under a made-up key by its path, without the key", () => {
    let thrown: unknown;
    try {
      checkJsonStrings({ items: [{ "x' UNION SELECT zz9marker": "a\u0007b" }] });
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(Error);
    const body = (thrown as { toBody(): unknown }).toBody();
    expect(body).toMatchObject({ field: "items.0.?", rule: "no_control_characters" });
    expect(JSON.stringify(body)).not.toContain("zz9marker");
  });
});

describe("safeMessage", () => {
  it.each([
    ["keeps a plain message", "No such exam", "No such exam"],
    ["replaces control characters", "a\u0000b\u001bc", "a b c"],
    ["replaces bidirectional overrides", "a\u202eb", "a b"],
    ["replaces a lone surrogate", "a\ud800b", "a\ufffdb"],
  ])("%s", (_name, message, expected) => {
    expect(safeMessage(message)).toBe(expected);
  });
  it("cuts a long message", () => {
    const cut = safeMessage("x".repeat(10_000));
    expect(cut).toHaveLength(MAX_ERROR_MESSAGE_LENGTH);
    expect(cut.endsWith("…")).toBe(true);
  });
});

type ErrorBody = { success: false; errorMessage: string; errorCode?: string; field?: string; rule?: string };

describe.each(testTargets())("the input boundary on $name", (target) => {
  let api: TestApi;
  let auth: Record<string, string>;

  beforeAll(async () => {
    api = await createTestApi(target);
    auth = await signInHeaders(api);
  });
  afterAll(async () => {
    await api?.close();
  });

  /** Calls without the description check (OPTIONS and DELETE are not operations) and reads the JSON. */
  async function send(
    method: string,
    url: string,
    init: { body?: string; headers?: Record<string, string> } = {},
  ) {
    const res = await api.raw(method, url, {
      headers: { ...auth, ...init.headers },
      ...(init.body !== undefined ? { rawBody: init.body } : {}),
    });
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    return { status: res.status, headers: res.headers, body: (await res.json()) as ErrorBody };
  }

  it.each([
    ["OPTIONS on an unknown path", "OPTIONS", "/api/nope"],
    ["OPTIONS on an operation (a CORS preflight)", "OPTIONS", "/api/sf/exam/questionPaperList"],
    ["DELETE on an operation without DELETE", "DELETE", "/api/sf/exam/update/exam"],
    ["DELETE on an unknown path", "DELETE", "/api/nope"],
  ])("%s answers 404 JSON and offers no cross-origin access", async (_name, method, url) => {
    const res = await send(method, url, { headers: { origin: "https://elsewhere.example" } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, errorCode: "not_found" });
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });

  it.each([
    [
      "NUL in a list filter",
      "POST",
      "/api/sf/exam/questionPaperList",
      '{"course":"a\\u0000b"}',
      "course",
      "no_control_characters",
    ],
    [
      "a lone surrogate in an update",
      "PATCH",
      "/api/sf/exam/update/exam",
      '[{"id":"x","venue":"\\ud800x"}]',
      "0.venue",
      "well_formed_unicode",
    ],
    [
      "NUL in the sign-in e-mail",
      "POST",
      "/api/salesforce/AdminOtp/send",
      '{"email":"a\\u0000@b.example"}',
      "email",
      "no_control_characters",
    ],
    [
      "an escape character in a chat message",
      "POST",
      "/api/sf/exam/questionPaper/x/chat",
      '{"body":"\\u001b[31m"}',
      "body",
      "no_control_characters",
    ],
  ])("%s answers 400 naming the field", async (_name, method, url, body, field, rule) => {
    const res = await send(method, url, { body, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorCode: "validation_failed", field, rule });
  });

  it.each([
    [
      "NUL in a query parameter",
      "/api/sf/exam/clashReport?examCycleId=a%00b",
      "examCycleId",
      "no_control_characters",
    ],
    ["NUL in a query parameter's name", "/api/sf/exam/clashReport?a%00=1", "query", "no_control_characters"],
    [
      "a malformed escape in a query parameter",
      "/api/sf/exam/clashReport?examCycleId=%E0%A4",
      "examCycleId",
      "well_formed_unicode",
    ],
    [
      "an encoded surrogate in a query parameter",
      "/api/sf/exam/clashReport?examCycleId=%ED%A0%80",
      "examCycleId",
      "well_formed_unicode",
    ],
    ["NUL in a path parameter", "/api/sf/exam/questionPaper/a%00b", "path", "no_control_characters"],
    [
      "a malformed escape in a path parameter",
      "/api/sf/exam/questionPaper/%FF",
      "path",
      "well_formed_unicode",
    ],
  ])("%s answers 400", async (_name, url, field, rule) => {
    const res = await send("GET", url);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorCode: "validation_failed", field, rule });
  });

  it("a malformed JSON body answers 400 without quoting it", async () => {
    const res = await send("POST", "/api/sf/exam/questionPaperList", {
      body: "{<script>alert(1)</script>",
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorCode: "malformed_json" });
    expect(res.body.errorMessage).not.toContain("script");
  });

  it.each([
    ["an unknown path", "/api/<script>alert(1)</script>"],
    ["an unknown service path", "/api/salesforce?endpoint=<script>alert(1)</script>"],
    ["an unknown legacy service", "/api/salesforce?endpoint=scriptalert1script"],
  ])("the 404 of %s does not echo the request", async (_name, url) => {
    const res = await send("GET", url);
    expect(res.status).toBe(404);
    expect(res.body.errorMessage.toLowerCase()).not.toContain("script");
  });

  it("a body over 1 MB answers 413 and closes the connection", async () => {
    const res = await send("POST", "/api/sf/exam/questionPaperList", {
      body: JSON.stringify({ course: "x".repeat(1024 * 1024) }),
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ errorCode: "payload_too_large" });
    expect(res.headers.get("connection")).toBe("close");
  });
});
