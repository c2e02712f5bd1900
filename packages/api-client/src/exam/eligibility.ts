import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../client.ts";
import { unwrap } from "../errors.ts";
import type { operations } from "../generated/schema.ts";
import type { JsonAnswer, JsonBody } from "../operation-types.ts";

/*
 * Student eligibility (openapi/evaluation.yaml): each exam's students with their eligibility labels,
 * the decisions, and the eligibility overview of a cycle (StudentRiskData).
 */

/** Query of GET /sf/exam/studentStatus/{id} besides the id: label filter, search, page, page size. */
type StudentStatusQuery = NonNullable<operations["getStudentStatus"]["parameters"]["query"]>;
/** Answer of GET /sf/exam/studentStatus/{id}: exam header, counts per label and one page of students. */
type StudentStatusPage = JsonAnswer<"getStudentStatus">;
/** One student of an exam with their eligibility (spec §3 exam row fields). */
export type StudentStatusRow = StudentStatusPage["students"][number];
/** One item of PATCH /sf/exam/update/eligibily: a decision, or null to withdraw it. */
export type EligibilityUpdate = JsonBody<"updateEligibility">[number];
/** Body of POST /salesforce/StudentRiskData: exam cycle ("" all), search, page, page size. */
type StudentRiskRequest = NonNullable<JsonBody<"getStudentRiskData">>;
/** Answer of POST /salesforce/StudentRiskData: totals and one page of exams with their counts. */
type StudentRiskPage = JsonAnswer<"getStudentRiskData">;
/** One exam of the eligibility overview. */
export type StudentRiskExam = StudentRiskPage["exams"][number];

/** Fills the student status query's defaults so equal queries share a key. */
function normaliseStudentStatusQuery(query: StudentStatusQuery): Required<StudentStatusQuery> {
  return {
    eligibility: query.eligibility ?? "",
    search: query.search ?? "",
    pageNo: query.pageNo ?? 1,
    count: query.count ?? 10,
  };
}

/** Fills StudentRiskData's defaults (every cycle, no search, page 1, 10 a page). */
function normaliseStudentRiskRequest(request: StudentRiskRequest): Required<StudentRiskRequest> {
  return {
    examCycleId: request.examCycleId ?? "",
    search: request.search ?? "",
    pageNo: request.pageNo ?? 1,
    count: request.count ?? 10,
  };
}

/** Query keys of the eligibility calls; `eligibilityKeys.all` prefixes every one (invalidate it after a decision). */
export const eligibilityKeys = {
  all: ["eligibility"] as const,
  studentStatus: (examId: string, query: StudentStatusQuery) =>
    ["eligibility", "studentStatus", examId, normaliseStudentStatusQuery(query)] as const,
  risk: (request: StudentRiskRequest) =>
    ["eligibility", "risk", normaliseStudentRiskRequest(request)] as const,
};

/**
 * GET /sf/exam/studentStatus/{id}: the exam header, counts per eligibility label over all its
 * students, and one page of students (by name) matching `eligibility` and `search`. ApiError 404.
 */
export function studentStatusQueryOptions(api: ApiClient, examId: string, query: StudentStatusQuery) {
  const normalised = normaliseStudentStatusQuery(query);
  return queryOptions({
    queryKey: eligibilityKeys.studentStatus(examId, normalised),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET("/sf/exam/studentStatus/{id}", {
          params: {
            path: { id: examId },
            query: {
              ...(normalised.eligibility ? { eligibility: normalised.eligibility } : {}),
              ...(normalised.search ? { search: normalised.search } : {}),
              pageNo: normalised.pageNo,
              count: normalised.count,
            },
          },
          signal,
        }),
      ),
  });
}

/**
 * PATCH /sf/exam/update/eligibily (spelled so): records or withdraws (null) eligibility decisions in
 * one transaction; "Not eligible" and "At Risk" need a reason. ApiError 400/404 names the item's
 * field (`0.reason`, `0.studentId`). Invalidate `eligibilityKeys.all` afterwards.
 */
export function updateEligibilityMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["eligibility", "update"],
    mutationFn: async (items: EligibilityUpdate[]) =>
      unwrap(await api.PATCH("/sf/exam/update/eligibily", { body: items })),
  });
}

/**
 * POST /salesforce/StudentRiskData: the eligibility overview, one page of a cycle's exams (all
 * cycles for "") each with its counts per label, and the totals. ApiError 404 for an unknown cycle.
 */
export function studentRiskDataQueryOptions(api: ApiClient, request: StudentRiskRequest) {
  const body = normaliseStudentRiskRequest(request);
  return queryOptions({
    queryKey: eligibilityKeys.risk(body),
    queryFn: async ({ signal }) => unwrap(await api.POST("/salesforce/StudentRiskData", { body, signal })),
  });
}
