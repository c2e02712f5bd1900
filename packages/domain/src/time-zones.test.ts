import { describe, expect, it } from "vitest";
import { todayIn } from "./dates.ts";
import { localToInstant } from "./scheduling.ts";
import {
  allDaySpan,
  campusTimeZone,
  DEFAULT_CAMPUS_TIME_ZONE,
  isTimeZone,
  TIME_ZONE_MESSAGE,
  wallClockAt,
} from "./time-zones.ts";
import { zTimeZone } from "./time-zones-input.ts";

describe("campus time zones", () => {
  it.each([
    ["Asia/Kolkata", true],
    ["Asia/Dubai", true],
    ["Asia/Singapore", true],
    ["America/Argentina/Buenos_Aires", true],
    ["UTC", true],
    ["Asia/Atlantis", false],
    ["+04:00", false],
    ["", false],
    ["Asia/Dubai; drop table campus", false],
  ])("isTimeZone(%j) is %s", (name, expected) => {
    expect(isTimeZone(name)).toBe(expected);
  });

  it("zTimeZone trims a known zone and refuses an unknown one with the rule's message", () => {
    expect(zTimeZone.parse(" Asia/Dubai ")).toBe("Asia/Dubai");
    const refused = zTimeZone.safeParse("Mars/Olympus_Mons");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(TIME_ZONE_MESSAGE);
  });

  it("a campus without a zone reads its times in the default zone", () => {
    expect(campusTimeZone(null)).toBe(DEFAULT_CAMPUS_TIME_ZONE);
    expect(campusTimeZone("")).toBe("Asia/Kolkata");
    expect(campusTimeZone("Asia/Singapore")).toBe("Asia/Singapore");
  });

  it("a 10:00 exam is a different instant at each campus", () => {
    expect(localToInstant("2026-11-30", "10:00", "Asia/Kolkata")).toBe("2026-11-30T04:30:00.000Z");
    expect(localToInstant("2026-11-30", "10:00", "Asia/Dubai")).toBe("2026-11-30T06:00:00.000Z");
    expect(localToInstant("2026-11-30", "10:00", "Asia/Singapore")).toBe("2026-11-30T02:00:00.000Z");
  });

  it("a wall time that a daylight-saving change skips moves forward; a repeated one takes the earlier", () => {
    // Europe/Berlin: 29-03-2026 02:30 does not exist, 25-10-2026 02:30 happens twice.
    expect(localToInstant("2026-03-29", "02:30", "Europe/Berlin")).toBe("2026-03-29T01:30:00.000Z");
    expect(localToInstant("2026-10-25", "02:30", "Europe/Berlin")).toBe("2026-10-25T00:30:00.000Z");
  });
});

describe("today from one place", () => {
  // The browser stories' clock start: 26-11-2026 04:30Z.
  const clock = Date.parse("2026-11-26T04:30:00Z");

  it("gives the date and wall time of the server's clock in the zone", () => {
    expect(wallClockAt(clock, "Asia/Kolkata")).toEqual({ date: "2026-11-26", time: "10:00" });
    expect(wallClockAt(clock, "Asia/Dubai")).toEqual({ date: "2026-11-26", time: "08:30" });
    expect(wallClockAt(clock, "Asia/Singapore")).toEqual({ date: "2026-11-26", time: "12:30" });
  });

  it("turns the day at each campus's midnight, not at the default zone's", () => {
    const late = Date.parse("2026-11-26T19:00:00Z");
    expect(wallClockAt(late, "Asia/Kolkata").date).toBe("2026-11-27");
    expect(wallClockAt(late, "Asia/Dubai").date).toBe("2026-11-26");
    expect(wallClockAt(late, "Asia/Singapore").date).toBe("2026-11-27");
  });

  it("agrees with todayIn, the date part the server's reads use", () => {
    for (const zone of ["Asia/Kolkata", "Asia/Dubai", "Asia/Singapore", "America/New_York"]) {
      for (const at of [clock, Date.parse("2026-11-26T19:00:00Z"), Date.parse("2026-11-26T23:59:00Z")]) {
        expect(wallClockAt(at, zone).date).toBe(todayIn(at, zone));
      }
    }
  });
});

describe("all-day items", () => {
  it("a one-day reference covers its day only", () => {
    expect(allDaySpan("2026-11-30T00:00:00.000Z", "2026-12-01T00:00:00.000Z")).toEqual({
      from: "2026-11-30",
      to: "2026-11-30",
    });
  });

  it("a three-day reference covers its three days, whatever the campus's zone", () => {
    expect(allDaySpan("2026-11-30T00:00:00Z", "2026-12-03T00:00:00Z")).toEqual({
      from: "2026-11-30",
      to: "2026-12-02",
    });
  });
});
