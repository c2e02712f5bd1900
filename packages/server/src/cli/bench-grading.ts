/**
 * Benchmark of grading through the whole API (docs/performance.md "Grading"): one course offering of
 * 2,000 students with 8 components of 8 sub-components (128,000 marks) in a fresh database with the
 * small demo data; then, signed in as the exam office, POST /api/salesforce/SubjectScores (25 a page
 * and All without sub-component marks, as the grading page, grade students and marks by section
 * ask; All with one component's marks, as marks by component asks; 25 and All with every mark,
 * which no screen asks for) and one mark correction through
 * POST /api/sf/exam/admin/cousesubcomponet (which regrades the class from the corrected student's
 * marks and the others' stored totals, and stores what moved), and the offering's audit as the grade
 * students page reads it (GET /api/sf/exam/grading/audit/{id}: its newest 200 rows, here 200 mark
 * changes of 200 students, each named with its student and sub-component; the names of every row
 * come with one query). Median and worst of 10 runs after 2
 * warm-ups. Budget: 500 ms per call. Embedded database by default; with DATABASE_URL (an admin URL
 * of PostgreSQL) on a new database there, dropped afterwards. Run:
 * `npx -y pnpm@10.34.9 --filter @portal/server bench:grading-api`.
 */

import { randomUUID } from "node:crypto";
import { COMPONENT_NAMES } from "@portal/domain";
import { eq } from "drizzle-orm";
import { writeAudit } from "../audit.ts";
import { contact, course, courseOffering, enrolment, studentMark, term } from "../db/schema.ts";
import { DEMO_EXAM_OFFICE } from "../demo/seed.ts";
import { createTestApi, signInHeaders, testTargets } from "../test/harness.ts";

const STUDENTS = 2000;
const SIZE = 8;
const RUNS = 10;
const BUDGET_MS = 500;

