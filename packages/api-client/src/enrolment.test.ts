import { describe, expect, it } from "vitest";
import { createApiClient } from "./client.ts";
import {
  associateFacultyMutationOptions,
  createEnrolmentsMutationOptions,
  enrolmentCandidatesQueryOptions,
  enrolmentKeys,
  enrolmentOptionsQueryOptions,
  facultyEnrolmentQueryOptions,
  removeFacultyAssociationMutationOptions,
} from "./enrolment.ts";
import { BASE, recordingFetch, run } from "./test-support.ts";

const ID = "00000000-0000-4000-8000-00000000000a";

describe("enrolment queries", () => {
  it("asks the filter choices with the ids chosen so far, under the area's key", async () => {
    const { fetch, seen } = recordingFetch({
      success: true,
      institutes: [],
      programmes: [],
      programmePlans: [],
      terms: [],
    });
    const api = createApiClient({ baseUrl: BASE, fetch });
    const options = enrolmentOptionsQueryOptions(api, {
      instituteId: ID,
      academicProgramId: "",
      programPlanId: "",
    });
    expect(options.queryKey.slice(0, 1)).toEqual(enrolmentKeys.all);
    await run(options);
    expect(seen[0]).toMatchObject({
      method: "GET",
      url: `/api/salesforce/getDataForCourseEnrolment?instituteId=${ID}&academicProgramId=&programPlanId=`,
    });
  });

  it("waits for a term before asking its students or sections", () => {
    const api = createApiClient({ baseUrl: BASE, fetch: recordingFetch({ success: true }).fetch });
    const page = { termId: "", pageNo: 1, count: 25 } as const;
    expect(enrolmentCandidatesQueryOptions(api, page).enabled).toBe(false);
    expect(facultyEnrolmentQueryOptions(api, page).enabled).toBe(false);
    expect(enrolmentCandidatesQueryOptions(api, { ...page, termId: ID }).enabled).toBe(true);
  });

  it("enrols, associates and removes through the spec's service paths", async () => {
    const { fetch, seen } = recordingFetch({ success: true });
    const api = createApiClient({ baseUrl: BASE, fetch });
    const enrol = createEnrolmentsMutationOptions(api).mutationFn as (body: unknown) => Promise<unknown>;
    const associate = associateFacultyMutationOptions(api).mutationFn as (body: unknown) => Promise<unknown>;
    const remove = removeFacultyAssociationMutationOptions(api).mutationFn as (
      q: unknown,
    ) => Promise<unknown>;
    await enrol({ termId: ID, studentIds: [ID], courseOfferingIds: [ID] });
    await associate({ courseOfferingId: ID, facultyId: ID, version: 2 });
    await remove({ courseOfferingId: ID, version: 3 });
    expect(seen.map((s) => [s.method, s.url])).toEqual([
      ["POST", "/api/salesforce/createEnrolmentTillCourses"],
      ["POST", "/api/salesforce/FacultyEnrollment"],
      ["DELETE", `/api/salesforce/FacultyEnrollment?courseOfferingId=${ID}&version=3`],
    ]);
    expect(JSON.parse(seen[0]?.body ?? "{}")).toEqual({
      termId: ID,
      studentIds: [ID],
      courseOfferingIds: [ID],
    });
  });
});
