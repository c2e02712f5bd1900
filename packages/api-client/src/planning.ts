import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "./client.ts";
import { unwrap } from "./errors.ts";
import type { operations } from "./generated/schema.ts";
import type { JsonAnswer, JsonBody } from "./operation-types.ts";

/* Academic planning: openapi/planning.yaml. Dates on the wire DD/MM/YYYY unless a type says otherwise. */

/** Body of POST /salesforce/CurrentPageFilter: the five filters ("" = all) and the page. */
export type BatchListRequest = NonNullable<JsonBody<"listBatches">>;
/** Answer of POST /salesforce/CurrentPageFilter: one page of batches and the total. */
type BatchListPage = JsonAnswer<"listBatches">;
/** One batch (intake) row (spec §3 batch list row). */
export type BatchRow = BatchListPage["batchList"][number];
/** Body of POST /salesforce/createProgramBatchSpecialization. */
export type CreateIntakeRequest = JsonBody<"createProgramBatchSpecialization">;
/** Query of GET /salesforce/CourseVersionData: programName, optional intake and year. */
type TermSubjectsQuery = operations["listTermSubjects"]["parameters"]["query"];
/** Answer of GET /salesforce/CourseVersionData: term name → subject rows. */
export type TermSubjects = JsonAnswer<"listTermSubjects">;
/** One subject row of a term (spec §3 subject row). */
export type TermSubjectRow = TermSubjects["data"][string][number];
/** One section of a subject (spec §3 Section). */
export type SectionRow = TermSubjectRow["sections"][number];
/** Body of POST /salesforce/createCourseVersion (add, or edit dates with courseVersionId + version). */
type TermSubjectRequest = JsonBody<"createCourseVersion">;
/** Body of POST /salesforce/CourseOfferingData (Operation Create, Update or Delete). */
type SectionOperation = JsonBody<"saveSection">;
/** Body of POST /salesforce/FacultyCourseAssociation (one faculty per section). */
type SectionFacultyRequest = JsonBody<"setSectionFaculty">;
/** Body of POST /salesforce/ClassRoomAssociation (a section's class room, or null to clear it). */
type SectionRoomRequest = JsonBody<"setSectionRoom">;
/** Programme, intake month and year of a master import (subjects or planner). */
type IntakeRef = JsonBody<"importMasterSubjects">;
/** Query of GET /salesforce/FacultyList: search, page, page size. */
type FacultyListQuery = NonNullable<operations["listFaculty"]["parameters"]["query"]>;
/** One faculty member of the faculty table (spec §3 faculty). */
export type FacultyRow = JsonAnswer<"listFaculty">["faculty"][number];
/** Body of POST /salesforce/facultyOnboarding/sendEmail (attachment as base64). */
export type InvitationRequest = JsonBody<"sendFacultyInvitation">;
/** Query of GET /salesforce/AcademicPlannerData. */
type PlannerQuery = operations["getPlanner"]["parameters"]["query"];
/** Answer of GET /salesforce/AcademicPlannerData: the intake's terms with their activities. */
type Planner = JsonAnswer<"getPlanner">;
/** One term card of the planner. */
export type PlannerTerm = Planner["terms"][number];
/** Body of POST /salesforce/createAcademicPlannerActivity. */
export type PlannerActivityRequest = JsonBody<"createAcademicPlannerActivity">;
/** Body of POST /salesforce/ActivitiesData (Program Clone). */
type PlannerCloneRequest = JsonBody<"clonePlanner">;
/** Body of POST /salesforce/createActivities (the activity dialog). */
export type ActivityOperationRequest = JsonBody<"createActivities">;
/** Query of GET /salesforce/CurrentProgrammes. */
export type CurrentProgrammesQuery = NonNullable<operations["listCurrentProgrammes"]["parameters"]["query"]>;
/** One row of Current Programmes. */
export type CurrentProgrammeRow = JsonAnswer<"listCurrentProgrammes">["programmes"][number];
/** Answer of GET /salesforce/CurrentProgrammeDetails?id=. */
export type CurrentProgrammeDetails = JsonAnswer<"getCurrentProgramme">;
/** Answer of GET /salesforce/AcademicCalendar. */
export type AcademicCalendar = JsonAnswer<"getAcademicCalendar">;
/** Body of POST /salesforce/AcademicCalendar. */
type CalendarEntryRequest = JsonBody<"saveAcademicCalendarEntry">;
/** Body of POST /salesforce/TermDatesUpdate. */
type TermDatesRequest = JsonBody<"updateTermDates">;
/** Body of POST /salesforce/campusHolidays. */
type CampusHolidayRequest = JsonBody<"addCampusHoliday">;

