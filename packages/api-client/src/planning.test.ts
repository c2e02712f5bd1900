import { describe, expect, it } from "vitest";
import { createApiClient } from "./client.ts";
import {
  batchListQueryOptions,
  campusHolidaysQueryOptions,
  classRoomsQueryOptions,
  deleteCalendarEntryMutationOptions,
  planningKeys,
  saveSectionActivityMutationOptions,
  setSectionRoomMutationOptions,
  termSubjectsQueryOptions,
} from "./planning.ts";
import { BASE, recordingFetch, run } from "./test-support.ts";

describe("planning queries", () => {
  it("asks the class rooms of an intake and sets a section's room (null clears it) at its version", async () => {
    const { fetch, seen } = recordingFetch({ success: true, rooms: [] });
    const api = createApiClient({ baseUrl: BASE, fetch });
    const rooms = classRoomsQueryOptions(api, "i1");
    expect(rooms.queryKey).toEqual(["planning", "classRooms", "i1"]);
    await run(rooms);
    const setRoom = setSectionRoomMutationOptions(api).mutationFn as (body: unknown) => Promise<unknown>;
    await setRoom({ courseOfferingId: "o1", roomId: null, version: 4 });
    expect(seen.map((s) => [s.method, s.url])).toEqual([
      ["GET", "/api/salesforce/ClassRooms?intakeId=i1"],
      ["POST", "/api/salesforce/ClassRoomAssociation"],
    ]);
    expect(JSON.parse(seen[1]?.body ?? "{}")).toEqual({ courseOfferingId: "o1", roomId: null, version: 4 });
  });

  it("posts the batch filters with their defaults and shares a key for equal filters", async () => {
    const { fetch, seen } = recordingFetch({ success: true, batchList: [], noOfRecords: 0 });
    const api = createApiClient({ baseUrl: BASE, fetch });
    const a = batchListQueryOptions(api, { program: "MBA" });
    const b = batchListQueryOptions(api, {
      program: "MBA",
      batch: "",
      intake: "",
      campus: "",
      termStatus: "",
      pageNo: 1,
      count: 10,
    });
    expect(a.queryKey).toEqual(b.queryKey);
    expect(a.queryKey.slice(0, 1)).toEqual(planningKeys.all);
    await run(a);
    expect(seen[0]).toMatchObject({ method: "POST", url: "/api/salesforce/CurrentPageFilter" });
    expect(JSON.parse(seen[0]?.body ?? "{}")).toEqual({
      program: "MBA",
      batch: "",
      intake: "",
      campus: "",
      termStatus: "",
      pageNo: 1,
      count: 10,
    });
  });

  it("sends the subject and holiday queries in the address, leaving empty ones out", async () => {
    const { fetch, seen } = recordingFetch({ success: true });
    const api = createApiClient({ baseUrl: BASE, fetch });
    await run(termSubjectsQueryOptions(api, { programName: "MBA", intake: "JAN", year: 2027 }));
    await run(campusHolidaysQueryOptions(api));
    await run(campusHolidaysQueryOptions(api, "c1", 2027));
    expect(seen.map((s) => s.url)).toEqual([
      "/api/salesforce/CourseVersionData?programName=MBA&intake=JAN&year=2027",
      "/api/salesforce/CampusHolidayFetching",
      "/api/salesforce/CampusHolidayFetching?campusId=c1&year=2027",
    ]);
  });

  it("sends the activity dialog's operation and a calendar delete at its version", async () => {
    const { fetch, seen } = recordingFetch({ success: true, message: "Activity created successfully" });
    const api = createApiClient({ baseUrl: BASE, fetch });
    const save = saveSectionActivityMutationOptions(api).mutationFn as (body: unknown) => Promise<unknown>;
    const body = {
      Operation: "Create",
      Activity: {
        termId: "t",
        courseVersionId: "s",
        courseOfferingId: "o",
        activityType: "Lecture",
        activityStartDate: "04/01/2027",
        activityEndDate: "07/01/2027",
        numberOfSessions: "6",
        numberOfhoursSessions: "1.5",
        duration: "3",
        facultyIds: "f",
      },
    };
    expect(await save(body)).toMatchObject({ message: "Activity created successfully" });
    expect(seen[0]).toMatchObject({ method: "POST", url: "/api/salesforce/createActivities" });
    expect(JSON.parse(seen[0]?.body ?? "{}")).toEqual(body);
    const remove = deleteCalendarEntryMutationOptions(api).mutationFn as (q: unknown) => Promise<unknown>;
    await remove({ id: "e1", version: 3 });
    expect(seen[1]).toMatchObject({
      method: "DELETE",
      url: "/api/salesforce/AcademicCalendar?id=e1&version=3",
    });
  });
});
