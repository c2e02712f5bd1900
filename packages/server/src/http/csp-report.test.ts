import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi, testTargets } from "../test/harness.ts";
import { parseCspReport } from "./csp-report.ts";

const REPORT = {
  "csp-report": {
    "document-uri": "http://127.0.0.1:4321/app/exam/questionPaper?course=secret#x",
    "effective-directive": "script-src-elem",
    "blocked-uri": "inline",
    "script-sample": "alert(1)\n\u0007",
  },
};

describe("parseCspReport", () => {
  it.each([
    [REPORT, 1],
    [
      [
        {
          type: "csp-violation",
          body: { effectiveDirective: "img-src", blockedURL: "https://x.example/a?b" },
        },
      ],
      1,
    ],
    [[{ type: "deprecation", body: {} }], 0],
    [null, 0],
    ["text", 0],
    [{ other: 1 }, 0],
  ])("reads %j as %i violation(s)", (body, count) => {
    expect(parseCspReport(body)).toHaveLength(count);
  });

  it("drops queries, fragments and control characters", () => {
    expect(parseCspReport(REPORT)).toEqual([
      {
        directive: "script-src-elem",
        blocked: "inline",
        document: "http://127.0.0.1:4321/app/exam/questionPaper",
        sample: "alert(1)??",
      },
    ]);
  });
});

describe.each(testTargets())("POST /api/csp-report on $name", (target) => {
  let api: TestApi;
  const lines: string[] = [];

  beforeAll(async () => {
    api = await createTestApi(target);
    api.ctx.log = (line) => lines.push(line);
  });
  afterAll(async () => {
    await api?.close();
  });

  it.each([
    ["application/csp-report", JSON.stringify(REPORT), 204, 1],
    [
      "application/reports+json",
      JSON.stringify([{ type: "csp-violation", body: { effectiveDirective: "img-src" } }]),
      204,
      1,
    ],
    ["application/csp-report", "not json", 204, 0],
    ["text/plain", JSON.stringify(REPORT), 415, 0],
    ["application/csp-report", JSON.stringify({ "csp-report": { pad: "x".repeat(20_000) } }), 413, 0],
  ])("a %s body answers %i and logs %i line(s)", async (type, rawBody, status, logged) => {
    lines.length = 0;
    const res = await api.call("POST", "/api/csp-report", {
      rawBody,
      headers: { "content-type": type, origin: "http://evil.example", cookie: "portal_access=x" },
    });
    expect(res.status).toBe(status);
    expect(lines.filter((l) => l.startsWith("[csp]"))).toHaveLength(logged);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
