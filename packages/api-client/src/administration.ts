import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "./client.ts";
import { unwrap } from "./errors.ts";
import type { JsonAnswer, JsonBody } from "./operation-types.ts";

/*
 * Events with their schedule and the department master on the admin URL (`/api/admin`):
 * openapi/administration.yaml. Events: academic office; departments: administrator.
 */

/** One department of the master. */
export type DepartmentRow = JsonAnswer<"listDepartments">["departments"][number];
/** Body of POST /admin/departments. */
export type DepartmentRequest = JsonBody<"createDepartment">;
/** One page of events with their schedules. */
export type EventListPage = JsonAnswer<"listEvents">;
/** One event with its schedule. */
export type EventRow = EventListPage["events"][number];
/** One item of an event's schedule. */
export type ScheduleItemRow = EventRow["schedule"][number];
/** Body of POST /admin/events. */
export type EventRequest = JsonBody<"createEvent">;
/** Body of POST /admin/schedule. */
export type ScheduleItemRequest = JsonBody<"createScheduleItem">;
/** One campus an event can be held at. */
export type EventCampus = JsonAnswer<"listEventCampuses">["campuses"][number];
/** Query of GET /admin/events. */
export type EventListQuery = { from?: string; pageNo?: number; count?: 10 | 25 | 50 };

function normaliseEventQuery(q: EventListQuery) {
  return { from: q.from ?? "", pageNo: q.pageNo ?? 1, count: q.count ?? 25 };
}

/** Query keys; invalidate `administrationKeys.events` after an event or schedule write. */
export const administrationKeys = {
  all: ["administration"] as const,
  departments: () => ["administration", "departments"] as const,
  events: ["administration", "events"] as const,
  eventList: (q: EventListQuery) => ["administration", "events", normaliseEventQuery(q)] as const,
  eventRange: (range: EventRange) => ["administration", "events", "range", range.from, range.to] as const,
  campuses: () => ["administration", "campuses"] as const,
};

/** GET /admin/departments: every department, active first, by code. */
export function departmentsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: administrationKeys.departments(),
    queryFn: async ({ signal }) => unwrap(await api.GET("/admin/departments", { signal })),
  });
}

/** POST /admin/departments: ApiError 409 `duplicate_code` (field code), 400 naming the field. */
export function createDepartmentMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["administration", "createDepartment"],
    mutationFn: async (body: DepartmentRequest) => unwrap(await api.POST("/admin/departments", { body })),
  });
}

/** PUT /admin/departments/{id} with the version read: 409 `version_conflict` or `duplicate_code`. */
export function updateDepartmentMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["administration", "updateDepartment"],
    mutationFn: async ({ id, body }: { id: string; body: DepartmentRequest & { version: number } }) =>
      unwrap(await api.PUT("/admin/departments/{id}", { params: { path: { id } }, body })),
  });
}

/** GET /admin/eventCampuses: campuses by name with their time zones. */
export function eventCampusesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: administrationKeys.campuses(),
    queryFn: async ({ signal }) => unwrap(await api.GET("/admin/eventCampuses", { signal })),
  });
}

/** GET /admin/events: one page of events ending on or after `from`, each with its schedule. */
export function eventListQueryOptions(api: ApiClient, query: EventListQuery) {
  const q = normaliseEventQuery(query);
  return queryOptions({
    queryKey: administrationKeys.eventList(q),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET("/admin/events", {
          params: { query: { ...(q.from ? { from: q.from } : {}), pageNo: q.pageNo, count: q.count } },
          signal,
        }),
      ),
  });
}

/** A span of days, `from` inclusive and `to` exclusive ("YYYY-MM-DD"), e.g. a calendar's visible weeks. */
export type EventRange = { from: string; to: string };

/** Most pages of 50 one range reads (1,000 events); a range with more shows the first 1,000. */
export const EVENT_RANGE_MAX_PAGES = 20;

/**
 * The events of a span of days for a calendar, through GET /admin/events: pages of 50 from `from`
 * (events ending on or after it, by start) until an event starts on or after `to`, the list ends or
 * EVENT_RANGE_MAX_PAGES pages are read; answers the events starting before `to`. Starts are wall
 * times at each event's campus ("YYYY-MM-DDTHH:MM"), compared as dates.
 */
