import { DEFAULT_TIMETABLING_RULES } from "@portal/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, courseOffering, exam, examCycle, examPeriod } from "../../db/schema.ts";
import { DEMO_ACADEMIC_OFFICE, DEMO_ADMIN, DEMO_EXAM_OFFICE } from "../../demo/seed.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../../test/harness.ts";
import { ensureExamPeriod } from "./periods.ts";
import { loadTimetablingSettings } from "./timetabling-settings.ts";

type Scheme = {
  version: number;
  weekdaysWithoutExams: number[];
  datesWithoutExams: string[];
  slots: Array<{ startTime: string; durationMinutes: number }>;
  rules: typeof DEFAULT_TIMETABLING_RULES;
  periods: Array<{ date: string; startTime: string; durationMinutes: number; exams: number }>;
};
type Refusal = { errorMessage: string; errorCode?: string; field?: string };

describe.each(testTargets())("exam cycle period scheme API on $name", (target) => {
  let api: TestApi;
  let office: Record<string, string>;
  /** A cycle Monday 2031-03-03 to Sunday 2031-03-09, made here with no periods. */
  let cycleId: string;
  const url = () => `/api/sf/exam/examCycles/${cycleId}/periodScheme`;
  const body = (change: Record<string, unknown> = {}) => ({
    weekdaysWithoutExams: [7],
    datesWithoutExams: ["2031-03-05"],
    slots: [
      { startTime: "14:00", durationMinutes: 120 },
      { startTime: "09:00", durationMinutes: 180 },
    ],
    rules: { ...DEFAULT_TIMETABLING_RULES, oneExamPerDay: true, invigilatorsPerPeriod: 12 },
    version: 0,
    ...change,
  });
  const put = (payload: unknown, headers = office) => api.call("PUT", url(), { headers, body: payload });

  beforeAll(async () => {
    api = await createTestApi(target);
    office = await signInHeaders(api, DEMO_EXAM_OFFICE.email);
    const [cycle] = await api.ctx.db
      .insert(examCycle)
      .values({
        name: "Scheme test cycle",
        examType: "EndTerm",
        startDate: "2031-03-03",
        endDate: "2031-03-09",
      })
      .returning({ id: examCycle.id });
    cycleId = (cycle as { id: string }).id;
  });
  afterAll(async () => {
    await api?.close();
  });

  it("answers the defaults with version 0 before a scheme is saved", async () => {
    const res = await api.call("GET", url(), { headers: office });
    expect(res.status).toBe(200);
    expect((res.body as { scheme: Scheme }).scheme).toMatchObject({
      version: 0,
      weekdaysWithoutExams: [7],
      slots: [],
      rules: DEFAULT_TIMETABLING_RULES,
      periods: [],
    });
  });

  it("refuses an empty scheme and bad input with the field, writing nothing", async () => {
    const everyDayClosed = await put(body({ weekdaysWithoutExams: [1, 2, 3, 4, 5, 6, 7] }));
    expect(everyDayClosed.status).toBe(400);
    expect(everyDayClosed.body).toMatchObject({
      errorMessage: "The period scheme leaves no day with exams between 2031-03-03 and 2031-03-09",
      field: "slots",
    });
    const overlapping = await put(
      body({
        slots: [
          { startTime: "09:00", durationMinutes: 180 },
          { startTime: "11:00", durationMinutes: 60 },
        ],
      }),
    );
    expect(overlapping.status).toBe(400);
    expect((overlapping.body as Refusal).errorMessage).toContain(
      "The slot at 09:00 runs into the slot at 11:00",
    );
    const outside = await put(body({ datesWithoutExams: ["2031-04-01"] }));
    expect(outside.status).toBe(400);
    expect(outside.body).toMatchObject({ field: "datesWithoutExams.0" });
    const periods = await api.ctx.db.select().from(examPeriod).where(eq(examPeriod.examCycleId, cycleId));
    expect(periods).toEqual([]);
  });

  it("saves the scheme and makes its periods in time order; a reload shows them", async () => {
    const saved = await put(body());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const scheme = (saved.body as { scheme: Scheme }).scheme;
    expect(scheme.version).toBe(1);
    // Mon 3, Tue 4, (Wed 5 holiday), Thu 6, Fri 7, Sat 8; Sunday 9 without exams; two slots a day.
    expect(scheme.periods.map((p) => `${p.date} ${p.startTime} ${p.durationMinutes}`)).toEqual(
      ["2031-03-03", "2031-03-04", "2031-03-06", "2031-03-07", "2031-03-08"].flatMap((d) => [
        `${d} 09:00 180`,
        `${d} 14:00 120`,
      ]),
    );
    const reloaded = await api.call("GET", url(), { headers: office });
    expect((reloaded.body as { scheme: Scheme }).scheme).toEqual(scheme);
    const audit = await api.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "exam_period_scheme"), eq(auditLog.action, "create")));
    expect(audit).toHaveLength(1);
  });

  it("gives the timetabler the periods with their days and the office's rules", async () => {
    const settings = await loadTimetablingSettings(api.ctx.db, cycleId);
    expect(settings.periods).toHaveLength(10);
    expect(settings.periods.slice(0, 3).map((p) => [p.date, p.startTime, p.dayIndex])).toEqual([
      ["2031-03-03", "09:00", 0],
      ["2031-03-03", "14:00", 0],
      ["2031-03-04", "09:00", 1],
    ]);
    expect(settings.options).toMatchObject({ oneExamPerDay: true, invigilatorsPerPeriod: 12 });
    expect(settings.timetabling).toMatchObject({ oneExamPerDay: true, minSpread: 1 });
    expect(await loadTimetablingSettings(api.ctx.db, "not-a-cycle")).toMatchObject({ periods: [] });
  });

  it("refuses a stale version with 409 and keeps the saved scheme", async () => {
    const stale = await put(body({ version: 0, slots: [{ startTime: "10:00", durationMinutes: 60 }] }));
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ errorCode: "version_conflict" });
    const reloaded = await api.call("GET", url(), { headers: office });
    expect((reloaded.body as { scheme: Scheme }).scheme.version).toBe(1);
  });

  it("never deletes a period that still holds exams: refuses naming it, then drops the empty ones", async () => {
    const [offering] = await api.ctx.db.select({ id: courseOffering.id }).from(courseOffering).limit(1);
    const periodId = await ensureExamPeriod(api.ctx.db, {
      examCycleId: cycleId,
      date: "2031-03-08",
      startTime: "14:00",
      durationMinutes: 120,
    });
    await api.ctx.db.insert(exam).values({
      examCycleId: cycleId,
      courseOfferingId: (offering as { id: string }).id,
      component: "End Term Exam",
      examType: "EndTerm",
      examDate: "2031-03-08",
      startTime: "14:00",
      durationMinutes: 120,
      examPeriodId: periodId,
    });
    // Saturdays off now: the Saturday afternoon period holds an exam.
    const refused = await put(body({ weekdaysWithoutExams: [6, 7], version: 1 }));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      errorCode: "periods_hold_exams",
      errorMessage:
        "The scheme drops periods that still hold exams: 08-03-2031 14:00 (1 exams). Move their exams first or keep these periods.",
    });
    const kept = await api.ctx.db.select().from(examPeriod).where(eq(examPeriod.examCycleId, cycleId));
    expect(kept).toHaveLength(10);

    // Mornings only: the Saturday afternoon period would go too, so refused.
    const afternoonsGone = await put(
      body({ slots: [{ startTime: "09:00", durationMinutes: 180 }], version: 1 }),
    );
    expect(afternoonsGone.status).toBe(409);

    // One afternoon slot of 90 minutes, the holiday lifted: mornings go (no exams), the exam's period stays.
    const saved = await put(
      body({ slots: [{ startTime: "14:00", durationMinutes: 90 }], datesWithoutExams: [], version: 1 }),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const scheme = (saved.body as { scheme: Scheme }).scheme;
    expect(scheme.version).toBe(2);
    expect(scheme.periods.map((p) => p.date)).toEqual([
      "2031-03-03",
      "2031-03-04",
      "2031-03-05",
      "2031-03-06",
      "2031-03-07",
      "2031-03-08",
    ]);
    const saturday = scheme.periods.find((p) => p.date === "2031-03-08");
    // The period keeps its exam and stays long enough for it.
    expect(saturday).toMatchObject({ startTime: "14:00", exams: 1, durationMinutes: 120 });
    expect(scheme.periods.find((p) => p.date === "2031-03-03")).toMatchObject({ durationMinutes: 90 });
  });

  it("answers 404 for an unknown cycle, 401 signed out, and lets the administrator and the academic office in", async () => {
    const missing = await api.call(
      "GET",
      "/api/sf/exam/examCycles/00000000-0000-4000-8000-000000000000/periodScheme",
      {
        headers: office,
      },
    );
    expect(missing.status).toBe(404);
    const admin = await signInHeaders(api, DEMO_ADMIN.email);
    expect((await api.call("GET", url(), { headers: admin })).status).toBe(200);
    expect((await api.call("GET", url(), { headers: {} })).status).toBe(401);
    const academic = await signInHeaders(api, DEMO_ACADEMIC_OFFICE.email);
    expect((await api.call("GET", url(), { headers: academic })).status).toBe(200);
  });
});
