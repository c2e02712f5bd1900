import { randomUUID } from "node:crypto";
import { and, asc, count, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  campus,
  courseOffering,
  exam,
  examCycle,
  gradeRange,
  gradingComponent,
  gradingSetting,
  gradingSubComponent,
  intake,
  mailOutbox,
  promotionCriteria,
  studentGrade,
  studentMark,
  term,
} from "../db/schema.ts";
import { DEMO_EXAM_OFFICE } from "../demo/seed.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";
import { recomputeGrades } from "./setup.ts";

type Course = { id: string; status: string; typeOfGrading: string; students: number; version: number };
type Sub = {
  subComponentid: string;
  subComponentName: string;
  subcompWeightageCompPercent: number;
  totalMarks: number;
};
type Component = {
  componentId: string;
  componentName: string;
  weightagePercent: number;
  subComponents: Sub[];
};
type ScoreRow = {
  id: string;
  StudentId: string;
  studentName: string;
  studentCode: string;
  TotalMarksObtained: number;
  CalculatedGrade: string;
  finalGrade: string;
  penality: string;
  locked: boolean;
  version: number;
  componentList: Array<{
    subCompList: Array<{
      subComponentId: string;
      markId: string | null;
      MarksObtined: number | null;
      TotalMarks: number;
      version: number;
    }>;
  }>;
};
type Scores = {
  version: number;
  status: string;
  typeOfGrading: string;
  statistics: { mean: number; standardDeviation: number; size: number };
  classTotals: number[];
  noOfRecords: number;
  components: Component[];
  students: ScoreRow[];
};

const b64 = (text: string | Uint8Array) => Buffer.from(text).toString("base64");