export function eventRangeQueryOptions(api: ApiClient, range: EventRange) {
  return queryOptions({
    queryKey: administrationKeys.eventRange(range),
    queryFn: async ({ signal }) => {
      const events: EventRow[] = [];
      for (let pageNo = 1; pageNo <= EVENT_RANGE_MAX_PAGES; pageNo++) {
        const page = unwrap(
          await api.GET("/admin/events", {
            params: { query: { from: range.from, pageNo, count: 50 } },
            signal,
          }),
        );
        const inRange = page.events.filter((event) => event.start.slice(0, 10) < range.to);
        events.push(...inRange);
        if (inRange.length < page.events.length || pageNo * 50 >= page.noOfRecords) break;
      }
      return { events };
    },
  });
}

/** POST /admin/events. */
export function createEventMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["administration", "createEvent"],
    mutationFn: async (body: EventRequest) => unwrap(await api.POST("/admin/events", { body })),
  });
}

/** PUT /admin/events/{id} with the version read: 409 stale, 400 `within_event` when the schedule would fall outside. */
export function updateEventMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["administration", "updateEvent"],
    mutationFn: async ({ id, body }: { id: string; body: EventRequest & { version: number } }) =>
      unwrap(await api.PUT("/admin/events/{id}", { params: { path: { id } }, body })),
  });
}

/** DELETE /admin/events/{id}?version=: the event and its schedule. */
export function deleteEventMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["administration", "deleteEvent"],
    mutationFn: async ({ id, version }: { id: string; version: number }) =>
      unwrap(await api.DELETE("/admin/events/{id}", { params: { path: { id }, query: { version } } })),
  });
}

/** POST /admin/schedule: 400 `within_event` for an item outside its event. */
export function createScheduleItemMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["administration", "createScheduleItem"],
    mutationFn: async (body: ScheduleItemRequest) => unwrap(await api.POST("/admin/schedule", { body })),
  });
}

/** PUT /admin/schedule/{id} with the version read. */
export function updateScheduleItemMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["administration", "updateScheduleItem"],
    mutationFn: async ({ id, body }: { id: string; body: ScheduleItemRequest & { version: number } }) =>
      unwrap(await api.PUT("/admin/schedule/{id}", { params: { path: { id } }, body })),
  });
}

/** DELETE /admin/schedule/{id}?version=. */
export function deleteScheduleItemMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["administration", "deleteScheduleItem"],
    mutationFn: async ({ id, version }: { id: string; version: number }) =>
      unwrap(await api.DELETE("/admin/schedule/{id}", { params: { path: { id }, query: { version } } })),
  });
}

/* Subject documents: openapi/subject-documents.yaml. Academic office. */

/** One course offering of a term with its documents. */
export type TermCourseDocuments = JsonAnswer<"listTermCourseDocuments">["courseOfferings"][number];
/** One subject document. */
export type CourseDocumentRow = TermCourseDocuments["documents"][number];
/** Body of POST /courseDocuments (content: the file in base64). */
export type CourseDocumentUpload = JsonBody<"uploadCourseDocument">;

/** Query keys of the subject documents; invalidate `subjectDocumentKeys.all` after a write. */
export const subjectDocumentKeys = {
  all: ["subjectDocuments"] as const,
  term: (termId: string) => ["subjectDocuments", termId] as const,
};

/** GET /salesforce/facultyOnboarding/courseDocuments?termId=: disabled until a term is chosen. */
export function termCourseDocumentsQueryOptions(api: ApiClient, termId: string) {
  return queryOptions({
    queryKey: subjectDocumentKeys.term(termId),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET("/salesforce/facultyOnboarding/courseDocuments", {
          params: { query: { termId } },
          signal,
        }),
      ),
    enabled: termId !== "",
  });
}

/** POST /courseDocuments: ApiError 400 field content (max_size, file_type, base64), 404 unknown offering. */
export function uploadCourseDocumentMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["subjectDocuments", "upload"],
    mutationFn: async (body: CourseDocumentUpload) => unwrap(await api.POST("/courseDocuments", { body })),
  });
}

/** DELETE /courseDocuments/{id}?version=. */
export function deleteCourseDocumentMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["subjectDocuments", "delete"],
    mutationFn: async ({ id, version }: { id: string; version: number }) =>
      unwrap(await api.DELETE("/courseDocuments/{id}", { params: { path: { id }, query: { version } } })),
  });
}
