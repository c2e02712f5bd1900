import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exam, facility } from "../db/schema.ts";
import { DEMO_EXAM_CYCLE } from "../demo/seed.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";

type Row = {
  id: string;
  duration: number;
  dateOfExam: string;
  startTimeOfExam: string;
  examType: string;
  venue: string;
  studentFacultyRatio: string;
  version: number;
};

describe.each(testTargets())("row versions on $name", (target) => {
  let api: TestApi;
  let auth: Record<string, string>;
  let rows: Row[];

  beforeAll(async () => {
    api = await createTestApi(target);
    auth = await signInHeaders(api);
    const cycles = await api.call("GET", "/api/sf/exam/examCycles", { headers: auth });
    const cycle = (cycles.body as { examCycles: Array<{ id: string; name: string }> }).examCycles.find(
      (c) => c.name === DEMO_EXAM_CYCLE,
    );
    const res = await api.call("GET", `/api/salesforce/TimeTable?examCycleId=${cycle?.id}&count=25`, {
      headers: auth,
    });
    rows = (res.body as { timetable: Row[] }).timetable;
  });
  afterAll(async () => {
    await api?.close();
  });

  const item = (r: Row, change: Record<string, unknown>) => ({
    id: r.id,
    duration: r.duration,
    dateOfExam: r.dateOfExam,
    timeOfExam: r.startTimeOfExam,
    examType: r.examType,
    venue: r.venue,
    version: r.version,
    ...change,
  });
  const stored = async (id: string) => {
    const [row] = await api.ctx.db
      .select({ venue: exam.venue, duration: exam.durationMinutes, version: exam.version })
      .from(exam)
      .where(eq(exam.id, id));
    return row;
  };
  const update = (body: unknown) => api.call("PATCH", "/api/sf/exam/update/exam", { body, headers: auth });

  it("a fresh version saves and moves the version on; the stale copy is refused and writes nothing", async () => {
    const r = rows[0] as Row;
    expect(r.version).toBe(1);
    // B saves a new venue with the version both read.
    const b = await update([item(r, { venue: "Hall B" })]);
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    expect(await stored(r.id)).toMatchObject({ venue: "Hall B", version: 2 });
    // A saves its older copy with a new duration: refused, B's venue kept.
    const a = await update([item(r, { duration: r.duration + 30 })]);
    expect(a.status).toBe(409);
    expect(a.body).toMatchObject({ success: false, errorCode: "version_conflict", field: "0.version" });
    expect((a.body as { errorMessage: string }).errorMessage).toMatch(
      /^This exam was changed by someone else/,
    );
    expect(await stored(r.id)).toMatchObject({ venue: "Hall B", duration: r.duration, version: 2 });
    const detail = await api.call("GET", `/api/sf/exam/getExamSetupSPJ/${r.id}`, { headers: auth });
    expect((detail.body as { exam: Row }).exam.version).toBe(2);
  });

  it("a batch with one stale row writes none of its rows", async () => {
    const [x, y] = [rows[1] as Row, rows[2] as Row];
    const res = await update([
      item(x, { venue: "First" }),
      item(y, { venue: "Second", version: y.version + 5 }),
    ]);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ errorCode: "version_conflict", field: "1.version" });
    expect(await stored(x.id)).toMatchObject({ venue: x.venue, version: x.version });
  });

  it.each([
    ["missing", undefined],
    ["text", "1"],
    ["negative", -1],
    ["fraction", 1.5],
  ])("a %s version is a 400 naming the field", async (_name, version) => {
    const r = rows[3] as Row;
    const res = await update([{ ...item(r, {}), version }]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorCode: "validation_failed", field: "0.version" });
    expect(await stored(r.id)).toMatchObject({ version: r.version });
  });

  it("of two concurrent saves of one version exactly one wins", async () => {
    const r = rows[4] as Row;
    const answers = await Promise.all([
      update([item(r, { venue: "One" })]),
      update([item(r, { venue: "Two" })]),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = answers.findIndex((a) => a.status === 200);
    expect(await stored(r.id)).toMatchObject({ venue: winner === 0 ? "One" : "Two", version: r.version + 1 });
  });

  it("room codes are unique regardless of case, also for two concurrent creations", async () => {
    const rooms = await api.call("GET", "/api/salesforce/FacilityData", { headers: auth });
    const campusId = (rooms.body as { campuses: Array<{ id: string }> }).campuses[0]?.id;
    const create = (code: string) =>
      api.call("POST", "/api/salesforce/FacilityData", {
        headers: auth,
        body: { code, name: `Room ${code}`, capacity: 20, campusId },
      });
    const answers = await Promise.all([create("case-room-1"), create("CASE-ROOM-1")]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)?.body).toMatchObject({
      errorCode: "duplicate_code",
      field: "code",
    });
    const stored = await api.ctx.db.select({ code: facility.code }).from(facility);
    expect(stored.filter((f) => f.code.toLowerCase() === "case-room-1")).toHaveLength(1);
    // The database itself refuses a case twin, whoever writes it.
    await expect(
      api.ctx.db.insert(facility).values({ code: "Case-Room-1", name: "Twin", capacity: 5, campusId }),
    ).rejects.toThrow();
  });
});
