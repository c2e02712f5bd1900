import { describe, expect, it } from "vitest";
import { createApiClient } from "../client.ts";
import { BASE, recordingFetch, run } from "../test-support.ts";
import { campusFilterQueryOptions, examFacultyDataQueryOptions, examKeys } from "./schedule.ts";

describe("exam screen options", () => {
  it("read the campus filter and the faculty data under the exam keys", async () => {
    const { fetch, seen } = recordingFetch({ success: true, campus: [], data: [] });
    const api = createApiClient({ baseUrl: BASE, fetch });
    const campus = campusFilterQueryOptions(api);
    const faculty = examFacultyDataQueryOptions(api);
    expect(campus.queryKey.slice(0, 1)).toEqual(examKeys.all);
    expect(faculty.queryKey.slice(0, 1)).toEqual(examKeys.all);
    await run(campus);
    await run(faculty);
    expect(seen.map((s) => [s.method, s.url])).toEqual([
      ["GET", "/api/sf/exam/getCampusFilter"],
      ["GET", "/api/sf/exam/facultyData"],
    ]);
  });
});
