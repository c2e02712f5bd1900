import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "./client.ts";
import { unwrap } from "./errors.ts";
import type { operations } from "./generated/schema.ts";
import type { JsonAnswer, JsonBody } from "./operation-types.ts";

/* Faculty onboarding and contracts: openapi/contracts.yaml (life cycle in @portal/domain contract-lifecycle). */

/** Query of GET /salesforce/facultyOnboarding/contracts: state, search, pageNo, count (10, 25, 50). */
export type ContractListQuery = NonNullable<operations["listContracts"]["parameters"]["query"]>;
/** One page of contracts and the total. */
export type ContractListPage = JsonAnswer<"listContracts">;
/** One row of the contract list (with the steps the caller may take). */
export type ContractListRow = ContractListPage["contracts"][number];
/** One contract with its faculty member, term, sections and history. */
export type ContractView = JsonAnswer<"getContract">["contract"];
/** Body of POST /salesforce/facultyOnboarding/save. */
export type OnboardFacultyRequest = JsonBody<"onboardFaculty">;
/** Body of a revision (POST /contracts/{id}/sendRevisedContractEmail) and of a draft's update. */
export type ContractTermsRequest = JsonBody<"reviseContract">;
/** The life-cycle steps that take only the version (the wire call names). */
export type ContractStepCall =
  | "sendForAreaHeadApproval"
  | "approve"
  | "returnToDraft"
  | "sendEmailContractor"
  | "resendEmailContract"
  | "cancelContract";

function normaliseContractListQuery(q: ContractListQuery): Required<ContractListQuery> {
  return { state: q.state ?? "", search: q.search ?? "", pageNo: q.pageNo ?? 1, count: q.count ?? 10 };
}

/** Query keys of contracts; invalidate `contractKeys.all` after any step. */
export const contractKeys = {
  all: ["contracts"] as const,
  list: (q: ContractListQuery) => ["contracts", "list", normaliseContractListQuery(q)] as const,
  one: (id: string) => ["contracts", "one", id] as const,
  options: (termId: string) => ["contracts", "options", termId] as const,
};

/** GET /salesforce/facultyOnboarding/contracts: one page, most recently changed first. */
export function contractListQueryOptions(api: ApiClient, query: ContractListQuery) {
  const q = normaliseContractListQuery(query);
  return queryOptions({
    queryKey: contractKeys.list(q),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/salesforce/facultyOnboarding/contracts", { params: { query: q }, signal })),
  });
}

/** GET /contracts/{id}: the contract with history and allowed steps (office or its area head). */
export function contractQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: contractKeys.one(id),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/contracts/{id}", { params: { path: { id } }, signal })),
    enabled: id !== "",
  });
}

/** GET /salesforce/facultyOnboarding/options: the terms a contract can be for and `termId`'s sections. */
export function contractOptionsQueryOptions(api: ApiClient, termId: string) {
  return queryOptions({
    queryKey: contractKeys.options(termId),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET("/salesforce/facultyOnboarding/options", {
          params: { query: termId ? { termId } : {} },
          signal,
        }),
      ),
  });
}

/** POST /salesforce/facultyOnboarding/save: ApiError 400 (field named), 404 term, 409 not_faculty. */
export function onboardFacultyMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["contracts", "onboard"],
    mutationFn: async (body: OnboardFacultyRequest) =>
      unwrap(await api.POST("/salesforce/facultyOnboarding/save", { body })),
  });
}

/** A version-only life-cycle step: ApiError 403 (not this actor), 409 invalid_transition or version_conflict. */
export function contractStepMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["contracts", "step"],
    mutationFn: async ({ id, call, version }: { id: string; call: ContractStepCall; version: number }) =>
      unwrap(await api.POST(`/contracts/{id}/${call}`, { params: { path: { id } }, body: { version } })),
  });
}

/** DELETE /contracts/{id}?version=: deletes a draft. */
export function deleteContractDraftMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["contracts", "delete"],
    mutationFn: async ({ id, version }: { id: string; version: number }) =>
      unwrap(await api.DELETE("/contracts/{id}", { params: { path: { id }, query: { version } } })),
  });
}

/** POST /contracts/{id}/sendRevisedContractEmail: new terms, revision mailed (400 when nothing changed). */
export function reviseContractMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["contracts", "revise"],
    mutationFn: async ({ id, body }: { id: string; body: ContractTermsRequest }) =>
      unwrap(await api.POST("/contracts/{id}/sendRevisedContractEmail", { params: { path: { id } }, body })),
  });
}

/** The address of a contract's PDF (same origin, under the API base). */
export function contractPdfPath(apiBase: string, id: string): string {
  return `${apiBase}/contracts/${encodeURIComponent(id)}/pdf`;
}

/** Query of GET /salesforce/facultyOnboarding/courseOfferings: search, termId, pageNo, count (10, 25, 50). */
export type CourseOfferingListQuery = NonNullable<operations["listCourseOfferings"]["parameters"]["query"]>;
/** One page of course offerings (View Course's list) and the total. */
export type CourseOfferingListPage = JsonAnswer<"listCourseOfferings">;
/** One row of the course-offering list and of a faculty member's sections. */
export type CourseOfferingListRow = CourseOfferingListPage["courseOfferings"][number];
/** One course offering with its term, intake, faculty, other sections and contracts. */
export type CourseOfferingDetails = JsonAnswer<"getCourseOffering">["courseOffering"];
/** A faculty member and the sections they teach. */
export type FacultySections = JsonAnswer<"listFacultySections">;

function normaliseCourseOfferingListQuery(q: CourseOfferingListQuery): CourseOfferingListQuery {
  return {
    search: q.search ?? "",
    ...(q.termId ? { termId: q.termId } : {}),
    pageNo: q.pageNo ?? 1,
    count: q.count ?? 10,
  };
}

/** Query keys of the course offerings the contract office sees; under `contractKeys.all`. */
export const courseOfferingKeys = {
  list: (q: CourseOfferingListQuery) =>
    ["contracts", "courseOfferings", normaliseCourseOfferingListQuery(q)] as const,
  one: (id: string) => ["contracts", "courseOffering", id] as const,
  facultySections: (contactId: string) => ["contracts", "facultySections", contactId] as const,
};

/** GET /salesforce/facultyOnboarding/courseOfferings: one page, newest term first. */
export function courseOfferingListQueryOptions(api: ApiClient, query: CourseOfferingListQuery) {
  const q = normaliseCourseOfferingListQuery(query);
  return queryOptions({
    queryKey: courseOfferingKeys.list(q),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET("/salesforce/facultyOnboarding/courseOfferings", { params: { query: q }, signal }),
      ),
  });
}

/** GET /courseOfferings/{id}: one course offering (View Course); ApiError 404 when unknown. */
export function courseOfferingQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: courseOfferingKeys.one(id),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/courseOfferings/{id}", { params: { path: { id } }, signal })),
    enabled: id !== "",
  });
}

/** GET /faculty/{contactId}/sections: the sections a faculty member teaches; ApiError 404 when not faculty. */
export function facultySectionsQueryOptions(api: ApiClient, contactId: string) {
  return queryOptions({
    queryKey: courseOfferingKeys.facultySections(contactId),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/faculty/{contactId}/sections", { params: { path: { contactId } }, signal })),
    enabled: contactId !== "",
  });
}
