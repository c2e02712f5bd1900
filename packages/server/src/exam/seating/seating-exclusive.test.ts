import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, enrolment, exam, facility, seatAssignment } from "../../db/schema.ts";
import { type Answer, createTestApi, signInHeaders, type TestApi, testTargets } from "../../test/harness.ts";
import { sendCurrentVersions } from "../../test/versions.ts";

/**
 * Rooms of their own (ITC2007 ROOM_EXCLUSIVE, exam.room_exclusive) in seating: generation and moves.
 * The fixture is a small ITC2007 file imported through the API: one period, three exams (exam 0
 * exclusive with 2 students, exam 1 with 3, exam 2 with 2) and rooms of 6, 4 and 3 seats.
 */
const FILE = [
  "[Exams:3]",
  "60, 1, 2",
  "60, 4, 5, 6",
  "60, 8, 9",
  "[Periods:1]",
  "10:12:2005, 09:00:00, 180, 0",
  "[Rooms:3]",
  "6, 0",
  "4, 0",
  "3, 0",
  "[PeriodHardConstraints]",
  "[RoomHardConstraints]",
  "0, ROOM_EXCLUSIVE",
  "[InstitutionalWeightings]",
  "",
].join("\n");

type Seat = { studentId: string; examId: string; facilityId: string; seatNumber: number };

