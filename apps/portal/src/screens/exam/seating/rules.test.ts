import type { InvigilationFacultyRow, SeatAssignment } from "@portal/api-client";
import { describe, expect, it } from "vitest";
import { changeOfError, currentRoom, isChange, saveItems } from "./invigilation-edit.ts";
import { parseDutyListState, serializeDutyListState } from "./notification-state.ts";
import { checkDraft, isNoMove, moveOfError } from "./seat-edit.ts";

const rooms = [
  { id: "r1", code: "A", name: "Hall A", capacity: 3, seated: 1 },
  { id: "r2", code: "B", name: "Hall B", capacity: 2, seated: 0 },
];
const seat: SeatAssignment = {
  studentId: "s1",
  studentCode: null,
  studentName: "Asha Rao",
  examId: "e1",
  courseName: "Finance",
  section: "A",
  roomId: "r1",
  roomName: "Hall A",
  seatNumber: 1,
};
const faculty: InvigilationFacultyRow = {
  id: "f1",
  name: "Meera Iyer",
  facEmail: "meera@faculty.example",
  subjects: [],
  allocatedRoomNo: "Hall A",
  isAllocated: "Assigned",
  overlappingDuty: null,
};

describe("seat edit rules", () => {
  it("needs a room of the exam and a seat from 1 to its capacity", () => {
    expect(checkDraft(seat, { roomId: "", seat: "1" }, rooms)).toMatchObject({
      ok: false,
      errors: { roomId: "Choose a room" },
    });
    expect(checkDraft(seat, { roomId: "r2", seat: "3" }, rooms)).toMatchObject({
      ok: false,
      errors: { seat: "Enter a seat number from 1 to 2" },
    });
    expect(checkDraft(seat, { roomId: "r2", seat: "0" }, rooms).ok).toBe(false);
    expect(checkDraft(seat, { roomId: "r2", seat: "1.5" }, rooms).ok).toBe(false);
    expect(checkDraft(seat, { roomId: "r2", seat: " 2 " }, rooms)).toEqual({
      ok: true,
      move: { studentId: "s1", roomId: "r2", seatNumber: 2, studentName: "Asha Rao", roomName: "Hall B" },
    });
  });

  it("knows a move to the same seat and the move a save error names", () => {
    expect(isNoMove(seat, { studentId: "s1", roomId: "r1", seatNumber: 1 })).toBe(true);
    expect(isNoMove(seat, { studentId: "s1", roomId: "r1", seatNumber: 2 })).toBe(false);
    const moves = [
      { studentId: "s1", roomId: "r2", seatNumber: 2, studentName: "Asha Rao", roomName: "Hall B" },
    ];
    expect(moveOfError("seats.0.seatNumber", moves)?.studentName).toBe("Asha Rao");
    expect(moveOfError("examId", moves)).toBeNull();
  });
});

describe("invigilation rules", () => {
  it("builds the spec's save items", () => {
    expect(currentRoom(faculty)).toBe("Hall A");
    expect(currentRoom({ ...faculty, isAllocated: "Not Assigned", allocatedRoomNo: null })).toBe("");
    expect(isChange(faculty, "Hall A")).toBe(false);
    expect(isChange(faculty, "")).toBe(true);
    const exam = {
      id: "e1",
      courseName: "Finance",
      section: "A",
      examCycle: "Nov",
      dateOfExam: "2026-11-24",
      startTimeOfExam: "10:00",
      duration: 180,
      periodId: null,
    };
    const changes = [
      { facultyId: "f1", name: "Meera Iyer", roomNo: "" },
      { facultyId: "f2", name: "Ravi", roomNo: "Hall B" },
    ];
    expect(saveItems(changes, [faculty], exam, true)).toEqual([
      {
        facultyId: "f1",
        examId: "e1",
        roomNo: "",
        facEmail: "meera@faculty.example",
        subject: "Finance",
        isAllocated: "Not Assigned",
        sendEmail: true,
        version: 0,
      },
      {
        facultyId: "f2",
        examId: "e1",
        roomNo: "Hall B",
        facEmail: "",
        subject: "Finance",
        isAllocated: "Assigned",
        sendEmail: true,
        version: 0,
      },
    ]);
    expect(changeOfError("1.facultyId", changes)?.name).toBe("Ravi");
    expect(changeOfError(undefined, changes)).toBeNull();
  });
});

describe("duty list state", () => {
  it("reads and writes the address, forgiving bad values", () => {
    expect(parseDutyListState("?cycle=c1&notified=false&page=2&pageSize=25")).toEqual({
      cycle: "c1",
      notified: "false",
      page: 2,
      pageSize: 25,
    });
    expect(parseDutyListState("?notified=maybe&page=-1&pageSize=7")).toEqual({
      cycle: "",
      notified: "",
      page: 1,
      pageSize: 10,
    });
    expect(serializeDutyListState({ cycle: "c1", notified: "true", page: 1, pageSize: 10 })).toBe(
      "?cycle=c1&notified=true",
    );
    expect(serializeDutyListState({ cycle: "", notified: "", page: 1, pageSize: 10 })).toBe("");
  });
});