describe.each(testTargets())("grading API ($name)", (target) => {
  let api: TestApi;
  let headers: Record<string, string>;
  let draft: Course;
  let published: Course;

  /** Every grading table's rows and the audit row count, to compare before and after a refused call. */
  async function snapshot(): Promise<string> {
    const db = api.ctx.db;
    const [audits] = await db.select({ n: count() }).from(auditLog);
    return JSON.stringify({
      settings: await db.select().from(gradingSetting).orderBy(asc(gradingSetting.id)),
      ranges: await db.select().from(gradeRange).orderBy(asc(gradeRange.id)),
      components: await db.select().from(gradingComponent).orderBy(asc(gradingComponent.id)),
      subs: await db.select().from(gradingSubComponent).orderBy(asc(gradingSubComponent.id)),
      marks: await db.select().from(studentMark).orderBy(asc(studentMark.id)),
      grades: await db.select().from(studentGrade).orderBy(asc(studentGrade.id)),
      criteria: await db.select().from(promotionCriteria).orderBy(asc(promotionCriteria.id)),
      audits: audits?.n,
    });
  }

  const scores = async (id: string): Promise<Scores> => {
    const res = await api.call("POST", "/api/salesforce/SubjectScores", { headers, body: { gradingId: id } });
    expect(res.status).toBe(200);
    return res.body as Scores;
  };

  /** Calls `method url body` expecting `status` and `message` (substring), and no change to any grading table. */
  async function refused(method: string, url: string, body: unknown, status: number, message: string) {
    const before = await snapshot();
    const res = await api.call(method, url, { headers, body });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect((res.body as { errorMessage: string }).errorMessage).toContain(message);
    expect(await snapshot()).toBe(before);
    return res;
  }

  beforeAll(async () => {
    api = await createTestApi(target);
    headers = await signInHeaders(api, DEMO_EXAM_OFFICE.email);
    const list = await api.call("POST", "/api/salesforce/GradingCourseDetails", {
      headers,
      body: { count: 100 },
    });
    expect(list.status).toBe(200);
    const courses = (list.body as { courses: Course[] }).courses;
    draft = courses.find((c) => c.status === "Draft" && c.version > 0) as Course;
    published = courses.find((c) => c.status === "Published") as Course;
    expect(draft).toBeDefined();
    expect(published).toBeDefined();
  }, 120_000);

  afterAll(async () => {
    await api?.close();
  });

  it("shows each student's total and grade from the marks store, and the class's real statistics", async () => {
    const s = await scores(draft.id);
    expect(s.students.length).toBe(draft.students);
    expect(s.statistics.size).toBe(draft.students);
    const totals = s.students.map((r) => r.TotalMarksObtained);
    const mean = totals.reduce((a, b) => a + b, 0) / totals.length;
    expect(s.statistics.mean).toBeCloseTo(mean, 1);
    expect(s.statistics.standardDeviation).toBeGreaterThan(0);
    // What is shown is what is stored.
    const stored = await api.ctx.db
      .select()
      .from(studentGrade)
      .where(eq(studentGrade.courseOfferingId, draft.id));
    for (const row of s.students) {
      const g = stored.find((x) => x.studentId === row.StudentId);
      expect([g?.calculatedGrade, g?.totalPercent]).toEqual([row.CalculatedGrade, row.TotalMarksObtained]);
    }
  });

  it("pages the students on the server while the statistics and class totals stay the whole class's", async () => {
    const all = await scores(draft.id);
    expect(all.classTotals).toEqual(
      all.students.map((r) => Math.round(r.TotalMarksObtained * 100) / 100).sort((a, b) => a - b),
    );
    const res = await api.call("POST", "/api/salesforce/SubjectScores", {
      headers,
      body: { gradingId: draft.id, pageNo: 2, count: 5 },
    });
    expect(res.status).toBe(200);
    const page = res.body as Scores;
    expect(page.students.map((r) => r.StudentId)).toEqual(all.students.slice(5, 10).map((r) => r.StudentId));
    expect([page.noOfRecords, page.statistics, page.classTotals]).toEqual([
      all.students.length,
      all.statistics,
      all.classTotals,
    ]);
    expect(page).not.toHaveProperty("roster");
  });

  it("answers one student's row and the class's roster for the student report, not the whole class", async () => {
    const all = await scores(draft.id);
    const chosen = all.students[3] as ScoreRow;
    const res = await api.call("POST", "/api/salesforce/SubjectScores", {
      headers,
      body: { gradingId: draft.id, studentId: chosen.StudentId, roster: true },
    });
    expect(res.status).toBe(200);
    const report = res.body as Scores & {
      roster: Array<{ StudentId: string; studentName: string; studentCode: string | null }>;
    };
    expect(report.students).toEqual([chosen]);
    expect(report.roster).toEqual(
      all.students.map((r) => ({
        StudentId: r.StudentId,
        studentName: r.studentName,
        studentCode: r.studentCode,
      })),
    );
    expect([report.noOfRecords, report.statistics]).toEqual([all.students.length, all.statistics]);
    // A student not enrolled here, or not an id at all, has no row; a studentId that is not text is refused.
    for (const studentId of [randomUUID(), "x"]) {
      const none = await api.call("POST", "/api/salesforce/SubjectScores", {
        headers,
        body: { gradingId: draft.id, studentId },
      });
      expect((none.body as Scores).students).toEqual([]);
    }
    await refused(
      "POST",
      "/api/salesforce/SubjectScores",
      { gradingId: draft.id, studentId: 7 },
      400,
      "studentId",
    );
  });

  it("answers only the sub-component marks asked for, with component percents, totals and grades whole", async () => {
    const all = await scores(draft.id);
    const ask = async (subComponentIds: unknown) => {
      const res = await api.call("POST", "/api/salesforce/SubjectScores", {
        headers,
        body: { gradingId: draft.id, subComponentIds },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as Scores;
    };
    const strip = (rows: ScoreRow[], keep: (subId: string) => boolean) =>
      rows.map((r) => ({
        ...r,
        componentList: r.componentList.map((c) => ({
          ...c,
          subCompList: c.subCompList.filter((x) => keep(x.subComponentId)),
        })),
      }));
    const none = await ask([]);
    expect(none.students).toEqual(strip(all.students, () => false));
    const first = all.components[0]?.subComponents.map((x) => x.subComponentid) ?? [];
    expect(first.length).toBeGreaterThan(0);
    const one = await ask(first);
    expect(one.students).toEqual(strip(all.students, (x) => first.includes(x)));
    expect(one.students[0]?.componentList[0]?.subCompList.some((x) => x.markId !== null)).toBe(true);
    await refused(
      "POST",
      "/api/salesforce/SubjectScores",
      { gradingId: draft.id, subComponentIds: "all" },
      400,
      "subComponentIds",
    );
  });

  it("serves the class's results from memory only while nothing they read has changed, whoever wrote it", async () => {
    const first = await scores(draft.id);
    expect(await scores(draft.id)).toEqual(first);
    // A writer outside the grading calls (here straight into the tables) still bumps the 'grading'
    // counter in its own transaction (migration 0011), so the next read shows the change.
    const row = first.students[0] as ScoreRow;
    const [mark] = await api.ctx.db
      .select()
      .from(studentMark)
      .where(and(eq(studentMark.courseOfferingId, draft.id), eq(studentMark.studentId, row.StudentId)))
      .limit(1);
    expect(mark).toBeDefined();
    const moved = mark!.marksObtained === 0 ? mark!.totalMarks : 0;
    await api.ctx.db.update(studentMark).set({ marksObtained: moved }).where(eq(studentMark.id, mark!.id));
    try {
      const after = (await scores(draft.id)).students.find((r) => r.StudentId === row.StudentId);
      const shown = after?.componentList.flatMap((c) => c.subCompList).find((sub) => sub.markId === mark!.id);
      expect(shown?.MarksObtined).toBe(moved);
      // The total comes from the kept class results: recomputed, not served from before the write.
      expect(after?.TotalMarksObtained).not.toBe(row.TotalMarksObtained);
    } finally {
      await api.ctx.db
        .update(studentMark)
        .set({ marksObtained: mark!.marksObtained })
        .where(eq(studentMark.id, mark!.id));
    }
    expect(await scores(draft.id)).toEqual(first);
  });

  it("filters the grading list by campus and exam cycle (spec §3 grading filters)", async () => {
    const db = api.ctx.db;
    const [where] = await db
      .select({ campus: campus.name, cycle: examCycle.name })
      .from(courseOffering)
      .innerJoin(term, eq(term.id, courseOffering.termId))
      .innerJoin(intake, eq(intake.id, term.intakeId))
      .innerJoin(campus, eq(campus.id, intake.campusId))
      .leftJoin(exam, eq(exam.courseOfferingId, courseOffering.id))
      .leftJoin(examCycle, eq(examCycle.id, exam.examCycleId))
      .where(eq(courseOffering.id, draft.id));
    const list = async (filter: Record<string, string>) => {
      const res = await api.call("POST", "/api/salesforce/GradingCourseDetails", {
        headers,
        body: { count: 100, ...filter },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { courses: Array<Course & { campus: string }>; noOfRecords: number };
    };
    const byCampus = await list({ campus: (where?.campus ?? "").toUpperCase() });
    expect(byCampus.courses.map((c) => c.id)).toContain(draft.id);
    expect(byCampus.courses.every((c) => c.campus === where?.campus)).toBe(true);
    expect((await list({ campus: "no campus has this name" })).noOfRecords).toBe(0);
    expect((await list({ examCycle: "no cycle has this name" })).noOfRecords).toBe(0);
    if (where?.cycle) {
      const byCycle = await list({ examCycle: where.cycle });
      expect(byCycle.courses.map((c) => c.id)).toContain(draft.id);
      expect(byCycle.noOfRecords).toBeLessThanOrEqual((await list({})).noOfRecords);
    }
    const bad = await api.call("POST", "/api/salesforce/GradingCourseDetails", {
      headers,
      body: { campus: 7 },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("campus");
  });

  it("refuses component weights that do not total 100, a repeated component and 9 sub-components, changing nothing", async () => {
    const { components, version } = (
      await api.call(
        "GET",
        `/api/salesforce/CourseEvaluationComponentSubcomponent?courseOfferingId=${draft.id}`,
        { headers },
      )
    ).body as { components: Component[]; version: number };
    const url = "/api/salesforce/CourseEvaluationComponentSubcomponent";
    const body = (list: unknown[]) => ({ courseOfferingId: draft.id, version, components: list });
    const [first, ...rest] = components as [Component, ...Component[]];
    await refused(
      "POST",
      url,
      body([{ ...first, weightagePercent: 25 }, ...rest]),
      400,
      "must total 100 (they total 105)",
    );
    await refused(
      "POST",
      url,
      body([...components, { ...first, componentId: null, weightagePercent: 0 }]),
      400,
      "Quiz is already used",
    );
    const nine = Array.from({ length: 9 }, (_, i) => ({
      subComponentName: `Q${i}`,
      subcompWeightageCompPercent: i === 0 ? 20 : 10,
    }));
    await refused(
      "POST",
      url,
      body([{ ...first, componentId: null, subComponents: nine }, ...rest]),
      400,
      "1 to 8 sub-components",
    );
    await refused(
      "POST",
      url,
      body([{ ...first, componentName: "Homework" }, ...rest]),
      400,
      "The component must be one of",
    );
    await refused("POST", url, { ...body(components), version: version + 5 }, 409, "changed by someone else");
  });

  it("saves components: adds one, reweights, recomputes grades, and deletes a sub-component", async () => {
    const url = `/api/salesforce/CourseEvaluationComponentSubcomponent?courseOfferingId=${draft.id}`;
    const { components, version } = (await api.call("GET", url, { headers })).body as {
      components: Component[];
      version: number;
    };
    const next = [
      ...components.map((c) => (c.componentName === "End Term Exam" ? { ...c, weightagePercent: 40 } : c)),
      {
        componentName: "Class Participation",
        weightagePercent: 10,
        subComponents: [
          { subComponentName: "Week 1-6", subcompWeightageCompPercent: 50, totalMarks: 5 },
          { subComponentName: "Week 7-12", subcompWeightageCompPercent: 50, totalMarks: 5 },
        ],
      },
    ];
    const saved = await api.call("POST", "/api/salesforce/CourseEvaluationComponentSubcomponent", {
      headers,
      body: { courseOfferingId: draft.id, version, components: next },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = saved.body as { components: Component[]; version: number };
    expect(after.version).toBe(version + 1);
    expect(after.components.map((c) => c.componentName)).toEqual([
      "Quiz",
      "Mid Term Exam",
      "End Term Exam",
      "Class Participation",
    ]);
    // Without marks in the new component every total went down (10 % of weight moved to it).
    const s = await scores(draft.id);
    expect(s.students.every((r) => r.TotalMarksObtained <= 90)).toBe(true);
    const cp = after.components[3] as Component;
    const del = await api.call("POST", "/api/sf/exam/delete/subcomponent", {
      headers,
      body: { id: cp.subComponents[1]?.subComponentid, version: after.version },
    });
    expect(del.status).toBe(200);
    const left = del.body as { components: Component[]; version: number };
    expect(left.components[3]?.subComponents).toHaveLength(1);
    // The last sub-component stays.
    await refused(
      "POST",
      "/api/sf/exam/delete/subcomponent",
      { id: cp.subComponents[0]?.subComponentid, version: left.version },
      400,
      "1 to 8 sub-components",
    );
    const gone = await api.call("POST", "/api/salesforce/CourseEvaluationComponentSubcomponent/delete", {
      headers,
      body: { id: cp.componentId, version: left.version },
    });
    expect(gone.status).toBe(200);
    const restore = gone.body as { components: Component[]; version: number };
    const back = await api.call("POST", "/api/salesforce/CourseEvaluationComponentSubcomponent", {
      headers,
      body: {
        courseOfferingId: draft.id,
        version: restore.version,
        components: restore.components.map((c) =>
          c.componentName === "End Term Exam" ? { ...c, weightagePercent: 50 } : c,
        ),
      },
    });
    expect(back.status).toBe(200);
  });

  it("enters and corrects marks within 0..total, audited with before and after", async () => {
    const s = await scores(draft.id);
    const row = s.students[0] as ScoreRow;
    const sub = row.componentList[0]?.subCompList[0] as ScoreRow["componentList"][0]["subCompList"][0];
    const url = "/api/sf/exam/admin/cousesubcomponet";
    await refused(
      "POST",
      url,
      [
        {
          id: sub.markId,
          MarksObtined: sub.TotalMarks + 1,
          TotalMarks: sub.TotalMarks,
          version: sub.version,
        },
      ],
      400,
      "Marks obtained cannot be more than the total marks",
    );
    await refused(
      "POST",
      url,
      [{ id: sub.markId, MarksObtined: -1, TotalMarks: sub.TotalMarks, version: sub.version }],
      400,
      "Marks obtained cannot be less than 0",
    );
    await refused(
      "POST",
      url,
      [{ id: sub.markId, MarksObtined: 1, TotalMarks: sub.TotalMarks + 5, version: sub.version }],
      400,
      "TotalMarks of",
    );
    await refused(
      "POST",
      url,
      [{ id: sub.markId, MarksObtined: 1, TotalMarks: sub.TotalMarks, version: sub.version + 1 }],
      409,
      "changed by someone else",
    );
    const value = sub.MarksObtined === 0 ? 1 : 0;
    const ok = await api.call("POST", url, {
      headers,
      body: [{ id: sub.markId, MarksObtined: value, TotalMarks: sub.TotalMarks, version: sub.version }],
    });
    expect(ok.body).toMatchObject({ success: true, changed: 1, unchanged: 0 });
    const [mark] = await api.ctx.db
      .select()
      .from(studentMark)
      .where(eq(studentMark.id, sub.markId as string));
    expect([mark?.marksObtained, mark?.previousMarksObtained, mark?.version, mark?.source]).toEqual([
      value,
      sub.MarksObtined,
      sub.version + 1,
      "entry",
    ]);
    const [audit] = await api.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, sub.markId as string));
    expect(audit).toMatchObject({
      action: "change_mark",
      actorEmail: DEMO_EXAM_OFFICE.email,
      before: { marksObtained: sub.MarksObtined },
    });
    const after = await scores(draft.id);
    expect(after.students[0]?.TotalMarksObtained).not.toBe(row.TotalMarksObtained);
  });

  it("regrades from the changed students' marks and the others' stored totals exactly as a whole regrade would, Absolute and Relative", async () => {
    const db = api.ctx.db;
    /** The offering's stored grades by student: total, letters, grade point, version. */
    const stored = async (id: string) =>
      JSON.stringify(
        await db
          .select({
            studentId: studentGrade.studentId,
            total: studentGrade.totalPercent,
            calculated: studentGrade.calculatedGrade,
            final: studentGrade.finalGrade,
            point: studentGrade.gradePoint,
            version: studentGrade.version,
          })
          .from(studentGrade)
          .where(eq(studentGrade.courseOfferingId, id))
          .orderBy(asc(studentGrade.studentId)),
      );
    /** Sets the first sub-component mark of the first `n` students to full marks or 0, in one call. */
    const correct = async (id: string, n: number, reason: string) => {
      const s = await scores(id);
      const body = s.students.slice(0, n).map((row) => {
        const sub = row.componentList[0]?.subCompList[0] as ScoreRow["componentList"][0]["subCompList"][0];
        return {
          id: sub.markId,
          MarksObtined: sub.MarksObtined === sub.TotalMarks ? 0 : sub.TotalMarks,
          TotalMarks: sub.TotalMarks,
          version: sub.version,
          reason,
        };
      });
      const res = await api.call("POST", "/api/sf/exam/admin/cousesubcomponet", { headers, body });
      expect(res.body).toMatchObject({ success: true, changed: n });
      return s.students.slice(0, n).map((r) => r.StudentId);
    };
    /** Regrades the whole class from every mark; returns the stored grades after it. */
    const wholeRegrade = async (id: string) => {
      await db.transaction((tx) =>
        recomputeGrades(tx, { id: null, email: "test" }, id, new Date(api.ctx.now()), ""),
      );
      return stored(id);
    };
    for (const course of [draft, published]) {
      // Two corrections stay under half the class: the regrade from stored totals, not the fallback.
      expect(course.students).toBeGreaterThan(4);
      const before = await stored(course.id);
      const changed = await correct(course.id, 2, "Re-totalled");
      const after = await stored(course.id);
      expect(after).not.toBe(before);
      const changedTotals = (JSON.parse(after) as Array<{ studentId: string; total: number }>).filter((g) =>
        changed.includes(g.studentId),
      );
      const oldTotals = (JSON.parse(before) as Array<{ studentId: string; total: number }>).filter((g) =>
        changed.includes(g.studentId),
      );
      expect(changedTotals.map((g) => g.total)).not.toEqual(oldTotals.map((g) => g.total));
      // A whole regrade from every mark finds nothing to change: same totals, letters and versions.
      expect(await wholeRegrade(course.id)).toBe(after);
    }
    // A student without a stored grade row: the whole class is regraded and the row comes back.
    const [gone] = await db
      .delete(studentGrade)
      .where(
        and(
          eq(studentGrade.courseOfferingId, draft.id),
          sql`${studentGrade.studentId} = (select ${studentGrade.studentId} from ${studentGrade} where ${studentGrade.courseOfferingId} = ${draft.id} order by ${studentGrade.studentId} desc limit 1)`,
        ),
      )
      .returning({ studentId: studentGrade.studentId });
    expect(gone).toBeDefined();
    await correct(draft.id, 1, "");
    const back = await stored(draft.id);
    expect(back).toContain(gone?.studentId as string);
    expect(await wholeRegrade(draft.id)).toBe(back);
  });

  it("refuses the grade letter D and overlapping or gapped ranges, then switches Absolute to Relative and regrades", async () => {
    const url = "/api/salesforce/CreateDefaultGradeRange";
    const { version } = (await api.call("GET", `${url}?courseOfferingId=${draft.id}`, { headers })).body as {
      version: number;
    };
    const item = (letterGrade: string, lower: number, upper: number, gradePoint = 1) => ({
      typeOfGrading: "Absolute",
      letterGrade,
      gradePoint,
      lowerPercentageLimit: lower,
      upperPercentageLimit: upper,
    });
    const body = (ranges: unknown[], typeOfGrading = "Absolute") => ({
      courseOfferingId: draft.id,
      typeOfGrading,
      version,
      gradeRanges: ranges,
    });
    await refused(
      "POST",
      url,
      body([item("A", 50, 100), item("D", 0, 50)]),
      400,
      "The Grade Should be in A,B,C or F Only",
    );
    await refused(
      "POST",
      url,
      body([item("A", 45, 100), item("F", 0, 50)]),
      400,
      "The ranges of grades F and A overlap",
    );
    await refused("POST", url, body([item("A", 55, 100), item("F", 0, 50)]), 400, "No grade covers 50 to 55");
    const before = await scores(draft.id);
    const relative = await api.call("POST", url, {
      headers,
      body: { courseOfferingId: draft.id, typeOfGrading: "Relative", version, gradeRanges: [] },
    });
    expect(relative.status, JSON.stringify(relative.body)).toBe(200);
    const after = await scores(draft.id);
    expect(after.typeOfGrading).toBe("Relative");
    // Relative: the default percentile bands give about a quarter of the class an A.
    const as = after.students.filter((r) => r.CalculatedGrade === "A").length;
    expect(as).toBeGreaterThan(0);
    expect(as).toBeLessThanOrEqual(Math.ceil(after.students.length * 0.25) + 1);
    expect(after.students.map((r) => r.CalculatedGrade)).not.toEqual(
      before.students.map((r) => r.CalculatedGrade).concat(["x"]),
    );
  });

  it("previews a sheet with bad rows by line, applies nothing while rows are bad, and a second upload of the same file changes nothing", async () => {
    const sheet = await api.raw("GET", `/api/sf/exam/grading/marksSheet/${draft.id}?format=csv`, { headers });
    expect(sheet.status).toBe(200);
    const text = await sheet.text();
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toContain("Student Code,Student Name,Email,Quiz / Quiz 1 (10)");
    // Break two rows: line 3 above the total, line 4 not a number.
    const cells = (i: number) => (lines[i] as string).split(",");
    const bad3 = cells(2);
    bad3[3] = "11";
    const bad4 = cells(3);
    bad4[4] = "abc";
    const good2 = cells(1);
    good2[3] = good2[3] === "7" ? "8" : "7";
    const edited = [lines[0], good2.join(","), bad3.join(","), bad4.join(","), ...lines.slice(4)].join(
      "\r\n",
    );
    const upload = (content: string, apply: boolean, fileName = "marks.csv") => ({
      courseOfferingId: draft.id,
      fileName,
      content,
      apply,
    });
    const before = await snapshot();
    const preview = await api.call("POST", "/api/sf/exam/grading/marksUpload", {
      headers,
      body: upload(b64(edited), false),
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ applied: false, changes: 1 });
    const problems = (preview.body as { problems: Array<{ line: number; reason: string }> }).problems;
    expect(problems.map((p) => p.line)).toEqual([3, 4]);
    expect(problems[0]?.reason).toContain("Marks obtained cannot be more than the total marks");
    expect(problems[1]?.reason).toContain('"abc" is not a number');
    expect(await snapshot()).toBe(before);
    await refused(
      "POST",
      "/api/sf/exam/grading/marksUpload",
      upload(b64(edited), true),
      400,
      "Problems in 2 rows of the sheet",
    );
    const good = [lines[0], good2.join(","), ...lines.slice(2)].join("\r\n");
    const applied = await api.call("POST", "/api/sf/exam/grading/marksUpload", {
      headers,
      body: upload(b64(good), true),
    });
    expect(applied.body).toMatchObject({ applied: true, changes: 1 });
    const once = await snapshot();
    const again = await api.call("POST", "/api/sf/exam/grading/marksUpload", {
      headers,
      body: upload(b64(good), true),
    });
    expect(again.body).toMatchObject({ applied: true, changes: 0 });
    expect(await snapshot()).toBe(once);
    // The XLSX download reads back as the same marks: nothing to change.
    const xlsx = await api.raw("GET", `/api/sf/exam/grading/marksSheet/${draft.id}?format=xlsx`, { headers });
    const bytes = new Uint8Array(await xlsx.arrayBuffer());
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes.buffer as ArrayBuffer);
    expect(book.worksheets[0]?.getCell("A1").value).toBe("Student Code");
    const fromXlsx = await api.call("POST", "/api/sf/exam/grading/marksUpload", {
      headers,
      body: upload(b64(bytes), true, "marks.xlsx"),
    });
    expect(fromXlsx.body).toMatchObject({ applied: true, changes: 0, problems: [] });
    expect(await snapshot()).toBe(once);
    await refused(
      "POST",
      "/api/sf/exam/grading/marksUpload",
      upload(b64("PK\u0003\u0004garbage"), false, "marks.xlsx"),
      400,
      "cannot be read as XLSX",
    );
    await refused(
      "POST",
      "/api/sf/exam/grading/marksUpload",
      upload(b64("Name,Foo\r\nx,1\r\n"), false),
      400,
      "Student Code",
    );
  });

  it("publishes with mails, locks grades, and changes a published grade only with a reason, audited before and after", async () => {
    const s = await scores(draft.id);
    const [mailsBefore] = await api.ctx.db.select({ n: count() }).from(mailOutbox);
    await refused(
      "POST",
      "/api/salesforce/SendEmailForMarks",
      { gradingId: draft.id, state: "Publish", comState: "Publish", version: s.version + 1 },
      409,
      "changed by someone else",
    );
    const sent = await api.call("POST", "/api/salesforce/SendEmailForMarks", {
      headers,
      body: { gradingId: draft.id, state: "Publish", comState: "Publish", version: s.version },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ status: "Published", mails: s.students.length });
    const [mailsAfter] = await api.ctx.db.select({ n: count() }).from(mailOutbox);
    expect((mailsAfter?.n ?? 0) - (mailsBefore?.n ?? 0)).toBe(s.students.length);
    const [mail] = await api.ctx.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.subject} like 'Results:%'`)
      .limit(1);
    expect(mail?.text).toMatch(/Grade: [ABCF]/);
    const after = await scores(draft.id);
    expect(after.students.every((r) => r.locked)).toBe(true);
    const row = after.students.find((r) => r.CalculatedGrade !== "F") as ScoreRow;
    const lower = { A: "B", B: "C", C: "F" }[row.CalculatedGrade as "A"];
    const item = {
      id: row.id,
      CalculatedGrade: row.CalculatedGrade,
      penality: "Late submission",
      finalGrade: lower,
      version: row.version,
    };
    await refused("POST", "/api/salesforce/GradeAllocationSetup", [item], 400, "These results are published");
    await refused(
      "POST",
      "/api/salesforce/GradeAllocationSetup",
      [{ ...item, finalGrade: "A", CalculatedGrade: "F", reason: "x" }],
      400,
      "The calculated grade is",
    );
    await refused(
      "POST",
      "/api/salesforce/GradeAllocationSetup",
      [{ ...item, penality: "", reason: "Board decision" }],
      400,
      "Give the penalty",
    );
    // Marks of a published offering need a reason too.
    const sub = row.componentList[0]?.subCompList[0] as ScoreRow["componentList"][0]["subCompList"][0];
    await refused(
      "POST",
      "/api/sf/exam/admin/cousesubcomponet",
      [{ id: sub.markId, MarksObtined: 0, TotalMarks: sub.TotalMarks, version: sub.version }],
      400,
      "These results are published",
    );
    const [mailsBeforeChange] = await api.ctx.db.select({ n: count() }).from(mailOutbox);
    const changed = await api.call("POST", "/api/salesforce/GradeAllocationSetup", {
      headers,
      body: [{ ...item, reason: "Plagiarism board decision" }],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // The student hears of the change to the grade they were sent, with the reason.
    const [mailsAfterChange] = await api.ctx.db.select({ n: count() }).from(mailOutbox);
    expect((mailsAfterChange?.n ?? 0) - (mailsBeforeChange?.n ?? 0)).toBe(1);
    const [changeMail] = await api.ctx.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.subject} like 'Grade changed:%'`);
    expect(changeMail?.source).toBe(`grading.publish:${draft.id}`);
    expect(changeMail?.text).toContain(`Grade before: ${row.finalGrade}`);
    expect(changeMail?.text).toContain(`Grade now: ${lower}`);
    expect(changeMail?.text).toContain("Reason: Plagiarism board decision");
    const [audit] = await api.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, row.id), eq(auditLog.action, "change_published_grade")));
    expect(audit).toMatchObject({
      action: "change_published_grade",
      before: { finalGrade: row.finalGrade },
      after: { finalGrade: lower, reason: "Plagiarism board decision" },
    });
  });

  it("evaluates promotion criteria against published results, and creates criteria", async () => {
    const list = await api.call("POST", "/api/salesforce/CriteriaWithFilterData", {
      headers,
      body: { recordType: "Default" },
    });
    expect((list.body as { criteria: unknown[] }).criteria).toHaveLength(1);
    const res = await api.call("POST", "/api/salesforce/PromotionCriteriaData", { headers, body: {} });
    expect(res.status).toBe(200);
    const body = res.body as {
      counts: { students: number; promoted: number; atRisk: number; notPromoted: number };
    };
    expect(body.counts.students).toBeGreaterThan(0);
    expect(body.counts.promoted + body.counts.atRisk + body.counts.notPromoted).toBe(body.counts.students);
    const made = await api.call("POST", "/api/salesforce/createCriteriaWithFilter", {
      headers,
      body: {
        name: "Strict",
        recordType: "Master",
        criteriaType: "Promotion",
        minGradePoints: 3.5,
        maxFailedCourses: 0,
        minAttendancePercent: 90,
      },
    });
    expect(made.status).toBe(200);
    const strict = (made.body as { criteria: { id: string } }).criteria;
    const res2 = await api.call("POST", "/api/salesforce/PromotionCriteriaData", {
      headers,
      body: { criteriaId: strict.id },
    });
    expect((res2.body as { counts: { promoted: number } }).counts.promoted).toBeLessThanOrEqual(
      body.counts.promoted,
    );
    await refused(
      "POST",
      "/api/salesforce/createCriteriaWithFilter",
      {
        name: "Strict",
        recordType: "Master",
        criteriaType: "Promotion",
        minGradePoints: 3,
        maxFailedCourses: 0,
        minAttendancePercent: 90,
      },
      409,
      "exists already",
    );
    await refused(
      "POST",
      "/api/salesforce/createCriteriaWithFilter",
      {
        name: "X",
        recordType: "Other",
        criteriaType: "Promotion",
        minGradePoints: 3,
        maxFailedCourses: 0,
        minAttendancePercent: 90,
      },
      400,
      "recordType must be Master or Default",
    );
  });

  it("answers 404 for unknown offerings and 400 for malformed ids without writing", async () => {
    await refused(
      "POST",
      "/api/salesforce/SubjectScores",
      { gradingId: "00000000-0000-4000-8000-000000000000" },
      404,
      "No such course offering",
    );
    await refused(
      "POST",
      "/api/sf/exam/admin/cousesubcomponet",
      [{ id: "nope", MarksObtined: 1, TotalMarks: 10, version: 1 }],
      404,
      "No such mark",
    );
  });
});
