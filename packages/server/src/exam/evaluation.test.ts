import { and, asc, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  contact,
  course,
  courseOffering,
  enrolment,
  evaluatorAssignment,
  exam,
  examCycle,
  facility,
  intake,
  invigilation,
  mailOutbox,
  seatAssignment,
  term,
} from "../db/schema.ts";
import { DEMO_EXAM_CYCLE } from "../demo/seed.ts";
import type { Mailer } from "../mail/mailer.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";

type Evaluator = {
  id: string;
  exam: string;
  Contact__c: string;
  name: string;
  role: string | null;
  email: string;
  status: string;
  reason: string;
  room: string | null;
  roomId: string | null;
  courseOfferingId: string;
  Assigned_Paper__c: string;
  invigilatorId: string | null;
  answerSheets: number;
  respondedAt: string | null;
};
type Summary = {
  evaluators: number;
  requested: number;
  accepted: number;
  rejected: number;
  answerSheets: number;
  sheetsPerEvaluator: number | null;
};
type Page = {
  exam: { id: string; courseName: string; section: string };
  summary: Summary;
  data: Evaluator[];
};
type Candidate = {
  facultyName: string;
  facultyId: string;
  role: string | null;
  email: string;
  teachesSection: boolean;
};
type ErrorBody = { success: false; errorMessage: string; errorCode?: string; field?: string; rule?: string };

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

