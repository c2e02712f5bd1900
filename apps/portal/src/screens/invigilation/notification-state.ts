import type { InvigilationNotification } from "@portal/api-client";
import {
  type CycleListState,
  parseCycleListState,
  serializeCycleListState,
  writeQuery,
} from "../seating/common.tsx";

/*
 * The state of the duty lists of a cycle (notification page, faculty proctoring), kept in the address:
 * `?cycle=&notified=&page=&pageSize=`, and the grouping of one page of duties per faculty member.
 */

/** Which duties are listed: all, those already mailed ("true") or not yet mailed ("false"). */
export type NotifiedFilter = "" | "true" | "false";

export type DutyListState = CycleListState & { notified: NotifiedFilter };

/** Reads `?cycle=&notified=&page=&pageSize=` (unknown values fall back to the defaults). */
export function parseDutyListState(search: string): DutyListState {
  const notified = new URLSearchParams(search).get("notified");
  return {
    ...parseCycleListState(search),
    notified: notified === "true" || notified === "false" ? notified : "",
  };
}

/** Writes a duty list state as a query ("" or "?..."), leaving out defaults. */
export function serializeDutyListState(state: DutyListState): string {
  const base = serializeCycleListState(state);
  const extra = writeQuery([["notified", state.notified]]).replace(/^\?/, "");
  if (extra === "") return base;
  return base === "" ? `?${extra}` : `${base}&${extra}`;
}

/** The query of GET /sf/exam/invigilationNotifications for a state. */
export function toNotificationsQuery(state: DutyListState) {
  return {
    examCycle: state.cycle,
    pageNo: state.page,
    count: state.pageSize,
    ...(state.notified ? { notified: state.notified } : {}),
  };
}

/** One faculty member and their duties (in the order given, i.e. by date and time). */
export type FacultyDuties = {
  facultyId: string;
  facultyName: string;
  facEmail: string;
  duties: InvigilationNotification[];
};

/** Groups duties per faculty member, the groups ordered by name (then id, for namesakes). */
export function groupByFaculty(duties: readonly InvigilationNotification[]): FacultyDuties[] {
  const groups = new Map<string, FacultyDuties>();
  for (const duty of duties) {
    let group = groups.get(duty.facultyId);
    if (!group) {
      group = {
        facultyId: duty.facultyId,
        facultyName: duty.facultyName,
        facEmail: duty.facEmail,
        duties: [],
      };
      groups.set(duty.facultyId, group);
    }
    group.duties.push(duty);
  }
  return [...groups.values()].sort(
    (a, b) => a.facultyName.localeCompare(b.facultyName) || a.facultyId.localeCompare(b.facultyId),
  );
}
