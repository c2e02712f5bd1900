import { describe, expect, it } from "vitest";
import { createApiClient } from "./client.ts";
import {
  componentMarksQueryOptions,
  deleteComponentPartMutationOptions,
  downloadMarksSheet,
  gradingAuditQueryOptions,
  gradingCoursesQueryOptions,
  gradingKeys,
  marksByQueryOptions,
  studentReportQueryOptions,
  subjectScoresQueryOptions,
} from "./grading.ts";
import { BASE, recordingFetch, run } from "./test-support.ts";

describe("grading queries", () => {
  it("share keys for equal requests under gradingKeys.all and send the spec's shapes", async () => {
    const { fetch, seen } = recordingFetch({ success: true });
    const api = createApiClient({ baseUrl: BASE, fetch });
    const a = gradingCoursesQueryOptions(api, { course: "fin" });
    const b = gradingCoursesQueryOptions(api, {
      course: "fin",
      term: "",
      batch: "",
      status: "",
      pageNo: 1,
      count: 25,
    });
    expect(a.queryKey).toEqual(b.queryKey);
    expect(a.queryKey.slice(0, 1)).toEqual(gradingKeys.all);
    await run(a);
    expect(seen[0]).toMatchObject({ method: "POST", url: "/api/salesforce/GradingCourseDetails" });
    expect(JSON.parse(seen[0]?.body ?? "")).toEqual({
      course: "fin",
      term: "",
      batch: "",
      examCycle: "",
      campus: "",
      status: "",
      pageNo: 1,
      count: 25,
    });
    const scores = subjectScoresQueryOptions(api, "o1");
    expect(scores.queryKey.slice(0, 3)).toEqual(gradingKeys.offering("o1"));
    await run(scores);
    // The pages show component percents, never a sub-component's mark: none is asked for.
    expect(JSON.parse(seen[1]?.body ?? "")).toEqual({ gradingId: "o1", subComponentIds: [] });
    await run(componentMarksQueryOptions(api, "o1", { studentId: "s1" }));
    expect(seen[2]?.url).toBe("/api/sf/exam/coursecomponent/o1?studentId=s1");
    // A page of students is its own cache entry under the offering's scores key and asks the server for that page.
    const page2 = subjectScoresQueryOptions(api, "o1", { pageNo: 2, count: 25 });
    expect(page2.queryKey.slice(0, 4)).toEqual(gradingKeys.scores("o1"));
    expect(page2.queryKey).not.toEqual(scores.queryKey);
    await run(page2);
    expect(JSON.parse(seen[3]?.body ?? "")).toEqual({
      gradingId: "o1",
      pageNo: 2,
      count: 25,
      subComponentIds: [],
    });
    // A header sort is part of the page's key and body; its direction defaults to asc.
    const sorted = subjectScoresQueryOptions(api, "o1", { pageNo: 2, count: 25, sortBy: "total" });
    expect(sorted.queryKey).not.toEqual(page2.queryKey);
    await run(sorted);
    expect(JSON.parse(seen.at(-1)?.body ?? "")).toEqual({
      gradingId: "o1",
      pageNo: 2,
      count: 25,
      sortBy: "total",
      sortDirection: "asc",
      subComponentIds: [],
    });
    seen.pop();
    // The student report asks for the roster and one student's row, under the same scores key.
    const report = studentReportQueryOptions(api, "o1", "s1");
    expect(report.queryKey.slice(0, 4)).toEqual(gradingKeys.scores("o1"));
    await run(report);
    expect(JSON.parse(seen[4]?.body ?? "")).toEqual({ gradingId: "o1", studentId: "s1", roster: true });
    await run(studentReportQueryOptions(api, "o1", ""));
    expect(JSON.parse(seen[5]?.body ?? "")).toEqual({ gradingId: "o1", pageNo: 1, count: 5, roster: true });
    // The marks-by screens name the sub-components whose marks they show.
    const byComponent = marksByQueryOptions(api, "o1", ["q1", "q2"]);
    expect(byComponent.queryKey.slice(0, 4)).toEqual(gradingKeys.scores("o1"));
    expect(byComponent.queryKey).not.toEqual(marksByQueryOptions(api, "o1", []).queryKey);
    await run(byComponent);
    expect(JSON.parse(seen[6]?.body ?? "")).toEqual({ gradingId: "o1", subComponentIds: ["q1", "q2"] });
  });

  it("reads an offering's audit under its offering key, so a grading write of that offering refreshes it", async () => {
    const { fetch, seen } = recordingFetch({ success: true, courseOfferingId: "o1", entries: [] });
    const api = createApiClient({ baseUrl: BASE, fetch });
    const audit = gradingAuditQueryOptions(api, "o 1");
    expect(audit.queryKey.slice(0, 3)).toEqual(gradingKeys.offering("o 1"));
    await run(audit);
    expect(seen[0]).toMatchObject({ method: "GET", url: "/api/sf/exam/grading/audit/o%201" });
  });

  it("deletes a component through the legacy-reachable POST and a sub-component through its own path", async () => {
    const { fetch, seen } = recordingFetch({ success: true });
    const api = createApiClient({ baseUrl: BASE, fetch });
    const del = (kind: "component" | "subComponent") =>
      deleteComponentPartMutationOptions(api, kind).mutationFn as (body: unknown) => Promise<unknown>;
    await del("component")({ id: "c1", version: 3 });
    await del("subComponent")({ id: "s1", version: 4 });
    expect(seen.map((s) => s.url)).toEqual([
      "/api/salesforce/CourseEvaluationComponentSubcomponent/delete",
      "/api/sf/exam/delete/subcomponent",
    ]);
  });

  it("downloads the sheet as a Blob and turns an error body into an ApiError", async () => {
    const ok = recordingFetch("Student Code\r\n", 200, "text/csv");
    const blob = await downloadMarksSheet(createApiClient({ baseUrl: BASE, fetch: ok.fetch }), "o1", "csv");
    expect(await blob.text()).toBe("Student Code\r\n");
    expect(ok.seen[0]?.url).toBe("/api/sf/exam/grading/marksSheet/o1?format=csv");
    const missing = recordingFetch(
      { success: false, errorMessage: "No such course offering", errorCode: "not_found" },
      404,
    );
    await expect(
      downloadMarksSheet(createApiClient({ baseUrl: BASE, fetch: missing.fetch }), "x"),
    ).rejects.toMatchObject({
      status: 404,
      message: "No such course offering",
    });
  });
});
