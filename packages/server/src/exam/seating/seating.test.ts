import { randomUUID } from "node:crypto";
import { ALL_ROWS_CAP } from "@portal/domain";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../../db/rows.ts";
import {
  auditLog,
  campus,
  contact,
  courseOffering,
  enrolment,
  exam,
  examCycle,
  examPeriod,
  facility,
  intake,
  invigilation,
  mailOutbox,
  seatAssignment,
  term,
} from "../../db/schema.ts";
import { DEMO_EXAM_CYCLE } from "../../demo/seed.ts";
import { type Answer, createTestApi, type TestApi, testTargets } from "../../test/harness.ts";
import { sendCurrentVersions } from "../../test/versions.ts";
import { listInvigilationNotifications } from "./invigilation.ts";

type Json = Record<string, unknown>;
type Room = { id: string; code: string; name: string; capacity: number; seated: number };
type Seat = {
  studentId: string;
  studentCode: string | null;
  studentName: string;
  examId: string;
  roomId: string | null;
  roomName: string | null;
  seatNumber: number | null;
};
type Retrieved = {
  exam: { id: string; courseName: string; periodId: string | null; dateOfExam: string };
  roomsAvailable: Room[];
  sections: Array<{ examId: string; students: number; seated: number }>;
  seatingArrangement: Seat[];
  noOfRecords: number;
  seated: number;
  unseated: number;
  document: { url: string };
};
type FacultyRow = {
  id: string;
  name: string;
  facEmail: string;
  subjects: Array<{ courseName: string }>;
  allocatedRoomNo: string | null;
  isAllocated: string;
  overlappingDuty: Json | null;
};
type InvigilationData = {
  facultyList: FacultyRow[];
  roomNo: string[];
  rooms: Array<Room & { invigilatorsNeeded: number; invigilatorsAssigned: number }>;
};

const ADMIN = "admin@university.example";
/** Students added to the main exam, so that its plan spans pages and outnumbers its neighbour. */
const ADDED_STUDENTS = 30;

