import { downgrade } from "@portal/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../db/rows.ts";
import { DEMO_EXAM_OFFICE } from "../demo/seed.ts";
import { RETEST_DECISION_REASON } from "../grading/downgrading.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";
import { addRetestRequest, type StudentGrade as Grade, studentGrades } from "../test/retest-grades.ts";

const RULES = "/api/salesforce/DownGradingRulesSetup";
const RETEST_UPDATE = "/api/sf/exam/update/retest";

const grades = (api: TestApi) => studentGrades(api.ctx.db);

/**
 * Deciding a retest request (PATCH /sf/exam/update/retest) under the downgrading rules: accepting it
 * regrades the student's course offering in the same transaction, with the audit row, so the stored
 * grade reflects the rule; taking the decision back restores the grade; without a rule every grade
 * stays exactly as it was (rows and versions), and a refused decision changes nothing.
 */
describe.each(testTargets())("retest decisions regrade under the downgrading rules on $name", (target) => {
  let api: TestApi;
  let office: Record<string, string>;
  let student: Grade;
  let requestId: string;

  beforeAll(async () => {
    api = await createTestApi(target);
    office = await signInHeaders(api, DEMO_EXAM_OFFICE.email);
    ({ student, requestId } = await addRetestRequest(api.ctx.db, "Pending"));
  }, 300_000);
  afterAll(async () => {
    await api?.close();
  });

  const call = (method: string, url: string, body?: unknown) =>
    api.call(method, url, { headers: office, ...(body === undefined ? {} : { body }) });
  const own = async () => (await grades(api)).find((g) => g.id === student.id) as Grade;
  const requestVersion = async () =>
    (
      (
        await rows<{ version: number }>(
          api.ctx.db,
          sql`select version from retest_request where id = ${requestId}`,
        )
      )[0] as {
        version: number;
      }
    ).version;
  const decide = async (accept: "Accept" | "Pending" | "Reject") => {
    const res = await call("PATCH", RETEST_UPDATE, [
      { id: requestId, RevalAccept: accept, version: await requestVersion() },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res;
  };
  const regradeAudits = async () =>
    rows<{ before: { finalGrade: string }; after: { finalGrade: string; reason: string } }>(
      api.ctx.db,
      sql`select before, after from audit_log where action = 'recalculate_grade' and entity = 'student_grade'
            and entity_id = ${student.id} and after->>'reason' = ${RETEST_DECISION_REASON} order by at, id`,
    );

  it("without a rule, accepting and taking back a retest leaves every grade exactly as it was", async () => {
    expect((await call("GET", RULES)).body).toEqual({ success: true, rules: [] });
    const before = await grades(api);
    await decide("Accept");
    expect(await grades(api)).toEqual(before);
    await decide("Pending");
    expect(await grades(api)).toEqual(before);
    expect(await regradeAudits()).toEqual([]);
  });

  it("with a Retest rule, the acceptance regrades the offering in its transaction, audited; taking it back restores the grade", async () => {
    const created = await call("POST", RULES, {
      ruleName: "Retest lowers one letter",
      attemptType: "Retest",
      downgradeSteps: 1,
      maxGrade: null,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    // The request is still pending: the rule does not touch this student.
    expect(await own()).toMatchObject({ calculated: "A", final: "A" });
    const others = (list: Grade[]) => list.filter((g) => g.id !== student.id);
    const before = await grades(api);

    await decide("Accept");
    const lowered = downgrade("A", 1);
    expect(await own()).toMatchObject({ calculated: "A", final: lowered });
    expect((await own()).gradePoint).toBeLessThan(student.gradePoint);
    expect(others(await grades(api))).toEqual(others(before));
    expect(await regradeAudits()).toEqual([
      {
        before: expect.objectContaining({ finalGrade: "A" }),
        after: expect.objectContaining({ finalGrade: lowered, reason: RETEST_DECISION_REASON }),
      },
    ]);
    // The grading page shows the stored grade.
    const scores = await call("POST", "/api/salesforce/SubjectScores", {
      gradingId: student.offeringId,
      count: 0,
      subComponentIds: [],
    });
    const row = (scores.body as { students: Array<{ StudentId: string; finalGrade: string }> }).students.find(
      (s) => s.StudentId === student.studentId,
    );
    expect(row?.finalGrade).toBe(lowered);

    // A stale decision is refused and changes no grade.
    const stored = await grades(api);
    const stale = await call("PATCH", RETEST_UPDATE, [
      { id: requestId, RevalAccept: "Reject", version: (await requestVersion()) - 1 },
    ]);
    expect(stale.status).toBe(409);
    expect(await grades(api)).toEqual(stored);

    // Rejecting it after all: the result is no retest, the grade is A again.
    await decide("Reject");
    expect(await own()).toMatchObject({ calculated: "A", final: "A", gradePoint: student.gradePoint });
    expect(others(await grades(api))).toEqual(others(before));
    expect((await regradeAudits()).length).toBe(2);
  });
});
