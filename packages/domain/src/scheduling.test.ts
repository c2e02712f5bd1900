import { describe, expect, it } from "vitest";
import {
  bookingOccurrences,
  datesTouched,
  deleteConfirmation,
  examStartInstant,
  instantToLocal,
  localToInstant,
  nextWeek,
  previousWeek,
  referenceMidnight,
  SCHEDULING_MESSAGES,
  weekEnd,
  weekOf,
  weekStart,
  ZBookingCreate,
  ZBookingOperation,
  ZDayRange,
  ZInstantZ,
} from "./index.ts";

const TERM = "11111111-1111-4111-8111-111111111111";
const F1 = "22222222-2222-4222-8222-222222222221";
const F2 = "22222222-2222-4222-8222-222222222222";
const F3 = "22222222-2222-4222-8222-222222222223";
const F4 = "22222222-2222-4222-8222-222222222224";
const ROOM = "33333333-3333-4333-8333-333333333333";
const SECTION = "44444444-4444-4444-8444-444444444444";
const SUBJECT = "55555555-5555-4555-8555-555555555555";

describe("Monday-based weeks (academic-planning §4)", () => {
  it.each([
    // a day, its Monday, its Sunday
    ["2026-11-18", "2026-11-16", "2026-11-22"], // a Wednesday
    ["2026-11-16", "2026-11-16", "2026-11-22"], // a Monday is its own week start
    ["2026-11-22", "2026-11-16", "2026-11-22"], // a Sunday belongs to the week before it
    ["2026-12-01", "2026-11-30", "2026-12-06"], // across a month end
    ["2027-01-01", "2026-12-28", "2027-01-03"], // across a year end
    ["2028-02-29", "2028-02-28", "2028-03-05"], // leap day
  ])("%s is in the week %s to %s", (day, monday, sunday) => {
    expect(weekStart(day)).toBe(monday);
    expect(weekEnd(day)).toBe(sunday);
    const w = weekOf(day);
    expect(w.days).toHaveLength(7);
    expect(w.days[0]).toBe(monday);
    expect(w.days[6]).toBe(sunday);
  });

  it("moves to the next and previous week by the week's end or start ± 2 days", () => {
    expect(nextWeek("2026-11-18")).toBe("2026-11-23");
    expect(previousWeek("2026-11-18")).toBe("2026-11-09");
    // from a Sunday the next week is the following Monday, not two weeks on
    expect(nextWeek("2026-11-22")).toBe("2026-11-23");
    expect(previousWeek("2026-11-16")).toBe("2026-11-09");
    // over a month end and a year end
    expect(nextWeek("2026-11-30")).toBe("2026-12-07");
    expect(nextWeek("2026-12-31")).toBe("2027-01-04");
    expect(previousWeek("2027-01-01")).toBe("2026-12-21");
    expect(previousWeek(nextWeek("2026-12-29"))).toBe("2026-12-28");
  });
});

describe("local date-times and Z instants", () => {
  it("converts Asia/Kolkata local times to Z and back (UTC+05:30, no daylight saving)", () => {
    expect(localToInstant("2026-11-16", "09:00")).toBe("2026-11-16T03:30:00.000Z");
    expect(localToInstant("2026-11-16", "02:00")).toBe("2026-11-15T20:30:00.000Z");
    expect(instantToLocal("2026-11-15T20:30:00.000Z")).toEqual({ date: "2026-11-16", time: "02:00" });
    expect(instantToLocal("2026-12-31T19:00:00Z")).toEqual({ date: "2027-01-01", time: "00:30" });
  });

  it("converts in another zone across a daylight-saving change", () => {
    expect(localToInstant("2026-03-29", "09:00", "Europe/Berlin")).toBe("2026-03-29T07:00:00.000Z");
    expect(localToInstant("2026-03-28", "09:00", "Europe/Berlin")).toBe("2026-03-28T08:00:00.000Z");
  });

  it("places an exam at its Asia/Kolkata start and a reference date at a fixed midnight", () => {
    expect(examStartInstant("2026-11-20", "14:30")).toBe("2026-11-20T09:00:00.000Z");
    expect(referenceMidnight("2026-11-20")).toBe("2026-11-20T00:00:00.000Z");
    expect(() => referenceMidnight("2026-02-30")).toThrow(RangeError);
  });

  it("lists the local days an interval touches, the end exclusive", () => {
    expect(datesTouched("2026-11-16T03:30:00.000Z", "2026-11-16T05:00:00.000Z")).toEqual(["2026-11-16"]);
    // 23:00 to 01:00 Kolkata touches two days
    expect(datesTouched("2026-11-16T17:30:00.000Z", "2026-11-16T19:30:00.000Z")).toEqual([
      "2026-11-16",
      "2026-11-17",
    ]);
    // ending at local midnight does not touch the next day
    expect(datesTouched("2026-11-16T17:30:00.000Z", "2026-11-16T18:30:00.000Z")).toEqual(["2026-11-16"]);
  });

  it("reads only date-times ending in Z", () => {
    expect(ZInstantZ.parse("2026-11-16T03:30:00Z")).toBe("2026-11-16T03:30:00.000Z");
    expect(ZInstantZ.parse("2026-11-16T03:30Z")).toBe("2026-11-16T03:30:00.000Z");
    expect(ZInstantZ.safeParse("2026-11-16T09:00:00+05:30").success).toBe(false);
    expect(ZInstantZ.safeParse("2026-11-16").success).toBe(false);
    expect(ZInstantZ.safeParse("2026-02-30T03:30:00Z").success).toBe(false);
  });
});

