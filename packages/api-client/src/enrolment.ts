import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "./client.ts";
import { unwrap } from "./errors.ts";
import type { JsonAnswer, JsonBody } from "./operation-types.ts";

/*
 * Enrolment of students and faculty (openapi/enrolment.yaml): the Enrol Student and Enrol Faculty
 * screens. Academic office and administrator.
 */

/** The choices made so far in the enrolment filters ("" = not chosen). */
export type EnrolmentOptionsQuery = { instituteId: string; academicProgramId: string; programPlanId: string };
/** Answer of getDataForCourseEnrolment: institutes, and the programmes, plans and terms of the choices. */
export type EnrolmentOptions = JsonAnswer<"enrolmentOptions">;
/** The till term and one page of students: termId, pageNo (1-based), count (10, 25, 50). */
export type EnrolmentPageQuery = { termId: string; pageNo: number; count: 10 | 25 | 50 | 0 };
/** Answer of getStudentAndCourseForEnrolment. */
export type EnrolmentCandidates = JsonAnswer<"enrolmentCandidates">;
/** One student of the Enrol Student list. */
export type EnrolmentStudentRow = EnrolmentCandidates["students"][number];
/** One course offering up to the till term. */
export type EnrolmentOfferingRow = EnrolmentCandidates["courseOfferings"][number];
/** Body of createEnrolmentTillCourses. */
export type CreateEnrolmentsRequest = JsonBody<"createEnrolments">;
/** Answer of FacultyEnrollment (get): one page of a term's sections with their faculty. */
export type FacultyEnrolmentPage = JsonAnswer<"listFacultyEnrolment">;
/** One section of the Enrol Faculty list. */
export type FacultyEnrolmentRow = FacultyEnrolmentPage["sections"][number];
/** Body of FacultyEnrollment (post). */
export type AssociateFacultyRequest = JsonBody<"associateFaculty">;

/** Query keys of the enrolment screens; invalidate `enrolmentKeys.all` after a write. */
export const enrolmentKeys = {
  all: ["enrolment"] as const,
  options: (q: EnrolmentOptionsQuery) => ["enrolment", "options", q] as const,
  candidates: (q: EnrolmentPageQuery) => ["enrolment", "candidates", q] as const,
  faculty: (q: EnrolmentPageQuery) => ["enrolment", "faculty", q] as const,
};

/** GET /salesforce/getDataForCourseEnrolment: the cascading choices. ApiError 404 unknown parent. */
export function enrolmentOptionsQueryOptions(api: ApiClient, query: EnrolmentOptionsQuery) {
  return queryOptions({
    queryKey: enrolmentKeys.options(query),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/salesforce/getDataForCourseEnrolment", { params: { query }, signal })),
  });
}

/** GET /salesforce/getStudentAndCourseForEnrolment: disabled until a till term is chosen. ApiError 404 unknown term. */
export function enrolmentCandidatesQueryOptions(api: ApiClient, query: EnrolmentPageQuery) {
  return queryOptions({
    queryKey: enrolmentKeys.candidates(query),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/salesforce/getStudentAndCourseForEnrolment", { params: { query }, signal })),
    enabled: query.termId !== "",
  });
}

/**
 * POST /salesforce/createEnrolmentTillCourses: answers created and skipped. ApiError 400 (field
 * named), 404 unknown id, 409 capacity_exceeded (nothing written).
 */
export function createEnrolmentsMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["enrolment", "create"],
    mutationFn: async (body: CreateEnrolmentsRequest) =>
      unwrap(await api.POST("/salesforce/createEnrolmentTillCourses", { body })),
  });
}

/** GET /salesforce/FacultyEnrollment: one page of a term's sections; disabled until a term is chosen. */
export function facultyEnrolmentQueryOptions(api: ApiClient, query: EnrolmentPageQuery) {
  return queryOptions({
    queryKey: enrolmentKeys.faculty(query),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/salesforce/FacultyEnrollment", { params: { query }, signal })),
    enabled: query.termId !== "",
  });
}

/** POST /salesforce/FacultyEnrollment: ApiError 404, 409 duplicate, already_associated or version_conflict. */
export function associateFacultyMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["enrolment", "associateFaculty"],
    mutationFn: async (body: AssociateFacultyRequest) =>
      unwrap(await api.POST("/salesforce/FacultyEnrollment", { body })),
  });
}

/** DELETE /salesforce/FacultyEnrollment: ApiError 400 no_faculty, 404, 409 version_conflict. */
export function removeFacultyAssociationMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["enrolment", "removeFacultyAssociation"],
    mutationFn: async (query: { courseOfferingId: string; version: number }) =>
      unwrap(await api.DELETE("/salesforce/FacultyEnrollment", { params: { query } })),
  });
}
