import { pageSizeCount } from "@portal/domain";
import { type CycleListState, parseCycleListState, serializeCycleListState, writeQuery } from "./common.tsx";

/*
 * The state of the notification page's duty list of a cycle, kept in the address:
 * `?cycle=&notified=&page=&pageSize=`.
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
    count: pageSizeCount(state.pageSize),
    ...(state.notified ? { notified: state.notified } : {}),
  };
}
