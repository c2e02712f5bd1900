import { and, asc, eq, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
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
} from "../../db/schema.ts";
import { DEMO_EXAM_CYCLE, DEMO_PAST_EXAM_CYCLE } from "../../demo/seed.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../../test/harness.ts";

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

/**
 * Gives every item of `body` (a list, or one object) without a `version` the row's current one, read
 * with `lookup` (0 when none): these tests are about other rules; versions are tested in versions.test.ts.
 */
async function withVersions(
  body: unknown,
  lookup: (item: Record<string, unknown>) => Promise<number | undefined>,
): Promise<unknown> {
  const fill = async (item: unknown) => {
    if (!item || typeof item !== "object" || Array.isArray(item) || "version" in item) return item;
    const version = await lookup(item as Record<string, unknown>);
    return version === undefined ? item : { ...item, version };
  };
  return Array.isArray(body) ? Promise.all(body.map(fill)) : fill(body);
}

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
  const assignmentVersion = async (item: Record<string, unknown>) => {
    if (typeof item.id !== "string" || item.id === "") return undefined;
    const [row] = await api.ctx.db
      .select({ version: evaluatorAssignment.version })
      .from(evaluatorAssignment)
      .where(sql`${evaluatorAssignment.id}::text = ${item.id}`);
    return row?.version ?? 1;
  };
  const save = async (body: unknown, headers = auth) =>
    api.call("POST", "/api/salesforce/EvaluationDetails", {
      body: await withVersions(body, assignmentVersion),
      headers,
    });
  const answer = async (body: unknown, headers = auth) =>
    api.call("PATCH", "/api/sf/exam/update/evaluation", {
      body: await withVersions(body, assignmentVersion),
      headers,
    });
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

type ListExam = {
  id: string;
  examCycle: string;
  courseCode: string;
  courseName: string;
  section: string;
  dateOfExam: string;
  startTimeOfExam: string;
  deadline: string | null;
};
type AssignmentPage = {
  examCycle: { id: string; name: string } | null;
  noOfRecords: number;
  pageNo: number;
  count: number;
  subjectFaculties: string[];
  data: Array<{ assignment: Evaluator; exam: ListExam; subjectFaculty: string | null }>;
};
type OverviewPage = {
  noOfRecords: number;
  firstDateContinued: boolean;
  exams: Array<
    ListExam & {
      term: string;
      batch: string;
      status: string;
      subjectFaculty: string | null;
      summary: Summary;
    }
  >;
};
/** What the tests know of an assignment, to work out what each filter must answer. */
type Known = {
  id: string;
  cycleId: string;
  examId: string;
  examDate: string;
  deadline: string | null;
  teacher: string | null;
  evaluator: string;
  email: string;
  status: "Requested" | "Accepted" | "Rejected";
};

type ExamFixture = {
  id: string;
  cycleId: string;
  date: string;
  offeringId: string;
  campusId: string;
  periodId: string | null;
  teacher: string | null;
};

