import { describe, expect, it } from "vitest";
import { createApiClient } from "./client.ts";
import {
  createRetestMutationOptions,
  moderationQueryOptions,
  requestListQueryOptions,
  requestStudentsQueryOptions,
  revaluationKeys,
  updateRevaluationsMutationOptions,
} from "./revaluation.ts";
import { BASE, recordingFetch, run } from "./test-support.ts";

describe("revaluation queries", () => {
  it("share keys for equal list requests and send the spec's service paths and shapes", async () => {
    const { fetch, seen } = recordingFetch({ success: true });
    const api = createApiClient({ baseUrl: BASE, fetch });
    const a = requestListQueryOptions(api, { type: "Retest" });
    const b = requestListQueryOptions(api, { type: "Retest", pageNo: 1, count: 25 });
    expect(a.queryKey).toEqual(b.queryKey);
    expect(a.queryKey.slice(0, 1)).toEqual(revaluationKeys.all);
    await run(a);
    expect(seen[0]).toMatchObject({ method: "POST", url: "/api/salesforce/RetestRevaluationDetails" });
    expect(JSON.parse(seen[0]?.body ?? "")).toEqual({ type: "Retest", pageNo: 1, count: 25 });
    const students = requestStudentsQueryOptions(api, "e1", "Revaluation");
    expect(students.queryKey.slice(0, 3)).toEqual(revaluationKeys.exam("e1"));
    await run(students);
    expect(seen[1]?.url).toBe("/api/salesforce/ReetstData");
    expect(JSON.parse(seen[1]?.body ?? "")).toEqual({ CourseId: "e1", type: "Revaluation" });
    await run(moderationQueryOptions(api, "o1", "s1"));
    expect(seen[2]?.url).toBe("/api/sf/exam/moderation/o1?subComponentId=s1");
  });

  it("sends the update as a list and a retest exam as a list of one", async () => {
    const { fetch, seen } = recordingFetch({ success: true });
    const api = createApiClient({ baseUrl: BASE, fetch });
    const update = updateRevaluationsMutationOptions(api).mutationFn as (items: unknown) => Promise<unknown>;
    await update([{ id: "r1", RevalAccept: "Accept", version: 1 }]);
    const create = createRetestMutationOptions(api).mutationFn as (item: unknown) => Promise<unknown>;
    await create({ term: "t1", duration: 60 });
    expect(seen.map((s) => [s.method, s.url])).toEqual([
      ["PATCH", "/api/sf/exam/update/revaluation"],
      ["POST", "/api/salesforce/CreateRetest"],
    ]);
    expect(JSON.parse(seen[1]?.body ?? "")).toEqual([{ term: "t1", duration: 60 }]);
  });
});