const target = testTargets().at(-1);
if (!target) throw new Error("no database");
const api = await createTestApi(target);
try {
  const db = api.ctx.db;
  const headers = await signInHeaders(api, DEMO_EXAM_OFFICE.email);
  const [someTerm] = await db.select({ id: term.id }).from(term).limit(1);
  const courseId = randomUUID();
  await db.insert(course).values({ id: courseId, code: "BENCH-GRADING", name: "Grading benchmark" });
  const offeringId = randomUUID();
  await db
    .insert(courseOffering)
    .values({ id: offeringId, courseId, termId: someTerm!.id, section: "A", capacity: STUDENTS });
  const students = Array.from({ length: STUDENTS }, (_, i) => ({
    id: randomUUID(),
    kind: "student" as const,
    firstName: "Bench",
    lastName: `Student ${i + 1}`,
    email: `bench.${i + 1}@students.university.example`,
    code: `BENCH-S${String(i + 1).padStart(5, "0")}`,
  }));
  for (let i = 0; i < students.length; i += 1000)
    await db.insert(contact).values(students.slice(i, i + 1000));
  for (let i = 0; i < students.length; i += 1000) {
    await db
      .insert(enrolment)
      .values(students.slice(i, i + 1000).map((s) => ({ studentId: s.id, courseOfferingId: offeringId })));
  }
  const saved = await api.call("POST", "/api/salesforce/CourseEvaluationComponentSubcomponent", {
    headers,
    body: {
      courseOfferingId: offeringId,
      version: 0,
      components: COMPONENT_NAMES.slice(0, SIZE).map((name) => ({
        componentName: name,
        weightagePercent: 100 / SIZE,
        subComponents: Array.from({ length: SIZE }, (_, s) => ({
          subComponentName: `${name} ${s + 1}`,
          subcompWeightageCompPercent: 100 / SIZE,
          totalMarks: 50,
        })),
      })),
    },
  });
  if (saved.status !== 200) throw new Error(`component save failed: ${JSON.stringify(saved.body)}`);
  const subs = (
    saved.body as { components: Array<{ subComponents: Array<{ subComponentid: string }> }> }
  ).components.flatMap((c) => c.subComponents.map((s) => s.subComponentid));
  let seed = 7;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const marks = students.flatMap((s) =>
    subs.map((subComponentId) => ({
      courseOfferingId: offeringId,
      studentId: s.id,
      subComponentId,
      marksObtained: Math.round(next() * 100) / 2,
      totalMarks: 50,
      updatedBy: "bench",
    })),
  );
  for (let i = 0; i < marks.length; i += 5000) await db.insert(studentMark).values(marks.slice(i, i + 5000));

  const time = async (label: string, call: () => Promise<number>) => {
    const times: number[] = [];
    for (let i = 0; i < RUNS + 2; i++) {
      const start = performance.now();
      const status = await call();
      if (status !== 200) throw new Error(`${label}: status ${status}`);
      if (i >= 2) times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(RUNS / 2)] as number;
    const worst = times[RUNS - 1] as number;
    console.log(
      `${target.name}: ${label}: median ${median.toFixed(0)} ms, worst ${worst.toFixed(0)} ms (budget ${BUDGET_MS} ms: ${worst <= BUDGET_MS ? "within" : "OVER"})`,
    );
  };
  // As the screens ask: the grading page and grade students a page or All with component percents
  // only (no sub-component marks), as marks by section does; marks by component one component's 8
  // sub-component marks; and All with every mark, which no screen asks for (the API still answers it).
  for (const [label, body] of [
    ["25 a page, no sub-component marks (grading page, grade students)", { count: 25, subComponentIds: [] }],
    ["All, no sub-component marks (grading page, grade students, marks by section)", { subComponentIds: [] }],
    ["All, one component's marks (marks by component)", { subComponentIds: subs.slice(0, SIZE) }],
    ["25 a page, every mark (no screen asks)", { count: 25 }],
    ["All, every mark (no screen asks)", {}],
  ] as const) {
    await time(`SubjectScores, 2,000 x 8 x 8, ${label}`, async () => {
      const res = await api.raw("POST", "/api/salesforce/SubjectScores", {
        headers,
        body: { gradingId: offeringId, ...body },
      });
      await res.arrayBuffer();
      return res.status;
    });
  }
  const [first] = await db
    .select()
    .from(studentMark)
    .where(eq(studentMark.courseOfferingId, offeringId))
    .limit(1);
  let version = first!.version;
  let value = first!.marksObtained;
  await time("one mark corrected, class regraded from stored totals and stored", async () => {
    value = value === 50 ? 0 : value + 0.5;
    const res = await api.raw("POST", "/api/sf/exam/admin/cousesubcomponet", {
      headers,
      body: [{ id: first!.id, MarksObtined: value, TotalMarks: 50, version }],
    });
    await res.arrayBuffer();
    version++;
    return res.status;
  });

  // 200 mark changes of 200 students (one sub-component each), newer than the corrections above.
  const changed = await db
    .select()
    .from(studentMark)
    .where(eq(studentMark.subComponentId, subs[1] as string))
    .limit(200);
  await writeAudit(
    db,
    { id: null, email: "bench" },
    changed.map((mark) => ({
      action: "change_mark",
      entity: "student_mark",
      entityId: mark.id,
      before: { marksObtained: mark.marksObtained, totalMarks: 50 },
      after: {
        studentId: mark.studentId,
        subComponentId: mark.subComponentId,
        marksObtained: mark.marksObtained === 50 ? 49.5 : mark.marksObtained + 0.5,
        totalMarks: 50,
        source: "entry",
        reason: "Benchmark",
      },
    })),
    new Date(api.ctx.now() + 60_000),
  );
  await time("grading audit, 200 mark changes of 200 students, each named", async () => {
    const res = await api.raw("GET", `/api/sf/exam/grading/audit/${offeringId}`, { headers });
    const body = (await res.json()) as { entries: unknown[]; names: Record<string, string> };
    if (body.entries.length !== 200 || Object.keys(body.names).length < 201)
      throw new Error("audit not named");
    return res.status;
  });
} finally {
  await api.close();
}
