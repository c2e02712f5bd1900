import { ALL_ROWS_CAP, addDays, EXAM_DATA_SORT_COLUMNS, SORT_DIRECTIONS } from "@portal/domain";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows as readRows } from "../../db/rows.ts";
import {
  auditLog,
  contact,
  courseOffering,
  enrolment,
  exam,
  examCycle,
  examPeriod,
  facility,
  invigilation,
  mailOutbox,
  seatAssignment,
} from "../../db/schema.ts";
import { DEMO_EXAM_CYCLE, DEMO_PAST_EXAM_CYCLE } from "../../demo/seed.ts";
import { countStudentClashes } from "../../test/exam-sittings.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../../test/harness.ts";
import { currentExamCycle, type ExamCycleSummary, getExamDashboard } from "./dashboard.ts";
import { listExamTimetable } from "./timetable.ts";

type Row = {
  id: string;
  course: string;
  courseCode: string;
  dateOfExam: string;
  startTimeOfExam: string;
  duration: number;
  examType: string;
  venue: string;
  studentFacultyRatio: string;
  examCycleId: string;
  version: number;
};
type Cycle = { id: string; name: string; exams: number; startDate: string; endDate: string };
type Dashboard = {
  examCycle: Cycle;
  summary: {
    exams: number;
    periods: number;
    enrolments: number;
    upcomingExams: number;
    completedExams: number;
  };
  clashes: { students: number; faculty: number; roomsOverCapacity: number };
};
type Report = {
  studentClashes: { total: number; items: Array<{ studentId: string; exams: Array<{ examId: string }> }> };
  facultyClashes: { total: number; items: Array<{ facultyId: string }> };
  roomsOverCapacity: { total: number; items: Array<{ roomId: string; seated: number; capacity: number }> };
};

