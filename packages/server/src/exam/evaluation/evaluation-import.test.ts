/**
 * The evaluation calls on the exams of an imported data set: such exams have no subject faculty,
 * which the evaluator candidates' ordering must cope with (it used to order by a constant, which
 * PostgreSQL rejects).
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courseOffering, exam } from "../../db/schema.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../../test/harness.ts";

describe.each(testTargets())("evaluation of an imported exam on $name", (target) => {
  let api: TestApi;
  let auth: Record<string, string>;
  let examId: string;
  let examCycleId: string;

  beforeAll(async () => {
    api = await createTestApi(target);
    auth = await signInHeaders(api);
    // Three courses, three students (Toronto format): three exams, none with a subject faculty.
    const imported = await api.call("POST", "/api/sf/exam/import", {
      headers: auth,
      body: {
        format: "toronto",
        name: "tiny-e-1",
        files: { crs: "0001 2\n0002 1\n0003 1\n", stu: "0001\n0001 0002\n0003\n" },
      },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    examCycleId = (imported.body as { importSource: { examCycleId: string } }).importSource.examCycleId;
    const [first] = await api.ctx.db
      .select({ id: exam.id, subjectFacultyId: courseOffering.facultyId })
      .from(exam)
      .innerJoin(courseOffering, eq(courseOffering.id, exam.courseOfferingId))
      .where(eq(exam.examCycleId, examCycleId))
      .orderBy(asc(exam.id))
      .limit(1);
    if (!first) throw new Error("the import made no exam");
    expect(first.subjectFacultyId).toBeNull();
    examId = first.id;
  }, 60_000);
  afterAll(async () => {
    await api?.close();
  });

  it.each([
    ["evaluator candidates", () => `/api/salesforce/EvaluatorDetails?examId=${examId}`],
    [
      "evaluator candidates with a search",
      () => `/api/salesforce/EvaluatorDetails?examId=${examId}&search=a`,
    ],
    ["evaluation details", () => `/api/salesforce/EvaluationDetails?examId=${examId}`],
    ["evaluator list", () => `/api/sf/exam/evaluatorList/${examId}`],
    [
      "evaluation assignments of the cycle",
      () => `/api/sf/exam/evaluationAssignments?examCycleId=${examCycleId}`,
    ],
    ["evaluation overview of the cycle", () => `/api/sf/exam/evaluationOverview?examCycleId=${examCycleId}`],
  ])("opens the %s", async (_name, url) => {
    const res = await api.call("GET", url(), { headers: auth });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it("lists the faculty as candidates, by name, none of them teaching the section", async () => {
    const res = await api.call("GET", `/api/salesforce/EvaluatorDetails?examId=${examId}`, { headers: auth });
    const body = res.body as Record<string, unknown>;
    const list = Object.values(body).find(Array.isArray) as Array<{
      facultyName: string;
      teachesSection: boolean;
    }>;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((c) => c.teachesSection === false)).toBe(true);
  });
});
