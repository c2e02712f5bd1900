import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "./client.ts";
import { unwrap } from "./errors.ts";
import type { operations } from "./generated/schema.ts";
import type { JsonAnswer, JsonBody } from "./operation-types.ts";

/*
 * Scheduling and bookings: openapi/scheduling.yaml. Event times on the wire are instants ending in
 * Z; day ranges (`from`, `to`) are YYYY-MM-DD at the campus (SessionData: the term's; default
 * Asia/Kolkata), at most 62 days. The faculty calendar's answer carries its `timeZone`, `today` and
 * `now` (the server's clock there); SchedulerData and SessionTimeTable their campus's `timeZone`.
 */

/** Answer of GET /salesforce/SchedulerData: term, course versions with sections, tree, activities, references, resources. */
export type SchedulerData = JsonAnswer<"getSchedulerData">;
/** Query of GET /salesforce/SchedulerFilterData. */
type SchedulerFiltersQuery = NonNullable<operations["getSchedulerFilterData"]["parameters"]["query"]>;
/** Query of GET /salesforce/SessionData. */
type SessionDataQuery = operations["getSessionData"]["parameters"]["query"];
/** Answer of GET /salesforce/SessionData. */
type SessionData = JsonAnswer<"getSessionData">;
/** One scheduled event (spec §3 planner event). */
export type PlannerEvent = SessionData["events"][number];
/** Query of GET /salesforce/FacultyBookingsData. */
type FacultyBookingsQuery = NonNullable<operations["getFacultyBookings"]["parameters"]["query"]>;
/** Answer of GET /salesforce/FacultyBookingsData: a faculty member's calendar. */
type FacultyBookings = JsonAnswer<"getFacultyBookings">;
/** One event of the faculty calendar or the time table (academic-planning §3 calendar event). */
export type CalendarEvent = FacultyBookings["events"][number];
/** Query of GET /salesforce/FacilityBookingData. */
type FacilityBookingsQuery = operations["getFacilityBookings"]["parameters"]["query"];
/** Query of GET /salesforce/SessionTimeTable. */
export type TimeTableQuery = operations["getSessionTimeTable"]["parameters"]["query"];
/** Body of POST /salesforce/SessionTimeTable: two events (id, version) whose times are swapped. */
type TimeTableSwapRequest = JsonBody<"swapTimeTableSlots">;
/** Body of POST /salesforce/createFacilityFacultyBooking and /salesforce/createSession (Create or Delete). */
type BookingOperationRequest = JsonBody<"createFacilityFacultyBooking">;

/** Query keys of the scheduling calls; `schedulingKeys.all` prefixes every one (invalidate after a booking). */
export const schedulingKeys = {
  all: ["scheduling"] as const,
  filters: (query: SchedulerFiltersQuery) => ["scheduling", "filters", query] as const,
  scheduler: (termId: string) => ["scheduling", "scheduler", termId] as const,
  sessions: (query: SessionDataQuery) => ["scheduling", "sessions", query] as const,
  facultyBookings: (query: FacultyBookingsQuery) => ["scheduling", "facultyBookings", query] as const,
  facilityBookings: (query: FacilityBookingsQuery) => ["scheduling", "facilityBookings", query] as const,
  timeTable: (query: TimeTableQuery) => ["scheduling", "timeTable", query] as const,
  resources: (campusId: string) => ["scheduling", "resources", campusId] as const,
};

/** GET /salesforce/SchedulerData: the scheduler's load of a term. ApiError 404 unknown term. */
export function schedulerDataQueryOptions(api: ApiClient, termId: string) {
  return queryOptions({
    queryKey: schedulingKeys.scheduler(termId),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/salesforce/SchedulerData", { params: { query: { termId } }, signal })),
  });
}

/** GET /salesforce/SchedulerFilterData: the programmes and, for a programme, intake and year, its terms. */
export function schedulerFiltersQueryOptions(api: ApiClient, query: SchedulerFiltersQuery) {
  return queryOptions({
    queryKey: schedulingKeys.filters(query),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/salesforce/SchedulerFilterData", { params: { query }, signal })),
  });
}

/** GET /salesforce/SessionData: a term's events in a day range (≤ 62 days). ApiError 400 range, 404 term. */
export function sessionDataQueryOptions(api: ApiClient, query: SessionDataQuery) {
  return queryOptions({
    queryKey: schedulingKeys.sessions(query),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/salesforce/SessionData", { params: { query }, signal })),
  });
}

/** GET /salesforce/FacultyBookingsData: a faculty member's events in a day range (the faculty calendar). */
export function facultyBookingsQueryOptions(api: ApiClient, query: FacultyBookingsQuery) {
  return queryOptions({
    queryKey: schedulingKeys.facultyBookings(query),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/salesforce/FacultyBookingsData", { params: { query }, signal })),
  });
}

/** GET /salesforce/FacilityBookingData: a facility's booked slots in a day range (Booked Slots dialog). */
export function facilityBookingsQueryOptions(api: ApiClient, query: FacilityBookingsQuery) {
  return queryOptions({
    queryKey: schedulingKeys.facilityBookings(query),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/salesforce/FacilityBookingData", { params: { query }, signal })),
  });
}

/** GET /salesforce/SessionTimeTable: the week holding `date` of a programme's intake, with its neighbours. */
export function timeTableQueryOptions(api: ApiClient, query: TimeTableQuery) {
  return queryOptions({
    queryKey: schedulingKeys.timeTable(query),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/salesforce/SessionTimeTable", { params: { query }, signal })),
  });
}

/** GET /salesforce/FacilityFacultyAllData: faculty, facilities (of a campus, "" = all), activity types. */
export function resourcesQueryOptions(api: ApiClient, campusId = "") {
  return queryOptions({
    queryKey: schedulingKeys.resources(campusId),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET("/salesforce/FacilityFacultyAllData", {
          params: { query: campusId ? { campusId } : {} },
          signal,
        }),
      ),
  });
}

/* The scheduling writes; invalidate `schedulingKeys.all` on success. */

/**
 * POST /salesforce/createFacilityFacultyBooking: Operation Create (201, 'Created Successfully') or
 * Delete (200, 'Deleted successfully'). ApiError 409 booking_conflict names the clash
 * ('Faculty is allocated on another class on same time-slot'), 400 a rule, 404 an unknown id.
 */
export function saveBookingMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["scheduling", "booking"],
    mutationFn: async (body: BookingOperationRequest) =>
      unwrap(await api.POST("/salesforce/createFacilityFacultyBooking", { body })),
  });
}

/**
 * POST /salesforce/SessionTimeTable: swap the times of two events of one intake. ApiError 400
 * rule identical_subjects ('Subjects are identical!'), 409 booking_conflict ('Faculty is allocated
 * on another class on same time-slot') or version_conflict; nothing changes on a refusal.
 */
export function swapTimeTableSlotsMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["scheduling", "swap"],
    mutationFn: async (body: TimeTableSwapRequest) =>
      unwrap(await api.POST("/salesforce/SessionTimeTable", { body })),
  });
}
