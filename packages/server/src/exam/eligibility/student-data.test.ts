import { and, asc, eq, ilike, or, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setReadModelCache } from "../../db/read-model-cache.ts";
import {
  contact,
  course,
  courseOffering,
  enrolment,
  exam,
  examCycle,
  examEligibility,
  readModelVersion,
} from "../../db/schema.ts";
import { DEMO_EXAM_CYCLE } from "../../demo/seed.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../../test/harness.ts";
import { candidateOfExamRow } from "./candidates.ts";
import { effectiveEligibilitySql } from "./eligibility.ts";

type Body = {
  noOfRecords: number;
  students: Array<{ id: string; examId: string; courseName: string; section: string }>;
};

/**
 * StudentData (the eligibility page's student list) computed afresh on every call
 * (READ_MODEL_CACHE=off): every page of every filter against the list worked out here from the
 * stored rows in the documented order (student first name, last name, id; then exam date, course
 * name, exam id), and a change hidden from the change counter seen at once.
 */
describe.each(testTargets())("StudentData computed afresh on $name", (target) => {
  let api: TestApi;
  let auth: Record<string, string>;
  let cycleId: string;

  beforeAll(async () => {
    api = await createTestApi(target, { readModelCache: false });
    auth = await signInHeaders(api);
    const [cycle] = await api.ctx.db
      .select({ id: examCycle.id })
      .from(examCycle)
      .where(eq(examCycle.name, DEMO_EXAM_CYCLE));
    cycleId = cycle?.id ?? "";
  });
  afterAll(async () => {
    await api?.close();
  });

  /** The whole list of a filter, in list order, as `student|exam|course|section`. */
  async function reference(filter: { eligibility?: string; search?: string; examId?: string }) {
    const pattern = filter.search ? `%${filter.search}%` : "";
    const conditions: Array<SQL | undefined> = [
      eq(exam.examCycleId, cycleId),
      filter.examId ? eq(exam.id, filter.examId) : undefined,
      filter.eligibility ? eq(effectiveEligibilitySql, filter.eligibility as never) : undefined,
      pattern
        ? or(
            ilike(contact.firstName, pattern),
            ilike(contact.lastName, pattern),
            ilike(contact.code, pattern),
            ilike(contact.email, pattern),
          )
        : undefined,
    ];
    const found = await api.ctx.db
      .select({ id: contact.id, examId: exam.id, courseName: course.name, section: courseOffering.section })
      .from(exam)
      .innerJoin(enrolment, candidateOfExamRow)
      .innerJoin(courseOffering, eq(courseOffering.id, exam.courseOfferingId))
      .innerJoin(course, eq(course.id, courseOffering.courseId))
      .innerJoin(contact, eq(contact.id, enrolment.studentId))
      .leftJoin(
        examEligibility,
        and(eq(examEligibility.examId, exam.id), eq(examEligibility.studentId, enrolment.studentId)),
      )
      .where(and(...conditions))
      .orderBy(
        asc(contact.firstName),
        asc(contact.lastName),
        asc(contact.id),
        asc(exam.examDate),
        asc(course.name),
        asc(exam.id),
      );
    return found.map((r) => `${r.id}|${r.examId}|${r.courseName}|${r.section}`);
  }

  async function page(body: Record<string, unknown>): Promise<Body> {
    const res = await api.call("POST", "/api/salesforce/StudentData", {
      headers: auth,
      body: { examCycleId: cycleId, ...body },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Body;
  }
  const keys = (b: Body) => b.students.map((r) => `${r.id}|${r.examId}|${r.courseName}|${r.section}`);

  it("pages every filter exactly as the list's order says, the total and a page past the end included", async () => {
    const [someExam] = await api.ctx.db
      .select({ id: exam.id })
      .from(exam)
      .where(eq(exam.examCycleId, cycleId))
      .limit(1);
    const filters = [
      {},
      { eligibility: "Eligible" },
      { eligibility: "At Risk" },
      { search: "a" },
      { examId: someExam?.id ?? "" },
    ];
    for (const filter of filters) {
      const expected = await reference(filter);
      expect(expected.length).toBeGreaterThan(0);
      for (const count of [10, 25]) {
        const seen: string[] = [];
        const pages = Math.ceil(expected.length / count);
        // Every page of a short list; the first, second and last pages of a long one.
        const pageNos = pages <= 8 ? Array.from({ length: pages }, (_, i) => i + 1) : [1, 2, pages];
        for (const pageNo of pageNos) {
          const body = await page({ ...filter, count, pageNo });
          expect(body.noOfRecords).toBe(expected.length);
          expect(keys(body)).toEqual(expected.slice((pageNo - 1) * count, pageNo * count));
          seen.push(...keys(body));
        }
        if (pages <= 8) expect(seen).toEqual(expected);
        const past = await page({ ...filter, count, pageNo: pages + 1 });
        expect(past.students).toEqual([]);
        expect(past.noOfRecords).toBe(expected.length);
      }
    }
  });

  /**
   * Renames the list's last student so that they sort first, and puts the exam_operations counter
   * back as it was: a kept answer would still look current.
   */
  async function moveLastStudentFirstBehindTheCounter(): Promise<{ id: string; undo: () => Promise<void> }> {
    const db = api.ctx.db;
    const last = (await reference({})).at(-1)?.split("|")[0] as string;
    const [person] = await db
      .select({ firstName: contact.firstName })
      .from(contact)
      .where(eq(contact.id, last));
    const counter = eq(readModelVersion.name, "exam_operations");
    const [before] = await db
      .select({ version: readModelVersion.version })
      .from(readModelVersion)
      .where(counter);
    await db.update(contact).set({ firstName: "  Aaron" }).where(eq(contact.id, last));
    await db
      .update(readModelVersion)
      .set({ version: before?.version ?? 0 })
      .where(counter);
    return {
      id: last,
      undo: async () => {
        await db
          .update(contact)
          .set({ firstName: person?.firstName ?? "" })
          .where(eq(contact.id, last));
      },
    };
  }

  it("computes the list on every call: a student renamed behind the counter moves to the first page", async () => {
    const before = await page({ count: 25, pageNo: 1 });
    const { id, undo } = await moveLastStudentFirstBehindTheCounter();
    try {
      expect(before.students[0]?.id).not.toBe(id);
      const after = await page({ count: 25, pageNo: 1 });
      expect(after.students[0]?.id).toBe(id);
      expect(keys(after)).toEqual((await reference({})).slice(0, 25));
    } finally {
      await undo();
    }
  });

  it("with the cache on, the same hidden rename is not seen: a kept answer would fail the test above", async () => {
    setReadModelCache(api.ctx.db, true);
    try {
      const before = await page({ count: 25, pageNo: 1 });
      const { id, undo } = await moveLastStudentFirstBehindTheCounter();
      try {
        const after = await page({ count: 25, pageNo: 1 });
        expect(after.students.map((s) => s.id)).toEqual(before.students.map((s) => s.id));
        expect(after.students[0]?.id).not.toBe(id);
      } finally {
        await undo();
      }
    } finally {
      setReadModelCache(api.ctx.db, false);
    }
  });
});
