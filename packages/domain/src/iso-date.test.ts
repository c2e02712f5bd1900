import fc from "fast-check";
import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import { formatIsoDate, isIsoDate } from "./iso-date.ts";

/** Temporal's verdict on a YYYY-MM-DD string: the reference the plain arithmetic must match. */
function temporalAccepts(value: string): boolean {
  try {
    Temporal.PlainDate.from(value, { overflow: "reject" });
    return true;
  } catch {
    return false;
  }
}

describe("isIsoDate", () => {
  it.each([
    ["2024-02-29", true],
    ["2023-02-29", false],
    ["1900-02-29", false],
    ["2000-02-29", true],
    ["2026-04-31", false],
    ["2026-12-31", true],
    ["2026-13-01", false],
    ["2026-00-10", false],
    ["2026-01-00", false],
    ["2026-1-01", false],
    ["26-01-01", false],
    ["2026-01-01T00:00", false],
    ["", false],
  ])("%s → %s", (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });

  it("agrees with Temporal on every year, month and day written with four, two and two digits", () => {
    const digits = (n: number) =>
      fc.integer({ min: 0, max: 10 ** n - 1 }).map((v) => String(v).padStart(n, "0"));
    fc.assert(
      fc.property(digits(4), digits(2), digits(2), (y, m, d) => {
        const value = `${y}-${m}-${d}`;
        expect(isIsoDate(value)).toBe(temporalAccepts(value));
      }),
      { numRuns: 2000, seed: 20261124 },
    );
  });
});

describe("formatIsoDate", () => {
  it("writes DD-MM-YYYY", () => {
    expect(formatIsoDate("2026-03-09")).toBe("09-03-2026");
  });
});
