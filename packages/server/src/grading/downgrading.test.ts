import { DOWNGRADING_MESSAGES, downgrade, type GradeLetter } from "@portal/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../db/rows.ts";
import { DEMO_ACADEMIC_OFFICE, DEMO_EXAM_OFFICE } from "../demo/seed.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";
import { addRetestRequest, type StudentGrade as Grade, studentGrades } from "../test/retest-grades.ts";

const PATH = "/api/salesforce/DownGradingRulesSetup";

const grades = (api: TestApi) => studentGrades(api.ctx.db);
const results = (list: Grade[]) => list.map(({ version: _, id: __, ...g }) => g);

/**
 * DownGradingRulesSetup (grading.yaml): a retest rule lowers the grade of a student whose retest was
 * accepted, the stored grades follow every change of the rules, a grade save cannot go above the
 * rule's grade, and with no rule every grade is what it was.
 */
describe.each(testTargets())("downgrading rules on $name", (target) => {
  let api: TestApi;
  let office: Record<string, string>;
  let student: Grade;
  let before: Grade[];

  beforeAll(async () => {
    api = await createTestApi(target);
    office = await signInHeaders(api, DEMO_EXAM_OFFICE.email);
    before = await grades(api);
    ({ student } = await addRetestRequest(api.ctx.db, "Accept"));
    const pairs = await rows<{ key: string }>(
      api.ctx.db,
      sql`select distinct e.course_offering_id || '/' || rr.student_id as key from retest_request rr
          join exam e on e.id = rr.exam_id where rr.state in ('Accept', 'Scheduled')`,
    );
    retested = new Set(pairs.map((p) => p.key));
  }, 300_000);
  afterAll(async () => {
    await api?.close();
  });

  const call = (method: string, url: string, body?: unknown, headers = office) =>
    api.call(method, url, { headers, ...(body === undefined ? {} : { body }) });
  const own = async () => (await grades(api)).find((g) => g.id === student.id) as Grade;
  /** Students whose result is no retest ("offering/student"): no rule may touch their grades. */
  let retested: Set<string>;
  const firstAttempts = (list: Grade[]) =>
    results(list.filter((g) => !retested.has(`${g.offeringId}/${g.studentId}`)));
  const others = async () => firstAttempts(await grades(api));
  const othersBefore = () => firstAttempts(before);

  async function refused(method: string, url: string, body: unknown, status: number, headers = office) {
    const rules = await call("GET", PATH);
    const stored = await grades(api);
    const res = await call(method, url, body, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(await grades(api)).toEqual(stored);
    expect((await call("GET", PATH)).body).toEqual(rules.body);
    return res.body as { errorMessage: string; errorCode: string; field?: string };
  }

  it("lowers a retest's grade by the rule's steps and caps it; a grade save cannot go above it", async () => {
    expect((await call("GET", PATH)).body).toEqual({ success: true, rules: [] });
    // The accepted retest alone changes nothing.
    expect(results(await grades(api))).toEqual(results(before));

    const created = await call("POST", PATH, {
      ruleName: " Retest lowers one letter ",
      attemptType: "Retest",
      downgradeSteps: 1,
      maxGrade: null,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const body = created.body as {
      rule: { id: string; version: number; ruleName: string };
      regraded: number;
    };
    expect(body.rule.ruleName).toBe("Retest lowers one letter");
    expect(body.regraded).toBeGreaterThanOrEqual(1);
    expect(await own()).toMatchObject({ calculated: "A", final: downgrade("A", 1) });
    expect(await others()).toEqual(othersBefore());
    const scores = await call("POST", "/api/salesforce/SubjectScores", {
      gradingId: student.offeringId,
      count: 0,
      subComponentIds: [],
    });
    const row = (scores.body as { students: Array<{ StudentId: string; finalGrade: string }> }).students.find(
      (s) => s.StudentId === student.studentId,
    );
    expect(row?.finalGrade).toBe("B");

    // The final grade may not go back above the rule's grade; at it, no penalty text is needed.
    const current = await own();
    const save = (finalGrade: GradeLetter, penality = "") => [
      { id: current.id, CalculatedGrade: "A", penality, finalGrade, version: current.version },
    ];
    const above = await refused("POST", "/api/salesforce/GradeAllocationSetup", save("A"), 400);
    expect(above).toMatchObject({
      errorMessage: DOWNGRADING_MESSAGES.aboveCeiling("B"),
      field: "0.finalGrade",
    });
    expect((await call("POST", "/api/salesforce/GradeAllocationSetup", save("B"))).status).toBe(200);

    // A cap at C: the A student keeps C at best.
    const changed = await call("POST", PATH, {
      id: body.rule.id,
      version: body.rule.version,
      ruleName: "Retest is capped at C",
      attemptType: "Retest",
      downgradeSteps: 0,
      maxGrade: "C",
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await own()).toMatchObject({ calculated: "A", final: "C" });
    expect(await others()).toEqual(othersBefore());

    // Stale version, duplicate attempt type, a rule that lowers nothing, and other roles: refused.
    const stale = {
      id: body.rule.id,
      version: body.rule.version,
      ruleName: "x",
      attemptType: "Retest",
      downgradeSteps: 1,
      maxGrade: null,
    };
    expect((await refused("POST", PATH, stale, 409)).errorCode).toBe("version_conflict");
    const duplicate = { ruleName: "Again", attemptType: "Retest", downgradeSteps: 2, maxGrade: null };
    expect(await refused("POST", PATH, duplicate, 409)).toMatchObject({
      errorCode: "duplicate_rule",
      errorMessage: DOWNGRADING_MESSAGES.duplicate,
    });
    const nothing = { ruleName: "Nothing", attemptType: "Retest", downgradeSteps: 0, maxGrade: "A" };
    expect(await refused("POST", PATH, nothing, 400)).toMatchObject({
      field: "downgradeSteps",
      errorMessage: DOWNGRADING_MESSAGES.noEffect,
    });
    await refused("POST", PATH, { ...duplicate, attemptType: "Late" }, 400);
    await refused("POST", PATH, { ...duplicate, maxGrade: "E" }, 400);
    await refused("POST", PATH, { ...duplicate, id: body.rule.id }, 400);
    const academic = await signInHeaders(api, DEMO_ACADEMIC_OFFICE.email);
    await refused("POST", PATH, duplicate, 403, academic);
    expect((await call("GET", PATH, undefined, academic)).status).toBe(403);
    // Each sign-in moves the clock past the last access token's life: sign the exam office in again.
    office = await signInHeaders(api, DEMO_EXAM_OFFICE.email);
    await refused("DELETE", `${PATH}?id=${body.rule.id}&version=1`, undefined, 409);
    await refused("DELETE", `${PATH}?id=00000000-0000-4000-8000-00000000abcd&version=1`, undefined, 404);
  });

  it("gives every grade back as it was once the rule is removed", async () => {
    const listed = (await call("GET", PATH)).body as { rules: Array<{ id: string; version: number }> };
    expect(listed.rules).toHaveLength(1);
    const rule = listed.rules[0] as { id: string; version: number };
    const removed = await call("DELETE", `${PATH}?id=${rule.id}&version=${rule.version}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await call("GET", PATH)).body).toEqual({ success: true, rules: [] });
    expect(results(await grades(api))).toEqual(results(before));
  });
});