describe.each(testTargets())("seating with room-exclusive exams on $name", (target) => {
  let api: TestApi;
  let auth: Record<string, string>;
  /** Exam ids by the file's index, room ids by code suffix (R01 6 seats, R02 4, R03 3). */
  let exams: string[];
  let rooms: Record<"R01" | "R02" | "R03", string>;
  /** Students of each exam (by the file's index). */
  let students: string[][];

  beforeAll(async () => {
    api = await createTestApi(target);
    sendCurrentVersions(api);
    auth = await signInHeaders(api);
    const imported = await api.call("POST", "/api/sf/exam/import", {
      body: { format: "itc2007", name: "exclusive", code: "EXCL", files: { exam: FILE } },
      headers: auth,
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const sourceId = (imported.body as { importSource: { id: string } }).importSource.id;
    const db = api.ctx.db;
    const examRows = await db
      .select({ id: exam.id, originalId: exam.originalId, offering: exam.courseOfferingId })
      .from(exam)
      .where(eq(exam.importSourceId, sourceId))
      .orderBy(asc(exam.originalId));
    exams = examRows.map((e) => e.id);
    students = [];
    for (const e of examRows) {
      const rows = await db
        .select({ id: enrolment.studentId })
        .from(enrolment)
        .where(eq(enrolment.courseOfferingId, e.offering));
      students.push(rows.map((r) => r.id));
    }
    const roomRows = await db
      .select({ id: facility.id, code: facility.code })
      .from(facility)
      .where(eq(facility.importSourceId, sourceId));
    rooms = Object.fromEntries(roomRows.map((r) => [r.code.slice(-3), r.id])) as typeof rooms;
  });
  afterAll(async () => {
    await api?.close();
  });

  async function seats(): Promise<Seat[]> {
    return api.ctx.db
      .select({
        studentId: seatAssignment.studentId,
        examId: seatAssignment.examId,
        facilityId: seatAssignment.facilityId,
        seatNumber: seatAssignment.seatNumber,
      })
      .from(seatAssignment)
      .orderBy(asc(seatAssignment.facilityId), asc(seatAssignment.seatNumber));
  }

  /** Exams seated in each room. */
  async function examsByRoom(): Promise<Map<string, Set<string>>> {
    const byRoom = new Map<string, Set<string>>();
    for (const s of await seats())
      byRoom.set(s.facilityId, (byRoom.get(s.facilityId) ?? new Set()).add(s.examId));
    return byRoom;
  }

  const save = (examId: string, moves: Array<{ studentId: string; roomId: string; seatNumber: number }>) =>
    api.call("POST", "/api/salesforce/seatingPlan/save", { body: { examId, seats: moves }, headers: auth });

  async function auditRows(): Promise<number> {
    return (await api.ctx.db.select({ id: auditLog.id }).from(auditLog)).length;
  }

  /** A refused move: 409 room_exclusive on seats.0.roomId, no seat and no audit row changed. */
  async function expectRefused(res: Promise<Answer>, message: RegExp): Promise<void> {
    const before = { seats: await seats(), audit: await auditRows() };
    const answer = await res;
    expect(answer.status, JSON.stringify(answer.body)).toBe(409);
    expect(answer.body).toMatchObject({
      success: false,
      errorCode: "room_exclusive",
      field: "seats.0.roomId",
    });
    expect((answer.body as { errorMessage: string }).errorMessage).toMatch(message);
    expect({ seats: await seats(), audit: await auditRows() }).toEqual(before);
  }

  it("shows which exams of the period need a room of their own", async () => {
    const res = await api.call("GET", `/api/salesforce/seatingPlan/retrieve?examId=${exams[1]}`, {
      headers: auth,
    });
    expect(res.status).toBe(200);
    const sections = (res.body as { sections: Array<{ examId: string; roomExclusive: boolean }> }).sections;
    expect(Object.fromEntries(sections.map((s) => [s.examId, s.roomExclusive]))).toEqual({
      [exams[0] as string]: true,
      [exams[1] as string]: false,
      [exams[2] as string]: false,
    });
  });

  it("generates a plan that gives the exclusive exam a room of its own", async () => {
    const res = await api.call("POST", "/api/salesforce/seatingPlan/generate", {
      body: { examId: exams[1] },
      headers: auth,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ seated: 7, clashes: [] });
    const byRoom = await examsByRoom();
    // Exam 0 takes the smallest room that holds it; the others share the largest, R02 stays empty.
    expect(byRoom.get(rooms.R03)).toEqual(new Set([exams[0]]));
    expect(byRoom.get(rooms.R01)).toEqual(new Set([exams[1], exams[2]]));
    expect(byRoom.has(rooms.R02)).toBe(false);
  });

  it("refuses to seat another exam's student in the exclusive exam's room, changing nothing", async () => {
    await expectRefused(
      save(exams[1] as string, [{ studentId: students[1]?.[0] as string, roomId: rooms.R03, seatNumber: 3 }]),
      /is kept for the exam of EXCL course 0 \(A\) in this exam period: it needs a room of its own$/,
    );
  });

  it("refuses to seat an exclusive exam's student in a room holding others, changing nothing", async () => {
    await expectRefused(
      save(exams[0] as string, [{ studentId: students[0]?.[0] as string, roomId: rooms.R01, seatNumber: 6 }]),
      /holds students of EXCL course [12] \(A\) in this exam period, but the exam of EXCL course 0 \(A\) needs a room of its own$/,
    );
  });

  it("moves an exclusive exam's student within its room or to an empty one, which it then holds", async () => {
    const own = students[0] as string[];
    const within = await save(exams[0] as string, [
      { studentId: own[0] as string, roomId: rooms.R03, seatNumber: 3 },
    ]);
    expect(within.status, JSON.stringify(within.body)).toBe(200);
    const away = await save(exams[0] as string, [
      { studentId: own[1] as string, roomId: rooms.R02, seatNumber: 1 },
    ]);
    expect(away.status, JSON.stringify(away.body)).toBe(200);
    expect((await examsByRoom()).get(rooms.R02)).toEqual(new Set([exams[0]]));
    await expectRefused(
      save(exams[2] as string, [{ studentId: students[2]?.[0] as string, roomId: rooms.R02, seatNumber: 2 }]),
      /is kept for the exam of EXCL course 0/,
    );
  });

  it("lets other exams share a room the exclusive exam has left", async () => {
    const own = students[0] as string[];
    const back = await save(exams[0] as string, [
      { studentId: own[1] as string, roomId: rooms.R03, seatNumber: 1 },
    ]);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const moved = await save(exams[2] as string, [
      { studentId: students[2]?.[0] as string, roomId: rooms.R02, seatNumber: 2 },
    ]);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const held = await api.ctx.db
      .select({ examId: seatAssignment.examId })
      .from(seatAssignment)
      .where(eq(seatAssignment.facilityId, rooms.R02));
    expect(held).toEqual([{ examId: exams[2] }]);
  });

  it("refuses to generate when exclusive rooms leave too few seats, saying why", async () => {
    // Rooms of 1, 3 and 3 seats for 7 students: enough seats, but exam 0 (2 students) takes a
    // 3-seat room for itself and the other 5 students have 4 seats left.
    await api.ctx.db.update(facility).set({ capacity: 1 }).where(eq(facility.id, rooms.R01));
    await api.ctx.db.update(facility).set({ capacity: 3 }).where(eq(facility.id, rooms.R02));
    try {
      const before = { seats: await seats(), audit: await auditRows() };
      const res = await api.call("POST", "/api/salesforce/seatingPlan/generate", {
        body: { examId: exams[0] },
        headers: auth,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body).toMatchObject({ errorCode: "insufficient_capacity", field: "examId" });
      expect((res.body as { errorMessage: string }).errorMessage).toMatch(
        /^The rooms available seat 6 of 7 students \(campus EXCL campus, .*; 1 exam needs rooms of its own \(room exclusive\), whose other seats stay empty\)\./,
      );
      expect({ seats: await seats(), audit: await auditRows() }).toEqual(before);
    } finally {
      await api.ctx.db.update(facility).set({ capacity: 6 }).where(eq(facility.id, rooms.R01));
      await api.ctx.db.update(facility).set({ capacity: 4 }).where(eq(facility.id, rooms.R02));
    }
  });
});