/** Fills the batch list's defaults (no filter, page 1, 10 a page) so equal requests share a key. */
function normaliseBatchListRequest(request: BatchListRequest): BatchListRequest {
  const page = {
    program: request.program ?? "",
    batch: request.batch ?? "",
    intake: request.intake ?? "",
    campus: request.campus ?? "",
    termStatus: request.termStatus ?? "",
    pageNo: request.pageNo ?? 1,
    count: request.count ?? 10,
  };
  return request.sortBy
    ? { ...page, sortBy: request.sortBy, sortDirection: request.sortDirection ?? "asc" }
    : page;
}

/**
 * Query keys of the planning calls; `planningKeys.all` prefixes every one, for `invalidateQueries`
 * after a write (a write to subjects, sections, planner or calendar can change the others' rows).
 */
export const planningKeys = {
  all: ["planning"] as const,
  batchOptions: () => ["planning", "batchOptions"] as const,
  batches: (request: BatchListRequest) =>
    ["planning", "batches", normaliseBatchListRequest(request)] as const,
  setup: () => ["planning", "setup"] as const,
  termSubjects: (query: TermSubjectsQuery) => ["planning", "termSubjects", query] as const,
  sections: (courseVersionId: string) => ["planning", "sections", courseVersionId] as const,
  classRooms: (intakeId: string) => ["planning", "classRooms", intakeId] as const,
  masterSubjects: (programmeId: string) => ["planning", "masterSubjects", programmeId] as const,
  faculty: (query: FacultyListQuery) => ["planning", "faculty", query] as const,
  planner: (query: PlannerQuery) => ["planning", "planner", query] as const,
  masterPlanner: (programmeId: string) => ["planning", "masterPlanner", programmeId] as const,
  currentProgrammes: (query: CurrentProgrammesQuery) => ["planning", "currentProgrammes", query] as const,
  currentProgramme: (id: string) => ["planning", "currentProgramme", id] as const,
  calendar: (intakeId: string) => ["planning", "calendar", intakeId] as const,
  campusHolidays: (campusId: string, year: number | "") =>
    ["planning", "campusHolidays", campusId, year] as const,
};

/** GET /salesforce/ClassRooms: the class rooms (facilities) of the intake's campus, by code. ApiError 404 unknown intake. */
export function classRoomsQueryOptions(api: ApiClient, intakeId: string) {
  return queryOptions({
    queryKey: planningKeys.classRooms(intakeId),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/salesforce/ClassRooms", { params: { query: { intakeId } }, signal })),
  });
}

/** GET /salesforce/CurrentPageFilter: programmes, years 2024-2040, JAN-DEC, campuses, term statuses. */
export function batchFilterOptionsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: planningKeys.batchOptions(),
    queryFn: async ({ signal }) => unwrap(await api.GET("/salesforce/CurrentPageFilter", { signal })),
  });
}

/** POST /salesforce/CurrentPageFilter: one page of batches (paged and filtered on the server). ApiError 400 names a bad filter. */
export function batchListQueryOptions(api: ApiClient, request: BatchListRequest) {
  const body = normaliseBatchListRequest(request);
  return queryOptions({
    queryKey: planningKeys.batches(body),
    queryFn: async ({ signal }) => unwrap(await api.POST("/salesforce/CurrentPageFilter", { body, signal })),
  });
}

/** GET /salesforce/AcademicProgramsName: programmes (terms as JSON text), campuses, courses. */
export function planningSetupQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: planningKeys.setup(),
    queryFn: async ({ signal }) => unwrap(await api.GET("/salesforce/AcademicProgramsName", { signal })),
  });
}

