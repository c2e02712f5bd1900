import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../client.ts";
import { unwrap } from "../errors.ts";
import type { operations } from "../generated/schema.ts";
import type { JsonAnswer, JsonBody } from "../operation-types.ts";

/* Seating plans, the rooms of an exam's period and invigilation (openapi/seating-invigilation.yaml). */

/** Answer of GET /salesforce/seatingPlan/retrieve: exam header, rooms, sections, one page of seats. */
export type SeatingPlan = JsonAnswer<"retrieveSeatingPlan">;
/** The exam a seating or invigilation screen is about (date YYYY-MM-DD, time HH:MM at its campus, minutes). */
export type SeatingExamHeader = SeatingPlan["exam"];
/** A room available to an exam with the seats used in the exam's period. */
export type SeatingRoomUse = SeatingPlan["roomsAvailable"][number];
/** One exam of the same period and campus (they share the rooms). */
export type SeatingSection = SeatingPlan["sections"][number];
/** One student of the exam and their seat (room and seat null while unseated). */
export type SeatAssignment = SeatingPlan["seatingArrangement"][number];
/** One move of the seating plan save: a student of the exam to a room and seat (1..capacity). */
export type SeatMove = JsonBody<"saveSeatingPlan">["seats"][number];
/** The one item of GET /sf/exam/invigilatorList/{id}: exam, faculty rows, room names, rooms. */
export type InvigilationData = JsonAnswer<"getInvigilatorList">["data"][number];
/** Invigilation faculty row (spec §3). */
export type InvigilationFacultyRow = InvigilationData["facultyList"][number];
/** A room of the exam with invigilators needed and assigned. */
export type InvigilationRoom = InvigilationData["rooms"][number];
/** Invigilation save item (spec §3: facultyId, roomNo, examId, facEmail, subject, isAllocated, sendEmail). */
export type InvigilationSaveItem = JsonBody<"saveInvigilation">[number];
/** Query of GET /sf/exam/invigilationNotifications. */
type InvigilationNotificationsQuery = operations["listInvigilationNotifications"]["parameters"]["query"];
/** One page of a cycle's invigilation duties with their mail state. */
type InvigilationNotificationsPage = JsonAnswer<"listInvigilationNotifications">;
/** One invigilation duty (assignment) and when it was mailed. */
export type InvigilationNotification = InvigilationNotificationsPage["notifications"][number];
/** Query of GET /sf/exam/facultyProctoring (cycle id or name, page, members a page). */
type FacultyProctoringQuery = operations["listFacultyProctoring"]["parameters"]["query"];

/**
 * Query keys of seating and invigilation; `seatingKeys.all` prefixes every one (invalidate it after
 * a seating plan is generated: seats and rooms change the invigilation rooms too), and
 * `seatingKeys.invigilation()` every invigilation query (invalidate it after invigilators or their
 * mails change).
 */
export const seatingKeys = {
  all: ["seating"] as const,
  plan: (examId: string, pageNo: number, count: number) =>
    ["seating", "plan", examId, pageNo, count] as const,
  invigilation: () => ["seating", "invigilation"] as const,
  invigilators: (examId: string) => ["seating", "invigilation", "list", examId] as const,
  notifications: (query: InvigilationNotificationsQuery) =>
    ["seating", "invigilation", "notifications", normaliseNotificationsQuery(query)] as const,
  faculty: (query: FacultyProctoringQuery) =>
    ["seating", "invigilation", "faculty", query.examCycle, query.pageNo ?? 1, query.count ?? 25] as const,
};

/** Fills the notification query's defaults (page 1, 25 a page, no `notified` filter) for a stable key. */
function normaliseNotificationsQuery(query: InvigilationNotificationsQuery): InvigilationNotificationsQuery {
  return {
    examCycle: query.examCycle,
    pageNo: query.pageNo ?? 1,
    count: query.count ?? 25,
    ...(query.notified ? { notified: query.notified } : {}),
  };
}

/**
 * GET /salesforce/seatingPlan/retrieve: the seating plan of an exam, one page (1-based; 10, 25, 50
 * or 100 a page) of its students, seated first by room and seat. ApiError 404 for an unknown exam.
 */
