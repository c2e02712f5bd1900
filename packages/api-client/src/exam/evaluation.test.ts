import { describe, expect, it } from "vitest";
import { createApiClient } from "../client.ts";
import { BASE, recordingFetch, run } from "../test-support.ts";
import {
  evaluationAssignmentsQueryOptions,
  evaluationKeys,
  evaluationOverviewQueryOptions,
  updateEvaluationDeadlineMutationOptions,
} from "./evaluation.ts";

describe("evaluation list queries", () => {
  it("share a key for equal filters under evaluationKeys.all and leave empty filters out of the address", async () => {
    const { fetch, seen } = recordingFetch({ success: true });
    const api = createApiClient({ baseUrl: BASE, fetch });
    const a = evaluationAssignmentsQueryOptions(api, { examCycleId: "c1", deadline: "2026-12-01" });
    const b = evaluationAssignmentsQueryOptions(api, {
      examCycleId: "c1",
      deadline: "2026-12-01",
      dateOfExam: "",
      subjectFaculty: "",
      allocatedTo: "",
      status: "",
      pageNo: 1,
      count: 10,
    });
    expect(a.queryKey).toEqual(b.queryKey);
    expect(a.queryKey.slice(0, 1)).toEqual(evaluationKeys.all);
    expect(evaluationAssignmentsQueryOptions(api, { examCycleId: "c2" }).queryKey).not.toEqual(a.queryKey);
    await run(a);
    expect(seen[0]?.url).toBe(
      "/api/sf/exam/evaluationAssignments?examCycleId=c1&deadline=2026-12-01&pageNo=1&count=10",
    );

    const overview = evaluationOverviewQueryOptions(api, { pageNo: 2, count: 25 });
    expect(overview.queryKey).toEqual(evaluationKeys.overview({ examCycleId: "", pageNo: 2, count: 25 }));
    await run(overview);
    expect(seen[1]?.url).toBe("/api/sf/exam/evaluationOverview?pageNo=2&count=25");
  });

  it("sends the deadline, or null to clear it", async () => {
    const { fetch, seen } = recordingFetch({ success: true, message: "Evaluation deadline cleared" });
    const api = createApiClient({ baseUrl: BASE, fetch });
    const mutationFn = updateEvaluationDeadlineMutationOptions(api).mutationFn as (
      body: unknown,
    ) => Promise<unknown>;
    expect(await mutationFn({ examId: "e1", deadline: null })).toMatchObject({
      message: "Evaluation deadline cleared",
    });
    expect(seen[0]).toEqual({
      method: "PATCH",
      url: "/api/sf/exam/update/evaluationDeadline",
      body: JSON.stringify({ examId: "e1", deadline: null }),
    });
  });
});