/** GET /salesforce/CourseVersionData: subjects by term ('No Data Found' message when none). ApiError 404 unknown programme. */
export function termSubjectsQueryOptions(api: ApiClient, query: TermSubjectsQuery) {
  return queryOptions({
    queryKey: planningKeys.termSubjects(query),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/salesforce/CourseVersionData", { params: { query }, signal })),
  });
}

/** GET /salesforce/CourseOfferingData: the sections of a subject, A..Z. ApiError 404 unknown subject. */
export function sectionsQueryOptions(api: ApiClient, courseVersionId: string) {
  return queryOptions({
    queryKey: planningKeys.sections(courseVersionId),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET("/salesforce/CourseOfferingData", { params: { query: { courseVersionId } }, signal }),
      ),
  });
}

/** GET /salesforce/MasterSubjects: a programme's master curriculum by term (Master Subject Import dialog). */
export function masterSubjectsQueryOptions(api: ApiClient, academicProgramId: string) {
  return queryOptions({
    queryKey: planningKeys.masterSubjects(academicProgramId),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET("/salesforce/MasterSubjects", { params: { query: { academicProgramId } }, signal }),
      ),
  });
}

/** GET /salesforce/FacultyList: one page of the faculty table with availability, subjects, rating, location. */
export function facultyListQueryOptions(api: ApiClient, query: FacultyListQuery) {
  return queryOptions({
    queryKey: planningKeys.faculty(query),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/salesforce/FacultyList", { params: { query }, signal })),
  });
}

/** GET /salesforce/AcademicPlannerData: the Term Academic Planner of an intake. ApiError 404 unknown programme. */
export function plannerQueryOptions(api: ApiClient, query: PlannerQuery) {
  return queryOptions({
    queryKey: planningKeys.planner(query),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/salesforce/AcademicPlannerData", { params: { query }, signal })),
  });
}

/** GET /salesforce/ActivitiesData: a programme's master term planner (template by week). */
export function masterPlannerQueryOptions(api: ApiClient, academicProgramId: string) {
  return queryOptions({
    queryKey: planningKeys.masterPlanner(academicProgramId),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET("/salesforce/ActivitiesData", { params: { query: { academicProgramId } }, signal }),
      ),
  });
}

/** GET /salesforce/CurrentProgrammes: running intakes with progress from sessions held. */
export function currentProgrammesQueryOptions(api: ApiClient, query: CurrentProgrammesQuery) {
  return queryOptions({
    queryKey: planningKeys.currentProgrammes(query),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/salesforce/CurrentProgrammes", { params: { query }, signal })),
  });
}

/** GET /salesforce/CurrentProgrammeDetails: term panels with subjects and workshops. ApiError 404 unknown intake. */
export function currentProgrammeQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: planningKeys.currentProgramme(id),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/salesforce/CurrentProgrammeDetails", { params: { query: { id } }, signal })),
  });
}

/** GET /salesforce/AcademicCalendar: an intake's terms and calendar entries (with campus holidays). */
export function academicCalendarQueryOptions(api: ApiClient, intakeId: string) {
  return queryOptions({
    queryKey: planningKeys.calendar(intakeId),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/salesforce/AcademicCalendar", { params: { query: { intakeId } }, signal })),
  });
}

/** GET /salesforce/CampusHolidayFetching: campus holidays ("" every campus), optionally of one year. */
export function campusHolidaysQueryOptions(api: ApiClient, campusId = "", year: number | "" = "") {
  return queryOptions({
    queryKey: planningKeys.campusHolidays(campusId, year),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET("/salesforce/CampusHolidayFetching", {
          params: { query: { ...(campusId ? { campusId } : {}), ...(year !== "" ? { year } : {}) } },
          signal,
        }),
      ),
  });
}

/*
 * The planning writes. Each answers `{ success, message, ... }` (the message is the alert or snackbar
 * text); failures are ApiError with the server's errorMessage, field and rule (400 validation, 404
 * unknown record, 409 version_conflict or a duplicate). Invalidate `planningKeys.all` afterwards.
 */

/** POST /salesforce/createProgramBatchSpecialization: a new intake with its plan and terms. */
export function createIntakeMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["planning", "createIntake"],
    mutationFn: async (body: CreateIntakeRequest) =>
      unwrap(await api.POST("/salesforce/createProgramBatchSpecialization", { body })),
  });
}

