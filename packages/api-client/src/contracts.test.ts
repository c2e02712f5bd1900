import { describe, expect, it } from "vitest";
import { createApiClient } from "./client.ts";
import {
  contractKeys,
  courseOfferingKeys,
  courseOfferingListQueryOptions,
  courseOfferingQueryOptions,
  facultySectionsQueryOptions,
} from "./contracts.ts";
import { BASE, recordingFetch, run } from "./test-support.ts";

const ID = "00000000-0000-4000-8000-00000000000b";

describe("course offerings of the contract office", () => {
  it("fills the list's defaults so equal queries share a key, under the contracts' keys", async () => {
    const { fetch, seen } = recordingFetch({ success: true, noOfRecords: 0, courseOfferings: [] });
    const api = createApiClient({ baseUrl: BASE, fetch });
    const a = courseOfferingListQueryOptions(api, {});
    const b = courseOfferingListQueryOptions(api, { search: "", pageNo: 1, count: 10 });
    expect(a.queryKey).toEqual(b.queryKey);
    expect(a.queryKey.slice(0, 1)).toEqual(contractKeys.all);
    await run(a);
    await run(courseOfferingListQueryOptions(api, { termId: ID, search: "MBA" }));
    expect(seen.map((s) => s.url)).toEqual([
      "/api/salesforce/facultyOnboarding/courseOfferings?search=&pageNo=1&count=10",
      `/api/salesforce/facultyOnboarding/courseOfferings?search=MBA&termId=${ID}&pageNo=1&count=10`,
    ]);
  });

  it("asks one offering and a faculty member's sections by id, and not without one", async () => {
    const { fetch, seen } = recordingFetch({ success: true });
    const api = createApiClient({ baseUrl: BASE, fetch });
    expect(courseOfferingQueryOptions(api, "").enabled).toBe(false);
    expect(facultySectionsQueryOptions(api, "").enabled).toBe(false);
    expect(courseOfferingQueryOptions(api, ID).queryKey).toEqual(courseOfferingKeys.one(ID));
    await run(courseOfferingQueryOptions(api, ID));
    await run(facultySectionsQueryOptions(api, ID));
    expect(seen.map((s) => s.url)).toEqual([`/api/courseOfferings/${ID}`, `/api/faculty/${ID}/sections`]);
  });
});
