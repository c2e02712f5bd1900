import { MODERATION_SAMPLE_SIZE, moderationSample } from "@portal/domain";
import { and, asc, count, eq, inArray, notInArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  answerSheet,
  auditLog,
  courseOffering,
  enrolment,
  exam,
  examCycle,
  moderation,
  retestRequest,
  revaluationRequest,
  studentGrade,
  studentMark,
} from "../db/schema.ts";
import { DEMO_RETEST_CYCLE } from "../demo/revaluation.ts";
import { DEMO_ACADEMIC_OFFICE, DEMO_EXAM_OFFICE } from "../demo/seed.ts";
import { ensureExamPeriod } from "../exam/public.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";

type ListRow = { id: string; courseId: string; courseOfferingId: string; pending: number; requests: number };
type RevalRow = {
  id: string;
  studentId: string;
  subComponentId: string;
  Marks: number;
  TotalMarks: number;
  state: string;
  RevalAccept: string | null;
  RevalutionStatus: string;
  answerSheetAvailable: boolean;
  version: number;
};
type RetestRow = { id: string; studentId: string; state: string; RevalAccept: string; version: number };
type Students<R> = { examId: string; courseOfferingId: string; Count: number; StudentList: R[] };

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");

describe.each(testTargets())("revaluation, retest and moderation API ($name)", (target) => {
  let api: TestApi;
  let headers: Record<string, string>;
  let revalRows: ListRow[];
  let retestRows: ListRow[];

  /** Every table these calls write, and the audit row count, to compare around a refused call. */
  async function snapshot(): Promise<string> {
    const db = api.ctx.db;
    const [audits] = await db.select({ n: count() }).from(auditLog);
    return JSON.stringify({
      reval: await db.select().from(revaluationRequest).orderBy(asc(revaluationRequest.id)),
      retest: await db.select().from(retestRequest).orderBy(asc(retestRequest.id)),
      sheets: await db.select().from(answerSheet).orderBy(asc(answerSheet.id)),
      moderations: await db.select().from(moderation).orderBy(asc(moderation.id)),
      marks: await db.select().from(studentMark).orderBy(asc(studentMark.id)),
      grades: await db.select().from(studentGrade).orderBy(asc(studentGrade.id)),
      exams: await db.select().from(exam).orderBy(asc(exam.id)),
      audits: audits?.n,
    });
  }

  /** Calls expecting `status`, an error naming `field` (when given), and no change to any table. */
  async function refused(method: string, url: string, body: unknown, status: number, field?: string) {
    const before = await snapshot();
    const res = await api.call(method, url, { headers, body });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (field) expect(res.body).toMatchObject({ success: false, field });
    expect(await snapshot()).toBe(before);
    return res.body as { errorMessage: string; errorCode?: string; field?: string; rule?: string };
  }

  const list = async (type: "Revaluation" | "Retest") => {
    const res = await api.call("POST", "/api/salesforce/RetestRevaluationDetails", {
      headers,
      body: { type, count: 25 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as { rows: ListRow[] }).rows;
  };
  const students = async <R>(CourseId: string, type: "Revaluation" | "Retest") => {
    const res = await api.call("POST", "/api/salesforce/ReetstData", { headers, body: { CourseId, type } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Students<R>;
  };
  const reval = (items: unknown[]) =>
    api.call("PATCH", "/api/sf/exam/update/revaluation", { headers, body: items });
  const retest = (items: unknown[]) =>
    api.call("PATCH", "/api/sf/exam/update/retest", { headers, body: items });
  const markOf = async (studentId: string, subComponentId: string) => {
    const [m] = await api.ctx.db
      .select()
      .from(studentMark)
      .where(and(eq(studentMark.studentId, studentId), eq(studentMark.subComponentId, subComponentId)));
    return m as typeof studentMark.$inferSelect;
  };

  beforeAll(async () => {
    api = await createTestApi(target);
    headers = await signInHeaders(api, DEMO_EXAM_OFFICE.email);
    revalRows = await list("Revaluation");
    retestRows = await list("Retest");
  }, 120_000);

  afterAll(async () => {
    await api?.close();
  });

  it("lists one row per exam with requests, paged 25/50/100, also through the legacy entry", async () => {
    expect(revalRows.length).toBe(2);
    expect(retestRows.length).toBe(2);
    expect(revalRows.reduce((n, r) => n + r.requests, 0)).toBe(7);
    const legacy = await api.call("POST", "/api/salesforce?endpoint=RetestRevaluationDetails", {
      headers,
      body: { type: "Retest", count: 50 },
    });
    expect(legacy.status).toBe(200);
    expect((legacy.body as { noOfRecords: number }).noOfRecords).toBe(2);
    await refused(
      "POST",
      "/api/salesforce/RetestRevaluationDetails",
      { type: "Revaluation", count: 30 },
      400,
      "count",
    );
    await refused("POST", "/api/salesforce/RetestRevaluationDetails", { type: "Moderation" }, 400, "type");
    await refused("POST", "/api/salesforce/RetestRevaluationDetails", {}, 400, "type");
  });

  it("lists a revaluation's students with the mark as the marks store holds it", async () => {
    const row = revalRows.find((r) => r.requests === 5) as ListRow;
    const s = await students<RevalRow>(row.id, "Revaluation");
    expect(s.Count).toBe(5);
    expect(s.StudentList.map((r) => r.state).sort()).toEqual(
      ["Accepted", "Completed", "Evaluator Assigned", "Rejected", "Requested"].sort(),
    );
    for (const r of s.StudentList)
      expect(r.Marks).toBe((await markOf(r.studentId, r.subComponentId)).marksObtained);
    await refused(
      "POST",
      "/api/salesforce/ReetstData",
      { CourseId: crypto.randomUUID(), type: "Revaluation" },
      404,
      "CourseId",
    );
    await refused("POST", "/api/salesforce/ReetstData", { type: "Retest" }, 400, "CourseId");
  });

  it("accept, assign an evaluator, complete with a mark: the marks store has the new mark, the previous one, and an audit row", async () => {
    const row = revalRows.find((r) => r.requests === 5) as ListRow;
    const req = (await students<RevalRow>(row.id, "Revaluation")).StudentList.find(
      (r) => r.state === "Requested",
    ) as RevalRow;
    const before = await markOf(req.studentId, req.subComponentId);
    const [gradeBefore] = await api.ctx.db
      .select()
      .from(studentGrade)
      .where(
        and(
          eq(studentGrade.studentId, req.studentId),
          eq(studentGrade.courseOfferingId, row.courseOfferingId),
        ),
      );

    const accepted = await reval([{ id: req.id, RevalAccept: "Accept", version: req.version }]);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({
      requests: [{ state: "Accepted", RevalAccept: "Accept", version: 2 }],
    });

    const evaluators = await api.call("GET", `/api/sf/exam/revaluationEvaluators/${row.id}`, { headers });
    const evaluator = (evaluators.body as { data: Array<{ facultyId: string }> }).data[0]?.facultyId;
    expect(evaluator).toBeDefined();
    const assigned = await reval([{ id: req.id, EvaluatorAssignedID: evaluator, version: 2 }]);
    expect(assigned.body).toMatchObject({ requests: [{ state: "Evaluator Assigned", version: 3 }] });

    const revised = before.marksObtained === before.totalMarks ? before.totalMarks - 10 : before.totalMarks;
    const done = await reval([
      {
        id: req.id,
        RevalutionStatus: "Completed",
        revisedMarks: revised,
        reason: "Question 3 re-marked",
        version: 3,
      },
    ]);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({
      requests: [{ state: "Completed", RevalutionStatus: "Completed", version: 4 }],
    });

    const after = await markOf(req.studentId, req.subComponentId);
    expect(after).toMatchObject({
      marksObtained: revised,
      previousMarksObtained: before.marksObtained,
      source: "revaluation",
      reason: "Question 3 re-marked",
      version: before.version + 1,
    });
    const audits = await api.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "student_mark"), eq(auditLog.entityId, before.id)));
    expect(audits.at(-1)).toMatchObject({
      action: "change_mark",
      actorEmail: DEMO_EXAM_OFFICE.email,
      before: { marksObtained: before.marksObtained },
      after: { marksObtained: revised, source: "revaluation", revaluationRequestId: req.id },
    });
    const [gradeAfter] = await api.ctx.db
      .select()
      .from(studentGrade)
      .where(
        and(
          eq(studentGrade.studentId, req.studentId),
          eq(studentGrade.courseOfferingId, row.courseOfferingId),
        ),
      );
    expect(gradeAfter?.totalPercent).not.toBe(gradeBefore?.totalPercent);
    const shown = (await students<RevalRow>(row.id, "Revaluation")).StudentList.find((r) => r.id === req.id);
    expect(shown).toMatchObject({ Marks: revised, RevalutionStatus: "Completed", RevalAccept: "Accept" });
  });

  it("a rejected request changes no mark (second variant's RevaluationRequestStatus)", async () => {
    const row = revalRows.find((r) => r.requests === 2) as ListRow;
    const req = (await students<RevalRow>(row.id, "Revaluation")).StudentList[0] as RevalRow;
    const marksBefore = JSON.stringify(
      await api.ctx.db.select().from(studentMark).orderBy(asc(studentMark.id)),
    );
    const res = await reval([
      { id: req.id, RevaluationRequestStatus: "Reject", reason: "No error found", version: req.version },
    ]);
    expect(res.body).toMatchObject({
      requests: [{ state: "Rejected", RevalAccept: "Reject", RevalutionStatus: "Pending" }],
    });
    expect(JSON.stringify(await api.ctx.db.select().from(studentMark).orderBy(asc(studentMark.id)))).toBe(
      marksBefore,
    );
  });

  it("refuses bad revaluation updates and changes nothing", async () => {
    const row = revalRows.find((r) => r.requests === 2) as ListRow;
    const list5 = (
      await students<RevalRow>((revalRows.find((r) => r.requests === 5) as ListRow).id, "Revaluation")
    ).StudentList;
    const open = (await students<RevalRow>(row.id, "Revaluation")).StudentList.find(
      (r) => r.state === "Requested",
    ) as RevalRow;
    const rejected = list5.find((r) => r.state === "Rejected") as RevalRow;
    const assigned = list5.find((r) => r.state === "Evaluator Assigned") as RevalRow;
    const url = "/api/sf/exam/update/revaluation";
    await refused(
      "PATCH",
      url,
      [{ id: crypto.randomUUID(), RevalAccept: "Accept", version: 1 }],
      404,
      "0.id",
    );
    await refused("PATCH", url, [{ id: "not-an-id", RevalAccept: "Accept", version: 1 }], 404, "0.id");
    let e = await refused(
      "PATCH",
      url,
      [{ id: rejected.id, RevalAccept: "Accept", version: rejected.version }],
      409,
      "0.RevalAccept",
    );
    expect(e.errorCode).toBe("illegal_transition");
    e = await refused(
      "PATCH",
      url,
      [{ id: open.id, RevalutionStatus: "Completed", revisedMarks: 1, reason: "x", version: open.version }],
      409,
      "0.RevalutionStatus",
    );
    expect(e.errorCode).toBe("illegal_transition");
    e = await refused(
      "PATCH",
      url,
      [{ id: open.id, RevalAccept: "Accept", version: open.version + 1 }],
      409,
      "0.version",
    );
    expect(e.errorCode).toBe("version_conflict");
    await refused("PATCH", url, [{ id: open.id, RevalAccept: "Accept" }], 400, "0.version");
    await refused(
      "PATCH",
      url,
      [{ id: open.id, RevalAccept: "Maybe", version: open.version }],
      400,
      "0.RevalAccept",
    );
    await refused("PATCH", url, [], 400);
    // Completion needs a mark within the total and a reason; a batch with one bad item writes nothing.
    await refused(
      "PATCH",
      url,
      [
        {
          id: assigned.id,
          RevalutionStatus: "Completed",
          revisedMarks: assigned.TotalMarks + 1,
          reason: "r",
          version: assigned.version,
        },
      ],
      400,
      "0.revisedMarks",
    );
    await refused(
      "PATCH",
      url,
      [{ id: assigned.id, RevalutionStatus: "Completed", revisedMarks: 1, version: assigned.version }],
      400,
      "0.reason",
    );
    await refused(
      "PATCH",
      url,
      [{ id: assigned.id, RevalutionStatus: "Completed", reason: "r", version: assigned.version }],
      400,
      "0.revisedMarks",
    );
    await refused(
      "PATCH",
      url,
      [
        { id: open.id, RevalAccept: "Accept", version: open.version },
        { id: assigned.id, EvaluatorAssignedID: crypto.randomUUID(), version: assigned.version },
      ],
      400,
      "1.EvaluatorAssignedID",
    );
  });

  it("of two concurrent updates of one request with one version exactly one wins", async () => {
    const row = revalRows.find((r) => r.requests === 2) as ListRow;
    const open = (await students<RevalRow>(row.id, "Revaluation")).StudentList.find(
      (r) => r.state === "Requested",
    ) as RevalRow;
    const answers = await Promise.all([
      reval([{ id: open.id, RevalAccept: "Accept", version: open.version }]),
      reval([{ id: open.id, RevalAccept: "Reject", version: open.version }]),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.findIndex((a) => a.status === 200);
    const [stored] = await api.ctx.db
      .select()
      .from(revaluationRequest)
      .where(eq(revaluationRequest.id, open.id));
    expect(stored).toMatchObject({
      state: winner === 0 ? "Accepted" : "Rejected",
      version: open.version + 1,
    });
    // The loser, sent again with the version it read, is stale.
    const again = await reval([{ id: open.id, RevalAccept: "Accept", version: open.version }]);
    expect(again.status).toBe(409);
  });

  it("answer sheets: PDF only, kept in the file store, and RequestAnswer shows the question paper and the sheet", async () => {
    const row = revalRows.find((r) => r.requests === 5) as ListRow;
    const req = (await students<RevalRow>(row.id, "Revaluation")).StudentList.find(
      (r) => !r.answerSheetAvailable,
    ) as RevalRow;
    const before = await api.call("POST", "/api/salesforce/RequestAnswer", { headers, body: { id: req.id } });
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body).toMatchObject({
      answerSheet: { available: false, url: null, message: "Answer sheet is not available" },
      questionPaper: { setNumber: expect.any(Number) },
    });
    const missing = await api.call("GET", `/api/sf/exam/answerSheet/${row.id}/${req.studentId}`, { headers });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ errorMessage: "Answer sheet is not available" });

    const upload = (fileName: string, content: Buffer, version = 0) => ({
      examId: row.id,
      studentId: req.studentId,
      fileName,
      content: content.toString("base64"),
      version,
    });
    const url = "/api/sf/exam/answerSheet";
    let e = await refused(
      "POST",
      url,
      upload("sheet.pdf", Buffer.from("PK\u0003\u0004 a zip file")),
      400,
      "content",
    );
    expect(e.errorMessage).toBe("The answer sheet must be a PDF file");
    await refused("POST", url, upload("sheet.docx", PDF), 400, "content");
    e = await refused(
      "POST",
      url,
      upload("sheet.pdf", Buffer.concat([PDF, Buffer.alloc(701 * 1024)])),
      400,
      "content",
    );
    await refused("POST", url, { ...upload("sheet.pdf", PDF), examId: crypto.randomUUID() }, 404, "examId");
    await refused("POST", url, { ...upload("sheet.pdf", PDF), fileName: undefined }, 400, "fileName");

    const ok = await api.call("POST", url, { headers, body: upload("sheet.pdf", PDF) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({
      answerSheet: { fileName: "sheet.pdf", size: PDF.byteLength, version: 1 },
    });
    await refused("POST", url, upload("sheet.pdf", PDF, 0), 409, "version");
    const file = await api.call("GET", `/api/sf/exam/answerSheet/${row.id}/${req.studentId}`, { headers });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(file.bytes).equals(PDF)).toBe(true);
    const after = await api.call("POST", "/api/salesforce/RequestAnswer", { headers, body: { id: req.id } });
    expect(after.body).toMatchObject({
      answerSheet: { available: true, message: null, url: expect.stringContaining(req.studentId) },
    });
    const paper = (after.body as { questionPaper: { url: string | null; message: string | null } })
      .questionPaper;
    expect(paper.url === null ? paper.message : "has url").toBe(
      paper.url === null ? "Question paper is not available" : "has url",
    );
    await refused("POST", "/api/salesforce/RequestAnswer", { id: crypto.randomUUID() }, 404, "id");
  });

  it("retest decisions follow the table; Create Retest Exam checks the form, clashes, and creates a real exam", async () => {
    const row = retestRows.find((r) => r.requests === 3) as ListRow;
    const list = (await students<RetestRow>(row.id, "Retest")).StudentList;
    const pending = list.find((r) => r.state === "Pending") as RetestRow;
    const ok = await retest([{ id: pending.id, RevalAccept: "Accept", version: pending.version }]);
    expect(ok.body).toMatchObject({ requests: [{ state: "Accept", version: pending.version + 1 }] });
    await refused(
      "PATCH",
      "/api/sf/exam/update/retest",
      [{ id: pending.id, RevalAccept: "Reject", version: pending.version }],
      409,
      "0.version",
    );
    await refused(
      "PATCH",
      "/api/sf/exam/update/retest",
      [{ id: pending.id, RevalAccept: "Scheduled", version: 2 }],
      400,
      "0.RevalAccept",
    );
    await refused(
      "PATCH",
      "/api/sf/exam/update/retest",
      [{ id: crypto.randomUUID(), RevalAccept: "Accept", version: 1 }],
      404,
      "0.id",
    );

    const options = await api.call("GET", "/api/salesforce/CreateRetest", { headers });
    const o = options.body as {
      TermList: Array<{ TermId: string; batch: string }>;
      CourseList: Array<{ CourseId: string; TermId: string; students: number }>;
      ExamMonthList: string[];
    };
    expect(o.ExamMonthList).toContain(DEMO_RETEST_CYCLE.name);
    const [offering] = await api.ctx.db
      .select({ courseId: courseOffering.courseId, termId: courseOffering.termId })
      .from(courseOffering)
      .where(eq(courseOffering.id, row.courseOfferingId));
    const course = o.CourseList.find(
      (c) => c.CourseId === offering?.courseId && c.TermId === offering?.termId,
    );
    expect(course?.students).toBe(2);
    const term = o.TermList.find((t) => t.TermId === course?.TermId) as { TermId: string; batch: string };
    const item = {
      term: term.TermId,
      course: course?.CourseId,
      batch: term.batch,
      examCycle: DEMO_RETEST_CYCLE.name,
      dateOfExam: "2026-12-10",
      startTimeOfExam: "11:00",
      duration: 60,
      examType: "ReTest",
      examTimeZone: "Asia/Kolkata",
      studentFacultyRatio: "50:30",
      examMode: "offline",
    };
    const url = "/api/salesforce/CreateRetest";
    await refused("POST", url, [{ ...item, duration: 45 }], 400, "0.duration");
    await refused("POST", url, [{ ...item, duration: 330 }], 400, "0.duration");
    const missing = await refused("POST", url, [{ ...item, batch: "" }], 400, "0.batch");
    expect(missing.errorMessage).toBe("Required");
    await refused("POST", url, [{ ...item, examType: "EndTerm" }], 400, "0.examType");
    await refused("POST", url, [{ ...item, batch: "Another batch" }], 400, "0.batch");
    const outside = await refused("POST", url, [{ ...item, dateOfExam: "2027-01-10" }], 400, "0.dateOfExam");
    // The cycle's dates as params (ISO) for the screen to format; the English text shows them DD-MM-YYYY.
    expect(outside).toMatchObject({
      rule: "within_cycle",
      params: { min: DEMO_RETEST_CYCLE.startDate, max: DEMO_RETEST_CYCLE.endDate },
    });
    expect(outside.errorMessage).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    await refused("POST", url, [{ ...item, examCycle: "Nov 2026 End Term" }], 400, "0.examCycle");
    await refused("POST", url, [item, item], 400);

    // One of the students has another exam that morning (10:00-12:00): the 11:00 retest clashes.
    const accepted = (await students<RetestRow>(row.id, "Retest")).StudentList.filter(
      (r) => r.state === "Accept",
    );
    const [other] = await api.ctx.db
      .select({ id: enrolment.courseOfferingId })
      .from(enrolment)
      .where(and(eq(enrolment.studentId, (accepted[0] as RetestRow).studentId)))
      .limit(1);
    const [cycle] = await api.ctx.db
      .select()
      .from(examCycle)
      .where(eq(examCycle.name, DEMO_RETEST_CYCLE.name));
    const slot = {
      examCycleId: cycle?.id as string,
      date: "2026-12-10",
      startTime: "10:00",
      durationMinutes: 120,
    };
    await api.ctx.db.insert(exam).values({
      ...slot,
      examDate: slot.date,
      courseOfferingId: other?.id as string,
      component: "Make-up Exam",
      examType: "EndTerm",
      examPeriodId: await ensureExamPeriod(api.ctx.db, slot),
    });
    const clash = await refused("POST", url, [item], 409, "0.startTimeOfExam");
    expect(clash.errorCode).toBe("retest_clash");
    expect(clash.errorMessage).toMatch(/has another exam at that time/);

    const created = await api.call("POST", url, { headers, body: [{ ...item, startTimeOfExam: "2:00 PM" }] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ message: "Retest Exam Created Successfully" });
    const made = (created.body as { exams: Array<{ id: string; students: number }> }).exams;
    expect(made.reduce((n, e) => n + e.students, 0)).toBe(2);
    const [retestExam] = await api.ctx.db
      .select()
      .from(exam)
      .where(eq(exam.id, made[0]?.id as string));
    expect(retestExam).toMatchObject({
      examType: "Retest",
      examDate: "2026-12-10",
      startTime: "14:00",
      durationMinutes: 60,
    });
    const scheduled = (await students<RetestRow>(row.id, "Retest")).StudentList.filter(
      (r) => r.state === "Scheduled",
    );
    expect(scheduled).toHaveLength(2);
    expect(scheduled.every((r) => r.RevalAccept === "Accept")).toBe(true);
    // A scheduled request cannot be taken back; nothing is left to schedule.
    const s0 = scheduled[0] as RetestRow;
    const e = await refused(
      "PATCH",
      "/api/sf/exam/update/retest",
      [{ id: s0.id, RevalAccept: "Reject", version: s0.version }],
      409,
      "0.RevalAccept",
    );
    expect(e.errorCode).toBe("illegal_transition");
    expect((await refused("POST", url, [item], 409)).errorCode).toBe("no_accepted_requests");
  });

  it("moderation: a preview writes nothing; apply writes the marks with source moderation, before and after kept", async () => {
    const row = revalRows.find((r) => r.requests === 2) as ListRow;
    const [sub] = await api.ctx.db
      .select({ id: studentMark.subComponentId })
      .from(studentMark)
      .where(eq(studentMark.courseOfferingId, row.courseOfferingId))
      .limit(1);
    const subId = sub?.id as string;
    const details = await api.call(
      "GET",
      `/api/sf/exam/moderation/${row.courseOfferingId}?subComponentId=${subId}`,
      { headers },
    );
    expect(details.status, JSON.stringify(details.body)).toBe(200);
    const d = details.body as {
      marksVersion: string;
      subComponent: { totalMarks: number };
      distribution: { count: number };
    };
    expect(d.distribution.count).toBeGreaterThan(0);
    const body = {
      courseOfferingId: row.courseOfferingId,
      subComponentId: subId,
      adjustment: { kind: "add", marks: 2 },
    };

    const before = await snapshot();
    const preview = await api.call("POST", "/api/sf/exam/moderation", { headers, body });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(await snapshot()).toBe(before);
    const p = preview.body as {
      changes: Array<{ markId: string; before: number; after: number }>;
      after: unknown;
    };
    expect(p.changes.length).toBeGreaterThan(0);
    for (const c of p.changes) expect(c.after).toBe(Math.min(d.subComponent.totalMarks, c.before + 2));

    const url = "/api/sf/exam/moderation";
    await refused("POST", url, { ...body, apply: true, marksVersion: d.marksVersion }, 400, "reason");
    await refused("POST", url, { ...body, apply: true, reason: "Paper was hard" }, 400, "marksVersion");
    await refused(
      "POST",
      url,
      { ...body, apply: true, reason: "r", marksVersion: "stale" },
      409,
      "marksVersion",
    );
    await refused(
      "POST",
      url,
      { ...body, adjustment: { kind: "add", marks: d.subComponent.totalMarks + 1 } },
      400,
      "adjustment.marks",
    );
    await refused(
      "POST",
      url,
      { ...body, adjustment: { kind: "scale", factor: 3 } },
      400,
      "adjustment.factor",
    );
    await refused("POST", url, { ...body, subComponentId: crypto.randomUUID() }, 400, "subComponentId");
    await refused("POST", url, { ...body, courseOfferingId: crypto.randomUUID() }, 404, "courseOfferingId");

    const applied = await api.call("POST", url, {
      headers,
      body: {
        ...body,
        apply: true,
        reason: "The paper was harder than intended",
        marksVersion: d.marksVersion,
      },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const a = applied.body as { moderationId: string; after: unknown; changes: unknown[] };
    expect(a.after).toEqual(p.after);
    for (const c of p.changes) {
      const [m] = await api.ctx.db.select().from(studentMark).where(eq(studentMark.id, c.markId));
      expect(m).toMatchObject({
        marksObtained: c.after,
        previousMarksObtained: c.before,
        source: "moderation",
        reason: "The paper was harder than intended",
      });
    }
    const [kept] = await api.ctx.db.select().from(moderation).where(eq(moderation.id, a.moderationId));
    expect(kept?.changes).toHaveLength(p.changes.length);
    const audits = await api.ctx.db
      .select()
      .from(auditLog)
      .where(
        inArray(
          auditLog.entityId,
          p.changes.map((c) => c.markId),
        ),
      );
    const moderated = audits.filter((x) => (x.after as { source?: string }).source === "moderation");
    expect(moderated).toHaveLength(p.changes.length);
    expect(
      await api.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, a.moderationId)),
    ).toMatchObject([{ action: "apply_moderation" }]);
    // The preview it was based on is now stale.
    await refused(
      "POST",
      url,
      { ...body, apply: true, reason: "again", marksVersion: d.marksVersion },
      409,
      "marksVersion",
    );
  });

  it("moderation sample: ten scripts spread over the marks, highest first, with the answer sheets uploaded for them", async () => {
    const row = revalRows.find((r) => r.requests === 2) as ListRow;
    const [sub] = await api.ctx.db
      .select({ id: studentMark.subComponentId })
      .from(studentMark)
      .where(eq(studentMark.courseOfferingId, row.courseOfferingId))
      .orderBy(asc(studentMark.subComponentId))
      .limit(1);
    const url = `/api/sf/exam/moderation/${row.courseOfferingId}?subComponentId=${sub?.id}`;
    type Sample = Array<{
      studentId: string;
      marks: number;
      answerSheets: Array<{ examId: string; examType: string; url: string }>;
    }>;
    const read = async () =>
      (await api.call("GET", url, { headers })).body as {
        marks: Array<{ studentId: string; studentName: string; marks: number }>;
        sample: Sample;
      };
    const d = await read();
    expect(d.sample.map((x) => x.studentId)).toEqual(moderationSample(d.marks).map((x) => x.studentId));
    expect(d.sample.length).toBe(Math.min(d.marks.length, MODERATION_SAMPLE_SIZE));
    expect(d.sample[0]?.marks).toBe(Math.max(...d.marks.map((x) => x.marks)));
    // A sampled student without an answer sheet yet (other tests upload some).
    const chosen = d.sample.find((x) => x.answerSheets.length === 0) as Sample[number];
    expect(chosen).toBeDefined();

    const [examRow] = await api.ctx.db
      .select({ id: exam.id, examType: exam.examType })
      .from(exam)
      .where(eq(exam.courseOfferingId, row.courseOfferingId))
      .orderBy(asc(exam.id))
      .limit(1);
    await api.ctx.db.insert(answerSheet).values({
      examId: examRow?.id as string,
      studentId: chosen.studentId,
      documentKey: "answer-sheets/sample-test.pdf",
      fileName: "sheet.pdf",
      size: 10,
      uploadedBy: "test",
    });
    const again = await read();
    expect(again.sample.find((x) => x.studentId === chosen.studentId)?.answerSheets).toEqual([
      {
        examId: examRow?.id,
        examType: examRow?.examType,
        url: `/api/sf/exam/answerSheet/${examRow?.id}/${chosen.studentId}`,
      },
    ]);
    const others = (sample: Sample) => sample.filter((x) => x.studentId !== chosen.studentId);
    expect(others(again.sample)).toEqual(others(d.sample));
  });

  it("moderation per student: the details list each mark; an individual adjustment changes only the students named", async () => {
    const row = revalRows.find((r) => r.requests === 2) as ListRow;
    const [sub] = await api.ctx.db
      .select({ id: studentMark.subComponentId })
      .from(studentMark)
      .where(eq(studentMark.courseOfferingId, row.courseOfferingId))
      .orderBy(asc(studentMark.subComponentId))
      .limit(1);
    const url = `/api/sf/exam/moderation/${row.courseOfferingId}?subComponentId=${sub?.id}`;
    const d = (await api.call("GET", url, { headers })).body as {
      marksVersion: string;
      subComponent: { totalMarks: number };
      distribution: { count: number };
      marks: Array<{ studentId: string; studentName: string; marks: number }>;
    };
    expect(d.marks).toHaveLength(d.distribution.count);
    const stored = await api.ctx.db
      .select({ studentId: studentMark.studentId, marks: studentMark.marksObtained })
      .from(studentMark)
      .where(eq(studentMark.subComponentId, sub?.id as string));
    expect(new Map(d.marks.map((x) => [x.studentId, x.marks]))).toEqual(
      new Map(stored.map((x) => [x.studentId, x.marks])),
    );
    const [first, second] = d.marks as [(typeof d.marks)[number], (typeof d.marks)[number]];
    const target = first.marks === 1 ? 2 : 1;
    const body = {
      courseOfferingId: row.courseOfferingId,
      subComponentId: sub?.id,
      adjustment: { kind: "individual", marks: [{ studentId: first.studentId, marks: target }] },
    };
    await refused(
      "POST",
      "/api/sf/exam/moderation",
      {
        ...body,
        adjustment: {
          kind: "individual",
          marks: [{ studentId: first.studentId, marks: d.subComponent.totalMarks + 1 }],
        },
      },
      400,
    );
    const applied = await api.call("POST", "/api/sf/exam/moderation", {
      headers,
      body: { ...body, apply: true, reason: "Marked against the wrong key", marksVersion: d.marksVersion },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect((applied.body as { changes: Array<{ studentId: string; after: number }> }).changes).toMatchObject([
      { studentId: first.studentId, after: target },
    ]);
    const again = (await api.call("GET", url, { headers })).body as typeof d;
    expect(again.marks.find((x) => x.studentId === first.studentId)?.marks).toBe(target);
    expect(again.marks.find((x) => x.studentId === second.studentId)?.marks).toBe(second.marks);
  });

  it("records new requests, refusing a duplicate, a student not enrolled and a sub-component without a mark", async () => {
    const row = revalRows.find((r) => r.requests === 5) as ListRow;
    const list = (await students<RevalRow>(row.id, "Revaluation")).StudentList;
    const first = list[0] as RevalRow;
    const url = "/api/sf/exam/revaluationRequest";
    const base = {
      examId: row.id,
      studentId: first.studentId,
      subComponentId: first.subComponentId,
      reason: "Again",
    };
    expect((await refused("POST", url, base, 409, "subComponentId")).errorCode).toBe("duplicate_request");
    await refused("POST", url, { ...base, studentId: crypto.randomUUID() }, 400, "studentId");
    await refused("POST", url, { ...base, subComponentId: crypto.randomUUID() }, 400, "subComponentId");
    await refused("POST", url, { ...base, reason: "" }, 400, "reason");
    const [enrolled] = await api.ctx.db
      .select({ studentId: enrolment.studentId })
      .from(enrolment)
      .where(
        and(
          eq(enrolment.courseOfferingId, row.courseOfferingId),
          notInArray(
            enrolment.studentId,
            list.map((x) => x.studentId),
          ),
        ),
      )
      .orderBy(asc(enrolment.studentId))
      .limit(1);
    const made = await api.call("POST", url, {
      headers,
      body: { ...base, studentId: enrolled?.studentId, answerSheetType: "Set 2", feesStatus: "Paid" },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      request: {
        state: "Requested",
        version: 1,
        previousMarks: (await markOf(enrolled?.studentId as string, first.subComponentId)).marksObtained,
      },
    });
    const r = await api.call("POST", "/api/sf/exam/retestRequest", {
      headers,
      body: { examId: row.id, studentId: first.studentId, reason: "Was ill" },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  });

  it("answers 403 to the academic office", async () => {
    const academic = await signInHeaders(api, DEMO_ACADEMIC_OFFICE.email);
    const res = await api.call("POST", "/api/salesforce/RetestRevaluationDetails", {
      headers: academic,
      body: { type: "Revaluation" },
    });
    expect(res.status).toBe(403);
  });
});