describe.each(testTargets())("seating and invigilation on $name", (target) => {
  let api: TestApi;
  let auth: Record<string, string>;
  /** Two exams of one period on one campus (they share its rooms), one of that period elsewhere, one of another period. */
  let main: { id: string; offeringId: string; campusId: string; periodId: string };
  let neighbour: { id: string };
  let elsewhere: { id: string; campusId: string };
  let otherPeriod: { id: string; periodId: string };
  let faculty: Array<{ id: string; email: string; name: string }>;

  async function signIn(): Promise<Record<string, string>> {
    api.advance(16 * 60_000);
    const sent = await api.call("POST", "/api/salesforce/AdminOtp/send", { body: { email: ADMIN } });
    expect(sent.status).toBe(200);
    const outbox = await api.call("GET", `/api/dev/outbox?to=${encodeURIComponent(ADMIN)}`);
    const otp = (outbox.body as { mails: Array<{ text: string }> }).mails[0]?.text.match(
      /one-time password is (\d{4})/,
    )?.[1];
    const verified = await api.call("POST", "/api/salesforce/AdminOtp/verify", {
      body: { id: (sent.body as { id: string }).id, otp },
    });
    expect(verified.status).toBe(200);
    return { authorization: `Bearer ${(verified.body as { accessToken: string }).accessToken}` };
  }

  /** The exams of the current cycle with their period, campus and course offering. */
  async function cycleExams() {
    return api.ctx.db
      .select({
        id: exam.id,
        offeringId: exam.courseOfferingId,
        periodId: exam.examPeriodId,
        campusId: intake.campusId,
        date: exam.examDate,
      })
      .from(exam)
      .innerJoin(examCycle, eq(examCycle.id, exam.examCycleId))
      .innerJoin(courseOffering, eq(courseOffering.id, exam.courseOfferingId))
      .innerJoin(term, eq(term.id, courseOffering.termId))
      .innerJoin(intake, eq(intake.id, term.intakeId))
      .where(eq(examCycle.name, DEMO_EXAM_CYCLE))
      .orderBy(asc(exam.examDate), asc(exam.startTime), asc(exam.id));
  }

  beforeAll(async () => {
    api = await createTestApi(target);
    sendCurrentVersions(api);
    auth = await signIn();
    const exams = await cycleExams();
    for (const e of exams) {
      const mate = exams.find((x) => x.id !== e.id && x.periodId === e.periodId && x.campusId === e.campusId);
      const away = exams.find((x) => x.periodId === e.periodId && x.campusId !== e.campusId);
      const later = exams.find((x) => x.periodId !== e.periodId);
      if (mate && away && later && e.periodId && later.periodId) {
        main = { id: e.id, offeringId: e.offeringId, campusId: e.campusId, periodId: e.periodId };
        neighbour = { id: mate.id };
        elsewhere = { id: away.id, campusId: away.campusId };
        otherPeriod = { id: later.id, periodId: later.periodId };
        break;
      }
    }
    if (!main) throw new Error("the demo data has no period with two exams on one campus");
    const added = Array.from({ length: ADDED_STUDENTS }, (_, i) => ({
      id: randomUUID(),
      kind: "student" as const,
      firstName: "Seating",
      lastName: `Tester ${String(i + 1).padStart(2, "0")}`,
      email: `seating.tester.${i + 1}@students.university.example`,
      code: `SEAT-${String(i + 1).padStart(3, "0")}`,
    }));
    await api.ctx.db.insert(contact).values(added);
    await api.ctx.db
      .insert(enrolment)
      .values(added.map((s) => ({ studentId: s.id, courseOfferingId: main.offeringId })));
    faculty = await api.ctx.db
      .select({ id: contact.id, email: contact.email, name: contact.firstName })
      .from(contact)
      .where(eq(contact.kind, "faculty"))
      .orderBy(asc(contact.email));
  });
  afterAll(async () => {
    await api?.close();
  });

  /** Everything a refused request must leave alone. */
  async function snapshot() {
    const db = api.ctx.db;
    const seats = await db.select().from(seatAssignment);
    const duties = await db.select().from(invigilation);
    const rooms = await db.select().from(facility);
    const exams = await db.select({ id: exam.id, p: exam.examPeriodId }).from(exam);
    return {
      seats: seats
        .map((s) => `${s.examPeriodId}:${s.examId}:${s.studentId}:${s.facilityId}:${s.seatNumber}`)
        .sort(),
      duties: duties
        .map((d) => `${d.id}:${d.examId}:${d.facultyId}:${d.facilityId}:${d.notifiedAt?.getTime() ?? "-"}`)
        .sort(),
      rooms: rooms.map((r) => `${r.id}:${r.code}:${r.name}:${r.capacity}:${r.campusId}`).sort(),
      exams: exams.map((e) => `${e.id}:${e.p}`).sort(),
      periods: (await db.select({ id: examPeriod.id }).from(examPeriod)).length,
      audit: (await db.select({ id: auditLog.id }).from(auditLog)).length,
      mail: (await db.select({ id: mailOutbox.id }).from(mailOutbox)).length,
    };
  }

  function expectError(res: Answer, status: number, field?: string, errorCode?: string) {
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    const body = res.body as { success: boolean; field?: string; errorCode?: string; errorMessage: string };
    expect(body.success).toBe(false);
    expect(body.errorMessage.length).toBeGreaterThan(0);
    if (field !== undefined) expect(body.field).toBe(field);
    if (errorCode !== undefined) expect(body.errorCode).toBe(errorCode);
    return body;
  }

  /** Calls that must be refused, each leaving the data as it was. */
  async function expectRefusedUnchanged(
    calls: Array<[string, string, unknown, number, string | undefined, string?]>,
  ) {
    const before = await snapshot();
    for (const [method, url, body, status, field, errorCode] of calls) {
      const res =
        typeof body === "string"
          ? await api.call(method, url, {
              rawBody: body,
              headers: { ...auth, "content-type": "application/json" },
            })
          : await api.call(method, url, { body, headers: auth });
      expectError(res, status, field, errorCode);
    }
    expect(await snapshot()).toEqual(before);
  }

  async function retrieve(examId: string, query = ""): Promise<Retrieved> {
    const res = await api.call("GET", `/api/salesforce/seatingPlan/retrieve?examId=${examId}${query}`, {
      headers: auth,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Retrieved;
  }

  async function generate(examId: string) {
    const res = await api.call("POST", "/api/salesforce/seatingPlan/generate", {
      body: { examId },
      headers: auth,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { seated: number; message: string; rooms: Room[]; clashes: unknown[] };
  }

  async function invigilationData(examId: string): Promise<InvigilationData> {
    const res = await api.call("GET", `/api/sf/exam/invigilatorList/${examId}`, { headers: auth });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = (res.body as { data: InvigilationData[] }).data;
    expect(data).toHaveLength(1);
    return data[0] as InvigilationData;
  }

  async function campusRooms(campusId: string) {
    return api.ctx.db
      .select()
      .from(facility)
      .where(eq(facility.campusId, campusId))
      .orderBy(asc(facility.code));
  }

  /** Seats of a period from the database, by room and seat. */
  async function periodSeats(periodId: string) {
    return api.ctx.db
      .select()
      .from(seatAssignment)
      .where(eq(seatAssignment.examPeriodId, periodId))
      .orderBy(asc(seatAssignment.facilityId), asc(seatAssignment.seatNumber));
  }

  it("refuses every call without sign-in (401)", async () => {
    const calls: Array<[string, string, unknown?]> = [
      ["GET", `/api/sf/exam/facilities?examId=${main.id}`],
      ["GET", "/api/salesforce/FacilityData"],
      [
        "POST",
        "/api/salesforce/FacilityData",
        { code: "X1", name: "X", capacity: 5, campusId: main.campusId },
      ],
      ["GET", `/api/salesforce/seatingPlan/retrieve?examId=${main.id}`],
      ["GET", `/api/salesforce/seatingPlan/document?examId=${main.id}`],
      ["POST", "/api/salesforce/seatingPlan/generate", { examId: main.id }],
      ["POST", "/api/salesforce/seatingPlan/save", { examId: main.id, seats: [] }],
      ["GET", `/api/sf/exam/invigilatorList/${main.id}`],
      ["PATCH", "/api/sf/exam/update/invigilation", []],
      ["GET", `/api/sf/exam/invigilationNotifications?examCycle=${encodeURIComponent(DEMO_EXAM_CYCLE)}`],
      ["POST", "/api/sf/exam/invigilationNotifications/send", { ids: [] }],
    ];
    const before = await snapshot();
    for (const [method, url, body] of calls) {
      const res = await api.call(method, url, body === undefined ? {} : { body });
      expectError(res, 401, undefined, "unauthorized");
    }
    expect(await snapshot()).toEqual(before);
  });

  it("lists the rooms available for an exam with the seats used in its period", async () => {
    const res = await api.call("GET", `/api/sf/exam/facilities?examId=${main.id}`, { headers: auth });
    expect(res.status).toBe(200);
    const rooms = (res.body as { facilities: Room[] }).facilities;
    expect(rooms.map((r) => r.capacity)).toEqual([120, 90, 60, 60, 40, 30]);
    expect(rooms.every((r) => r.seated === 0)).toBe(true);
    const own = await campusRooms(main.campusId);
    expect(rooms.map((r) => r.id).sort()).toEqual(own.map((r) => r.id).sort());

    expectError(await api.call("GET", "/api/sf/exam/facilities", { headers: auth }), 400, "examId");
    expectError(
      await api.call("GET", `/api/sf/exam/facilities?examId=${randomUUID()}`, { headers: auth }),
      404,
      "examId",
    );
  });

  it("retrieves an unseated plan: every student listed with room null", async () => {
    const plan = await retrieve(main.id, "&count=100");
    expect(plan.exam.id).toBe(main.id);
    expect(plan.exam.periodId).toBe(main.periodId);
    expect(plan.noOfRecords).toBe(6 + ADDED_STUDENTS);
    expect(plan.seated).toBe(0);
    expect(plan.unseated).toBe(plan.noOfRecords);
    expect(plan.seatingArrangement).toHaveLength(plan.noOfRecords);
    expect(plan.seatingArrangement.every((s) => s.roomId === null && s.seatNumber === null)).toBe(true);
    expect(plan.sections.map((s) => s.examId).sort()).toEqual([main.id, neighbour.id].sort());
    expect(plan.sections.find((s) => s.examId === main.id)?.students).toBe(6 + ADDED_STUDENTS);
    expect(plan.roomsAvailable).toHaveLength(6);
  });

  it("generates the whole period: everyone seated once, within capacity, exams interleaved", async () => {
    const other = await generate(otherPeriod.id);
    const otherSeats = await periodSeats(otherPeriod.periodId);
    expect(otherSeats.length).toBe(other.seated);
    const auditBefore = (await snapshot()).audit;

    const answer = await generate(main.id);
    const seats = await periodSeats(main.periodId);
    // Every student of every exam of the period, on every campus.
    const periodExams = (await cycleExams()).filter((e) => e.periodId === main.periodId);
    const enrolled = await api.ctx.db
      .select({ s: enrolment.studentId })
      .from(enrolment)
      .where(
        inArray(
          enrolment.courseOfferingId,
          periodExams.map((e) => e.offeringId),
        ),
      );
    const students = new Set(enrolled.map((e) => e.s));
    expect(seats).toHaveLength(students.size);
    expect(new Set(seats.map((s) => s.studentId))).toEqual(students);
    expect(answer.seated).toBe(students.size);
    expect(answer.message).toMatch(/^Seating plan generated: \d+ students seated in \d+ rooms?$/);
    expect(answer.clashes).toEqual([]);

    const rooms = await api.ctx.db.select().from(facility);
    const capacity = new Map(rooms.map((r) => [r.id, r.capacity]));
    const campusOf = new Map(rooms.map((r) => [r.id, r.campusId]));
    const examCampus = new Map(periodExams.map((e) => [e.id, e.campusId]));
    const byRoom = new Map<string, Array<{ seat: number; exam: string }>>();
    for (const s of seats) {
      expect(s.seatNumber).toBeGreaterThanOrEqual(1);
      expect(s.seatNumber).toBeLessThanOrEqual(capacity.get(s.facilityId) ?? 0);
      expect(campusOf.get(s.facilityId)).toBe(examCampus.get(s.examId));
      const list = byRoom.get(s.facilityId) ?? [];
      list.push({ seat: s.seatNumber, exam: s.examId });
      byRoom.set(s.facilityId, list);
    }
    for (const list of byRoom.values()) {
      // Neighbours of one exam only as far as the mix forces: at most 2 * largest - seated - 1.
      const perExam = new Map<string, number>();
      for (const s of list) perExam.set(s.exam, (perExam.get(s.exam) ?? 0) + 1);
      const largest = Math.max(...perExam.values());
      const forced = Math.max(0, 2 * largest - list.length - 1);
      const at = new Map(list.map((s) => [s.seat, s.exam]));
      let same = 0;
      for (const s of list) if (at.get(s.seat + 1) === s.exam) same++;
      expect(same).toBe(forced);
    }
    // The main exam's room mixes both exams of its campus.
    const mainRoom = seats.find((s) => s.examId === main.id)?.facilityId as string;
    const mixed = new Set(byRoom.get(mainRoom)?.map((s) => s.exam));
    expect(mixed).toEqual(new Set([main.id, neighbour.id]));

    // Only this period's seats were replaced; one audit row.
    expect(await periodSeats(otherPeriod.periodId)).toEqual(otherSeats);
    expect((await snapshot()).audit).toBe(auditBefore + 1);

    // Generating again gives the same plan.
    await generate(main.id);
    const places = (rows: typeof seats) => rows.map(({ id: _id, ...place }) => place);
    expect(places(await periodSeats(main.periodId))).toEqual(places(seats));
  });

  it("retrieves the plan in pages ordered by room and seat", async () => {
    const full = await retrieve(main.id, "&count=100");
    expect(full.seated).toBe(6 + ADDED_STUDENTS);
    expect(full.unseated).toBe(0);
    const order = (s: Seat) => {
      const room = full.roomsAvailable.findIndex((r) => r.id === s.roomId);
      return room * 10_000 + (s.seatNumber ?? 0);
    };
    const keys = full.seatingArrangement.map(order);
    expect(keys).toEqual([...keys].sort((a, b) => a - b));
    expect(full.roomsAvailable.reduce((n, r) => n + r.seated, 0)).toBe(6 + 6 + ADDED_STUDENTS);
    const added = full.seatingArrangement.find((s) => s.studentCode === "SEAT-001");
    expect(added?.studentName).toBe("Seating Tester 01");

    const pages: Seat[] = [];
    for (let pageNo = 1; pageNo <= 4; pageNo++) {
      const page = await retrieve(main.id, `&pageNo=${pageNo}&count=10`);
      expect(page.noOfRecords).toBe(36);
      expect(page.seatingArrangement).toHaveLength(pageNo < 4 ? 10 : 6);
      pages.push(...page.seatingArrangement);
    }
    expect(pages).toEqual(full.seatingArrangement);
    expect((await retrieve(main.id)).seatingArrangement).toHaveLength(25);
    expect((await retrieve(main.id, "&pageNo=5&count=10")).seatingArrangement).toEqual([]);

    for (const [query, field] of [
      ["&count=7", "count"],
      ["&pageNo=0", "pageNo"],
      ["&pageNo=abc", "pageNo"],
    ] as const) {
      const res = await api.call("GET", `/api/salesforce/seatingPlan/retrieve?examId=${main.id}${query}`, {
        headers: auth,
      });
      expectError(res, 400, field);
    }
    expectError(
      await api.call("GET", `/api/salesforce/seatingPlan/retrieve?examId=${randomUUID()}`, { headers: auth }),
      404,
      "examId",
    );
    expectError(
      await api.call("GET", "/api/salesforce/seatingPlan/retrieve?examId=not-an-id", { headers: auth }),
      404,
      "examId",
    );

    // The legacy form answers the same.
    const legacy = await api.call(
      "GET",
      `/api/salesforce?endpoint=seatingPlan/retrieve&examId=${main.id}&count=100`,
      { headers: auth },
    );
    expect(legacy.status).toBe(200);
    expect((legacy.body as Retrieved).seatingArrangement).toEqual(full.seatingArrangement);
  });

  it("downloads the plan as a CSV document", async () => {
    const plan = await retrieve(main.id);
    const res = await api.call("GET", plan.document.url, { headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="seating-plan-.*\.csv"$/);
    const lines = new TextDecoder().decode(res.bytes).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Room,Seat,Student code,Student name,Course,Section,Date,Start time");
    expect(lines).toHaveLength(1 + 36);
    expect(lines.some((l) => l.includes("SEAT-001,Seating Tester 01"))).toBe(true);
  });

  it("writes a room name that starts a spreadsheet formula as text", async () => {
    const plan = await retrieve(main.id);
    const roomId = plan.seatingArrangement.find((s) => s.roomId)?.roomId;
    if (!roomId) throw new Error("expected a seated student");
    const [room] = await api.ctx.db.select().from(facility).where(eq(facility.id, roomId));
    const formula = '=HYPERLINK("http://attacker.example","Open")';
    await api.ctx.db.update(facility).set({ name: formula }).where(eq(facility.id, roomId));
    try {
      const res = await api.call("GET", plan.document.url, { headers: auth });
      const text = new TextDecoder().decode(res.bytes);
      expect(text).toContain(`"'=HYPERLINK(""http://attacker.example"",""Open"")"`);
      expect(text.split("\r\n").some((line) => line.startsWith("="))).toBe(false);
    } finally {
      await api.ctx.db
        .update(facility)
        .set({ name: room?.name ?? "" })
        .where(eq(facility.id, roomId));
    }
  });

  it("saves moves, including a swap, and the reload shows them", async () => {
    const plan = await retrieve(main.id, "&count=100");
    const [a, b] = plan.seatingArrangement;
    if (!a?.roomId || !b?.roomId) throw new Error("expected seated students");
    const hall = plan.roomsAvailable[0] as Room;
    const smallest = plan.roomsAvailable[plan.roomsAvailable.length - 1] as Room;
    const before = await snapshot();
    const res = await api.call("POST", "/api/salesforce/seatingPlan/save", {
      headers: auth,
      body: {
        examId: main.id,
        seats: [
          { studentId: a.studentId, roomId: b.roomId, seatNumber: b.seatNumber },
          { studentId: b.studentId, roomId: a.roomId, seatNumber: a.seatNumber },
          { studentId: plan.seatingArrangement[2]?.studentId, roomId: smallest.id, seatNumber: 30 },
          { studentId: plan.seatingArrangement[3]?.studentId, roomId: hall.id, seatNumber: hall.capacity },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ success: true, message: "Seating plan saved", moved: 4 });
    expect((await snapshot()).audit).toBe(before.audit + 1);
    const [entry] = await api.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, main.id), eq(auditLog.action, "move_seats")));
    expect((entry?.before as { seats: unknown[] } | undefined)?.seats).toHaveLength(4);

    const reloaded = await retrieve(main.id, "&count=100");
    const where = (id: string) => reloaded.seatingArrangement.find((s) => s.studentId === id);
    expect(where(a.studentId)).toMatchObject({ roomId: b.roomId, seatNumber: b.seatNumber });
    expect(where(b.studentId)).toMatchObject({ roomId: a.roomId, seatNumber: a.seatNumber });
    expect(where(plan.seatingArrangement[2]?.studentId as string)).toMatchObject({
      roomId: smallest.id,
      roomName: smallest.name,
      seatNumber: 30,
    });
    expect(reloaded.seated).toBe(36);
    expect(reloaded.roomsAvailable.find((r) => r.id === smallest.id)?.seated).toBe(1);
  });

  it("refuses bad moves and leaves the plan unchanged", async () => {
    const plan = await retrieve(main.id, "&count=100");
    const [a, b] = plan.seatingArrangement;
    if (!a?.roomId || !b?.roomId || b.seatNumber === null) throw new Error("expected seated students");
    const hall = plan.roomsAvailable[0] as Room;
    const away = (await campusRooms(elsewhere.campusId))[0];
    const stranger = (await retrieve(elsewhere.id)).seatingArrangement[0];
    const url = "/api/salesforce/seatingPlan/save";
    const move = (over: Json) => ({
      examId: main.id,
      seats: [{ studentId: a.studentId, roomId: hall.id, seatNumber: hall.capacity - 1, ...over }],
    });
    await expectRefusedUnchanged([
      ["POST", url, { ...move({}), examId: randomUUID() }, 404, "examId", "not_found"],
      ["POST", url, move({ seatNumber: hall.capacity + 1 }), 400, "seats.0.seatNumber", "seat_out_of_range"],
      [
        "POST",
        url,
        move({ roomId: b.roomId, seatNumber: b.seatNumber }),
        409,
        "seats.0.seatNumber",
        "seat_taken",
      ],
      [
        "POST",
        url,
        move({ studentId: stranger?.studentId }),
        400,
        "seats.0.studentId",
        "student_not_in_exam",
      ],
      ["POST", url, move({ studentId: randomUUID() }), 400, "seats.0.studentId", "student_not_in_exam"],
      ["POST", url, move({ roomId: away?.id }), 400, "seats.0.roomId", "room_not_available"],
      ["POST", url, move({ roomId: randomUUID() }), 400, "seats.0.roomId", "room_not_available"],
      ["POST", url, move({ seatNumber: 0 }), 400, "seats.0.seatNumber", "validation_failed"],
      ["POST", url, move({ seatNumber: "3" }), 400, "seats.0.seatNumber", "validation_failed"],
      ["POST", url, move({ seatNumber: 2.5 }), 400, "seats.0.seatNumber", "validation_failed"],
      ["POST", url, move({ roomId: undefined }), 400, "seats.0.roomId", "validation_failed"],
      ["POST", url, { examId: main.id }, 400, "seats", "validation_failed"],
      ["POST", url, { examId: main.id, seats: [] }, 400, "seats", "validation_failed"],
      ["POST", url, { seats: move({}).seats }, 400, "examId", "validation_failed"],
      ["POST", url, [], 400, undefined, "validation_failed"],
      ["POST", url, "{not json", 400, undefined, "malformed_json"],
      [
        "POST",
        url,
        {
          examId: main.id,
          seats: Array.from({ length: 501 }, (_, i) => ({
            studentId: a.studentId,
            roomId: hall.id,
            seatNumber: i + 1,
          })),
        },
        400,
        "seats",
        "validation_failed",
      ],
      [
        "POST",
        url,
        {
          examId: main.id,
          seats: [
            { studentId: a.studentId, roomId: hall.id, seatNumber: 100 },
            { studentId: a.studentId, roomId: hall.id, seatNumber: 101 },
          ],
        },
        400,
        "seats.1.studentId",
        "unique",
      ],
      [
        "POST",
        url,
        {
          examId: main.id,
          seats: [
            { studentId: a.studentId, roomId: hall.id, seatNumber: 100 },
            { studentId: b.studentId, roomId: hall.id, seatNumber: 100 },
          ],
        },
        409,
        "seats.1.seatNumber",
        "seat_taken",
      ],
    ]);
  });

  it("refuses a move into a room already holding its capacity (room_full)", async () => {
    const plan = await retrieve(main.id, "&count=100");
    const smallest = plan.roomsAvailable[plan.roomsAvailable.length - 1] as Room;
    const [a, b, c] = plan.seatingArrangement.filter((s) => s.roomId !== smallest.id);
    if (!a || !b || !c) throw new Error("expected seated students");
    const save = (seats: Json[]) =>
      api.call("POST", "/api/salesforce/seatingPlan/save", {
        headers: auth,
        body: { examId: main.id, seats },
      });
    const res = await save([
      { studentId: a.studentId, roomId: smallest.id, seatNumber: 28 },
      { studentId: b.studentId, roomId: smallest.id, seatNumber: 29 },
    ]);
    expect(res.status).toBe(200);
    // The room shrinks below the students already in it: a further move in is refused.
    await api.ctx.db.update(facility).set({ capacity: 3 }).where(eq(facility.id, smallest.id));
    try {
      await expectRefusedUnchanged([
        [
          "POST",
          "/api/salesforce/seatingPlan/save",
          { examId: main.id, seats: [{ studentId: c.studentId, roomId: smallest.id, seatNumber: 1 }] },
          409,
          "seats.0.roomId",
          "room_full",
        ],
      ]);
    } finally {
      await api.ctx.db.update(facility).set({ capacity: 30 }).where(eq(facility.id, smallest.id));
    }
  });

  it("refuses to generate when the rooms are too few, changing nothing", async () => {
    const rooms = await campusRooms(main.campusId);
    await api.ctx.db.update(facility).set({ capacity: 5 }).where(eq(facility.campusId, main.campusId));
    try {
      const before = await snapshot();
      const res = await api.call("POST", "/api/salesforce/seatingPlan/generate", {
        body: { examId: main.id },
        headers: auth,
      });
      const body = expectError(res, 409, "examId", "insufficient_capacity");
      expect(body.errorMessage).toMatch(/^The rooms available seat 30 of 42 students/);
      // The exam period's day as screens show dates (DD-MM-YYYY), never ISO.
      expect(body.errorMessage).toMatch(/exam period of \d{2}-\d{2}-\d{4} /);
      expect(await snapshot()).toEqual(before);
      await expectRefusedUnchanged([
        [
          "POST",
          "/api/salesforce/seatingPlan/generate",
          { examId: randomUUID() },
          404,
          "examId",
          "not_found",
        ],
        ["POST", "/api/salesforce/seatingPlan/generate", {}, 400, "examId", "validation_failed"],
        ["POST", "/api/salesforce/seatingPlan/generate", { examId: 7 }, 400, "examId", "validation_failed"],
      ]);
    } finally {
      for (const r of rooms) {
        await api.ctx.db.update(facility).set({ capacity: r.capacity }).where(eq(facility.id, r.id));
      }
    }
  });

  it("lists and creates rooms; refuses duplicates and bad rooms", async () => {
    const all = await api.call("GET", "/api/salesforce/FacilityData", { headers: auth });
    expect(all.status).toBe(200);
    const body = all.body as {
      facilities: Array<Room & { campusName: string; facilityName: string; facilityCapacity: number }>;
      campuses: Array<{ id: string; name: string }>;
    };
    expect(body.facilities).toHaveLength(18);
    expect(body.campuses.map((c) => c.name)).toEqual(["Dubai", "Mumbai", "Singapore"]);
    expect(body.facilities[0]?.facilityName).toBe(body.facilities[0]?.name);
    const mumbai = await api.call("GET", "/api/salesforce/FacilityData?campus=mumbai", { headers: auth });
    const mumbaiRooms = (mumbai.body as typeof body).facilities;
    expect(mumbaiRooms).toHaveLength(6);
    expect(mumbaiRooms.every((r) => r.campusName === "Mumbai")).toBe(true);
    expectError(
      await api.call("GET", "/api/salesforce/FacilityData?campus=Atlantis", { headers: auth }),
      404,
      "campus",
    );

    const [place] = await api.ctx.db.select().from(campus).where(eq(campus.id, main.campusId));
    const created = await api.call("POST", "/api/salesforce/FacilityData", {
      headers: auth,
      body: { code: " EXAM-HALL-9 ", name: "Exam Hall 9", capacity: 250, campusId: main.campusId },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const room = (created.body as { facility: Room & { campusName: string } }).facility;
    expect(room).toMatchObject({
      code: "EXAM-HALL-9",
      name: "Exam Hall 9",
      capacity: 250,
      campusName: place?.name,
    });
    const available = await api.call("GET", `/api/sf/exam/facilities?examId=${main.id}`, { headers: auth });
    const rooms = (available.body as { facilities: Room[] }).facilities;
    expect(rooms[0]).toMatchObject({ id: room.id, capacity: 250, seated: 0 });

    const url = "/api/salesforce/FacilityData";
    const good = { code: "NEW-1", name: "New room", capacity: 10, campusId: main.campusId };
    await expectRefusedUnchanged([
      ["POST", url, { ...good, code: "exam-hall-9" }, 409, "code", "duplicate_code"],
      ["POST", url, { ...good, capacity: 0 }, 400, "capacity", "validation_failed"],
      ["POST", url, { ...good, capacity: 2001 }, 400, "capacity", "validation_failed"],
      ["POST", url, { ...good, capacity: 12.5 }, 400, "capacity", "validation_failed"],
      ["POST", url, { ...good, code: "" }, 400, "code", "validation_failed"],
      ["POST", url, { ...good, code: "<script>" }, 400, "code", "validation_failed"],
      ["POST", url, { ...good, name: "   " }, 400, "name", "validation_failed"],
      ["POST", url, { ...good, campusId: randomUUID() }, 404, "campusId", "not_found"],
      ["POST", url, { ...good, campusId: undefined }, 400, "campusId", "validation_failed"],
    ]);
    // The new hall is used first by the next generation.
    await generate(main.id);
    const after = await retrieve(main.id);
    expect(after.roomsAvailable[0]).toMatchObject({ id: room.id, seated: 42 });
  });

  it("lists faculty and rooms for invigilation, all Not Assigned at first", async () => {
    const data = await invigilationData(main.id);
    expect(data.facultyList).toHaveLength(faculty.length);
    expect(
      data.facultyList.every((f) => f.isAllocated === "Not Assigned" && f.allocatedRoomNo === null),
    ).toBe(true);
    expect(data.facultyList.some((f) => f.subjects.length > 0)).toBe(true);
    // Only the room the exam's students sit in: the new hall holds all 42 of the campus's period.
    expect(data.rooms).toHaveLength(1);
    expect(data.rooms[0]).toMatchObject({
      code: "EXAM-HALL-9",
      seated: 36,
      invigilatorsNeeded: 2,
      invigilatorsAssigned: 0,
    });
    expect(data.roomNo).toEqual(["Exam Hall 9"]);
    expectError(
      await api.call("GET", `/api/sf/exam/invigilatorList/${randomUUID()}`, { headers: auth }),
      404,
      "id",
    );
  });

  it("assigns an invigilator with mail, lists them Assigned, then removes them", async () => {
    const person = faculty[0] as (typeof faculty)[number];
    const plan = await retrieve(main.id);
    const item = {
      facultyId: person.id,
      roomNo: "exam-hall-9",
      examId: main.id,
      facEmail: person.email,
      subject: plan.exam.courseName,
      isAllocated: "Assigned",
      sendEmail: true,
    };
    const before = await snapshot();
    const res = await api.call("PATCH", "/api/sf/exam/update/invigilation", { headers: auth, body: [item] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const saved = (res.body as { message: string; assignments: Json[] }).assignments[0];
    expect(saved).toMatchObject({
      examId: main.id,
      facultyId: person.id,
      roomNo: "Exam Hall 9",
      isAllocated: "Assigned",
      facEmail: person.email,
    });
    expect(saved?.notifiedAt).toBe(new Date(api.ctx.now()).toISOString());
    const after = await snapshot();
    expect(after.audit).toBe(before.audit + 1);
    expect(after.mail).toBe(before.mail + 1);

    const outbox = await api.call("GET", `/api/dev/outbox?to=${encodeURIComponent(person.email)}`);
    const mail = (outbox.body as { mails: Array<{ subject: string; text: string }> }).mails[0];
    const [y, m, d] = plan.exam.dateOfExam.split("-");
    expect(mail?.subject).toBe(`Invigilation duty: ${plan.exam.courseName} on ${d}-${m}-${y}`);
    expect(mail?.text).toContain("Room: Exam Hall 9 (EXAM-HALL-9)");
    expect(mail?.text).toMatch(/Time: \d{2}:\d{2} to \d{2}:\d{2} \(Asia\/Kolkata\)/);
    expect(mail?.text).toContain("Duration: 180 minutes");

    const data = await invigilationData(main.id);
    const row = data.facultyList.find((f) => f.id === person.id);
    expect(row).toMatchObject({ isAllocated: "Assigned", allocatedRoomNo: "Exam Hall 9" });
    expect(data.rooms[0]?.invigilatorsAssigned).toBe(1);

    const removed = await api.call("PATCH", "/api/sf/exam/update/invigilation", {
      headers: auth,
      body: [{ ...item, roomNo: "", isAllocated: "Not Assigned", sendEmail: false }],
    });
    expect(removed.status).toBe(200);
    expect((removed.body as { assignments: Json[] }).assignments[0]).toMatchObject({
      id: null,
      roomNo: null,
      isAllocated: "Not Assigned",
    });
    const cleared = await invigilationData(main.id);
    expect(cleared.facultyList.find((f) => f.id === person.id)).toMatchObject({
      isAllocated: "Not Assigned",
      allocatedRoomNo: null,
    });
    expect(cleared.rooms[0]?.invigilatorsAssigned).toBe(0);
  });

  it("refuses a faculty member in two rooms at overlapping times, changing nothing", async () => {
    const person = faculty[1] as (typeof faculty)[number];
    const other = faculty[2] as (typeof faculty)[number];
    const awayRoom = (await campusRooms(elsewhere.campusId))[0];
    if (!awayRoom) throw new Error("no room on the other campus");
    const assign = (facultyId: string, examId: string, roomNo: string) => ({
      facultyId,
      examId,
      roomNo,
      isAllocated: "Assigned",
      sendEmail: false,
    });
    const ok = await api.call("PATCH", "/api/sf/exam/update/invigilation", {
      headers: auth,
      body: [assign(person.id, main.id, "Exam Hall 9")],
    });
    expect(ok.status).toBe(200);
    const url = "/api/sf/exam/update/invigilation";
    const before = await snapshot();
    const res = await api.call("PATCH", url, {
      headers: auth,
      body: [assign(person.id, elsewhere.id, awayRoom.code)],
    });
    const body = expectError(res, 409, "0.facultyId", "invigilator_double_booked");
    expect(body.errorMessage).toContain("Exam Hall 9");
    expect(body.errorMessage).toMatch(/\d{2}-\d{2}-\d{4} from \d{2}:\d{2} to \d{2}:\d{2} \(Asia\/Kolkata\)/);
    expect(await snapshot()).toEqual(before);

    await expectRefusedUnchanged([
      // Both duties in one request.
      [
        "PATCH",
        url,
        [assign(other.id, main.id, "EXAM-HALL-9"), assign(other.id, elsewhere.id, awayRoom.name)],
        409,
        "1.facultyId",
        "invigilator_double_booked",
      ],
      ["PATCH", url, [assign(randomUUID(), main.id, "Exam Hall 9")], 404, "0.facultyId", "not_found"],
      ["PATCH", url, [assign("someone", main.id, "Exam Hall 9")], 404, "0.facultyId", "not_found"],
      ["PATCH", url, [assign(main.id, main.id, "Exam Hall 9")], 404, "0.facultyId", "not_found"],
      ["PATCH", url, [assign(other.id, randomUUID(), "Exam Hall 9")], 404, "0.examId", "not_found"],
      ["PATCH", url, [assign(other.id, main.id, "Room 999")], 404, "0.roomNo", "not_found"],
      ["PATCH", url, [assign(other.id, main.id, awayRoom.code)], 404, "0.roomNo", "not_found"],
      [
        "PATCH",
        url,
        [assign(other.id, main.id, "Exam Hall 9"), assign(other.id, main.id, "Exam Hall 9")],
        400,
        "1.facultyId",
        "validation_failed",
      ],
      [
        "PATCH",
        url,
        [{ ...assign(other.id, main.id, "Exam Hall 9"), isAllocated: "Yes" }],
        400,
        "0.isAllocated",
      ],
      [
        "PATCH",
        url,
        [{ ...assign(other.id, main.id, ""), roomNo: "" }],
        400,
        "0.roomNo",
        "validation_failed",
      ],
      ["PATCH", url, [{ ...assign(other.id, main.id, "Exam Hall 9"), sendEmail: "yes" }], 400, "0.sendEmail"],
      ["PATCH", url, [], 400, undefined, "validation_failed"],
      ["PATCH", url, { facultyId: other.id }, 400, undefined, "validation_failed"],
      ["PATCH", url, "[{", 400, undefined, "malformed_json"],
    ]);

    // The same room during an overlapping exam is allowed: the hall is shared by the period's exams.
    const shared = await api.call("PATCH", url, {
      headers: auth,
      body: [assign(person.id, neighbour.id, "EXAM-HALL-9")],
    });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    const data = await invigilationData(elsewhere.id);
    expect(data.facultyList.find((f) => f.id === person.id)?.overlappingDuty).toMatchObject({
      roomNo: "Exam Hall 9",
    });
  });

  it("lists a cycle's assignments and mails the chosen ones", async () => {
    const cycle = encodeURIComponent(DEMO_EXAM_CYCLE);
    const res = await api.call("GET", `/api/sf/exam/invigilationNotifications?examCycle=${cycle}`, {
      headers: auth,
    });
    expect(res.status).toBe(200);
    type Listed = {
      notifications: Array<Json & { id: string; facEmail: string }>;
      noOfRecords: number;
      pending: number;
    };
    const listed = res.body as Listed;
    expect(listed.noOfRecords).toBe(2);
    expect(listed.pending).toBe(2);
    const pending = await api.call(
      "GET",
      `/api/sf/exam/invigilationNotifications?examCycle=${cycle}&notified=false`,
      {
        headers: auth,
      },
    );
    expect((pending.body as Listed).notifications).toHaveLength(2);

    const first = listed.notifications[0] as Listed["notifications"][number];
    const before = await snapshot();
    const sent = await api.call("POST", "/api/sf/exam/invigilationNotifications/send", {
      headers: auth,
      body: { ids: [first.id] },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ success: true, message: "Mail Sent Successfully" });
    const after = await snapshot();
    expect(after.mail).toBe(before.mail + 1);
    expect(after.audit).toBe(before.audit + 1);
    const outbox = await api.call("GET", `/api/dev/outbox?to=${encodeURIComponent(first.facEmail)}`);
    expect((outbox.body as { mails: Array<{ subject: string }> }).mails[0]?.subject).toMatch(
      /^Invigilation duty: /,
    );
    const notified = await api.call(
      "GET",
      `/api/sf/exam/invigilationNotifications?examCycle=${cycle}&notified=true`,
      {
        headers: auth,
      },
    );
    expect((notified.body as Listed).notifications.map((n) => n.id)).toEqual([first.id]);
    expect((notified.body as Listed).pending).toBe(1);

    await expectRefusedUnchanged([
      [
        "POST",
        "/api/sf/exam/invigilationNotifications/send",
        { ids: [randomUUID()] },
        404,
        "ids.0",
        "not_found",
      ],
      ["POST", "/api/sf/exam/invigilationNotifications/send", { ids: [first.id, first.id] }, 400, "ids.1"],
      ["POST", "/api/sf/exam/invigilationNotifications/send", { ids: [] }, 400, "ids"],
      ["GET", "/api/sf/exam/invigilationNotifications?examCycle=Nope", undefined, 404, "examCycle"],
      ["GET", "/api/sf/exam/invigilationNotifications", undefined, 400, "examCycle"],
      [
        "GET",
        `/api/sf/exam/invigilationNotifications?examCycle=${cycle}&notified=maybe`,
        undefined,
        400,
        "notified",
      ],
    ]);
  });

  /**
   * Duties on every exam of the cycle, two or three each (the demo's days hold several exams), every
   * third duty (by id) mailed, so that page boundaries fall inside a date and between two, for every
   * mail filter. Adds only what is missing, so each test that needs them may call it.
   */
  async function addDutiesOnEveryExam() {
    const db = api.ctx.db;
    const exams = await cycleExams();
    const [room] = await db.select({ id: facility.id }).from(facility).orderBy(asc(facility.code)).limit(1);
    const duties = exams.flatMap((x, i) =>
      faculty.slice(0, 2 + (i % 2)).map((person) => ({
        examId: x.id,
        facilityId: room?.id as string,
        facultyId: person.id,
      })),
    );
    await db.insert(invigilation).values(duties).onConflictDoNothing();
    await db.execute(sql`update invigilation set notified_at = timestamptz '2026-11-20 10:00+00'
        where id in (select id from (select id, row_number() over (order by id) as n from invigilation) r
        where r.n % 3 = 0)`);
  }

  it("says when a notifications page's first exam date continues from the page before (firstDateContinued)", async () => {
    await addDutiesOnEveryExam();
    type Page = { noOfRecords: number; firstDateContinued: boolean; notifications: NotificationRow[] };
    type NotificationRow = { id: string; dateOfExam: string };
    const cycle = encodeURIComponent(DEMO_EXAM_CYCLE);
    const page = async (query: string) => {
      const url = `/api/sf/exam/invigilationNotifications?examCycle=${cycle}&${query}`;
      const res = await api.call("GET", url, { headers: auth });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as Page;
    };
    const seen: boolean[] = [];
    for (const filter of ["", "notified=true", "notified=false"]) {
      const whole = (await page(`${filter}&count=0`)).notifications.map((n) => n.dateOfExam);
      expect(whole.length, filter).toBeGreaterThan(10);
      expect((await page(`${filter}&count=10&pageNo=1`)).firstDateContinued, filter).toBe(false);
      for (const size of [10, 25]) {
        for (let pageNo = 2; (pageNo - 1) * size < whole.length; pageNo++) {
          const shown = await page(`${filter}&count=${size}&pageNo=${pageNo}`);
          expect(shown.notifications[0]?.dateOfExam).toBe(whole[(pageNo - 1) * size]);
          // Continued exactly when the last duty of the page before has the same date as this page's first.
          const expected = whole[(pageNo - 1) * size - 1] === shown.notifications[0]?.dateOfExam;
          expect(shown.firstDateContinued, `${filter} count ${size} page ${pageNo}`).toBe(expected);
          seen.push(expected);
        }
      }
    }
    expect(seen).toContain(true);
    expect(seen).toContain(false);
    // Past the end there is no first date, so nothing continues.
    expect((await page("count=10&pageNo=1000")).firstDateContinued).toBe(false);
  });

  it("counts only the duties within a role's reach for a narrowed notifications page's flag", async () => {
    await addDutiesOnEveryExam();
    const db = api.ctx.db;
    // Every programme of the cycle's duties but the one with the most: a reach whose duties share
    // dates with duties left out, so counting every duty would put more of them before a page.
    const programmes = await rows<{ programmeId: string }>(
      db,
      sql`select i.programme_id as "programmeId" from invigilation v join exam x on x.id = v.exam_id
          join exam_cycle c on c.id = x.exam_cycle_id join course_offering o on o.id = x.course_offering_id
          join term t on t.id = o.term_id join intake i on i.id = t.intake_id
          where c.name = ${DEMO_EXAM_CYCLE} group by 1 order by count(*) desc, 1`,
    );
    expect(programmes.length).toBeGreaterThan(2);
    const reach = programmes.slice(1).map((p) => p.programmeId);
    const scope = { programmes: `{${reach.join(",")}}`, plans: "{}", sections: "{}", key: "programmes" };
    const q = { examCycle: DEMO_EXAM_CYCLE };
    const everyone = await listInvigilationNotifications(db, { ...q, pageNo: 1, count: ALL_ROWS_CAP });
    const whole = (await listInvigilationNotifications(db, { ...q, pageNo: 1, count: ALL_ROWS_CAP }, scope))
      .notifications;
    expect(whole.length).toBeLessThan(everyone.noOfRecords);
    // The page size that ends page 1 on the first of two duties sharing a date: page 2 continues it.
    const split = whole.findIndex((row, i) => row.dateOfExam === whole[i + 1]?.dateOfExam) + 1;
    expect(split).toBeGreaterThan(0);
    const seen: boolean[] = [];
    for (const size of [split, 4]) {
      for (let pageNo = 2; (pageNo - 1) * size < whole.length; pageNo++) {
        const shown = await listInvigilationNotifications(db, { ...q, pageNo, count: size }, scope);
        expect(shown.notifications[0]?.id).toBe(whole[(pageNo - 1) * size]?.id);
        const expected = whole[(pageNo - 1) * size - 1]?.dateOfExam === shown.notifications[0]?.dateOfExam;
        expect(shown.firstDateContinued, `count ${size} page ${pageNo}`).toBe(expected);
        seen.push(expected);
      }
    }
    expect(seen).toContain(true);
    expect(seen).toContain(false);
  });
});
