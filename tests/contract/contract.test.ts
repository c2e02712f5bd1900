import { beforeAll, describe, expect, it } from "vitest";
import { READ_POSTS, runContract } from "./contract.ts";
import { type Description, loadDescription } from "./description.ts";

let description: Description;
beforeAll(async () => {
  description = await loadDescription();
}, 60_000);

const JSON_TYPE = "application/json; charset=utf-8";
const op = (id: string) => {
  const found = description.byId.get(id);
  if (!found) throw new Error(id);
  return found;
};

describe("the answer check", () => {
  const cycles = {
    success: true,
    defaultExamCycleId: null,
    examCycles: [
      {
        id: "068b8889-8c74-48b5-9eb1-fe355bc7ffd7",
        name: "Nov 2026 End Term",
        examType: "EndTerm",
        startDate: "2026-11-16",
        endDate: "2026-11-28",
        exams: 80,
        importCode: null,
      },
    ],
  };

  it.each([
    ["a documented status with a valid body", 200, JSON_TYPE, cycles, []],
    ["a documented error", 401, JSON_TYPE, { success: false, errorMessage: "Not signed in" }, []],
  ])("passes %s", (_name, status, type, body, problems) => {
    expect(description.check(op("listExamCycles"), status, type, body)).toEqual(problems);
  });

  it.each([
    [
      "an undocumented status",
      500,
      JSON_TYPE,
      { success: false, errorMessage: "boom" },
      "undocumented status",
    ],
    ["an undocumented content type", 200, "text/html", "<p>", 'undocumented content type "text/html"'],
    ["a missing property", 200, JSON_TYPE, { success: true }, "must have required property 'examCycles'"],
    [
      "a wrong format",
      200,
      JSON_TYPE,
      { ...cycles, examCycles: [{ ...cycles.examCycles[0], startDate: "16/11/2026" }] },
      '/examCycles/0/startDate must match format "date"',
    ],
  ])("fails %s", (_name, status, type, body, problem) => {
    const problems = description.check(op("listExamCycles"), status, type, body);
    expect(problems.join("\n")).toContain(problem);
  });
});

describe("a contract run", () => {
  it("reads only: sends GETs and the listed read POSTs, and fails every undocumented answer", async () => {
    const sent: string[] = [];
    const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
      sent.push(`${init?.method ?? "GET"} ${new URL(String(url)).pathname}`);
      return new Response(JSON.stringify({ success: false, errorMessage: "I'm a teapot" }), {
        status: 418,
        headers: { "Content-Type": "application/json" },
      });
    }) as typeof globalThis.fetch;

    const report = await runContract({ baseUrl: "http://contract.test", token: "t", fetch });

    const readPostPaths = Object.keys(READ_POSTS).map((id) => `POST /api${op(id).template}`);
    expect(sent.filter((s) => !s.startsWith("GET ") && !readPostPaths.includes(s))).toEqual([]);
    expect(report.checks.length).toBeGreaterThan(60);
    expect(report.failures).toHaveLength(report.checks.length);
    expect(report.failures[0]?.problems.join()).toContain("undocumented status");
  });
});
