import fc from "fast-check";
import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import { formatInstant } from "./format-zoned.ts";

/** The wall clock Temporal gives for the same instant and zone, as formatInstant shows it. */
function throughTemporal(epochMs: number, timeZone: string): string {
  const zdt = Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(timeZone);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(zdt.day)}-${two(zdt.month)}-${String(zdt.year).padStart(4, "0")} ${two(zdt.hour)}:${two(zdt.minute)}`;
}

const zones = [
  "Asia/Kolkata",
  "Asia/Dubai",
  "Asia/Kathmandu",
  "UTC",
  "Europe/Berlin",
  "America/New_York",
  "Australia/Lord_Howe",
  "Pacific/Chatham",
];

describe("formatInstant without Temporal reads the wall clock Temporal reads", () => {
  it("for any instant from 1900 to 2200 in zones with half-hour, 45-minute and daylight-saving offsets", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2200, 0, 1) }),
        fc.constantFrom(...zones),
        (epochMs, timeZone) => {
          expect(formatInstant(epochMs, { timeZone })).toBe(throughTemporal(epochMs, timeZone));
          expect(formatInstant(new Date(epochMs).toISOString(), { timeZone })).toBe(
            throughTemporal(epochMs, timeZone),
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it.each([
    ["2026-03-01T19:00Z", "02-03-2026 00:30"],
    ["2026-03-01T19:00:00.123456789Z", "02-03-2026 00:30"],
    ["2026-03-01T19:00:00+05:30", "01-03-2026 19:00"],
    ["2026-03-01T19:00:00-0800", "02-03-2026 08:30"],
    ["2026-03-01T19:00:00Z[Asia/Dubai]", "02-03-2026 00:30"],
  ])("reads the instant %s as Temporal.Instant.from does (%s in Asia/Kolkata)", (text, shown) => {
    expect(formatInstant(text)).toBe(shown);
    expect(formatInstant(Temporal.Instant.from(text))).toBe(shown);
  });

  it.each(["2026-02-30T00:00Z", "2026-03-01T24:00Z", "2026-03-01T19:00:00", "soon"])(
    "refuses %s with a RangeError, as Temporal does",
    (text) => {
      expect(() => Temporal.Instant.from(text)).toThrow(RangeError);
      expect(() => formatInstant(text)).toThrow(RangeError);
    },
  );

  it("refuses an unknown zone with a RangeError", () => {
    expect(() => formatInstant(0, { timeZone: "Mars/Olympus" })).toThrow(RangeError);
  });
});
