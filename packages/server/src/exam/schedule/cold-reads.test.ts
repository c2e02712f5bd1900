import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rewarmSettled, setReadModelCache } from "../../db/read-model-cache.ts";
import { exam, examCycle, readModelVersion } from "../../db/schema.ts";
import { DEMO_EXAM_CYCLE } from "../../demo/seed.ts";
import { countStudentClashes, examsSharingAStudent } from "../../test/exam-sittings.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../../test/harness.ts";

type Dashboard = {
  summary: { exams: number; enrolments: number; students: number };
  clashes: { students: number; faculty: number; roomsOverCapacity: number };
};
type Report = {
  studentClashes: { total: number; items: Array<{ studentId: string; exams: Array<{ examId: string }> }> };
};

/**
 * The uncached paths of the clash report and the exam dashboard (READ_MODEL_CACHE=off), and what
 * the kept answers may and may not do. A write "behind the counter" changes the data and then puts
 * the exam_operations counter back, so a kept answer would still look current: a path that reads
 * the cache answers the old figures, a path that computes answers the new ones.
 */
describe.each(testTargets())("exam schedule reads computed afresh on $name", (target) => {
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

  const get = async <T>(url: string): Promise<T> => {
    const res = await api.call("GET", url, { headers: auth });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as T;
  };
  const report = () => get<Report>(`/api/sf/exam/clashReport?examCycleId=${cycleId}&limit=500`);
  const dashboard = () => get<Dashboard>(`/api/sf/exam/examDashboard?examCycleId=${cycleId}`);

  /** Moves exam `b` onto the sitting of `a` and puts the exam_operations counter back as it was. */
  async function clashBehindTheCounter(): Promise<() => Promise<void>> {
    const db = api.ctx.db;
    const { first: a, second: b } = await examsSharingAStudent(api.ctx.db, cycleId);
    const counter = eq(readModelVersion.name, "exam_operations");
    const [before] = await db
      .select({ version: readModelVersion.version })
      .from(readModelVersion)
      .where(counter);
    await db.update(exam).set({ examDate: a.date, startTime: a.startTime }).where(eq(exam.id, b.id));
    await db
      .update(readModelVersion)
      .set({ version: before?.version ?? 0 })
      .where(counter);
    return async () => {
      await db.update(exam).set({ examDate: b.date, startTime: b.startTime }).where(eq(exam.id, b.id));
    };
  }

  it("computes the clash report on every call: a clash the counter does not show is reported", async () => {
    const before = await report();
    expect(before.studentClashes.total).toBe(await countStudentClashes(api.ctx.db, cycleId));
    const undo = await clashBehindTheCounter();
    try {
      const after = await report();
      const expected = await countStudentClashes(api.ctx.db, cycleId);
      expect(expected).toBeGreaterThan(before.studentClashes.total);
      expect(after.studentClashes.total).toBe(expected);
    } finally {
      await undo();
    }
  });

  it("computes the exam dashboard on every call, its clash counts included", async () => {
    const before = await dashboard();
    expect(before.clashes.students).toBe(await countStudentClashes(api.ctx.db, cycleId));
    const undo = await clashBehindTheCounter();
    try {
      const after = await dashboard();
      expect(after.clashes.students).toBe(await countStudentClashes(api.ctx.db, cycleId));
      expect(after.clashes.students).toBeGreaterThan(before.clashes.students);
      expect(after.summary).toEqual(before.summary);
    } finally {
      await undo();
    }
  });

  it("with the cache on, the same hidden write is not seen: a kept answer would fail the tests above", async () => {
    setReadModelCache(api.ctx.db, true);
    try {
      const before = await report();
      const dash = await dashboard();
      const undo = await clashBehindTheCounter();
      try {
        expect((await report()).studentClashes.total).toBe(before.studentClashes.total);
        expect((await dashboard()).clashes).toEqual(dash.clashes);
        expect(await countStudentClashes(api.ctx.db, cycleId)).toBeGreaterThan(before.studentClashes.total);
      } finally {
        await undo();
      }
    } finally {
      setReadModelCache(api.ctx.db, false);
    }
  });

  it("the dashboard takes its clash counts from the clash report's kept answer, not a computation of its own", async () => {
    setReadModelCache(api.ctx.db, true);
    try {
      const kept = await report(); // computes the report and keeps it
      const undo = await clashBehindTheCounter();
      try {
        // The dashboard has no kept answer of its own yet, so it is computed now; only the clash
        // report it reads is the kept one, which still holds the figures before the hidden write.
        const dash = await dashboard();
        expect(await countStudentClashes(api.ctx.db, cycleId)).toBeGreaterThan(kept.studentClashes.total);
        expect(dash.clashes.students).toBe(kept.studentClashes.total);
      } finally {
        await undo();
      }
    } finally {
      setReadModelCache(api.ctx.db, false);
    }
  });

  it("keeps the dashboard warm: after an exam edit it is recomputed at once, and the next reader gets it from memory", async () => {
    setReadModelCache(api.ctx.db, true);
    try {
      const before = await dashboard(); // asked once: now kept warm
      const { first: a, second: b } = await examsSharingAStudent(api.ctx.db, cycleId);
      const [row] = await api.ctx.db.select().from(exam).where(eq(exam.id, b.id));
      if (!row) throw new Error("exam gone");
      const saved = await api.call("POST", "/api/salesforce/TimeTable", {
        headers: auth,
        body: [
          {
            id: row.id,
            duration: row.durationMinutes,
            dateOfExam: a.date,
            timeOfExam: a.startTime,
            examType: row.examType,
            venue: row.venue,
            version: row.version,
          },
        ],
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      await rewarmSettled(api.ctx.db); // the recompute the edit started
      const afterEdit = await countStudentClashes(api.ctx.db, cycleId);
      expect(afterEdit).toBeGreaterThan(before.clashes.students);
      // A write the counter does not show: a reader that computed would see it, one served the
      // answer recomputed after the edit would not.
      const counter = eq(readModelVersion.name, "exam_operations");
      const [kept] = await api.ctx.db
        .select({ version: readModelVersion.version })
        .from(readModelVersion)
        .where(counter);
      await api.ctx.db
        .update(exam)
        .set({ examDate: b.date, startTime: b.startTime })
        .where(eq(exam.id, b.id));
      await api.ctx.db
        .update(readModelVersion)
        .set({ version: kept?.version ?? 0 })
        .where(counter);
      expect(await countStudentClashes(api.ctx.db, cycleId)).toBeLessThan(afterEdit);
      expect((await dashboard()).clashes.students).toBe(afterEdit);
    } finally {
      setReadModelCache(api.ctx.db, false);
    }
  });

  it("an exam edited through the timetable call shows in the dashboard read right after it (cache on)", async () => {
    setReadModelCache(api.ctx.db, true);
    try {
      const before = await dashboard();
      const { first: a, second: b } = await examsSharingAStudent(api.ctx.db, cycleId);
      const [row] = await api.ctx.db.select().from(exam).where(eq(exam.id, b.id));
      if (!row) throw new Error("exam gone");
      const saved = await api.call("POST", "/api/salesforce/TimeTable", {
        headers: auth,
        body: [
          {
            id: row.id,
            duration: row.durationMinutes,
            dateOfExam: a.date,
            timeOfExam: a.startTime,
            examType: row.examType,
            venue: row.venue,
            version: row.version,
          },
        ],
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const after = await dashboard();
      expect(after.clashes.students).toBe(await countStudentClashes(api.ctx.db, cycleId));
      expect(after.clashes.students).toBeGreaterThan(before.clashes.students);
    } finally {
      setReadModelCache(api.ctx.db, false);
    }
  });
});
