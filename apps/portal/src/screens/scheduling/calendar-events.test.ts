import type { CalendarEvent } from "@portal/api-client";
import { describe, expect, it } from "vitest";
import {
  HOLIDAY_EVENT_CLASS,
  holidayBackgroundEvents,
  initialRange,
  readAddress,
  toCalendarInputs,
  visibleRange,
  wallTime,
} from "./calendar-events.ts";

const ID = "a005e585-fe52-46c4-aba2-4bf3a36435b3";

describe("faculty calendar address and ranges", () => {
  it("reads contactId and date, '' for a bad or missing one (the server's today then applies)", () => {
    expect(readAddress(`?contactId=${ID}&date=2026-12-31`)).toEqual({
      contactId: ID,
      date: "2026-12-31",
    });
    expect(readAddress("?contactId=x&date=31-12-2026")).toEqual({ contactId: "", date: "" });
    expect(readAddress(`?contactId=${ID}`)).toEqual({ contactId: ID, date: "" });
  });
  it("opens on the Monday-to-Sunday week, across a year end too", () => {
    expect(initialRange("2026-11-18")).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    expect(initialRange("2027-01-01")).toEqual({ from: "2026-12-28", to: "2027-01-03" });
  });
  it("turns the view's exclusive end into the last day shown", () => {
    expect(visibleRange("2026-11-16T00:00:00+05:30", "2026-11-23T00:00:00+05:30")).toEqual({
      from: "2026-11-16",
      to: "2026-11-22",
    });
    expect(visibleRange("2026-11-18", "2026-11-19")).toEqual({ from: "2026-11-18", to: "2026-11-18" });
  });
  it("shows events at Asia/Kolkata wall time, titled course - session", () => {
    expect(wallTime("2026-11-16T03:30:00.000Z")).toBe("2026-11-16T09:00:00");
    const event = {
      id: "e1",
      courseName: "Marketing",
      sessionName: "Lecture 1",
      startDate: "2026-11-16T03:30:00.000Z",
      endDate: "2026-11-16T05:00:00.000Z",
    } as CalendarEvent;
    expect(toCalendarInputs([event])).toEqual([
      {
        id: "e1",
        title: "Marketing - Lecture 1",
        start: "2026-11-16T09:00:00",
        end: "2026-11-16T10:30:00",
        extendedProps: { event },
      },
    ]);
  });
  it("shows events at the wall time of the calendar's campus zone", () => {
    expect(wallTime("2026-11-16T06:00:00.000Z", "Asia/Dubai")).toBe("2026-11-16T10:00:00");
    expect(wallTime("2026-11-16T06:00:00.000Z", "Asia/Singapore")).toBe("2026-11-16T14:00:00");
  });
  it("shows a reference as an all-day item over its days, not 05:30 - 05:30", () => {
    const reference = {
      id: "r1",
      eventType: "reference",
      courseName: "Marketing",
      sessionName: "Reference",
      startDate: "2026-11-16T00:00:00.000Z",
      endDate: "2026-11-18T00:00:00.000Z",
    } as CalendarEvent;
    expect(toCalendarInputs([reference], "Asia/Kolkata")).toEqual([
      {
        id: "r1",
        title: "Marketing - Reference",
        start: "2026-11-16",
        end: "2026-11-18",
        allDay: true,
        extendedProps: { event: reference },
      },
    ]);
  });
});

describe("holidays on the scheduler's calendar", () => {
  it("draws each holiday as a named whole-day background event over every row", () => {
    expect(
      holidayBackgroundEvents([
        { date: "2026-11-09", name: "Diwali" },
        { date: "2026-12-25", name: "Christmas" },
      ]),
    ).toEqual([
      {
        id: "holiday-2026-11-09",
        title: "Diwali",
        start: "2026-11-09",
        allDay: true,
        display: "background",
        classNames: [HOLIDAY_EVENT_CLASS],
        backgroundColor: "var(--portal-color-warningSurface)",
      },
      {
        id: "holiday-2026-12-25",
        title: "Christmas",
        start: "2026-12-25",
        allDay: true,
        display: "background",
        classNames: [HOLIDAY_EVENT_CLASS],
        backgroundColor: "var(--portal-color-warningSurface)",
      },
    ]);
    // No resourceIds: a background event without resources spans every resource row.
    expect(holidayBackgroundEvents([{ date: "2026-11-09", name: "Diwali" }])[0]).not.toHaveProperty(
      "resourceIds",
    );
  });
});
