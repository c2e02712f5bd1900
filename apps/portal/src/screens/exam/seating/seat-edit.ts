import type { SeatAssignment, SeatingRoomUse, SeatMove } from "@portal/api-client";
import { m } from "../../../lib/i18n.ts";

/*
 * The rules of the seating plan's row edit, without React: a draft (room and seat number as typed),
 * its check against the rooms available, and the moves waiting to be saved.
 */

/** A row being edited: the chosen room id ("" when none) and the seat number as typed. */
export type SeatDraft = { roomId: string; seat: string };
export type SeatDraftErrors = { roomId?: string; seat?: string };

/** A move waiting for Save, with the names the table shows for it. */
export type PendingMove = SeatMove & { studentName: string; roomName: string };

/** The draft a row starts from: its current (or pending) room and seat. */
export function draftOf(row: SeatAssignment, pending: PendingMove | undefined): SeatDraft {
  if (pending) return { roomId: pending.roomId, seat: String(pending.seatNumber) };
  return { roomId: row.roomId ?? "", seat: row.seatNumber === null ? "" : String(row.seatNumber) };
}

/**
 * Checks a draft: a room of the exam must be chosen and the seat must be a whole number from 1 to the
 * room's capacity. Answers the move, or the message of each bad field.
 */
export function checkDraft(
  row: SeatAssignment,
  draft: SeatDraft,
  rooms: readonly SeatingRoomUse[],
): { ok: true; move: PendingMove } | { ok: false; errors: SeatDraftErrors } {
  const room = rooms.find((r) => r.id === draft.roomId);
  if (!room) return { ok: false, errors: { roomId: m.seat_error_room() } };
  const text = draft.seat.trim();
  const seat = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(seat) || seat < 1 || seat > room.capacity) {
    return { ok: false, errors: { seat: m.seat_error_seat({ max: room.capacity }) } };
  }
  return {
    ok: true,
    move: {
      studentId: row.studentId,
      roomId: room.id,
      seatNumber: seat,
      studentName: row.studentName,
      roomName: room.name,
    },
  };
}

/** Whether a move leaves the student where the saved plan already has them. */
export function isNoMove(row: SeatAssignment, move: SeatMove): boolean {
  return row.roomId === move.roomId && row.seatNumber === move.seatNumber;
}

/**
 * The student a save error is about: the API names the move as `seats.N.field`; answers that move's
 * student name, or null when the error names no move.
 */
export function moveOfError(field: string | undefined, moves: readonly PendingMove[]): PendingMove | null {
  const match = /^seats\.(\d+)\./.exec(field ?? "");
  return match ? (moves[Number(match[1])] ?? null) : null;
}
