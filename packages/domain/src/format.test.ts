import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import {
  countNoun,
  formatCountdown,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatMarks,
  formatNumber,
  formatPercent,
  formatRelativeTime,
  formatTime,
  formatWeekday,
  pluralCategory,
} from "./format.ts";
import { formatInstant } from "./format-zoned.ts";

describe("formatDate: DD-MM-YYYY in every language (spec §9 display date)", () => {
  it.each([
    ["2026-03-01", "01-03-2026"],
    ["2026-12-31T23:59:00", "31-12-2026"],
    [Temporal.PlainDate.from("2026-07-04"), "04-07-2026"],
    [{ year: 987, month: 1, day: 2 }, "02-01-0987"],
    ["not a date", "not a date"],
  ])("%s reads %s", (value, shown) => {
    expect(formatDate(value)).toBe(shown);
  });
});

describe("formatTime: 24-hour HH:mm", () => {
  it.each([
    ["09:05", "09:05"],
    ["14:30:00", "14:30"],
    ["2:30 PM", "14:30"],
    ["12:15 am", "00:15"],
    ["12:15 pm", "12:15"],
    [Temporal.PlainTime.from("07:45:59"), "07:45"],
    ["25:00", "25:00"],
  ])("%s reads %s", (value, shown) => {
    expect(formatTime(value)).toBe(shown);
  });

  it("names the zone when asked", () => {
    expect(formatTime("09:00", { timeZone: "Asia/Kolkata" })).toBe("09:00 (Asia/Kolkata)");
  });

  it("shows a wall-clock date-time as DD-MM-YYYY HH:mm", () => {
    expect(formatDateTime("2026-05-04T17:05:00")).toBe("04-05-2026 17:05");
    expect(formatDateTime("2026-05-04 08:00", { timeZone: "Asia/Dubai" })).toBe(
      "04-05-2026 08:00 (Asia/Dubai)",
    );
  });
});

describe("formatInstant: one instant in two campuses' zones", () => {
  const instant = "2026-03-01T19:00:00Z";

  it.each([
    ["Asia/Dubai", "01-03-2026 23:00", "01-03-2026", "23:00"],
    ["Asia/Kolkata", "02-03-2026 00:30", "02-03-2026", "00:30"],
    ["UTC", "01-03-2026 19:00", "01-03-2026", "19:00"],
  ])("in %s reads %s", (timeZone, dateTime, date, time) => {
    expect(formatInstant(instant, { timeZone })).toBe(dateTime);
    expect(formatInstant(instant, { timeZone, part: "date" })).toBe(date);
    expect(formatInstant(instant, { timeZone, part: "time" })).toBe(time);
  });

  it("defaults to the campus's zone, Asia/Kolkata, and names it when asked", () => {
    expect(formatInstant(Date.parse(instant), { withZone: true })).toBe("02-03-2026 00:30 (Asia/Kolkata)");
  });

  it("refuses a string that is no instant", () => {
    expect(() => formatInstant("2026-03-01")).toThrow(RangeError);
  });
});

describe("numbers per locale", () => {
  it.each([
    ["en", 1500, "1,500"],
    ["de", 1500, "1.500"],
    ["hi", 1500, "1,500"],
    ["en", 11344, "11,344"],
    ["de", 11344, "11.344"],
    ["hi", 150000, "1,50,000"],
    ["en", 58.5, "58.5"],
    ["de", 58.5, "58,5"],
    ["de", 1234.567, "1.234,57"],
  ])("%s formats %d as %s", (locale, value, shown) => {
    expect(formatNumber(locale, value)).toBe(shown);
  });

  it.each([
    ["en", 51, "51.00"],
    ["en", 58.5, "58.50"],
    ["de", 65.04, "65,04"],
    ["de", 1500, "1.500,00"],
    ["hi", 58.5, "58.50"],
  ])("marks in %s: %d reads %s (always 2 decimals)", (locale, value, shown) => {
    expect(formatMarks(locale, value)).toBe(shown);
  });

  it("keeps the number of decimals asked for", () => {
    expect(formatDecimal("en", 2.5, 1)).toBe("2.5");
    expect(formatDecimal("de", 2, 1)).toBe("2,0");
    expect(formatDecimal("en", 2.46, 0)).toBe("2");
  });

  it.each([
    ["en", 58.5, 1, "58.5%"],
    ["de", 58.5, 1, "58,5\u00a0%"],
    ["hi", 58.5, 1, "58.5%"],
    ["en", 40, 0, "40%"],
    ["de", 100, 0, "100\u00a0%"],
  ])("percent in %s: %d with %d decimals reads %s", (locale, value, decimals, shown) => {
    expect(formatPercent(locale, value, decimals)).toBe(shown);
  });
});

describe("plurals", () => {
  it.each([
    ["en", 0, "other"],
    ["en", 1, "one"],
    ["en", 2, "other"],
    ["de", 1, "one"],
    ["de", 5, "other"],
    ["hi", 0, "one"],
    ["hi", 1, "one"],
    ["hi", 2, "other"],
  ])("%s: %d is %s", (locale, count, category) => {
    expect(pluralCategory(locale, count)).toBe(category);
  });

  it("writes English counts for mails", () => {
    expect(countNoun(1, "room")).toBe("1 room");
    expect(countNoun(2, "room")).toBe("2 rooms");
    expect(countNoun(1500, "student")).toBe("1,500 students");
    expect(countNoun(1, "duty", "duties")).toBe("1 duty");
    expect(countNoun(3, "duty", "duties")).toBe("3 duties");
  });
});

describe("formatRelativeTime", () => {
  const now = "2026-11-21T12:00:00Z";
  it.each([
    ["2026-11-21T11:55:00Z", "en", "5 minutes ago"],
    ["2026-11-21T11:59:50Z", "en", "10 seconds ago"],
    ["2026-11-19T12:00:00Z", "en", "2 days ago"],
    ["2026-11-21T09:00:00Z", "de", "vor 3 Stunden"],
  ])("%s in %s reads %s", (instant, locale, shown) => {
    expect(formatRelativeTime(instant, now, locale)).toBe(shown);
  });
});

describe("weekdays and countdowns", () => {
  it.each([
    ["en", "Monday"],
    ["de", "Montag"],
    ["hi", "सोमवार"],
  ])("2026-03-02 is a Monday in %s: %s", (locale, name) => {
    expect(formatWeekday(locale, "2026-03-02")).toBe(name);
  });

  it.each([
    [120, "2:00"],
    [65, "1:05"],
    [4.2, "0:05"],
    [-3, "0:00"],
  ])("%d seconds read %s", (seconds, shown) => {
    expect(formatCountdown(seconds)).toBe(shown);
  });
});
