/**
 * Test support for the seating and invigilation screens (used by the `*.test.tsx` files, never by the
 * portal): fixtures shaped like the API's answers and a fake API that keeps seats and invigilators in
 * memory, so a save changes what the next reload shows.
 */
import type {
  InvigilationData,
  InvigilationNotification,
  InvigilationSaveItem,
  SeatingPlan,
  SeatMove,
} from "@portal/api-client";
import { type FakeRoute, fakeApi, json } from "../../../shell/test-api.ts";

export { json };

export const EXAM_ID = "e0000000-0000-4000-8000-000000000001";
export const CYCLE = {
  id: "c0000000-0000-4000-8000-000000000001",
  name: "Nov 2026 End Term",
  examType: "EndTerm" as const,
  startDate: "2026-11-16",
  endDate: "2026-11-28",
  exams: 2,
  importCode: null,
};
export const ROOM_A = "a0000000-0000-4000-8000-000000000001";
export const ROOM_B = "a0000000-0000-4000-8000-000000000002";
export const STUDENT_1 = "50000000-0000-4000-8000-000000000001";
export const STUDENT_2 = "50000000-0000-4000-8000-000000000002";
export const FACULTY_1 = "f0000000-0000-4000-8000-000000000001";
export const FACULTY_2 = "f0000000-0000-4000-8000-000000000002";

const exam = {
  id: EXAM_ID,
  courseName: "Financial Accounting",
  section: "A",
  examCycle: CYCLE.name,
  dateOfExam: "2026-11-24",
  startTimeOfExam: "10:00",
  duration: 180,
  periodId: "90000000-0000-4000-8000-000000000001",
};

type Seat = {
  studentId: string;
  name: string;
  code: string | null;
  roomId: string | null;
  seat: number | null;
};
type Options = {
  extra?: Record<string, FakeRoute>;
  noFaculty?: boolean;
  /** The exam needs rooms of its own (ITC2007 ROOM_EXCLUSIVE). */
  roomExclusive?: boolean;
};

/**
 * A fake API holding one exam: two rooms (Hall A 3 seats, Hall B 2 seats), two students, two faculty
 * members, and their invigilation. Answers retrieve, generate, save, invigilatorList and the PATCH
 * (a faculty member named "Busy" is refused as double booked), notifications (paged, with the page's
 * `firstDateContinued` as the server computes it) and send. Like the
 * server, a save naming a version other than the stored one (the plan's, a faculty member's duty) is
 * refused with 409 version_conflict; `versions.plan` and each `faculty[i].version` can be moved on
 * to play someone else's change.
 */