/** `iso` moved by `days`. */
const plusDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe.each(testTargets())("evaluation lists and deadline on $name", (target) => {
  let api: TestApi;
  let auth: Record<string, string>;
  let cycleId: string;
  /** The cycle's exams in timetable order, with their section's teacher. */
  let exams: ExamFixture[];
  let known: Known[];
  let seatedInRoom: number;

  const ex = (i: number) => {
    const e = exams[i];
    if (!e) throw new Error(`no exam ${i}`);
    return e;
  };

  beforeAll(async () => {
    api = await createTestApi(target);
    auth = await signInHeaders(api);
    const db = api.ctx.db;
    const teacher = alias(contact, "teacher");
    const rows = await db
      .select({
        id: exam.id,
        cycleId: exam.examCycleId,
        cycle: examCycle.name,
        date: exam.examDate,
        offeringId: exam.courseOfferingId,
        campusId: intake.campusId,
        periodId: exam.examPeriodId,
        teacher: sql<string | null>`trim(${teacher.firstName} || ' ' || ${teacher.lastName})`,
      })
      .from(exam)
      .innerJoin(examCycle, eq(examCycle.id, exam.examCycleId))
      .innerJoin(courseOffering, eq(courseOffering.id, exam.courseOfferingId))
      .innerJoin(course, eq(course.id, courseOffering.courseId))
      .innerJoin(term, eq(term.id, courseOffering.termId))
      .innerJoin(intake, eq(intake.id, term.intakeId))
      .leftJoin(teacher, eq(teacher.id, courseOffering.facultyId))
      .orderBy(
        asc(exam.examDate),
        asc(exam.startTime),
        asc(course.name),
        asc(courseOffering.section),
        asc(exam.id),
      );
    const current = rows.filter((r) => r.cycle === DEMO_EXAM_CYCLE);
    const past = rows.find((r) => r.cycle === DEMO_PAST_EXAM_CYCLE);
    if (current.length < 9 || !past) throw new Error("too few demo exams");
    cycleId = current[0]?.cycleId ?? "";
    exams = current;
    const faculty = await db
      .select({
        id: contact.id,
        name: sql<string>`trim(${contact.firstName} || ' ' || ${contact.lastName})`,
        email: contact.email,
      })
      .from(contact)
      .where(eq(contact.kind, "faculty"))
      .orderBy(asc(contact.firstName), asc(contact.lastName), asc(contact.id))
      .limit(4);
    if (faculty.length < 4) throw new Error("too few demo faculty");

    // Half of the first exam's students are seated in one room: its answer sheets are those.
    const [room] = await db
      .select({ id: facility.id })
      .from(facility)
      .where(eq(facility.campusId, ex(0).campusId))
      .orderBy(asc(facility.code))
      .limit(1);
    const students = await db
      .select({ id: enrolment.studentId })
      .from(enrolment)
      .where(eq(enrolment.courseOfferingId, ex(0).offeringId))
      .orderBy(asc(enrolment.studentId));
    const half = students.slice(0, Math.ceil(students.length / 2));
    if (!room || !ex(0).periodId || half.length === 0 || half.length === students.length)
      throw new Error("cannot seat the first exam");
    await db.insert(seatAssignment).values(
      half.map((s, i) => ({
        examPeriodId: ex(0).periodId ?? "",
        examId: ex(0).id,
        studentId: s.id,
        facilityId: room.id,
        seatNumber: i + 1,
      })),
    );
    seatedInRoom = half.length;

    // Deadlines: the first exam a week after it, the second two weeks after; the rest none.
    await db
      .update(exam)
      .set({ evaluationDeadline: plusDays(ex(0).date, 7) })
      .where(eq(exam.id, ex(0).id));
    await db
      .update(exam)
      .set({ evaluationDeadline: plusDays(ex(1).date, 14) })
      .where(eq(exam.id, ex(1).id));

    const plan: Array<[exam: ExamFixture, faculty: number, status: Known["status"], room?: string]> = [
      [ex(0), 0, "Accepted", room.id],
      [ex(0), 1, "Rejected"],
      [ex(1), 0, "Requested"],
      [ex(1), 2, "Requested"],
      [ex(2), 3, "Accepted"],
      ...[3, 4, 5, 6, 7, 8].map((i) => [ex(i), 0, "Requested"] as [ExamFixture, number, "Requested"]),
      [past, 1, "Requested"],
    ];
    known = [];
    for (const [e, f, status, facilityId] of plan) {
      const who = faculty[f];
      if (!who) throw new Error("no faculty");
      const [row] = await db
        .insert(evaluatorAssignment)
        .values({
          examId: e.id,
          facultyId: who.id,
          facilityId: facilityId ?? null,
          status,
          reason: status === "Rejected" ? "On leave" : "",
        })
        .returning({ id: evaluatorAssignment.id });
      const [stored] = await db
        .select({ deadline: exam.evaluationDeadline })
        .from(exam)
        .where(eq(exam.id, e.id));
      known.push({
        id: row?.id ?? "",
        cycleId: e.cycleId,
        examId: e.id,
        examDate: e.date,
        deadline: stored?.deadline ?? null,
        teacher: e.teacher,
        evaluator: who.name,
        email: who.email,
        status,
      });
    }
  });
  afterAll(async () => {
    await api?.close();
  });

  const list = async (query: string) => {
    const res = await api.call("GET", `/api/sf/exam/evaluationAssignments?${query}`, { headers: auth });
    expect(res.status, query).toBe(200);
    return res.body as AssignmentPage;
  };
  const overview = async (query: string) => {
    const res = await api.call("GET", `/api/sf/exam/evaluationOverview?${query}`, { headers: auth });
    expect(res.status, query).toBe(200);
    return res.body as OverviewPage;
  };
  const evaluatorList = async (examId: string) => {
    const res = await api.call("GET", `/api/sf/exam/evaluatorList/${examId}`, { headers: auth });
    expect(res.status).toBe(200);
    return res.body as Page & { exam: { subjectFaculty: string | null; deadline: string | null } };
  };
  /** The assignments of the cycle in the list's order (exam order of `exams`, then evaluator name). */
  const inOrder = (rows: Known[]) =>
    [...rows].sort(
      (a, b) =>
        exams.findIndex((e) => e.id === a.examId) - exams.findIndex((e) => e.id === b.examId) ||
        a.evaluator.localeCompare(b.evaluator),
    );
  const deadline = (i: number) => known.find((k) => k.examId === ex(i).id)?.deadline ?? "";
  const examVersion = async (item: Record<string, unknown>) => {
    if (typeof item.examId !== "string") return undefined;
    const [row] = await api.ctx.db
      .select({ version: exam.version })
      .from(exam)
      .where(sql`${exam.id}::text = ${item.examId}`);
    return row?.version ?? 1;
  };
  const setDeadline = async (body: unknown, headers = auth) =>
    api.call("PATCH", "/api/sf/exam/update/evaluationDeadline", {
      body: await withVersions(body, examVersion),
      headers,
    });
  async function snapshot() {
    const db = api.ctx.db;
    const rows = await db.select({ id: exam.id, deadline: exam.evaluationDeadline }).from(exam);
    return {
      deadlines: rows.map((r) => `${r.id}|${r.deadline}`).sort(),
      audit: (await db.select({ id: auditLog.id }).from(auditLog)).length,
    };
  }

  it("answers 401 without sign-in and changes nothing", async () => {
    const before = await snapshot();
    expect((await api.call("GET", "/api/sf/exam/evaluationAssignments")).status).toBe(401);
    expect((await api.call("GET", "/api/sf/exam/evaluationOverview")).status).toBe(401);
    expect((await setDeadline({ examId: ex(2).id, deadline: ex(2).date }, {})).status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it("lists the cycle's assignments in exam then evaluator order, each as evaluatorList shows it", async () => {
    const mine = inOrder(known.filter((k) => k.cycleId === cycleId));
    const page = await list(`examCycleId=${cycleId}&count=50`);
    expect(page.examCycle?.id).toBe(cycleId);
    expect(page.noOfRecords).toBe(mine.length);
    expect(page.data.map((r) => r.assignment.id)).toEqual(mine.map((k) => k.id));
    const teachers = [...new Set(mine.flatMap((k) => (k.teacher ? [k.teacher] : [])))].sort((a, b) =>
      a.localeCompare(b),
    );
    expect(page.subjectFaculties).toEqual(teachers);
    for (const examId of [ex(0).id, ex(1).id, ex(2).id]) {
      const single = await evaluatorList(examId);
      const rows = page.data.filter((r) => r.exam.id === examId);
      expect(rows.map((r) => r.assignment)).toEqual(single.data);
      for (const row of rows) {
        expect(row.subjectFaculty).toBe(single.exam.subjectFaculty);
        expect(row.exam).toMatchObject({ id: examId, deadline: single.exam.deadline });
      }
    }
    // The room's evaluator marks the students seated there; the other the exam's seated students.
    const first = page.data.filter((r) => r.exam.id === ex(0).id);
    expect(first.map((r) => r.assignment.answerSheets)).toEqual([seatedInRoom, seatedInRoom]);
    expect(first.find((r) => r.assignment.roomId !== null)?.assignment.room).not.toBeNull();
  });

  it("lists every cycle without examCycleId", async () => {
    const page = await list("count=50");
    expect(page.examCycle).toBeNull();
    expect(page.noOfRecords).toBe(known.length);
    expect(page.data.map((r) => r.assignment.id).sort()).toEqual(known.map((k) => k.id).sort());
  });

  describe("filters", () => {
    const has = (text: string, part: string) => text.toLowerCase().includes(part.toLowerCase());
    const cases: Array<[string, () => string, (k: Known) => boolean]> = [
      [
        "deadline: due by that day",
        () => `deadline=${deadline(0)}`,
        (k) => !!k.deadline && k.deadline <= deadline(0),
      ],
      ["dateOfExam", () => `dateOfExam=${ex(1).date}`, (k) => k.examDate === ex(1).date],
      [
        "subjectFaculty, whole name without regard to case",
        () => `subjectFaculty=${encodeURIComponent((ex(2).teacher ?? "").toUpperCase())}`,
        (k) => k.teacher === ex(2).teacher,
      ],
      [
        "allocatedTo, part of the e-mail",
        () => `allocatedTo=${encodeURIComponent(known[0]?.email.split("@")[0]?.toUpperCase() ?? "")}`,
        (k) =>
          has(k.email, known[0]?.email.split("@")[0] ?? "") ||
          has(k.evaluator, known[0]?.email.split("@")[0] ?? ""),
      ],
      [
        "allocatedTo, part of the name",
        () => `allocatedTo=${encodeURIComponent(known[1]?.evaluator.slice(1, 6) ?? "")}`,
        (k) =>
          has(k.evaluator, known[1]?.evaluator.slice(1, 6) ?? "") ||
          has(k.email, known[1]?.evaluator.slice(1, 6) ?? ""),
      ],
      ["status", () => "status=Rejected", (k) => k.status === "Rejected"],
      [
        "allocatedTo and status",
        () => `allocatedTo=${encodeURIComponent(known[0]?.email ?? "")}&status=Requested`,
        (k) => k.email === known[0]?.email && k.status === "Requested",
      ],
      [
        "deadline and dateOfExam",
        () => `deadline=${deadline(1)}&dateOfExam=${ex(0).date}`,
        (k) => !!k.deadline && k.deadline <= deadline(1) && k.examDate === ex(0).date,
      ],
      [
        "deadline and status",
        () => `deadline=${deadline(1)}&status=Requested`,
        (k) => !!k.deadline && k.deadline <= deadline(1) && k.status === "Requested",
      ],
    ];
    it.each(cases)("%s", async (_name, query, keep) => {
      const mine = known.filter((k) => k.cycleId === cycleId);
      const expected = inOrder(mine.filter(keep));
      // The case must tell a working filter from a missing one.
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(mine.length);
      const page = await list(`examCycleId=${cycleId}&count=50&${query()}`);
      expect(page.data.map((r) => r.assignment.id)).toEqual(expected.map((k) => k.id));
      expect(page.noOfRecords).toBe(expected.length);
    });

    it("a filter matching nothing gives an empty page, the options unchanged", async () => {
      const all = await list(`examCycleId=${cycleId}`);
      const none = await list(`examCycleId=${cycleId}&allocatedTo=nobody-at-all`);
      expect(none).toMatchObject({ noOfRecords: 0, data: [] });
      expect(none.subjectFaculties).toEqual(all.subjectFaculties);
    });
  });

  it("pages on the server", async () => {
    const mine = inOrder(known.filter((k) => k.cycleId === cycleId));
    expect(mine.length).toBeGreaterThan(10);
    const first = await list(`examCycleId=${cycleId}&count=10&pageNo=1`);
    const second = await list(`examCycleId=${cycleId}&count=10&pageNo=2`);
    expect(first).toMatchObject({ pageNo: 1, count: 10, noOfRecords: mine.length });
    expect(first.data).toHaveLength(10);
    expect([...first.data, ...second.data].map((r) => r.assignment.id)).toEqual(mine.map((k) => k.id));
    const past = await list(`examCycleId=${cycleId}&count=10&pageNo=3`);
    expect(past).toMatchObject({ noOfRecords: mine.length, data: [] });
    const byDefault = await list(`examCycleId=${cycleId}`);
    expect(byDefault.count).toBe(10);
  });

  it("refuses bad filters and paging, naming the field", async () => {
    const cases: Array<[string, number, string]> = [
      ["count=100", 400, "count"],
      ["count=7", 400, "count"],
      ["pageNo=0", 400, "pageNo"],
      ["dateOfExam=2026-13-01", 400, "dateOfExam"],
      ["deadline=soon", 400, "deadline"],
      ["status=Maybe", 400, "status"],
      [`examCycleId=${UNKNOWN}`, 404, "examCycleId"],
      ["examCycleId=x", 404, "examCycleId"],
    ];
    for (const [query, status, field] of cases) {
      const res = await api.call("GET", `/api/sf/exam/evaluationAssignments?${query}`, { headers: auth });
      expect(res.status, query).toBe(status);
      expect((res.body as ErrorBody).field, query).toBe(field);
    }
    for (const [query, status, field] of [
      ["count=100", 400, "count"],
      [`examCycleId=${UNKNOWN}`, 404, "examCycleId"],
    ] as const) {
      const res = await api.call("GET", `/api/sf/exam/evaluationOverview?${query}`, { headers: auth });
      expect(res.status, query).toBe(status);
      expect((res.body as ErrorBody).field, query).toBe(field);
    }
  });

  it("says when an overview page's first exam date continues from the page before (firstDateContinued)", async () => {
    // `exams`: the cycle's exams in timetable order, so the whole list's dates.
    const dates = exams.map((e) => e.date);
    const seen: boolean[] = [];
    for (const size of [10, 25]) {
      expect((await overview(`examCycleId=${cycleId}&count=${size}&pageNo=1`)).firstDateContinued).toBe(
        false,
      );
      for (let pageNo = 2; (pageNo - 1) * size < dates.length; pageNo++) {
        const page = await overview(`examCycleId=${cycleId}&count=${size}&pageNo=${pageNo}`);
        expect(page.exams[0]?.dateOfExam).toBe(dates[(pageNo - 1) * size]);
        // Continued exactly when the last exam of the page before has the same date as this page's first.
        const expected = dates[(pageNo - 1) * size - 1] === dates[(pageNo - 1) * size];
        expect(page.firstDateContinued, `count ${size} page ${pageNo}`).toBe(expected);
        seen.push(page.firstDateContinued);
      }
    }
    // Some page boundaries fall inside a date, others between two.
    expect(seen).toContain(true);
    expect(seen).toContain(false);
    expect((await overview(`examCycleId=${cycleId}&count=10&pageNo=1000`)).firstDateContinued).toBe(false);
  });

  it("gives a page of the cycle's exams, as the timetable pages them, with the Evaluation page's figures", async () => {
    const timetable = async (pageNo: number) => {
      const res = await api.call(
        "GET",
        `/api/salesforce/TimeTable?examCycleId=${cycleId}&count=10&pageNo=${pageNo}`,
        { headers: auth },
      );
      return res.body as { noOfRecords: number; timetable: Array<{ id: string }> };
    };
    for (const pageNo of [1, 2]) {
      const [page, rows] = await Promise.all([
        overview(`examCycleId=${cycleId}&count=10&pageNo=${pageNo}`),
        timetable(pageNo),
      ]);
      expect(page.noOfRecords).toBe(rows.noOfRecords);
      expect(page.exams.map((e) => e.id)).toEqual(rows.timetable.map((r) => r.id));
    }
    const page = await overview(`examCycleId=${cycleId}&count=10`);
    for (const e of page.exams.slice(0, 4)) {
      const single = await evaluatorList(e.id);
      expect(e.summary).toEqual(single.summary);
      expect(e).toMatchObject({ subjectFaculty: single.exam.subjectFaculty, deadline: single.exam.deadline });
    }
    const first = page.exams.find((e) => e.id === ex(0).id);
    expect(first?.summary).toMatchObject({
      evaluators: 2,
      accepted: 1,
      rejected: 1,
      answerSheets: seatedInRoom,
      sheetsPerEvaluator: seatedInRoom,
    });
    expect(first?.deadline).toBe(deadline(0));
    expect(page.exams.find((e) => e.id === ex(1).id)?.summary).toMatchObject({ evaluators: 2, requested: 2 });
    const all = await overview("count=50");
    expect(all.noOfRecords).toBeGreaterThan(page.noOfRecords);
  });

  describe("evaluation deadline", () => {
    it("sets a deadline on the exam day, shown everywhere, with one audit row", async () => {
      const target = ex(2);
      const res = await setDeadline({ examId: target.id, deadline: target.date });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        message: "Evaluation deadline saved",
        exam: { id: target.id, deadline: target.date },
      });
      expect((await evaluatorList(target.id)).exam.deadline).toBe(target.date);
      const row = (await overview(`examCycleId=${cycleId}&count=10`)).exams.find((e) => e.id === target.id);
      expect(row?.deadline).toBe(target.date);
      const due = await list(`examCycleId=${cycleId}&count=50&deadline=${target.date}`);
      expect(due.data.map((r) => r.exam.id)).toContain(target.id);
      const audits = await api.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, "exam"), eq(auditLog.entityId, target.id)));
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({
        action: "set_evaluation_deadline",
        before: { evaluationDeadline: null },
        after: { evaluationDeadline: target.date },
      });
      // The same deadline again changes nothing.
      const before = await snapshot();
      expect((await setDeadline({ examId: target.id, deadline: target.date })).status).toBe(200);
      expect(await snapshot()).toEqual(before);
    });

    it("moves and clears a deadline", async () => {
      const target = ex(2);
      const later = plusDays(target.date, 10);
      expect((await setDeadline({ examId: target.id, deadline: ` ${later} ` })).status).toBe(200);
      expect((await evaluatorList(target.id)).exam.deadline).toBe(later);
      const res = await setDeadline({ examId: target.id, deadline: null });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ message: "Evaluation deadline cleared", exam: { deadline: null } });
      expect((await evaluatorList(target.id)).exam.deadline).toBeNull();
      const audits = await api.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, "exam"), eq(auditLog.entityId, target.id)))
        .orderBy(asc(auditLog.at), asc(auditLog.action));
      expect(audits.map((a) => a.action).sort()).toEqual([
        "clear_evaluation_deadline",
        "set_evaluation_deadline",
        "set_evaluation_deadline",
      ]);
    });

    const refused: Array<[string, () => { body?: unknown; rawBody?: string }, number, string | undefined]> = [
      [
        "a deadline before the exam date",
        () => ({ body: { examId: ex(0).id, deadline: plusDays(ex(0).date, -1) } }),
        400,
        "deadline",
      ],
      ["an unknown exam", () => ({ body: { examId: UNKNOWN, deadline: "2026-12-31" } }), 404, "examId"],
      ["an exam id that is no id", () => ({ body: { examId: "x", deadline: "2026-12-31" } }), 404, "examId"],
      ["no deadline", () => ({ body: { examId: ex(0).id } }), 400, "deadline"],
      ["no exam", () => ({ body: { deadline: "2026-12-31" } }), 400, "examId"],
      [
        "a date that does not exist",
        () => ({ body: { examId: ex(0).id, deadline: "2026-02-30" } }),
        400,
        "deadline",
      ],
      [
        "a date written otherwise",
        () => ({ body: { examId: ex(0).id, deadline: "31-12-2026" } }),
        400,
        "deadline",
      ],
      ["a number", () => ({ body: { examId: ex(0).id, deadline: 20261231 } }), 400, "deadline"],
      ["a list", () => ({ body: [{ examId: ex(0).id, deadline: "2026-12-31" }] }), 400, undefined],
      ["malformed JSON", () => ({ rawBody: "{" }), 400, undefined],
    ];
    it.each(refused)("refuses %s and changes nothing", async (_name, request, status, field) => {
      const before = await snapshot();
      const { body, rawBody } = request();
      const res = await api.call("PATCH", "/api/sf/exam/update/evaluationDeadline", {
        ...(rawBody === undefined ? { body: await withVersions(body, examVersion) } : { rawBody }),
        headers: { ...auth, "content-type": "application/json" },
      });
      expect(res.status).toBe(status);
      expect((res.body as ErrorBody).field).toBe(field);
      expect(await snapshot()).toEqual(before);
    });

    it("names the exam date, not the deadline sent, when the deadline is before the exam", async () => {
      const day = plusDays(ex(0).date, -1);
      const res = await setDeadline({ examId: ex(0).id, deadline: day });
      expect(res.body).toMatchObject({ field: "deadline", rule: "not_before_exam_date" });
      const [y, m, d] = ex(0).date.split("-");
      expect((res.body as ErrorBody).errorMessage).toBe(
        `The evaluation deadline cannot be before the exam date (${d}-${m}-${y})`,
      );
    });
  });
});
