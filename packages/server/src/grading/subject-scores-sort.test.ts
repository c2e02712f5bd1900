import { GRADE_STUDENT_SORT_COLUMNS, type GradeStudentSortColumn, SORT_DIRECTIONS } from "@portal/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { studentGrade } from "../db/schema.ts";
import { DEMO_EXAM_OFFICE } from "../demo/seed.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";

/**
 * Server-side sorting of the grade students table (openapi getSubjectScores `sortBy`,
 * `sortDirection`): for every column and direction, the pages of 5 taken in turn hold each
 * student exactly once, ordered by the column, and students with equal keys keep the list's own order
 * (the stable tie-break); All (count 0) is the same order in one answer.
 */

type Row = {
  StudentId: string;
  TotalMarksObtained: number;
  CalculatedGrade: string;
  penality: string;
  finalGrade: string;
};
type Scores = { noOfRecords: number; students: Row[] };
type Course = { id: string; status: string; version: number; students: number };

const sorts = GRADE_STUDENT_SORT_COLUMNS.flatMap((sortBy) =>
  SORT_DIRECTIONS.map((sortDirection) => ({ sortBy, sortDirection })),
);

describe.each(testTargets())("grade students sorting on $name", (target) => {
  let api: TestApi;
  let headers: Record<string, string>;
  let gradingId: string;
  /** The stored penalty steps by student id. */
  let steps: Map<string, number>;

  beforeAll(async () => {
    api = await createTestApi(target);
    headers = await signInHeaders(api, DEMO_EXAM_OFFICE.email);
    const list = await api.call("POST", "/api/salesforce/GradingCourseDetails", {
      headers,
      body: { count: 100 },
    });
    expect(list.status).toBe(200);
    const courses = (list.body as { courses: Course[] }).courses;
    const course = courses
      .filter((c) => c.version > 0)
      .sort((a, b) => b.students - a.students || (a.id < b.id ? -1 : 1))[0];
    if (!course) throw new Error("demo data without a graded course offering");
    gradingId = course.id;
    const grades = await api.ctx.db
      .select({ studentId: studentGrade.studentId, steps: studentGrade.penaltySteps })
      .from(studentGrade)
      .where(eq(studentGrade.courseOfferingId, gradingId));
    steps = new Map(grades.map((g) => [g.studentId, g.steps]));
  }, 300_000);
  afterAll(async () => {
    await api?.close();
  });

  async function scores(body: Record<string, unknown>): Promise<Scores> {
    const res = await api.call("POST", "/api/salesforce/SubjectScores", {
      headers,
      body: { gradingId, subComponentIds: [], ...body },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Scores;
  }

  async function everyPage(body: Record<string, unknown>): Promise<Row[]> {
    const first = await scores({ ...body, pageNo: 1, count: 5 });
    const rows = [...first.students];
    for (let pageNo = 2; pageNo <= Math.ceil(first.noOfRecords / 5); pageNo++) {
      rows.push(...(await scores({ ...body, pageNo, count: 5 })).students);
    }
    return rows;
  }

  /** The keys a row sorts by under `column` (the student column: its place in the list's own order). */
  function keys(
    row: Row,
    column: GradeStudentSortColumn,
    position: Map<string, number>,
  ): (string | number)[] {
    switch (column) {
      case "student":
        return [position.get(row.StudentId) as number];
      case "total":
        return [row.TotalMarksObtained];
      case "calculated":
        return [row.CalculatedGrade];
      case "penalty":
        // The steps are not on the wire: they are read from the stored grades.
        return [steps.get(row.StudentId) ?? 0, row.penality];
      case "final":
        return [row.finalGrade];
    }
  }

  const compare = (a: (string | number)[], b: (string | number)[]) => {
    for (const [i, key] of a.entries()) {
      const other = b[i] as string | number;
      if (key !== other) return key < other ? -1 : 1;
    }
    return 0;
  };

  it.each(sorts)(
    "pages by $sortBy $sortDirection: each student once, ties in the list's own order",
    async (sort) => {
      const plain = (await scores({})).students;
      expect(plain.length).toBeGreaterThan(5);
      const position = new Map(plain.map((r, i) => [r.StudentId, i]));
      const sorted = await everyPage(sort);
      const ids = sorted.map((r) => r.StudentId);
      expect(new Set(ids).size).toBe(plain.length);
      expect([...ids].sort()).toEqual(plain.map((r) => r.StudentId).sort());
      const sign = sort.sortDirection === "desc" ? -1 : 1;
      for (const [i, row] of sorted.entries()) {
        if (i === 0) continue;
        const before = sorted[i - 1] as Row;
        const order = compare(keys(before, sort.sortBy, position), keys(row, sort.sortBy, position)) * sign;
        if (order === 0) {
          expect(position.get(row.StudentId)).toBeGreaterThan(position.get(before.StudentId) as number);
        } else {
          expect(order, `${sort.sortBy} at ${i}`).toBe(-1);
        }
      }
      // All is the same order in one answer.
      const all = await scores({ ...sort, count: 0 });
      expect(all.students.map((r) => r.StudentId)).toEqual(ids);
    },
  );

  it("keeps the list's own order without a sort and answers one student whatever the sort", async () => {
    const plain = (await scores({})).students;
    expect((await scores({ sortBy: "student" })).students).toEqual(plain);
    const chosen = plain[2] as Row;
    const one = await scores({ studentId: chosen.StudentId, sortBy: "total", sortDirection: "desc" });
    expect(one.students.map((r) => r.StudentId)).toEqual([chosen.StudentId]);
  });

  it("answers 400 naming the field for an unknown sort column or direction", async () => {
    for (const body of [{ sortBy: "StudentId" }, { sortBy: "total", sortDirection: "up" }]) {
      const res = await api.call("POST", "/api/salesforce/SubjectScores", {
        headers,
        body: { gradingId, ...body },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ field: Object.keys(body).at(-1) });
    }
  });
});
