import { describe, expect, it } from "vitest";
import { createApiClient } from "./client.ts";
import { ApiError } from "./errors.ts";
import {
  facultyBookingsQueryOptions,
  saveBookingMutationOptions,
  schedulingKeys,
  sessionDataQueryOptions,
} from "./scheduling.ts";
import { BASE, recordingFetch, run } from "./test-support.ts";

const TERM = "11111111-1111-4111-8111-111111111111";

describe("scheduling queries", () => {
  it("reads a term's sessions for a day range under the scheduling key", async () => {
    const { fetch, seen } = recordingFetch({
      success: true,
      from: "2027-02-01",
      to: "2027-02-07",
      events: [],
    });
    const api = createApiClient({ baseUrl: BASE, fetch });
    const options = sessionDataQueryOptions(api, { termId: TERM, from: "2027-02-01", to: "2027-02-07" });
    expect(options.queryKey.slice(0, 1)).toEqual(schedulingKeys.all);
    await run(options);
    expect(seen[0]).toMatchObject({
      method: "GET",
      url: `/api/salesforce/SessionData?termId=${TERM}&from=2027-02-01&to=2027-02-07`,
    });
  });

  it("reads a faculty member's calendar by contact id", async () => {
    const { fetch, seen } = recordingFetch({
      success: true,
      contactId: TERM,
      contactName: "A B",
      from: "",
      to: "",
      events: [],
    });
    const api = createApiClient({ baseUrl: BASE, fetch });
    await run(facultyBookingsQueryOptions(api, { contactId: TERM, from: "2027-02-01", to: "2027-02-07" }));
    expect(seen[0]?.url).toBe(
      `/api/salesforce/FacultyBookingsData?contactId=${TERM}&from=2027-02-01&to=2027-02-07`,
    );
  });

  it("posts a booking and turns a clash into an ApiError with the spec's message", async () => {
    const clash = {
      success: false,
      errorMessage: "Faculty is allocated on another class on same time-slot",
      errorCode: "booking_conflict",
      field: "FacilityFacultyBooking.facultyId",
    };
    const { fetch, seen } = recordingFetch(clash, 409);
    const api = createApiClient({ baseUrl: BASE, fetch });
    const body = {
      Operation: "Create" as const,
      FacilityFacultyBooking: {
        termId: TERM,
        activityType: "session",
        startDate: "2027-02-01T03:30:00.000Z",
        endDate: "2027-02-01T05:00:00.000Z",
      },
    };
    const fn = saveBookingMutationOptions(api).mutationFn as (b: typeof body) => Promise<unknown>;
    const error = await fn(body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errorMessage).toBe(clash.errorMessage);
    expect((error as ApiError).status).toBe(409);
    expect(seen[0]).toMatchObject({ method: "POST", url: "/api/salesforce/createFacilityFacultyBooking" });
    expect(JSON.parse(seen[0]?.body ?? "{}")).toEqual(body);
  });
});
