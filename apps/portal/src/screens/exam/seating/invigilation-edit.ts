import type { InvigilationFacultyRow, InvigilationSaveItem, SeatingExamHeader } from "@portal/api-client";

/*
 * The rules of the invigilation assignment page without React: the changes kept
 * for Save and the save items built from them (spec §3 Invigilation save item, §4 Assigned / Not Assigned).
 */

/** A change kept for Save: the room name chosen for a faculty member, or "" to remove their room. */
export type PendingAssignment = { facultyId: string; name: string; roomNo: string };

/** The room a faculty row holds now ("" when Not Assigned). */
export function currentRoom(row: InvigilationFacultyRow): string {
  return row.isAllocated === "Assigned" ? (row.allocatedRoomNo ?? "") : "";
}

/** Whether choosing `roomNo` for the row changes anything (otherwise no change is kept). */
export function isChange(row: InvigilationFacultyRow, roomNo: string): boolean {
  return currentRoom(row) !== roomNo;
}

/**
 * The save items of the kept changes, in order: "Assigned" with the room's name, or "Not Assigned"
 * (roomNo empty) to remove the room; `subject` names the exam's course; `sendEmail` as chosen.
 */
export function saveItems(
  changes: readonly PendingAssignment[],
  rows: readonly InvigilationFacultyRow[],
  exam: SeatingExamHeader,
  sendEmail: boolean,
): InvigilationSaveItem[] {
  return changes.map((change) => {
    const row = rows.find((r) => r.id === change.facultyId);
    return {
      facultyId: change.facultyId,
      examId: exam.id,
      roomNo: change.roomNo,
      facEmail: row?.facEmail ?? "",
      subject: exam.courseName,
      isAllocated: change.roomNo === "" ? "Not Assigned" : "Assigned",
      sendEmail,
      version: row?.version ?? 0,
    };
  });
}

/** The change a save error is about: the API names the item as `N.field` (e.g. `0.facultyId`). */
export function changeOfError(
  field: string | undefined,
  changes: readonly PendingAssignment[],
): PendingAssignment | null {
  const match = /^(\d+)\./.exec(field ?? "");
  return match ? (changes[Number(match[1])] ?? null) : null;
}
