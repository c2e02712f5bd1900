import { describe, expect, it } from "vitest";
import { type ExistingIntake, INTAKE_MONTHS, intakeChoices, PLANNER_YEARS } from "./planning.ts";

const INTAKES: ExistingIntake[] = [
  { program: "Master of Business Administration", code: "MBA", year: 2025, month: "JUL" },
  { program: "Master of Business Administration", code: "MBA", year: 2026, month: "JAN" },
  { program: "Master of Business Administration", code: "MBA", year: 2026, month: "JUL" },
  { program: "Executive MBA", code: "EMBA", year: 2026, month: "JUL" },
];

describe("the Year and Intake choices of a filter", () => {
  it("offers only the years and months in which the programme has intakes, in order", () => {
    expect(intakeChoices(INTAKES, { program: "MBA", year: "2026", intake: "" })).toEqual({
      years: ["2025", "2026"],
      months: ["JAN", "JUL"],
    });
    expect(
      intakeChoices(INTAKES, { program: "Master of Business Administration", year: "2025", intake: "JUL" }),
    ).toEqual({ years: ["2025", "2026"], months: ["JUL"] });
    expect(intakeChoices(INTAKES, { program: "EMBA", year: "", intake: "" })).toEqual({
      years: ["2026"],
      months: ["JUL"],
    });
  });

  it("offers every programme's years and months when no programme is chosen", () => {
    expect(intakeChoices(INTAKES, { program: "", year: "", intake: "" })).toEqual({
      years: ["2025", "2026"],
      months: ["JAN", "JUL"],
    });
  });

  it("keeps a chosen year or intake that has no intake in its place, so a link's choice still shows", () => {
    expect(intakeChoices(INTAKES, { program: "EMBA", year: "2024", intake: "MAR" })).toEqual({
      years: ["2024", "2026"],
      months: [...INTAKE_MONTHS],
    });
    expect(intakeChoices(INTAKES, { program: "EMBA", year: "2026", intake: "MAR" })).toEqual({
      years: ["2026"],
      months: ["MAR", "JUL"],
    });
  });

  it("falls back to the spec's lists when no intake exists", () => {
    expect(intakeChoices([], { program: "", year: "", intake: "" })).toEqual({
      years: PLANNER_YEARS.map(String),
      months: [...INTAKE_MONTHS],
    });
    expect(intakeChoices([], { program: "MBA", year: "", intake: "" }, [2024, 2025]).years).toEqual([
      "2024",
      "2025",
    ]);
  });
});
