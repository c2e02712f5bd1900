import { describe, expect, it } from "vitest";
import { createApiClient } from "../client.ts";
import { BASE, recordingFetch, run } from "../test-support.ts";
import {
  campusFilterQueryOptions,
  examFacultyDataQueryOptions,
  examKeys,
  periodSchemeQueryOptions,
  savePeriodSchemeMutationOptions,
} from "./schedule.ts";

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

describe("period scheme options", () => {
  const CYCLE = "c0000000-0000-4000-8000-000000000001";
  it("reads a cycle's scheme under the exam keys and saves it with PUT at the version read", async () => {
    const scheme = { examCycleId: CYCLE, version: 2 };
    const { fetch, seen } = recordingFetch({ success: true, scheme });
    const api = createApiClient({ baseUrl: BASE, fetch });
    const read = periodSchemeQueryOptions(api, CYCLE);
    expect(read.queryKey.slice(0, 1)).toEqual(examKeys.all);
    expect(await run(read)).toEqual(scheme);
    const body = {
      weekdaysWithoutExams: [7],
      datesWithoutExams: [],
      slots: [{ startTime: "10:00", durationMinutes: 180 }],
      rules: {
        oneExamPerDay: false,
        minSpreadPeriods: 0,
        spreadIsHard: false,
        togetherPairs: [],
        apartPairs: [],
        seatsPerPeriod: null,
        invigilatorsPerPeriod: null,
      },
      version: 2,
    };
    const save = savePeriodSchemeMutationOptions(api).mutationFn as (input: unknown) => Promise<unknown>;
    expect(await save({ examCycleId: CYCLE, body })).toEqual(scheme);
    expect(seen.map((s) => [s.method, s.url])).toEqual([
      ["GET", `/api/sf/exam/examCycles/${CYCLE}/periodScheme`],
      ["PUT", `/api/sf/exam/examCycles/${CYCLE}/periodScheme`],
    ]);
    expect(JSON.parse(seen[1]?.body ?? "")).toEqual(body);
  });
});