describe.each(testTargets())("exam schedule API on $name", (target) => {
  let api: TestApi;
  let auth: Record<string, string>;
  let current: Cycle;
  let past: Cycle;

  beforeAll(async () => {
    api = await createTestApi(target);
    auth = await signInHeaders(api);
    const res = await api.call("GET", "/api/sf/exam/examCycles", { headers: auth });
    const cycles = (res.body as { examCycles: Cycle[] }).examCycles;
    current = cycles.find((c) => c.name === DEMO_EXAM_CYCLE) as Cycle;
    past = cycles.find((c) => c.name === DEMO_PAST_EXAM_CYCLE) as Cycle;
  });
  afterAll(async () => {
    await api?.close();
  });

  const get = async <T>(url: string) => {
    const res = await api.call("GET", url, { headers: auth });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as T;
  };
  const timetable = (query: string) =>
    get<{ timetable: Row[]; noOfRecords: number }>(`/api/salesforce/TimeTable?${query}`);
  const report = (cycleId = current.id) =>
    get<Report>(`/api/sf/exam/clashReport?examCycleId=${cycleId}&limit=500`);
  const save = (body: unknown) => api.call("POST", "/api/salesforce/TimeTable", { body, headers: auth });
  const item = (r: Row, change: Record<string, unknown> = {}) => ({
    id: r.id,
    duration: r.duration,
    dateOfExam: r.dateOfExam,
    timeOfExam: r.startTimeOfExam,
    examType: r.examType,
    venue: r.venue,
    version: r.version,
    ...change,
  });

  /** Everything a refused write must leave alone. */
  async function snapshot() {
    const db = api.ctx.db;
    const exams = await db
      .select({
        id: exam.id,
        d: exam.examDate,
        t: exam.startTime,
        m: exam.durationMinutes,
        p: exam.examPeriodId,
        v: exam.venue,
        r: exam.studentsPerInvigilator,
      })
      .from(exam)
      .orderBy(asc(exam.id));
    const n = async (t: typeof auditLog | typeof mailOutbox | typeof seatAssignment | typeof examPeriod) =>
      (await db.select({ n: count() }).from(t))[0]?.n;
    return {
      exams,
      audit: await n(auditLog),
      mail: await n(mailOutbox),
      seats: await n(seatAssignment),
      periods: await n(examPeriod),
    };
  }

  it("lists exam cycles with their exam counts", async () => {
    const [stored] = await api.ctx.db
      .select({ n: count() })
      .from(exam)
      .where(eq(exam.examCycleId, current.id));
    expect(current.exams).toBe(stored?.n);
    expect(current.exams).toBeGreaterThan(0);
    expect(past.startDate < current.startDate).toBe(true);
  });

  it("shows the dashboard of the cycle with the next exam, with counts that match the data", async () => {
    const dash = await get<Dashboard>("/api/sf/exam/examDashboard");
    expect(dash.examCycle.id).toBe(current.id);
    expect(dash.summary.exams).toBe(current.exams);
    const [periods] = await api.ctx.db
      .select({ n: count() })
      .from(examPeriod)
      .where(eq(examPeriod.examCycleId, current.id));
    expect(dash.summary.periods).toBe(periods?.n);
    const [enrolments] = await api.ctx.db
      .select({ n: count() })
      .from(exam)
      .innerJoin(enrolment, eq(enrolment.courseOfferingId, exam.courseOfferingId))
      .where(eq(exam.examCycleId, current.id));
    expect(dash.summary.enrolments).toBe(enrolments?.n);
    expect(dash.summary.upcomingExams + dash.summary.completedExams).toBe(current.exams);
    expect(dash.clashes.students).toBe(await countStudentClashes(api.ctx.db, current.id));
    const pastDash = await get<Dashboard>(`/api/sf/exam/examDashboard?examCycleId=${past.id}`);
    expect(pastDash.examCycle.name).toBe(DEMO_PAST_EXAM_CYCLE);
    expect(pastDash.summary.completedExams).toBe(past.exams);
  });

  it("names one default cycle in the cycle list, the one the dashboard opens on", async () => {
    const list = await get<{ examCycles: Cycle[]; defaultExamCycleId: string | null }>(
      "/api/sf/exam/examCycles",
    );
    const dash = await get<Dashboard>("/api/sf/exam/examDashboard");
    expect(list.defaultExamCycleId).toBe(current.id);
    expect(dash.examCycle.id).toBe(list.defaultExamCycleId);
  });

  it("shows the newest cycle that has exams when no exam lies ahead, passing over a newer empty cycle", async () => {
    const [empty] = await api.ctx.db
      .insert(examCycle)
      .values({ name: "Jan 2031 Retest", examType: "Retest", startDate: "2031-01-05", endDate: "2031-01-09" })
      .returning({ id: examCycle.id });
    try {
      const cycles = (await get<{ examCycles: Cycle[] }>("/api/sf/exam/examCycles")).examCycles;
      expect(cycles[0]?.id, "the empty cycle is the newest").toBe(empty?.id);
      const newestWithExams = cycles.find((c) => c.exams > 0);
      // After every exam of the data (a fixed day in 2030), so no cycle holds a next exam.
      const dash = await getExamDashboard(api.ctx.db, Date.parse("2030-06-01T06:00:00Z"), "");
      expect(dash.examCycle.id).toBe(newestWithExams?.id);
      expect((await currentExamCycle(api.ctx.db, "2030-06-01", cycles as ExamCycleSummary[]))?.id).toBe(
        newestWithExams?.id,
      );
      expect(dash.summary.exams).toBeGreaterThan(0);
    } finally {
      if (empty) await api.ctx.db.delete(examCycle).where(eq(examCycle.id, empty.id));
    }
  });

  it("pages the timetable and filters it by course", async () => {
    const first = await timetable(`examCycleId=${current.id}&count=10`);
    expect(first.noOfRecords).toBe(current.exams);
    expect(first.timetable).toHaveLength(Math.min(10, current.exams));
    const keys = first.timetable.map((r) => `${r.dateOfExam} ${r.startTimeOfExam}`);
    expect([...keys].sort()).toEqual(keys);
    const second = await timetable(`examCycleId=${current.id}&count=10&pageNo=2`);
    expect(second.timetable.map((r) => r.id)).not.toContain(first.timetable[0]?.id);
    const one = first.timetable[0] as Row;
    const filtered = await timetable(
      `examCycleId=${current.id}&course=${encodeURIComponent(one.courseCode)}`,
    );
    expect(filtered.timetable.every((r) => r.courseCode === one.courseCode)).toBe(true);
    const detail = await get<{ exam: Row }>(`/api/sf/exam/getExamSetupSPJ/${one.id}`);
    expect(detail.exam).toEqual(one);
  });

  it("answers the page size All (count 0, spec §9) with every row from the first, whatever pageNo says", async () => {
    const all = await timetable(`examCycleId=${current.id}&count=0&pageNo=3`);
    expect(current.exams).toBeGreaterThan(10);
    expect(current.exams).toBeLessThanOrEqual(ALL_ROWS_CAP);
    expect(all.noOfRecords).toBe(current.exams);
    expect(all.timetable).toHaveLength(current.exams);
    const pages: Row[] = [];
    for (let pageNo = 1; pages.length < current.exams; pageNo += 1) {
      pages.push(...(await timetable(`examCycleId=${current.id}&count=10&pageNo=${pageNo}`)).timetable);
    }
    expect(all.timetable.map((r) => r.id)).toEqual(pages.map((r) => r.id));
  });

  it("says when a timetable page's first exam date continues from the page before (firstDateContinued)", async () => {
    type Page = { noOfRecords: number; firstDateContinued: boolean; timetable: Row[] };
    const page = (query: string) => get<Page>(`/api/salesforce/TimeTable?${query}`);
    /** Each later page's flag against the whole list's dates (page size All), for a filter and a page size. */
    const flags = async (filter: string, size: number, whole: string[]) => {
      const found: boolean[] = [];
      for (let pageNo = 2; (pageNo - 1) * size < whole.length; pageNo++) {
        const shown = await page(`${filter}&count=${size}&pageNo=${pageNo}`);
        expect(shown.timetable[0]?.dateOfExam).toBe(whole[(pageNo - 1) * size]);
        // Continued exactly when the last exam of the page before has the same date as this page's first.
        const expected = whole[(pageNo - 1) * size - 1] === shown.timetable[0]?.dateOfExam;
        expect(shown.firstDateContinued, `${filter} count ${size} page ${pageNo}`).toBe(expected);
        found.push(shown.firstDateContinued);
      }
      return found;
    };
    const seen: boolean[] = [];
    for (const filter of [
      `examCycleId=${current.id}`,
      "examCycleId=",
      `examCycleId=${current.id}&course=a`,
    ]) {
      const whole = (await page(`${filter}&count=0`)).timetable.map((r) => r.dateOfExam);
      expect(whole.length, filter).toBeGreaterThan(10);
      expect((await page(`${filter}&count=10&pageNo=1`)).firstDateContinued, filter).toBe(false);
      for (const size of [10, 25]) seen.push(...(await flags(filter, size, whole)));
    }
    // The demo's days hold several exams each: some page boundaries fall inside a date, others between two.
    expect(seen).toContain(true);
    expect(seen).toContain(false);
    // Past the end there is no first date, so nothing continues.
    expect((await page(`examCycleId=${current.id}&count=10&pageNo=1000`)).firstDateContinued).toBe(false);
  });

  it("says the same for a timetable narrowed to a role's reach, counting only the exams within it", async () => {
    const db = api.ctx.db;
    // Every programme of the cycle but the one with the most exams: a reach whose exams share dates
    // (one programme's exams never do) and leave out many exams of those dates.
    const programmes = await readRows<{ programmeId: string }>(
      db,
      sql`select i.programme_id as "programmeId" from exam x
          join course_offering o on o.id = x.course_offering_id join term t on t.id = o.term_id
          join intake i on i.id = t.intake_id where x.exam_cycle_id = ${current.id}
          group by 1 order by count(*) desc, 1`,
    );
    expect(programmes.length).toBeGreaterThan(2);
    const reach = programmes.slice(1).map((p) => p.programmeId);
    const scope = { programmes: `{${reach.join(",")}}`, plans: "{}", sections: "{}", key: "programmes" };
    const q = { examCycleId: current.id, course: "" };
    const whole = (await listExamTimetable(db, { ...q, pageNo: 1, count: ALL_ROWS_CAP }, scope)).timetable;
    expect(whole.length).toBeLessThan(current.exams);
    // The page size that ends page 1 on the first of two exams sharing a date: page 2 continues it.
    // Counted over every exam instead of those in the reach, more exams lie before that date.
    const split = whole.findIndex((row, i) => row.dateOfExam === whole[i + 1]?.dateOfExam) + 1;
    expect(split).toBeGreaterThan(0);
    const seen: boolean[] = [];
    for (const size of [split, 3, 4]) {
      for (let pageNo = 2; (pageNo - 1) * size < whole.length; pageNo++) {
        const shown = await listExamTimetable(db, { ...q, pageNo, count: size }, scope);
        expect(shown.timetable[0]?.id).toBe(whole[(pageNo - 1) * size]?.id);
        const expected = whole[(pageNo - 1) * size - 1]?.dateOfExam === shown.timetable[0]?.dateOfExam;
        expect(shown.firstDateContinued, `count ${size} page ${pageNo}`).toBe(expected);
        seen.push(expected);
      }
    }
    expect(seen).toContain(true);
    expect(seen).toContain(false);
  });

  it("saves a timetable row, normalises the time, mails the faculty and audits the change", async () => {
    const [row] = (await timetable(`examCycleId=${current.id}&count=10`)).timetable as [Row];
    const before = await snapshot();
    const res = await save([
      item(row, {
        dateOfExam: current.endDate,
        timeOfExam: "2:30 PM",
        duration: 150,
        venue: "Main hall",
        studentFacultyRatio: "40:1",
        sendEmail: true,
      }),
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as { message: string }).message).toBe("Exam timetable saved");
    const saved = (await get<{ exam: Row }>(`/api/sf/exam/getExamSetupSPJ/${row.id}`)).exam;
    expect(saved).toMatchObject({
      dateOfExam: current.endDate,
      startTimeOfExam: "14:30",
      duration: 150,
      venue: "Main hall",
      studentFacultyRatio: "40:1",
    });
    const [stored] = await api.ctx.db
      .select({ period: examPeriod })
      .from(exam)
      .innerJoin(examPeriod, eq(examPeriod.id, exam.examPeriodId))
      .where(eq(exam.id, row.id));
    expect(stored?.period).toMatchObject({ date: current.endDate, startTime: "14:30" });
    const after = await snapshot();
    expect(after.audit).toBe((before.audit ?? 0) + 1);
    expect(after.mail).toBe((before.mail ?? 0) + 1);
    const [faculty] = await api.ctx.db
      .select({ email: contact.email })
      .from(exam)
      .innerJoin(courseOffering, eq(courseOffering.id, exam.courseOfferingId))
      .innerJoin(contact, eq(contact.id, courseOffering.facultyId))
      .where(eq(exam.id, row.id));
    const outbox = await get<{ mails: Array<{ subject: string; text: string }> }>(
      `/api/dev/outbox?to=${encodeURIComponent(faculty?.email ?? "")}`,
    );
    expect(outbox.mails[0]?.subject).toContain(row.course);
    expect(outbox.mails[0]?.text).toContain("14:30 (Asia/Kolkata)");
  });

  it("moves an evaluation deadline the new exam date passes, and keeps one it does not", async () => {
    const rows = (await timetable(`examCycleId=${current.id}&count=10`)).timetable as Row[];
    const [moved, kept] = rows.filter((r) => r.dateOfExam <= addDays(current.endDate, -3)).slice(-2) as [
      Row,
      Row,
    ];
    const db = api.ctx.db;
    const deadlineOf = async (id: string) =>
      (await db.select({ d: exam.evaluationDeadline }).from(exam).where(eq(exam.id, id)))[0]?.d;
    await db
      .update(exam)
      .set({ evaluationDeadline: addDays(moved.dateOfExam, 1) })
      .where(eq(exam.id, moved.id));
    await db.update(exam).set({ evaluationDeadline: current.endDate }).where(eq(exam.id, kept.id));
    const res = await save([
      item(moved, { dateOfExam: addDays(moved.dateOfExam, 3) }),
      item(kept, { dateOfExam: addDays(kept.dateOfExam, 1) }),
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // One day after the exam before, one day after the exam still: it moved by the exam's 3 days.
    expect(await deadlineOf(moved.id)).toBe(addDays(moved.dateOfExam, 4));
    expect(await deadlineOf(kept.id)).toBe(current.endDate);
  });

  it("reports a student clash made by a timetable move, and the dashboard sees it at once", async () => {
    // Two exams that share students: the same section's courses of one term.
    const db = api.ctx.db;
    const pairs = await db
      .select({ a: exam.id, offering: exam.courseOfferingId, student: enrolment.studentId })
      .from(exam)
      .innerJoin(enrolment, eq(enrolment.courseOfferingId, exam.courseOfferingId))
      .where(eq(exam.examCycleId, current.id));
    const examsOf = new Map<string, Set<string>>();
    for (const p of pairs) examsOf.set(p.student, (examsOf.get(p.student) ?? new Set()).add(p.a));
    const [student, exams] = [...examsOf.entries()].find(([, e]) => e.size >= 2) as [string, Set<string>];
    const [first, second] = [...exams] as [string, string];
    const rows = (await timetable(`examCycleId=${current.id}&count=100`)).timetable;
    const a = rows.find((r) => r.id === first) as Row;
    const b = rows.find((r) => r.id === second) as Row;
    const dashBefore = await get<Dashboard>(`/api/sf/exam/examDashboard?examCycleId=${current.id}`);
    const res = await save([item(b, { dateOfExam: a.dateOfExam, timeOfExam: a.startTimeOfExam })]);
    expect(res.status).toBe(200);
    // The save says at once which exams the move made clash, and how many students sit both.
    const [shared] = await readRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from exam x
          join exam y on y.id = ${first}
          join enrolment ex on ex.course_offering_id = x.course_offering_id and ex.status = 'Enrolled'
          join enrolment ey on ey.course_offering_id = y.course_offering_id and ey.status = 'Enrolled'
            and ey.student_id = ex.student_id
          where x.id = ${second}`,
    );
    const saved = res.body as { clashes: Array<{ examId: string; otherExamId: string; students: number }> };
    expect(saved.clashes).toContainEqual(
      expect.objectContaining({ examId: second, otherExamId: first, students: shared?.n }),
    );
    // Moving it back: no clash of its own left.
    const back = await save([
      item({ ...b, version: b.version + 1 }, { dateOfExam: b.dateOfExam, timeOfExam: b.startTimeOfExam }),
    ]);
    expect(
      (back.body as { clashes: Array<{ otherExamId: string }> }).clashes.map((c) => c.otherExamId),
    ).not.toContain(first);
    const again = await save([
      item({ ...b, version: b.version + 2 }, { dateOfExam: a.dateOfExam, timeOfExam: a.startTimeOfExam }),
    ]);
    expect(again.status).toBe(200);
    const expected = await countStudentClashes(api.ctx.db, current.id);
    expect(expected).toBeGreaterThan(dashBefore.clashes.students);
    const after = await report();
    expect(after.studentClashes.total).toBe(expected);
    expect(
      after.studentClashes.items.some(
        (c) =>
          c.studentId === student &&
          c.exams
            .map((e) => e.examId)
            .sort()
            .join() === [first, second].sort().join(),
      ),
    ).toBe(true);
    const dashAfter = await get<Dashboard>(`/api/sf/exam/examDashboard?examCycleId=${current.id}`);
    expect(dashAfter.clashes.students).toBe(expected);
  });

  it("reports rooms over capacity and faculty in two rooms at once; a moved exam releases its seats", async () => {
    const db = api.ctx.db;
    const rows = (await timetable(`examCycleId=${current.id}&count=100`)).timetable;
    const target = rows.find((r) => r.dateOfExam !== current.endDate) as Row;
    const [ex] = await db.select().from(exam).where(eq(exam.id, target.id));
    const students = await db
      .select({ id: enrolment.studentId })
      .from(enrolment)
      .where(eq(enrolment.courseOfferingId, ex?.courseOfferingId ?? ""))
      .limit(8);
    const [room, otherRoom] = await db.select().from(facility).orderBy(asc(facility.code)).limit(2);
    if (!ex?.examPeriodId || !room || !otherRoom || students.length < 3)
      throw new Error("demo data too small");
    await db.insert(seatAssignment).values(
      students.map((s, i) => ({
        examPeriodId: ex.examPeriodId as string,
        examId: ex.id,
        studentId: s.id,
        facilityId: room.id,
        seatNumber: i + 1,
      })),
    );
    const seatedRow = (
      await get<{ exam: Row & Record<string, number> }>(`/api/sf/exam/getExamSetupSPJ/${target.id}`)
    ).exam;
    expect(seatedRow).toMatchObject({
      seated: students.length,
      invigilatorsNeeded: 1,
      invigilatorsAssigned: 0,
    });
    await db.update(facility).set({ capacity: 2 }).where(eq(facility.id, room.id));
    const rep = await report();
    const over = rep.roomsOverCapacity.items.find((r) => r.roomId === room.id);
    expect(over).toMatchObject({ capacity: 2, seated: students.length });

    // Faculty: one person in two rooms for two overlapping exams.
    const overlapping = rows.find(
      (r) =>
        r.id !== target.id &&
        r.dateOfExam === target.dateOfExam &&
        r.startTimeOfExam === target.startTimeOfExam,
    );
    const [person] = await db
      .select({ id: contact.id })
      .from(contact)
      .where(eq(contact.kind, "faculty"))
      .limit(1);
    if (overlapping && person) {
      await db.insert(invigilation).values([
        { examId: target.id, facilityId: room.id, facultyId: person.id },
        { examId: overlapping.id, facilityId: otherRoom.id, facultyId: person.id },
      ]);
      const withFaculty = await report();
      expect(withFaculty.facultyClashes.items.map((f) => f.facultyId)).toContain(person.id);
      const dash = await get<Dashboard>(`/api/sf/exam/examDashboard?examCycleId=${current.id}`);
      expect(dash.clashes.faculty).toBe(withFaculty.facultyClashes.total);
      await db.delete(invigilation).where(inArray(invigilation.examId, [target.id, overlapping.id]));
    }

    const moved = await save([item(target, { dateOfExam: current.endDate, timeOfExam: "08:00" })]);
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ seatingCleared: 1 });
    expect((moved.body as { message: string }).message).toContain("released");
    const [left] = await db
      .select({ n: count() })
      .from(seatAssignment)
      .where(eq(seatAssignment.examId, target.id));
    expect(left?.n).toBe(0);
    expect((await report()).roomsOverCapacity.items.find((r) => r.roomId === room.id)).toBeUndefined();
  });

  it("lists upcoming and completed exams (ExamData dueDays, completedIn)", async () => {
    const call = async (body: unknown) => {
      const res = await api.call("POST", "/api/salesforce/ExamData", { body, headers: auth });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as {
        today: string;
        noOfRecords: number;
        exams: Array<{ Deadline: string; daysFromToday: number; Course_Name__c: string; examCycle: string }>;
      };
    };
    const upcoming = await call({ dueDays: 30, count: 100 });
    expect(upcoming.today).toBe("2026-11-02");
    expect(upcoming.noOfRecords).toBeGreaterThan(0);
    expect(upcoming.exams.every((e) => e.daysFromToday >= 0 && e.daysFromToday <= 30)).toBe(true);
    const dates = upcoming.exams.map((e) => e.Deadline);
    expect([...dates].sort()).toEqual(dates);
    expect((await call({ dueDays: 5 })).noOfRecords).toBe(0);
    const completed = await call({ completedIn: 365, count: 100 });
    expect(completed.exams.every((e) => e.daysFromToday < 0 && e.examCycle === DEMO_PAST_EXAM_CYCLE)).toBe(
      true,
    );
    expect(completed.noOfRecords).toBe(past.exams);
    const latestFirst = completed.exams.map((e) => e.Deadline);
    expect([...latestFirst].sort().reverse()).toEqual(latestFirst);
    const bad = await api.call("POST", "/api/salesforce/ExamData", {
      body: { dueDays: 3, completedIn: 3 },
      headers: auth,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: "completedIn" });
  });

  it.each(
    EXAM_DATA_SORT_COLUMNS.flatMap((sortBy) =>
      SORT_DIRECTIONS.map((sortDirection) => ({ sortBy, sortDirection })),
    ),
  )("sorts ExamData by $sortBy $sortDirection: its pages hold each exam once", async (sort) => {
    const call = async (body: Record<string, unknown>) => {
      const res = await api.call("POST", "/api/salesforce/ExamData", { body, headers: auth });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { noOfRecords: number; exams: Array<{ Id: string; Deadline: string }> };
    };
    for (const kind of [{ dueDays: 366 }, { completedIn: 3660 }]) {
      const whole = await call({ ...kind, count: 0 });
      expect(whole.noOfRecords).toBeGreaterThan(10);
      const exams: Array<{ Id: string; Deadline: string }> = [];
      for (let pageNo = 1; exams.length < whole.noOfRecords; pageNo++) {
        const page = await call({ ...kind, ...sort, pageNo, count: 10 });
        expect(page.noOfRecords).toBe(whole.noOfRecords);
        expect(page.exams.length).toBeGreaterThan(0);
        exams.push(...page.exams);
      }
      const ids = exams.map((e) => e.Id);
      expect(new Set(ids).size).toBe(whole.noOfRecords);
      expect([...ids].sort()).toEqual(whole.exams.map((e) => e.Id).sort());
      if (sort.sortBy === "date") {
        const dates = exams.map((e) => e.Deadline);
        const ordered = [...dates].sort();
        expect(dates).toEqual(sort.sortDirection === "asc" ? ordered : ordered.reverse());
      }
    }
  });

  it("says when a page's first exam date continues from the page before (ExamData firstDateContinued)", async () => {
    type Page = { noOfRecords: number; firstDateContinued: boolean; exams: Array<{ Deadline: string }> };
    const call = async (body: Record<string, unknown>) => {
      const res = await api.call("POST", "/api/salesforce/ExamData", { body, headers: auth });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as Page;
    };
    const seen: boolean[] = [];
    for (const order of [
      { dueDays: 366 },
      { completedIn: 3660 },
      { dueDays: 366, sortBy: "date", sortDirection: "desc" },
    ]) {
      const whole = (await call({ ...order, count: 0 })).exams.map((e) => e.Deadline);
      expect(whole.length).toBeGreaterThan(10);
      for (let pageNo = 1; (pageNo - 1) * 10 < whole.length; pageNo++) {
        const page = await call({ ...order, pageNo, count: 10 });
        // Continued exactly when the last exam of the page before has the same date as this page's first.
        const expected = pageNo > 1 && whole[(pageNo - 1) * 10 - 1] === page.exams[0]?.Deadline;
        expect(page.firstDateContinued, `${JSON.stringify(order)} page ${pageNo}`).toBe(expected);
        seen.push(page.firstDateContinued);
      }
    }
    // The demo's exams share dates across pages and start new dates on others: both answers occur.
    expect(seen).toContain(true);
    expect(seen).toContain(false);
    // Under another sort there are no date groups, so nothing continues; past the end neither.
    for (let pageNo = 1; pageNo <= 3; pageNo++) {
      expect((await call({ dueDays: 366, sortBy: "courseName", pageNo, count: 10 })).firstDateContinued).toBe(
        false,
      );
    }
    expect((await call({ dueDays: 366, pageNo: 1000, count: 10 })).firstDateContinued).toBe(false);
  });

  it("answers 400 naming the field for an unknown ExamData sort", async () => {
    for (const body of [{ sortBy: "Id" }, { sortBy: "term", sortDirection: "up" }]) {
      const res = await api.call("POST", "/api/salesforce/ExamData", { body, headers: auth });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ field: Object.keys(body).at(-1) });
    }
  });

  describe("refused timetable saves leave everything unchanged", () => {
    const cases: Array<[string, (r: Row) => unknown, number, string | undefined]> = [
      ["an unknown exam", (r) => [item(r, { id: "00000000-0000-4000-8000-000000000000" })], 404, "0.id"],
      ["an id that is not an exam id", (r) => [item(r, { id: "nope" })], 404, "0.id"],
      ["a date outside the exam cycle", (r) => [item(r, { dateOfExam: "2027-01-15" })], 400, "0.dateOfExam"],
      ["an impossible date", (r) => [item(r, { dateOfExam: "2026-02-30" })], 400, "0.dateOfExam"],
      ["a time that is no time", (r) => [item(r, { timeOfExam: "25:00" })], 400, "0.timeOfExam"],
      ["a duration too short", (r) => [item(r, { duration: 5 })], 400, "0.duration"],
      ["a duration that is text", (r) => [item(r, { duration: "90" })], 400, "0.duration"],
      ["an unknown exam type", (r) => [item(r, { examType: "Final" })], 400, "0.examType"],
      ["a bad ratio", (r) => [item(r, { studentFacultyRatio: "many" })], 400, "0.studentFacultyRatio"],
      ["the same exam twice", (r) => [item(r), item(r)], 400, "1.id"],
      ["an empty list", () => [], 400, undefined],
      ["an object instead of a list", (r) => item(r), 400, undefined],
      [
        "a good row followed by a bad one",
        (r) => [item(r, { venue: "Changed" }), item(r, { id: "00000000-0000-4000-8000-000000000001" })],
        404,
        "1.id",
      ],
    ];
    it.each(cases)("%s", async (_name, body, status, field) => {
      const [row] = (await timetable(`examCycleId=${current.id}&count=10`)).timetable as [Row];
      const before = await snapshot();
      const res = await save(body(row));
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      if (field) expect(res.body).toMatchObject({ success: false, field });
      expect(await snapshot()).toEqual(before);
    });

    it("a date outside the exam cycle names the cycle and its dates as params for the screen", async () => {
      const [row] = (await timetable(`examCycleId=${current.id}&count=10`)).timetable as [Row];
      const res = await save([item(row, { dateOfExam: "2027-01-15" })]);
      expect(res.body).toMatchObject({
        rule: "exam_cycle",
        params: { cycle: current.name, min: current.startDate, max: current.endDate },
      });
    });

    it("malformed JSON, and no sign-in", async () => {
      const before = await snapshot();
      const malformed = await api.call("POST", "/api/salesforce/TimeTable", { rawBody: "[{", headers: auth });
      expect(malformed.status).toBe(400);
      const anonymous = await api.call("PATCH", "/api/sf/exam/update/exam", { body: [] });
      expect(anonymous.status).toBe(401);
      expect(await snapshot()).toEqual(before);
    });
  });

  it("answers 404 for unknown cycles and exams, 400 for bad queries", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const url of [
      `/api/sf/exam/clashReport?examCycleId=${unknown}`,
      `/api/sf/exam/examDashboard?examCycleId=${unknown}`,
      `/api/sf/exam/getExamSetupSPJ/${unknown}`,
      "/api/sf/exam/getExamSetupSPJ/x",
    ]) {
      expect((await api.call("GET", url, { headers: auth })).status, url).toBe(404);
    }
    for (const url of [
      "/api/sf/exam/clashReport",
      `/api/sf/exam/clashReport?examCycleId=${current.id}&limit=9999`,
      "/api/salesforce/TimeTable?count=7",
      "/api/salesforce/TimeTable?count=500",
      "/api/salesforce/TimeTable?count=all",
      "/api/salesforce/TimeTable?pageNo=0",
    ]) {
      expect((await api.call("GET", url, { headers: auth })).status, url).toBe(400);
    }
    const [cycle] = await api.ctx.db
      .select()
      .from(examCycle)
      .where(and(eq(examCycle.id, current.id)));
    expect(cycle?.name).toBe(DEMO_EXAM_CYCLE);
  });
});
