import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACADEMIC_OFFICE, DEMO_EXAM_OFFICE } from "../demo/seed.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";

type Course = { id: string; status: string; version: number };
type ScoreRow = {
  id: string;
  CalculatedGrade: string;
  finalGrade: string;
  version: number;
  componentList: Array<{
    subCompList: Array<{
      subComponentId: string;
      markId: string | null;
      TotalMarks: number;
      version: number;
    }>;
  }>;
  StudentId: string;
};
type Entry = { action: string; entity: string; before: unknown; after: unknown; actorEmail: string };

describe.each(testTargets())("grading audit API ($name)", (target) => {
  let api: TestApi;
  let headers: Record<string, string>;
  let draft: Course;

  beforeAll(async () => {
    api = await createTestApi(target);
    headers = await signInHeaders(api, DEMO_EXAM_OFFICE.email);
    const list = await api.call("POST", "/api/salesforce/GradingCourseDetails", {
      headers,
      body: { count: 100 },
    });
    draft = (list.body as { courses: Course[] }).courses.find(
      (c) => c.status === "Draft" && c.version > 0,
    ) as Course;
    expect(draft).toBeDefined();
  }, 120_000);

  afterAll(async () => {
    await api?.close();
  });

  const audit = async (id: string) => {
    const res = await api.call("GET", `/api/sf/exam/grading/audit/${id}`, { headers });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as { entries: Entry[] }).entries;
  };

  it("lists a mark change, the publishing and a published grade change with before, after and reason, ", async () => {
    const scores = async () =>
      (await api.call("POST", "/api/salesforce/SubjectScores", { headers, body: { gradingId: draft.id } }))
        .body as { version: number; students: ScoreRow[] };
    const s = await scores();
    const row = s.students[0] as ScoreRow;
    const sub = row.componentList[0]?.subCompList[0] as ScoreRow["componentList"][0]["subCompList"][0];
    const mark = await api.call("POST", "/api/sf/exam/admin/cousesubcomponet", {
      headers,
      body: [
        sub.markId
          ? {
              id: sub.markId,
              MarksObtined: 1.5,
              TotalMarks: sub.TotalMarks,
              version: sub.version,
              reason: "Audit test",
            }
          : {
              studentId: row.StudentId,
              subComponentId: sub.subComponentId,
              MarksObtined: 1.5,
              TotalMarks: sub.TotalMarks,
              version: 0,
              reason: "Audit test",
            },
      ],
    });
    expect(mark.status, JSON.stringify(mark.body)).toBe(200);
    // Rows written together share their time, so each is found by what it is, not by position.
    expect(
      (await audit(draft.id)).find(
        (e) =>
          e.entity === "student_mark" && (e.after as { reason?: string } | null)?.reason === "Audit test",
      ),
    ).toMatchObject({
      entity: "student_mark",
      actorEmail: DEMO_EXAM_OFFICE.email,
      after: { marksObtained: 1.5 },
    });

    const published = await api.call("POST", "/api/salesforce/SendEmailForMarks", {
      headers,
      body: { gradingId: draft.id, state: "Publish", comState: "Ack", version: (await scores()).version },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect((await audit(draft.id)).find((e) => e.action === "publish_results")).toMatchObject({
      entity: "grading_setting",
      after: { status: "Published" },
    });

    const locked = (await scores()).students.find((r) => r.CalculatedGrade !== "F") as ScoreRow;
    const lower = { A: "B", B: "C", C: "F" }[locked.CalculatedGrade as "A"];
    const saved = await api.call("POST", "/api/salesforce/GradeAllocationSetup", {
      headers,
      body: [
        {
          id: locked.id,
          CalculatedGrade: locked.CalculatedGrade,
          penality: "Late submission",
          finalGrade: lower,
          version: locked.version,
          reason: "Board decision",
        },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const entries = await audit(draft.id);
    expect(entries.find((e) => e.action === "change_published_grade")).toMatchObject({
      action: "change_published_grade",
      entity: "student_grade",
      before: { finalGrade: locked.finalGrade },
      after: { finalGrade: lower, reason: "Board decision" },
    });
  });

  it("answers 404 for an unknown offering and 403 for a role without grading", async () => {
    const missing = await api.call("GET", "/api/sf/exam/grading/audit/00000000-0000-4000-8000-000000000000", {
      headers,
    });
    expect(missing.status).toBe(404);
    expect((await api.call("GET", "/api/sf/exam/grading/audit/not-an-id", { headers })).status).toBe(404);
    const academic = await signInHeaders(api, DEMO_ACADEMIC_OFFICE.email);
    const refused = await api.call("GET", `/api/sf/exam/grading/audit/${draft.id}`, { headers: academic });
    expect(refused.status).toBe(403);
  });
});