export function seatingApi(options: Options = {}) {
  const rooms = [
    { id: ROOM_A, code: "HA", name: "Hall A", capacity: 3 },
    { id: ROOM_B, code: "HB", name: "Hall B", capacity: 2 },
  ];
  const seats: Seat[] = [
    { studentId: STUDENT_1, name: "Asha Rao", code: "S001", roomId: ROOM_A, seat: 1 },
    { studentId: STUDENT_2, name: "Ravi Kumar", code: null, roomId: null, seat: null },
  ];
  const faculty = options.noFaculty
    ? []
    : [
        {
          id: FACULTY_1,
          name: "Meera Iyer",
          facEmail: "meera@faculty.example",
          room: null as string | null,
          version: 0,
        },
        {
          id: FACULTY_2,
          name: "Busy Bose",
          facEmail: "busy@faculty.example",
          room: null as string | null,
          version: 0,
        },
      ];
  const notifications: InvigilationNotification[] = [
    {
      id: "d0000000-0000-4000-8000-000000000001",
      examId: EXAM_ID,
      courseName: exam.courseName,
      section: exam.section,
      dateOfExam: exam.dateOfExam,
      startTimeOfExam: exam.startTimeOfExam,
      duration: exam.duration,
      roomId: ROOM_A,
      roomNo: "Hall A",
      facultyId: FACULTY_1,
      facultyName: "Meera Iyer",
      facEmail: "meera@faculty.example",
      notifiedAt: null,
    },
  ];
  // The version of the period's seating plan: a save naming another one is refused (409).
  const versions = { plan: 1 };
  const conflict = (what: string) =>
    json(409, {
      success: false,
      errorMessage: `${what} was changed by someone else since it was read`,
      errorCode: "version_conflict",
    });
  const roomName = (id: string | null) => rooms.find((r) => r.id === id)?.name ?? null;
  const plan = (): SeatingPlan => ({
    success: true,
    version: versions.plan,
    exam,
    roomsAvailable: rooms.map((r) => ({ ...r, seated: seats.filter((s) => s.roomId === r.id).length })),
    document: {
      fileName: "seating-plan.csv",
      url: `/api/salesforce/seatingPlan/document?examId=${EXAM_ID}`,
      contentType: "text/csv",
    },
    sections: [
      {
        examId: EXAM_ID,
        courseOfferingId: "0f000000-0000-4000-8000-000000000001",
        courseName: exam.courseName,
        section: exam.section,
        students: seats.length,
        seated: seats.filter((s) => s.roomId).length,
        roomExclusive: options.roomExclusive ?? false,
      },
    ],
    seatingArrangement: seats.map((s) => ({
      studentId: s.studentId,
      studentCode: s.code,
      studentName: s.name,
      examId: EXAM_ID,
      courseName: exam.courseName,
      section: exam.section,
      roomId: s.roomId,
      roomName: roomName(s.roomId),
      seatNumber: s.seat,
    })),
    noOfRecords: seats.length,
    seated: seats.filter((s) => s.roomId).length,
    unseated: seats.filter((s) => !s.roomId).length,
  });
  const invigilation = (): { success: true; data: [InvigilationData] } => ({
    success: true,
    data: [
      {
        exam,
        facultyList: faculty.map((f) => ({
          id: f.id,
          name: f.name,
          facEmail: f.facEmail,
          subjects: [{ courseName: exam.courseName }],
          allocatedRoomNo: f.room,
          version: f.version,
          isAllocated: f.room ? "Assigned" : "Not Assigned",
          overlappingDuty: null,
        })),
        roomNo: rooms.map((r) => r.name),
        rooms: rooms.map((r) => ({
          ...r,
          seated: seats.filter((s) => s.roomId === r.id).length,
          invigilatorsNeeded: seats.some((s) => s.roomId === r.id) ? 1 : 0,
          invigilatorsAssigned: faculty.filter((f) => f.room === r.name).length,
        })),
      },
    ],
  });
  const api = fakeApi({
    "GET /api/sf/exam/examCycles": () =>
      json(200, { success: true, examCycles: [CYCLE], defaultExamCycleId: CYCLE.id }),
    "GET /api/salesforce/seatingPlan/retrieve": () => json(200, plan()),
    "POST /api/salesforce/seatingPlan/generate": () => {
      seats.forEach((s, i) => {
        s.roomId = ROOM_A;
        s.seat = i + 1;
      });
      versions.plan += 1;
      return json(200, {
        success: true,
        message: `Seating plan generated: ${seats.length} students seated in 1 room`,
        seated: seats.length,
        rooms: plan().roomsAvailable,
        clashes: [],
      });
    },
    "POST /api/salesforce/seatingPlan/save": (_request, body) => {
      const { seats: moves, version } = body as { seats: SeatMove[]; version: number };
      if (version !== versions.plan) return conflict("The seating plan");
      for (const [index, move] of moves.entries()) {
        const holder = seats.find(
          (s) =>
            s.roomId === move.roomId &&
            s.seat === move.seatNumber &&
            !moves.some((other) => other.studentId === s.studentId),
        );
        if (holder) {
          return json(409, {
            success: false,
            errorMessage: `Seat ${move.seatNumber} of ${roomName(move.roomId)} is taken by ${holder.name}`,
            errorCode: "conflict",
            field: `seats.${index}.seatNumber`,
            rule: "seat_taken",
          });
        }
      }
      for (const move of moves) {
        const seat = seats.find((s) => s.studentId === move.studentId);
        if (seat) {
          seat.roomId = move.roomId;
          seat.seat = move.seatNumber;
        }
      }
      versions.plan += 1;
      return json(200, { success: true, message: "Seating plan saved", moved: moves.length });
    },
    "PATCH /api/sf/exam/update/invigilation": (_request, body) => {
      const items = body as InvigilationSaveItem[];
      for (const [index, item] of items.entries()) {
        const member = faculty.find((f) => f.id === item.facultyId);
        if (member && item.version !== member.version) return conflict(`The invigilation of ${member.name}`);
        if (member?.name.startsWith("Busy") && item.isAllocated === "Assigned") {
          return json(409, {
            success: false,
            errorMessage: "Busy Bose invigilates Hall C at the same time",
            errorCode: "invigilator_double_booked",
            field: `${index}.facultyId`,
          });
        }
      }
      for (const item of items) {
        const member = faculty.find((f) => f.id === item.facultyId);
        if (member) {
          member.room = item.isAllocated === "Assigned" ? (item.roomNo ?? null) : null;
          member.version += 1;
        }
      }
      return json(200, {
        success: true,
        message: "Invigilation saved",
        assignments: items.map((item) => ({
          id: item.isAllocated === "Assigned" ? "d0000000-0000-4000-8000-000000000009" : null,
          examId: item.examId,
          facultyId: item.facultyId,
          facultyName: faculty.find((f) => f.id === item.facultyId)?.name ?? "",
          facEmail: "x@faculty.example",
          roomId: item.isAllocated === "Assigned" ? ROOM_A : null,
          roomNo: item.isAllocated === "Assigned" ? (item.roomNo ?? null) : null,
          isAllocated: item.isAllocated,
          notifiedAt: item.sendEmail ? "2026-11-20T04:30:00.000Z" : null,
        })),
      });
    },
    "GET /api/sf/exam/invigilationNotifications": (request) => {
      const query = new URL(request.url).searchParams;
      const notified = query.get("notified");
      const pageNo = Number(query.get("pageNo") ?? 1);
      const count = Number(query.get("count") ?? 10);
      const rows = notifications.filter(
        (n) => notified === null || (notified === "true") === (n.notifiedAt !== null),
      );
      const page = rows.slice((pageNo - 1) * count, pageNo * count);
      return json(200, {
        success: true,
        examCycle: { id: CYCLE.id, name: CYCLE.name },
        notifications: page,
        noOfRecords: rows.length,
        pending: notifications.filter((n) => n.notifiedAt === null).length,
        // As the server says it: the page's first date had duties on the page before.
        firstDateContinued: pageNo > 1 && rows[(pageNo - 1) * count - 1]?.dateOfExam === page[0]?.dateOfExam,
      });
    },
    "GET /api/sf/exam/facultyProctoring": () => {
      const faculty = new Map<
        string,
        { facultyId: string; facultyName: string; facEmail: string; duties: unknown[] }
      >();
      for (const n of notifications) {
        const member = faculty.get(n.facultyId) ?? {
          facultyId: n.facultyId,
          facultyName: n.facultyName,
          facEmail: n.facEmail,
          duties: [],
        };
        member.duties.push(n);
        faculty.set(n.facultyId, member);
      }
      return json(200, {
        success: true,
        examCycle: { id: CYCLE.id, name: CYCLE.name },
        faculty: [...faculty.values()],
        noOfRecords: faculty.size,
      });
    },
    "POST /api/sf/exam/invigilationNotifications/send": (_request, body) => {
      const ids = (body as { ids: string[] }).ids;
      for (const n of notifications) if (ids.includes(n.id)) n.notifiedAt = "2026-11-20T04:30:00.000Z";
      return json(200, {
        success: true,
        message: "Mail Sent Successfully",
        notifications: notifications.filter((n) => ids.includes(n.id)),
      });
    },
    ...options.extra,
  });
  const fetch = async (request: Request) => {
    const path = new URL(request.url).pathname;
    if (request.method === "GET" && path.startsWith("/api/sf/exam/invigilatorList/")) {
      api.calls.push({ method: "GET", path, body: undefined });
      const override = options.extra?.["GET /api/sf/exam/invigilatorList"]?.(request, undefined);
      if (override) return override;
      return path.endsWith(EXAM_ID)
        ? json(200, invigilation())
        : json(404, { success: false, errorMessage: "No such exam", errorCode: "not_found", field: "id" });
    }
    return api.fetch(request);
  };
  return { fetch, calls: api.calls, seats, faculty, notifications, versions };
}
