import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../../db/rows.ts";
import { DEMO_ACADEMIC_OFFICE, DEMO_EXAM_OFFICE } from "../../demo/seed.ts";
import { tableFingerprints } from "../../test/fuzz.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../../test/harness.ts";

/** Tables the sign-in calls write; every other table must be unchanged by a refused call. */
const SIGN_IN_TABLES = [
  "otp_request",
  "otp_challenge",
  "refresh_token",
  "sign_in_attempt",
  "sign_in_failure",
  "session_family",
];
type Body = Record<string, unknown>;

describe.each(testTargets())("the spec's remaining exam calls on $name", (target) => {
  let api: TestApi;
  let headers: Record<string, string>;
  let exam: { id: string; offeringId: string };

  beforeAll(async () => {
    api = await createTestApi(target);
    headers = await signInHeaders(api, DEMO_EXAM_OFFICE.email);
    const [found] = await rows<{ id: string; offeringId: string }>(
      api.ctx.db,
      sql`select id, course_offering_id as "offeringId" from exam order by id limit 1`,
    );
    if (!found) throw new Error("no exam in the demo data");
    exam = found;
  });
  afterAll(async () => {
    await api?.close();
  });

  async function call(method: string, url: string, body?: unknown, as = headers) {
    const res = await api.call(method, url, { headers: as, ...(body !== undefined ? { body } : {}) });
    return { status: res.status, body: res.body as Body };
  }
  async function ok(method: string, url: string, body?: unknown): Promise<Body> {
    const res = await call(method, url, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  }

  it("GET /sf/exam/getCampusFilter lists every campus by name", async () => {
    const campuses = await rows<{ id: string; name: string }>(
      api.ctx.db,
      sql`select id, name from campus order by name, id`,
    );
    const body = await ok("GET", "/api/sf/exam/getCampusFilter");
    const listed = body.campus as Array<{ id: string; name: string; timeZone: string }>;
    expect(listed.map((c) => c.id)).toEqual(campuses.map((c) => c.id));
    expect(listed.every((c) => c.timeZone.length > 0)).toBe(true);
  });

  it("GET /sf/exam/facultyData lists every faculty member", async () => {
    const [n] = await rows<{ n: number }>(
      api.ctx.db,
      sql`select count(*)::int as n from contact where kind = 'faculty'`,
    );
    const body = await ok("GET", "/api/sf/exam/facultyData");
    const data = body.data as Array<{ id: string; facultyName: string; facEmail: string }>;
    expect(data).toHaveLength(n?.n ?? -1);
    expect(data.every((f) => f.facultyName.trim() === f.facultyName && f.facEmail.includes("@"))).toBe(true);
  });

  it("InvigilatorDetails and SeatingDetails answer as the invigilator list and the seating plan", async () => {
    expect(await ok("POST", "/api/salesforce/InvigilatorDetails", { id: exam.id })).toEqual(
      await ok("GET", `/api/sf/exam/invigilatorList/${exam.id}`),
    );
    expect(await ok("POST", "/api/salesforce/SeatingDetails", { id: exam.id, pageNo: 1, count: 10 })).toEqual(
      await ok("GET", `/api/salesforce/seatingPlan/retrieve?examId=${exam.id}&pageNo=1&count=10`),
    );
  });

  it("GradePointsSetup, EvaluationComponentSettings and ExamModuleList answer as the grading setup", async () => {
    const q = `?courseOfferingId=${exam.offeringId}`;
    expect(await ok("GET", `/api/salesforce/GradePointsSetup${q}`)).toEqual(
      await ok("GET", `/api/salesforce/CreateDefaultGradeRange${q}`),
    );
    const components = await ok("GET", `/api/salesforce/CourseEvaluationComponentSubcomponent${q}`);
    expect(await ok("GET", `/api/salesforce/EvaluationComponentSettings${q}`)).toEqual(components);
    expect(await ok("GET", `/api/salesforce/ExamModuleList${q}`)).toEqual(components);
  });

  it("refuses bad input, unknown ids and other roles, writing nothing", async () => {
    const before = await tableFingerprints(api.ctx.db, SIGN_IN_TABLES);
    expect((await call("POST", "/api/salesforce/InvigilatorDetails", {})).status).toBe(400);
    expect((await call("POST", "/api/salesforce/InvigilatorDetails", { id: "nope" })).status).toBe(404);
    expect((await call("POST", "/api/salesforce/SeatingDetails", { id: exam.id, count: 7 })).status).toBe(
      400,
    );
    expect((await call("GET", "/api/salesforce/ExamModuleList")).status).toBe(400);
    expect(
      (await call("POST", "/api/salesforce/GradePointsSetup", { courseOfferingId: exam.offeringId })).status,
    ).toBe(400);
    expect(await tableFingerprints(api.ctx.db, SIGN_IN_TABLES)).toEqual(before);
  });

  it("answers 401 without sign-in and 403 to the academic office", async () => {
    const paths = [
      ["GET", "/api/sf/exam/getCampusFilter"],
      ["GET", "/api/sf/exam/facultyData"],
      ["POST", "/api/salesforce/InvigilatorDetails"],
      ["POST", "/api/salesforce/SeatingDetails"],
      ["GET", "/api/salesforce/GradePointsSetup"],
      ["GET", "/api/salesforce/EvaluationComponentSettings"],
      ["GET", "/api/salesforce/ExamModuleList"],
    ] as const;
    const academic = await signInHeaders(api, DEMO_ACADEMIC_OFFICE.email);
    for (const [method, url] of paths) {
      const body = method === "POST" ? { id: exam.id } : undefined;
      expect((await call(method, url, body, {})).status, url).toBe(401);
      expect((await call(method, url, body, academic)).status, url).toBe(403);
    }
    headers = await signInHeaders(api, DEMO_EXAM_OFFICE.email);
  });
});