describe("booking occurrences (daySelected)", () => {
  it("is the one interval without selected weekdays", () => {
    expect(bookingOccurrences("2026-11-16T03:30:00Z", "2026-11-16T05:00:00Z", [])).toEqual([
      { start: "2026-11-16T03:30:00.000Z", end: "2026-11-16T05:00:00.000Z" },
    ]);
  });
  it("repeats the local times on each selected weekday, skipping holidays", () => {
    const got = bookingOccurrences("2026-11-16T03:30:00Z", "2026-11-27T05:00:00Z", [1, 3], {
      skip: new Set(["2026-11-18"]),
    });
    expect(got).toEqual([
      { start: "2026-11-16T03:30:00.000Z", end: "2026-11-16T05:00:00.000Z" },
      { start: "2026-11-23T03:30:00.000Z", end: "2026-11-23T05:00:00.000Z" },
      { start: "2026-11-25T03:30:00.000Z", end: "2026-11-25T05:00:00.000Z" },
    ]);
  });
});

describe("booking payload (spec §7, §5, §9)", () => {
  const base = {
    termId: TERM,
    facultyId: `${F1};${F2}`,
    facilityId: ROOM,
    daySelected: "Monday;wed",
    courseVersionId: SUBJECT,
    courseOfferingId: SECTION,
    academicPlannerActivityId: "",
    activityType: "Session",
    startDate: "2026-11-16T03:30:00.000Z",
    endDate: "2026-11-16T05:00:00.000Z",
  };
  it("reads the ';'-joined faculty and weekdays", () => {
    const b = ZBookingCreate.parse(base);
    expect(b.facultyId).toEqual([F1, F2]);
    expect(b.daySelected).toEqual([1, 3]);
    expect(b.activityType).toBe("session");
    expect(b.academicPlannerActivityId).toBeNull();
  });
  it("refuses a fourth faculty, end before start, no term, and an unknown weekday", () => {
    const issue = (v: unknown) => ZBookingCreate.safeParse(v).error?.issues[0];
    expect(issue({ ...base, facultyId: [F1, F2, F3, F4].join(";") })?.message).toBe(
      SCHEDULING_MESSAGES.tooManyFaculty,
    );
    // the same id twice is one faculty member
    expect(ZBookingCreate.parse({ ...base, facultyId: `${F1};${F1};${F2};${F3}` }).facultyId).toHaveLength(3);
    expect(issue({ ...base, endDate: base.startDate })?.message).toBe(SCHEDULING_MESSAGES.endBeforeStart);
    expect(issue({ ...base, termId: "" })?.message).toBe(SCHEDULING_MESSAGES.selectTerm);
    expect(issue({ ...base, daySelected: "Funday" })?.path).toEqual(["daySelected"]);
  });
  it("needs type, faculty and facility for an exam, and a subject without resources for a reference", () => {
    const exam = ZBookingCreate.safeParse({ ...base, activityType: "exam", facilityId: "", facultyId: "" });
    expect(exam.error?.issues.map((i) => i.path[0]).sort()).toEqual(["examType", "facilityId", "facultyId"]);
    const ref = ZBookingCreate.safeParse({ ...base, activityType: "reference", courseVersionId: "" });
    expect(ref.error?.issues.map((i) => i.path[0]).sort()).toEqual(["courseVersionId", "facultyId"]);
    expect(
      ZBookingCreate.safeParse({ ...base, activityType: "reference", facultyId: "", facilityId: null })
        .success,
    ).toBe(true);
  });
  it("deletes by id and version", () => {
    expect(
      ZBookingOperation.parse({ Operation: "Delete", FacilityFacultyBooking: { id: ROOM, version: 1 } })
        .Operation,
    ).toBe("Delete");
    expect(
      ZBookingOperation.safeParse({ Operation: "Delete", FacilityFacultyBooking: { id: ROOM } }).success,
    ).toBe(false);
  });
  it("limits a read to 62 days and the confirmation keeps the spec's space", () => {
    expect(ZDayRange.safeParse({ from: "2026-11-01", to: "2027-01-02" }).success).toBe(true);
    expect(ZDayRange.safeParse({ from: "2026-11-01", to: "2027-01-03" }).success).toBe(false);
    expect(ZDayRange.safeParse({ from: "2026-11-02", to: "2026-11-01" }).success).toBe(false);
    expect(deleteConfirmation("Lecture")).toBe("Are you sure you want to delete Lecture ?");
  });
});
