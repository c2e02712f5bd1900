import { describe, expect, it } from "vitest";
import {
  adminKeys,
  assignRoleMutationOptions,
  instituteProgrammesQueryOptions,
  removeRoleAssignmentMutationOptions,
  userListQueryOptions,
} from "./admin.ts";
import { createApiClient } from "./client.ts";
import { BASE, recordingFetch, run } from "./test-support.ts";

const ID = "00000000-0000-4000-8000-00000000000a";

describe("admin URL queries", () => {
  it("asks one page of users with the defaults filled in, one key for equal queries", async () => {
    const { fetch, seen } = recordingFetch({ success: true, users: [], noOfRecords: 0 });
    const api = createApiClient({ baseUrl: BASE, fetch });
    const a = userListQueryOptions(api, { search: "asha" });
    const b = userListQueryOptions(api, { search: "asha", roleType: "", pageNo: 1, count: 25 });
    expect(a.queryKey).toEqual(b.queryKey);
    expect(a.queryKey.slice(0, 1)).toEqual(adminKeys.all);
    await run(a);
    expect(seen[0]).toMatchObject({
      method: "GET",
      url: "/api/admin/users?search=asha&roleType=&pageNo=1&count=25",
    });
  });

  it("waits for an institute before asking its programmes", () => {
    const api = createApiClient({
      baseUrl: BASE,
      fetch: recordingFetch({ success: true, options: [] }).fetch,
    });
    expect(instituteProgrammesQueryOptions(api, "").enabled).toBe(false);
    expect(instituteProgrammesQueryOptions(api, ID).enabled).toBe(true);
  });

  it("assigns a role and removes one", async () => {
    const { fetch, seen } = recordingFetch({ success: true });
    const api = createApiClient({ baseUrl: BASE, fetch });
    const assign = assignRoleMutationOptions(api).mutationFn as (body: unknown) => Promise<unknown>;
    const remove = removeRoleAssignmentMutationOptions(api).mutationFn as (id: string) => Promise<unknown>;
    await assign({ contactId: ID, roleType: "exam_office", instituteId: ID });
    await remove(ID);
    expect(seen.map((s) => [s.method, s.url])).toEqual([
      ["POST", "/api/admin/assignRole"],
      ["DELETE", `/api/admin/roles/${ID}`],
    ]);
    expect(JSON.parse(seen[0]?.body ?? "{}")).toEqual({
      contactId: ID,
      roleType: "exam_office",
      instituteId: ID,
    });
  });
});