/** POST /salesforce/createCourseVersion: add a subject to a term, or edit its dates. */
export function saveTermSubjectMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["planning", "saveTermSubject"],
    mutationFn: async (body: TermSubjectRequest) =>
      unwrap(await api.POST("/salesforce/createCourseVersion", { body })),
  });
}

/** POST /salesforce/CourseOfferingData: section Create (next letter), Update (strength), Delete. */
export function saveSectionMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["planning", "saveSection"],
    mutationFn: async (body: SectionOperation) =>
      unwrap(await api.POST("/salesforce/CourseOfferingData", { body })),
  });
}

/** POST /salesforce/ClassRoomAssociation: a section's class room (null clears it); 409 on a stale version. */
export function setSectionRoomMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["planning", "setSectionRoom"],
    mutationFn: async (body: SectionRoomRequest) =>
      unwrap(await api.POST("/salesforce/ClassRoomAssociation", { body })),
  });
}

/** POST /salesforce/FacultyCourseAssociation: the one faculty member of a section. */
export function setSectionFacultyMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["planning", "setSectionFaculty"],
    mutationFn: async (body: SectionFacultyRequest) =>
      unwrap(await api.POST("/salesforce/FacultyCourseAssociation", { body })),
  });
}

/** POST /salesforce/MasterSubjects: import the curriculum into an intake's terms. */
export function importMasterSubjectsMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["planning", "importMasterSubjects"],
    mutationFn: async (body: IntakeRef) => unwrap(await api.POST("/salesforce/MasterSubjects", { body })),
  });
}

/** POST /salesforce/facultyOnboarding/sendEmail: invitation or mail with its attachment. */
export function sendInvitationMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["planning", "sendInvitation"],
    mutationFn: async (body: InvitationRequest) =>
      unwrap(await api.POST("/salesforce/facultyOnboarding/sendEmail", { body })),
  });
}

/** POST /salesforce/createAcademicPlannerActivity: add or update a planner activity. */
export function savePlannerActivityMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["planning", "savePlannerActivity"],
    mutationFn: async (body: PlannerActivityRequest) =>
      unwrap(await api.POST("/salesforce/createAcademicPlannerActivity", { body })),
  });
}

/** POST /salesforce/importTermActivity: Master Term Import. */
export function importMasterPlannerMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["planning", "importMasterPlanner"],
    mutationFn: async (body: IntakeRef) => unwrap(await api.POST("/salesforce/importTermActivity", { body })),
  });
}

/** POST /salesforce/ActivitiesData: Program Clone. */
export function clonePlannerMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["planning", "clonePlanner"],
    mutationFn: async (body: PlannerCloneRequest) =>
      unwrap(await api.POST("/salesforce/ActivitiesData", { body })),
  });
}

/** POST /salesforce/createActivities: the activity dialog's Create or Update. */
export function saveSectionActivityMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["planning", "saveSectionActivity"],
    mutationFn: async (body: ActivityOperationRequest) =>
      unwrap(await api.POST("/salesforce/createActivities", { body })),
  });
}

/** POST /salesforce/AcademicCalendar: create or update a calendar entry. */
export function saveCalendarEntryMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["planning", "saveCalendarEntry"],
    mutationFn: async (body: CalendarEntryRequest) =>
      unwrap(await api.POST("/salesforce/AcademicCalendar", { body })),
  });
}

/** DELETE /salesforce/AcademicCalendar: delete a calendar entry at its version. */
export function deleteCalendarEntryMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["planning", "deleteCalendarEntry"],
    mutationFn: async (query: { id: string; version: number }) =>
      unwrap(await api.DELETE("/salesforce/AcademicCalendar", { params: { query } })),
  });
}

/** POST /salesforce/TermDatesUpdate: move a term's dates. */
export function updateTermDatesMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["planning", "updateTermDates"],
    mutationFn: async (body: TermDatesRequest) =>
      unwrap(await api.POST("/salesforce/TermDatesUpdate", { body })),
  });
}

/** POST /salesforce/campusHolidays: a campus holiday. */
export function addCampusHolidayMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["planning", "addCampusHoliday"],
    mutationFn: async (body: CampusHolidayRequest) =>
      unwrap(await api.POST("/salesforce/campusHolidays", { body })),
  });
}