describe.each(testTargets())("evaluation API on $name", (target) => {
  let api: TestApi;
  let auth: Record<string, string>;
  let examId: string;
  let offeringId: string;
  let courseId: string;
  let termId: string;
  let campusId: string;
  let enrolled: number;
  /** Faculty members by name. */
  let faculty: Array<{ id: string; email: string; facultyType: string | null }>;

  beforeAll(async () => {
    api = await createTestApi(target);
    auth = await signInHeaders(api);
    const db = api.ctx.db;
    const [row] = await db
      .select({
        id: exam.id,
        offeringId: exam.courseOfferingId,
        courseId: courseOffering.courseId,
        termId: courseOffering.termId,
        campusId: intake.campusId,
      })
      .from(exam)
      .innerJoin(examCycle, eq(examCycle.id, exam.examCycleId))
      .innerJoin(courseOffering, eq(courseOffering.id, exam.courseOfferingId))
      .innerJoin(term, eq(term.id, courseOffering.termId))
      .innerJoin(intake, eq(intake.id, term.intakeId))
      .where(eq(examCycle.name, DEMO_EXAM_CYCLE))
      .orderBy(asc(exam.id))
      .limit(1);
    if (!row) throw new Error("no demo exam");
    ({ id: examId, offeringId, courseId, termId, campusId } = row);
    enrolled = (await db.select().from(enrolment).where(eq(enrolment.courseOfferingId, offeringId))).length;
    faculty = await db
      .select({ id: contact.id, email: contact.email, facultyType: contact.facultyType })
      .from(contact)
      .where(eq(contact.kind, "faculty"))
      .orderBy(asc(contact.firstName), asc(contact.lastName), asc(contact.id));
    if (faculty.length < 4) throw new Error("too few demo faculty");
  });
  afterAll(async () => {
    await api?.close();
  });

  const fac = (i: number) => {
    const f = faculty[i];
    if (!f) throw new Error(`no faculty ${i}`);
    return f;
  };
  const page = async () => {
    const res = await api.call("GET", `/api/sf/exam/evaluatorList/${examId}`, { headers: auth });
    expect(res.status).toBe(200);
    return res.body as Page;
  };
  const candidates = async (query = "") => {
    const res = await api.call("GET", `/api/salesforce/EvaluatorDetails?examId=${examId}${query}`, {
      headers: auth,
    });
    expect(res.status).toBe(200);
    return (res.body as { data: Candidate[] }).data;
  };
  const save = (body: unknown, headers = auth) =>
    api.call("POST", "/api/salesforce/EvaluationDetails", { body, headers });
  const answer = (body: unknown, headers = auth) =>
    api.call("PATCH", "/api/sf/exam/update/evaluation", { body, headers });
  const mailsTo = async (email: string) => {
    const res = await api.call("GET", `/api/dev/outbox?to=${encodeURIComponent(email)}`);
    return (res.body as { mails: Array<{ subject: string; text: string }> }).mails;
  };

  /** What a refused write must leave alone. */
  async function snapshot() {
    const db = api.ctx.db;
    const rows = await db.select().from(evaluatorAssignment);
    return {
      assignments: rows
        .map(
          (r) =>
            `${r.id}|${r.examId}|${r.facultyId}|${r.facilityId}|${r.assignedPaper}|${r.status}|${r.reason}|${r.requestedAt.getTime()}|${r.respondedAt?.getTime()}`,
        )
        .sort(),
      audit: (await db.select({ id: auditLog.id }).from(auditLog)).length,
      mail: (await db.select({ id: mailOutbox.id }).from(mailOutbox)).length,
    };
  }

  it("answers 401 without sign-in and changes nothing", async () => {
    const before = await snapshot();
    expect((await api.call("GET", `/api/sf/exam/evaluatorList/${examId}`)).status).toBe(401);
    expect((await api.call("GET", `/api/salesforce/EvaluatorDetails?examId=${examId}`)).status).toBe(401);
    expect((await api.call("GET", `/api/salesforce/EvaluationDetails?examId=${examId}`)).status).toBe(401);
    expect((await api.call("GET", `/api/sf/exam/section/${courseId}/${termId}`)).status).toBe(401);
    expect((await save([{ evaluation: fac(0).id, exam: examId }], {})).status).toBe(401);
    expect((await answer([{ id: UNKNOWN, status: "Accepted" }], {})).status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it("starts with no evaluators; answer sheets are the enrolled students while nobody is seated", async () => {
    const p = await page();
    expect(p.exam.id).toBe(examId);
    expect(p.data).toEqual([]);
    expect(p.summary).toEqual({
      evaluators: 0,
      requested: 0,
      accepted: 0,
      rejected: 0,
      answerSheets: enrolled,
      sheetsPerEvaluator: null,
    });
    const all = await candidates();
    expect(all).toHaveLength(faculty.length);
    const teacher = all.filter((c) => c.teachesSection);
    expect(teacher.length).toBeLessThanOrEqual(1);
    if (teacher.length === 1) expect(all[0]?.teachesSection).toBe(true);
    const one = all.find((c) => c.facultyId === fac(0).id);
    expect(one).toMatchObject({ email: fac(0).email, role: fac(0).facultyType });
  });

  it("assigns an evaluator: Requested, mailed, audited, and no longer a candidate", async () => {
    const res = await save([
      { evaluation: fac(0).id, exam: examId, role: "ignored", Course_Offering__c: offeringId },
    ]);
    expect(res.status).toBe(200);
    const [row] = (res.body as { data: Evaluator[] }).data;
    expect(row).toMatchObject({
      exam: examId,
      Contact__c: fac(0).id,
      email: fac(0).email,
      role: fac(0).facultyType,
      status: "Requested",
      reason: "",
      room: null,
      roomId: null,
      courseOfferingId: offeringId,
      Assigned_Paper__c: "All",
      invigilatorId: null,
      answerSheets: enrolled,
      respondedAt: null,
    });

    const p = await page();
    expect(p.data.map((d) => d.Contact__c)).toEqual([fac(0).id]);
    expect(p.summary).toMatchObject({ evaluators: 1, requested: 1, sheetsPerEvaluator: enrolled });

    const mails = await mailsTo(fac(0).email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Evaluation request: ${p.exam.courseName} (${p.exam.section})`);
    expect(mails[0]?.text).toContain(`Answer sheets: ${enrolled}`);
    expect(mails[0]?.text).toContain("Paper: All");
    expect(mails[0]?.text).toMatch(/Exam date: \d{2}-\d{2}-\d{4}/);

    const audits = await api.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, row?.id ?? ""));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: "request_evaluator",
      entity: "evaluator_assignment",
      before: null,
      after: { examId, facultyId: fac(0).id, status: "Requested" },
    });

    expect((await candidates()).map((c) => c.facultyId)).not.toContain(fac(0).id);
    const legacy = await api.call("GET", `/api/salesforce?endpoint=EvaluatorDetails&examId=${examId}`, {
      headers: auth,
    });
    expect(legacy.status).toBe(200);
    expect((legacy.body as { data: Candidate[] }).data.map((c) => c.facultyId)).not.toContain(fac(0).id);
  });

  it("refuses an evaluator already assigned with 409, writing nothing", async () => {
    const before = await snapshot();
    const again = await save([{ evaluation: fac(0).id, exam: examId }]);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errorCode: "evaluator_already_assigned", field: "0.evaluation" });
    // The first item of the batch would be new: it is not kept either.
    const batch = await save([
      { evaluation: fac(1).id, exam: examId },
      { evaluation: fac(0).id, exam: examId },
    ]);
    expect(batch.status).toBe(409);
    expect(batch.body).toMatchObject({ errorCode: "evaluator_already_assigned", field: "1.evaluation" });
    const twice = await save([
      { evaluation: fac(1).id, exam: examId },
      { evaluation: fac(1).id, exam: examId },
    ]);
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ errorCode: "evaluator_already_assigned", field: "1.evaluation" });
    expect(await snapshot()).toEqual(before);
  });

  describe("refused saves leave the data unchanged", () => {
    const good = () => ({ evaluation: fac(1).id, exam: examId });
    const cases: Array<[string, () => unknown, number, string | undefined, string | undefined]> = [
      ["unknown exam", () => [good(), { evaluation: fac(2).id, exam: UNKNOWN }], 404, "1.exam", "not_found"],
      [
        "unknown faculty",
        () => [good(), { evaluation: UNKNOWN, exam: examId }],
        404,
        "1.evaluation",
        "not_found",
      ],
      [
        "unknown room",
        () => [good(), { evaluation: fac(2).id, exam: examId, room: UNKNOWN }],
        404,
        "1.room",
        "not_found",
      ],
      [
        "unknown assignment",
        () => [good(), { id: UNKNOWN, evaluation: fac(2).id, exam: examId }],
        404,
        "1.id",
        "not_found",
      ],
      [
        "another course offering",
        () => [{ ...good(), Course_Offering__c: UNKNOWN }],
        400,
        "0.Course_Offering__c",
        "validation_failed",
      ],
      [
        "a new request that is not Requested",
        () => [{ ...good(), status: "Accepted" }],
        400,
        "0.status",
        "validation_failed",
      ],
      [
        "an unknown paper",
        () => [{ ...good(), Assigned_Paper__c: "Set 9" }],
        400,
        "0.Assigned_Paper__c",
        "validation_failed",
      ],
      ["a missing exam", () => [{ evaluation: fac(1).id }], 400, "0.exam", "validation_failed"],
      ["not a list", () => good(), 400, undefined, "validation_failed"],
      ["an empty list", () => [], 400, undefined, "validation_failed"],
      ["too many items", () => Array.from({ length: 101 }, good), 400, undefined, "validation_failed"],
    ];
    it.each(cases)("%s", async (_name, body, status, field, code) => {
      const before = await snapshot();
      const res = await save(body());
      expect(res.status).toBe(status);
      expect((res.body as ErrorBody).field).toBe(field);
      expect((res.body as ErrorBody).errorCode).toBe(code);
      expect(await snapshot()).toEqual(before);
    });

    it("a student given as evaluator", async () => {
      const [student] = await api.ctx.db
        .select({ id: enrolment.studentId })
        .from(enrolment)
        .where(eq(enrolment.courseOfferingId, offeringId))
        .limit(1);
      const before = await snapshot();
      const res = await save([{ evaluation: student?.id, exam: examId }]);
      expect(res.status).toBe(404);
      expect((res.body as ErrorBody).field).toBe("0.evaluation");
      expect(await snapshot()).toEqual(before);
    });

    it("a room of another campus", async () => {
      const [elsewhere] = await api.ctx.db
        .select({ id: facility.id })
        .from(facility)
        .where(ne(facility.campusId, campusId))
        .limit(1);
      const before = await snapshot();
      const res = await save([{ ...good(), room: elsewhere?.id }]);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ field: "0.room", rule: "exam_room" });
      expect(await snapshot()).toEqual(before);
    });

    it("a mail the mail server refuses (502)", async () => {
      const mailer = api.ctx.mailer;
      const failing: Mailer = {
        transport: "smtp",
        send: async () => {
          throw new Error("connection refused");
        },
      };
      api.ctx.mailer = failing;
      try {
        const before = await snapshot();
        const res = await save([good()]);
        expect(res.status).toBe(502);
        expect((res.body as ErrorBody).errorCode).toBe("mail_failed");
        expect(await snapshot()).toEqual(before);
      } finally {
        api.ctx.mailer = mailer;
      }
    });
  });

  it("records an acceptance", async () => {
    const id = (await page()).data[0]?.id ?? "";
    api.advance(60_000);
    const res = await answer([{ id, status: "Accepted" }]);
    expect(res.status).toBe(200);
    const [row] = (res.body as { data: Evaluator[] }).data;
    expect(row).toMatchObject({ id, status: "Accepted", reason: "" });
    expect(row?.respondedAt).not.toBeNull();
    const p = await page();
    expect(p.summary).toMatchObject({ evaluators: 1, requested: 0, accepted: 1 });
    const audits = await api.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "record_evaluator_answer")));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ before: { status: "Requested" }, after: { status: "Accepted" } });
    // The same answer again changes nothing.
    expect((await answer([{ id, status: "Accepted" }])).status).toBe(200);
    expect(
      await api.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "record_evaluator_answer"))),
    ).toHaveLength(1);
  });

  it("gives a room and a paper; shows the invigilation id of an evaluator who invigilates", async () => {
    const db = api.ctx.db;
    const [room] = await db
      .select()
      .from(facility)
      .where(eq(facility.campusId, campusId))
      .orderBy(asc(facility.code))
      .limit(1);
    if (!room) throw new Error("no room");
    // Seat all the exam's students in that room.
    const [e] = await db.select().from(exam).where(eq(exam.id, examId));
    const studentIds = await db
      .select({ id: enrolment.studentId })
      .from(enrolment)
      .where(eq(enrolment.courseOfferingId, offeringId));
    await db.insert(seatAssignment).values(
      studentIds.map((s, i) => ({
        examPeriodId: e?.examPeriodId ?? "",
        examId,
        studentId: s.id,
        facilityId: room.id,
        seatNumber: i + 1,
      })),
    );
    const [duty] = await db
      .insert(invigilation)
      .values({ examId, facilityId: room.id, facultyId: fac(1).id })
      .returning();

    const rooms = await api.call("GET", `/api/salesforce/EvaluationDetails?examId=${examId}`, {
      headers: auth,
    });
    expect(rooms.status).toBe(200);
    const roomList = rooms.body as {
      answerSheets: number;
      rooms: Array<{ id: string; seated: number; evaluators: unknown[] }>;
      allRoomsEvaluators: Array<{ Contact__c: string }>;
    };
    expect(roomList.answerSheets).toBe(studentIds.length);
    expect(roomList.rooms.map((r) => [r.id, r.seated])).toEqual([[room.id, studentIds.length]]);
    expect(roomList.allRoomsEvaluators.map((r) => r.Contact__c)).toEqual([fac(0).id]);

    const res = await save([
      { evaluation: fac(1).id, exam: examId, room: room.id, Assigned_Paper__c: "Set 2", status: "" },
    ]);
    expect(res.status).toBe(200);
    const [row] = (res.body as { data: Evaluator[] }).data;
    expect(row).toMatchObject({
      status: "Requested",
      room: room.name,
      roomId: room.id,
      Assigned_Paper__c: "Set 2",
      invigilatorId: duty?.id,
      answerSheets: studentIds.length,
    });
    const mail = (await mailsTo(fac(1).email))[0];
    expect(mail?.text).toContain(`Room: ${room.name}`);
    expect(mail?.text).toContain("Paper: Set 2");

    const after = await api.call("GET", `/api/salesforce/EvaluationDetails?examId=${examId}`, {
      headers: auth,
    });
    const byRoom = (after.body as { rooms: Array<{ id: string; evaluators: Array<{ Contact__c: string }> }> })
      .rooms;
    expect(byRoom.find((r) => r.id === room.id)?.evaluators.map((v) => v.Contact__c)).toEqual([fac(1).id]);

    // Changing the paper of an existing assignment keeps its room (not given) and status, and sends no mail.
    const mailCount = (await mailsTo(fac(1).email)).length;
    const changed = await save([
      { id: row?.id, evaluation: fac(1).id, exam: examId, Assigned_Paper__c: "Set 1" },
    ]);
    expect(changed.status).toBe(200);
    expect((changed.body as { data: Evaluator[] }).data[0]).toMatchObject({
      status: "Requested",
      roomId: room.id,
      Assigned_Paper__c: "Set 1",
    });
    expect(await mailsTo(fac(1).email)).toHaveLength(mailCount);
    // null gives all rooms back.
    const allRooms = await save([{ id: row?.id, evaluation: fac(1).id, exam: examId, room: null }]);
    expect((allRooms.body as { data: Evaluator[] }).data[0]).toMatchObject({
      roomId: null,
      Assigned_Paper__c: "Set 1",
    });
    const back = await save([{ id: row?.id, evaluation: fac(1).id, exam: examId, room: room.id }]);
    expect((back.body as { data: Evaluator[] }).data[0]).toMatchObject({ roomId: room.id });
    const moved = await save([{ id: row?.id, evaluation: fac(2).id, exam: examId }]);
    expect(moved.status).toBe(400);
    expect(moved.body).toMatchObject({ field: "0.evaluation", rule: "immutable" });
  });

  it("refuses a rejection without reason, then records one with its reason", async () => {
    const row = (await page()).data.find((d) => d.Contact__c === fac(1).id);
    const before = await snapshot();
    for (const reason of [undefined, "", "   "]) {
      const res = await answer([
        { id: row?.id, status: "Rejected", ...(reason === undefined ? {} : { reason }) },
      ]);
      expect(res.status).toBe(400);
      expect((res.body as ErrorBody).field).toBe("0.reason");
    }
    const noStatus = await answer([{ id: row?.id }]);
    expect(noStatus.status).toBe(400);
    expect((noStatus.body as ErrorBody).field).toBe("0.status");
    const unknown = await answer([
      { id: row?.id, status: "Accepted" },
      { id: UNKNOWN, status: "Accepted" },
    ]);
    expect(unknown.status).toBe(404);
    expect((unknown.body as ErrorBody).field).toBe("1.id");
    const twice = await answer([
      { id: row?.id, status: "Accepted" },
      { id: row?.id, status: "Accepted" },
    ]);
    expect(twice.status).toBe(400);
    expect((twice.body as ErrorBody).field).toBe("1.id");
    expect(await snapshot()).toEqual(before);

    const res = await answer([{ id: row?.id, status: "Rejected", reason: " On leave that week " }]);
    expect(res.status).toBe(200);
    expect((res.body as { data: Evaluator[] }).data[0]).toMatchObject({
      status: "Rejected",
      reason: "On leave that week",
    });
    const p = await page();
    expect(p.summary).toMatchObject({ evaluators: 2, accepted: 1, rejected: 1, requested: 0 });
    // Only the accepted evaluator counts: all sheets are theirs.
    expect(p.summary.sheetsPerEvaluator).toBe(p.summary.answerSheets);
    // A Rejected evaluator is still assigned, so not a candidate.
    expect((await candidates()).map((c) => c.facultyId)).not.toContain(fac(1).id);
  });

  it("asks a rejected evaluator again, mailing the request", async () => {
    const row = (await page()).data.find((d) => d.Contact__c === fac(1).id);
    const mails = (await mailsTo(fac(1).email)).length;
    const res = await answer([{ id: row?.id, status: "Requested" }]);
    expect(res.status).toBe(200);
    expect((res.body as { data: Evaluator[] }).data[0]).toMatchObject({
      status: "Requested",
      reason: "",
      respondedAt: null,
    });
    expect(await mailsTo(fac(1).email)).toHaveLength(mails + 1);
  });

  it("withdraws a request: deleted, mailed, audited, a candidate again", async () => {
    const row = (await page()).data.find((d) => d.Contact__c === fac(1).id);
    const res = await answer([{ id: row?.id, remove: true }]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data: [], removed: [row?.id] });
    expect((await page()).data.map((d) => d.Contact__c)).toEqual([fac(0).id]);
    expect((await mailsTo(fac(1).email))[0]?.subject).toMatch(/^Evaluation request withdrawn: /);
    const audits = await api.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, row?.id ?? ""), eq(auditLog.action, "withdraw_evaluator")));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.after).toBeNull();
    expect((await candidates()).map((c) => c.facultyId)).toContain(fac(1).id);
    const search = await candidates(`&search=${encodeURIComponent(fac(1).email.toUpperCase())}`);
    expect(search.map((c) => c.facultyId)).toEqual([fac(1).id]);
  });

  it("lists the sections of the exam's course in its term", async () => {
    const res = await api.call("GET", `/api/sf/exam/section/${courseId}/${termId}`, { headers: auth });
    expect(res.status).toBe(200);
    const body = res.body as {
      course: { id: string; name: string };
      data: Array<{ courseOfferingId: string; students: number; facultyId: string | null }>;
    };
    const [c] = await api.ctx.db.select().from(course).where(eq(course.id, courseId));
    expect(body.course.name).toBe(c?.name);
    const mine = body.data.find((s) => s.courseOfferingId === offeringId);
    expect(mine?.students).toBe(enrolled);
    for (const [a, b, field] of [
      [UNKNOWN, termId, "courseId"],
      [courseId, UNKNOWN, "termId"],
      ["x", termId, "courseId"],
    ]) {
      const bad = await api.call("GET", `/api/sf/exam/section/${a}/${b}`, { headers: auth });
      expect(bad.status).toBe(404);
      expect((bad.body as ErrorBody).field).toBe(field);
    }
  });

  it("answers 404 and 400 for unknown and missing exams on the reads", async () => {
    const list = await api.call("GET", `/api/sf/exam/evaluatorList/${UNKNOWN}`, { headers: auth });
    expect(list.status).toBe(404);
    expect((list.body as ErrorBody).field).toBe("id");
    const cand = await api.call("GET", `/api/salesforce/EvaluatorDetails?examId=${UNKNOWN}`, {
      headers: auth,
    });
    expect(cand.status).toBe(404);
    expect((cand.body as ErrorBody).field).toBe("examId");
    const missing = await api.call("GET", "/api/salesforce/EvaluationDetails", { headers: auth });
    expect(missing.status).toBe(400);
    expect((missing.body as ErrorBody).field).toBe("examId");
  });
});
