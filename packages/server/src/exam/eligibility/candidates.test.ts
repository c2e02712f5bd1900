import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courseOffering, enrolment, exam, examCycle, retestRequest, term } from "../../db/schema.ts";
import { DEMO_RETEST_CYCLE } from "../../demo/revaluation.ts";
import { DEMO_EXAM_OFFICE } from "../../demo/seed.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../../test/harness.ts";
import { ensureExamPeriod } from "../schedule/periods.ts";

type ListRow = { id: string; courseOfferingId: string; requests: number };
type RetestRow = { id: string; studentId: string; state: string; version: number };
type Seating = {
  noOfRecords: number;
  seated: number;
  sections: Array<{ examId: string; students: number }>;
  seatingArrangement: Array<{ studentId: string; roomId: string | null }>;
};
type Status = { noOfRecords: number; students: Array<{ id: string }> };
type Clashes = { studentClashes: { total: number; items: Array<{ studentId: string }> } };

const sorted = (ids: Iterable<string>) => [...ids].sort();

/**
 * Who sits an exam (candidates.ts): a retest exam made by Create Retest Exam is sat only by the
 * students it schedules, in its seating plan, eligibility and the clash report; a regular exam of the
 * same course offering keeps every enrolled student.
 */
describe.each(testTargets())("exam candidates ($name)", (target) => {
  let api: TestApi;
  let headers: Record<string, string>;
  let retestExamId: string;
  let regularExamId: string;
  let offeringId: string;
  let scheduled: string[];
  let enrolled: string[];
  let cycleId: string;

  const get = async <T>(url: string): Promise<T> => {
    const res = await api.call("GET", url, { headers });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as T;
  };

  beforeAll(async () => {
    api = await createTestApi(target);
    headers = await signInHeaders(api, DEMO_EXAM_OFFICE.email);
    const listed = await api.call("POST", "/api/salesforce/RetestRevaluationDetails", {
      headers,
      body: { type: "Retest", count: 25 },
    });
    const row = (listed.body as { rows: ListRow[] }).rows.find((r) => r.requests === 3) as ListRow;
    offeringId = row.courseOfferingId;
    const data = await api.call("POST", "/api/salesforce/ReetstData", {
      headers,
      body: { CourseId: row.id, type: "Retest" },
    });
    const pending = (data.body as { StudentList: RetestRow[] }).StudentList.filter(
      (r) => r.state === "Pending",
    );
    const ok = await api.call("PATCH", "/api/sf/exam/update/retest", {
      headers,
      body: pending.map((r) => ({ id: r.id, RevalAccept: "Accept", version: r.version })),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const [o] = await api.ctx.db
      .select({ courseId: courseOffering.courseId, termId: courseOffering.termId, batch: term.intakeId })
      .from(courseOffering)
      .innerJoin(term, eq(term.id, courseOffering.termId))
      .where(eq(courseOffering.id, offeringId));
    const options = await api.call("GET", "/api/salesforce/CreateRetest", { headers });
    const t = (options.body as { TermList: Array<{ TermId: string; batch: string }> }).TermList.find(
      (x) => x.TermId === o?.termId,
    ) as { TermId: string; batch: string };
    const created = await api.call("POST", "/api/salesforce/CreateRetest", {
      headers,
      body: [
        {
          term: t.TermId,
          course: o?.courseId,
          batch: t.batch,
          examCycle: DEMO_RETEST_CYCLE.name,
          dateOfExam: "2026-12-11",
          startTimeOfExam: "09:00",
          duration: 90,
          examType: "ReTest",
          examTimeZone: "Asia/Kolkata",
          studentFacultyRatio: "50:30",
          examMode: "offline",
        },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const made = (created.body as { exams: Array<{ id: string; courseOfferingId: string }> }).exams;
    retestExamId = (made.find((e) => e.courseOfferingId === offeringId) as { id: string }).id;
    scheduled = sorted(
      (
        await api.ctx.db
          .select({ id: retestRequest.studentId })
          .from(retestRequest)
          .where(eq(retestRequest.retestExamId, retestExamId))
      ).map((r) => r.id),
    );
    enrolled = sorted(
      (
        await api.ctx.db
          .select({ id: enrolment.studentId })
          .from(enrolment)
          .where(and(eq(enrolment.courseOfferingId, offeringId), eq(enrolment.status, "Enrolled")))
      ).map((r) => r.id),
    );
    const [regular] = await api.ctx.db
      .select({ id: exam.id })
      .from(exam)
      .where(and(eq(exam.courseOfferingId, offeringId), eq(exam.examType, "EndTerm")))
      .orderBy(asc(exam.examDate))
      .limit(1);
    regularExamId = regular?.id as string;
    const [cycle] = await api.ctx.db
      .select({ id: examCycle.id })
      .from(examCycle)
      .where(eq(examCycle.name, DEMO_RETEST_CYCLE.name));
    cycleId = cycle?.id as string;
  }, 180_000);

  afterAll(async () => {
    await api?.close();
  });

  it("the data set has a retest exam of some, not all, of the offering's students", () => {
    expect(scheduled.length).toBeGreaterThan(0);
    expect(enrolled.length).toBeGreaterThan(scheduled.length);
    expect(scheduled.every((s) => enrolled.includes(s))).toBe(true);
    expect(regularExamId).toBeTruthy();
  });

  it("the seating plan of a retest exam lists and seats exactly its retest students", async () => {
    const url = `/api/salesforce/seatingPlan/retrieve?examId=${retestExamId}&count=100`;
    const before = await get<Seating>(url);
    expect(before.noOfRecords).toBe(scheduled.length);
    expect(sorted(before.seatingArrangement.map((s) => s.studentId))).toEqual(scheduled);
    expect(before.sections.find((s) => s.examId === retestExamId)?.students).toBe(scheduled.length);
    const generated = await api.call("POST", "/api/salesforce/seatingPlan/generate", {
      headers,
      body: { examId: retestExamId },
    });
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    const after = await get<Seating>(url);
    expect(after.seated).toBe(scheduled.length);
    expect(sorted(after.seatingArrangement.filter((s) => s.roomId).map((s) => s.studentId))).toEqual(
      scheduled,
    );
    const refused = await api.call("POST", "/api/salesforce/seatingPlan/save", {
      headers,
      body: {
        examId: retestExamId,
        version: (after as unknown as { version: number }).version,
        seats: [
          {
            studentId: enrolled.find((s) => !scheduled.includes(s)),
            roomId: after.seatingArrangement[0]?.roomId,
            seatNumber: 1,
          },
        ],
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errorCode: "student_not_in_exam" });
  });

  it("a regular exam of the same offering keeps every enrolled student", async () => {
    const plan = await get<Seating>(`/api/salesforce/seatingPlan/retrieve?examId=${regularExamId}&count=100`);
    expect(plan.noOfRecords).toBe(enrolled.length);
    const status = await get<Status>(`/api/sf/exam/studentStatus/${regularExamId}?count=100`);
    expect(status.noOfRecords).toBe(enrolled.length);
    expect(sorted(status.students.map((s) => s.id))).toEqual(enrolled);
  });

  it("eligibility of a retest exam lists exactly its retest students and refuses a decision on another", async () => {
    const status = await get<Status>(`/api/sf/exam/studentStatus/${retestExamId}?count=100`);
    expect(status.noOfRecords).toBe(scheduled.length);
    expect(sorted(status.students.map((s) => s.id))).toEqual(scheduled);
    const other = enrolled.find((s) => !scheduled.includes(s));
    const res = await api.call("PATCH", "/api/sf/exam/update/eligibily", {
      headers,
      body: [
        { examId: retestExamId, studentId: other, eligibility_status: "Eligible", reason: "x", version: 0 },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorCode: "student_not_enrolled" });
  });

  it("the clash report counts only the retest students as sitting the retest exam", async () => {
    // Another exam of the same offering in the same cycle, overlapping the retest: every enrolled
    // student sits it, only the retest students sit both.
    const slot = { examCycleId: cycleId, date: "2026-12-11", startTime: "10:00", durationMinutes: 60 };
    await api.ctx.db.insert(exam).values({
      ...slot,
      examDate: slot.date,
      courseOfferingId: offeringId,
      component: "Make-up Exam",
      examType: "EndTerm",
      examPeriodId: await ensureExamPeriod(api.ctx.db, slot),
    });
    const report = await get<Clashes>(`/api/sf/exam/clashReport?examCycleId=${cycleId}&limit=500`);
    expect(report.studentClashes.total).toBe(scheduled.length);
    expect(sorted(report.studentClashes.items.map((c) => c.studentId))).toEqual(scheduled);
  });
});