export function seatingPlanQueryOptions(
  api: ApiClient,
  examId: string,
  pageNo: number,
  count: 10 | 25 | 50 | 100 | 0,
) {
  return queryOptions({
    queryKey: seatingKeys.plan(examId, pageNo, count),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET("/salesforce/seatingPlan/retrieve", {
          params: { query: { examId, pageNo, count } },
          signal,
        }),
      ),
  });
}

/**
 * POST /salesforce/seatingPlan/generate: seats every student of the exam's period again. The answer's
 * `message` is meant for a toast; ApiError 409 `insufficient_capacity` when the rooms are too few.
 * Invalidate `seatingKeys.all` afterwards.
 */
export function generateSeatingPlanMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["seating", "generate"],
    mutationFn: async (examId: string) =>
      unwrap(await api.POST("/salesforce/seatingPlan/generate", { body: { examId } })),
  });
}

/**
 * POST /salesforce/seatingPlan/save: moves students of an exam to other seats in one transaction,
 * given the plan `version` retrieve answered (409 `version_conflict` when the plan changed since)
 * (nothing written on failure). ApiError 400/409 names the move (`seats.3.seatNumber`, rule
 * `seat_taken`, `room_full`, ...).
 */
export function saveSeatingPlanMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["seating", "save"],
    mutationFn: async (body: { examId: string; version: number; seats: SeatMove[] }) =>
      unwrap(await api.POST("/salesforce/seatingPlan/save", { body })),
  });
}

/** GET /sf/exam/invigilatorList/{id}: faculty rows and rooms of an exam's invigilation (the one item). */
export function invigilatorListQueryOptions(api: ApiClient, examId: string) {
  return queryOptions({
    queryKey: seatingKeys.invigilators(examId),
    queryFn: async ({ signal }) => {
      const answer = unwrap(
        await api.GET("/sf/exam/invigilatorList/{id}", { params: { path: { id: examId } }, signal }),
      );
      return answer.data[0] as InvigilationData;
    },
  });
}

/**
 * PATCH /sf/exam/update/invigilation: assigns or removes invigilators in one transaction. ApiError
 * 409 `invigilator_double_booked` when a faculty member would hold two rooms at once; the item is
 * named in `field` (`3.facultyId`). Mails leave after the commit and never fail the call.
 */
export function saveInvigilationMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["invigilation", "save"],
    mutationFn: async (items: InvigilationSaveItem[]) =>
      unwrap(await api.PATCH("/sf/exam/update/invigilation", { body: items })),
  });
}

/**
 * GET /sf/exam/invigilationNotifications: one page of an exam cycle's invigilation duties (by date,
 * time, course, room, faculty) with `noOfRecords` and `pending` (not yet mailed).
 */
export function invigilationNotificationsQueryOptions(api: ApiClient, query: InvigilationNotificationsQuery) {
  const normalised = normaliseNotificationsQuery(query);
  return queryOptions({
    queryKey: seatingKeys.notifications(normalised),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/sf/exam/invigilationNotifications", { params: { query: normalised }, signal })),
  });
}

/**
 * GET /sf/exam/facultyProctoring: one page of the faculty members with invigilation duties in an
 * exam cycle (by name), each with all of their duties in it. ApiError 404 for an unknown cycle.
 */
export function facultyProctoringQueryOptions(api: ApiClient, query: FacultyProctoringQuery) {
  const normalised = { examCycle: query.examCycle, pageNo: query.pageNo ?? 1, count: query.count ?? 25 };
  return queryOptions({
    queryKey: seatingKeys.faculty(normalised),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/sf/exam/facultyProctoring", { params: { query: normalised }, signal })),
  });
}

/** POST /sf/exam/invigilationNotifications/send: mails the listed duties; answers 'Mail Sent Successfully'. */
export function sendInvigilationNotificationsMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["invigilation", "notify"],
    mutationFn: async (ids: string[]) =>
      unwrap(await api.POST("/sf/exam/invigilationNotifications/send", { body: { ids } })),
  });
}
