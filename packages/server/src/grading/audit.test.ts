import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { AUDIT_ACTIONS } from "@portal/domain";
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
  studentName: string;
  studentCode: string;
};
type Entry = {
  action: string;
  entity: string;
  before: unknown;
  after: unknown;
  actorEmail: string;
  actorName: string | null;
  student: { id: string; name: string; code: string | null } | null;
};
type Audit = { entries: Entry[]; names: Record<string, string> };

const UUID_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

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

  const auditAnswer = async (id: string) => {
    const res = await api.call("GET", `/api/sf/exam/grading/audit/${id}`, { headers });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Audit;
  };
  const audit = async (id: string) => (await auditAnswer(id)).entries;

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
    const answer = await auditAnswer(draft.id);
    const entries = answer.entries;
    expect(entries.find((e) => e.action === "change_published_grade")).toMatchObject({
      action: "change_published_grade",
      entity: "student_grade",
      actorName: DEMO_EXAM_OFFICE.name,
      student: { id: locked.StudentId, name: locked.studentName, code: locked.studentCode },
      before: { finalGrade: locked.finalGrade },
      after: { finalGrade: lower, reason: "Board decision" },
    });

    // Names, not ids: the mark's row names its student, and every id its values mention is named.
    const markEntry = entries.find(
      (e) => e.entity === "student_mark" && (e.after as { reason?: string } | null)?.reason === "Audit test",
    ) as Entry;
    expect(markEntry.student).toEqual({ id: row.StudentId, name: row.studentName, code: row.studentCode });
    const after = markEntry.after as { studentId: string; subComponentId: string };
    expect(answer.names[after.studentId]).toBe(row.studentName);
    expect(answer.names[after.subComponentId]).toMatch(/^\S.* \/ \S/);
    for (const name of Object.values(answer.names)) expect(name).not.toMatch(UUID_TEXT);
    for (const e of entries) {
      expect(e.actorName).toBe(DEMO_EXAM_OFFICE.name);
      if (e.entity === "grading_setting") expect(e.student).toBeNull();
      else expect(e.student?.name).toMatch(/^\S+( \S+)*$/);
      expect(AUDIT_ACTIONS).toContain(e.action);
    }
  });

  it("names every id the rows mention with one statement, whatever the number of rows", async () => {
    const { listGradingAudit } = await import("./audit.ts");
    let statements = 0;
    // Raw statements go through `execute`; the rows' own query (with its joins) is drizzle's select.
    const counting = new Proxy(api.ctx.db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (key === "execute") {
          return (query: unknown) => {
            statements += 1;
            return (value as (q: unknown) => unknown).call(target, query);
          };
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const answer = await listGradingAudit(counting as typeof api.ctx.db, draft.id);
    expect(answer.entries.length).toBeGreaterThan(2);
    expect(Object.keys(answer.names).length).toBeGreaterThan(1);
    expect(statements).toBe(1);
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

/** The quoted actions written in the server's source: `action: "x"`, `action: c ? "x" : "y"`, `"x", at)`. */
function writtenActions(): Set<string> {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) {
        const text = readFileSync(path, "utf8");
        for (const m of text.matchAll(/\baction: ([^,\n]+)/g)) {
          // The values the expression can take, not what it compares with (`kind === "component" ? ...`).
          if ((m[1] ?? "").startsWith("text(")) continue; // the audit_log column itself
          const values = (m[1] ?? "").replace(/[=!]==\s*"[^"]*"/g, "");
          for (const q of values.matchAll(/"([a-z_]+)"/g)) found.add(q[1] as string);
        }
        for (const m of text.matchAll(/changePaperStatus\([^)]*"([a-z_]+)", at\)/g))
          found.add(m[1] as string);
      }
    }
  };
  walk(root);
  return found;
}

describe("audit actions", () => {
  it("every action the server writes is one of the domain's audit actions, each labelled in the catalogue", () => {
    const written = writtenActions();
    // The scan finds the writers (more than the grading ones), and each is in AUDIT_ACTIONS, whose every
    // entry the portal's catalogue labels (apps/portal/src/screens/kit/audit-labels.test.ts).
    expect(written.size).toBeGreaterThan(30);
    expect(written).toContain("recalculate_grade");
    expect(written).toContain("start_review");
    const known = new Set<string>(AUDIT_ACTIONS);
    // "created" | "updated" | "unchanged" of auth/admins.ts name what the admin command did, not audit rows.
    const notAudit = new Set(["created", "updated", "unchanged"]);
    expect([...written].filter((a) => !known.has(a) && !notAudit.has(a))).toEqual([]);
  });
});
