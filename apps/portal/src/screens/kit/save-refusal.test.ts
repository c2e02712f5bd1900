import { ApiError } from "@portal/api-client";
import { describe, expect, it } from "vitest";
import { readRefusal, refusalMessage } from "./save-refusal.ts";

/** A 400 as the API answers a rule it checks against stored records (packages/server http/errors.ts). */
function refused(rule: string, params: Record<string, string>, errorMessage = "as the server words it") {
  return new ApiError({
    status: 400,
    errorMessage,
    errorCode: "validation_failed",
    field: "CourseVersion.endDate",
    rule,
    params,
  });
}

describe("refusalMessage", () => {
  it.each([
    ["term_end", { max: "2027-06-28" }, "Cannot exceed 28-06-2027"],
    ["term_start", { min: "2026-12-07" }, "Cannot be before 07-12-2026"],
    ["row_start", { min: "2026-12-07" }, "Cannot be before 07-12-2026"],
    [
      "within_cycle",
      { min: "2026-12-07", max: "2026-12-19" },
      "Date of exam must be within the exam cycle (07-12-2026 to 19-12-2026)",
    ],
    [
      "exam_cycle",
      { cycle: "Nov 2026 End Term", min: "2026-11-16", max: "2026-11-28" },
      "The date of exam must fall within the exam cycle Nov 2026 End Term (16-11-2026 to 28-11-2026)",
    ],
    ["term", { min: "2026-12-07", max: "2027-06-28" }, "Must be within the term (07-12-2026 to 28-06-2027)"],
    ["holiday", { date: "2026-12-25" }, "25-12-2026 is a holiday"],
  ])("words %s from its params with the dates DD-MM-YYYY", (rule, params, text) => {
    expect(refusalMessage(refused(rule, params))).toBe(text);
  });

  it("keeps the server's text for a rule without its params, or a rule it does not word", () => {
    expect(refusalMessage(refused("term_end", {}))).toBe("as the server words it");
    expect(refusalMessage(refused("too_short", { max: "2027-06-28" }))).toBe("as the server words it");
  });

  it("translates a known server text through the screen's map, and reads any other error", () => {
    const error = refused("unknown", {}, "Only 1 faculty can be selected");
    expect(refusalMessage(error, { "Only 1 faculty can be selected": () => "Nur 1 Lehrkraft" })).toBe(
      "Nur 1 Lehrkraft",
    );
    expect(refusalMessage(new Error("offline"))).toBe("offline");
    expect(refusalMessage(undefined)).toBe("Something went wrong");
  });
});

describe("readRefusal", () => {
  it.each([
    ["CourseVersion.endDate", "endDate", null],
    ["3.dateOfExam", "dateOfExam", 3],
    ["items.0.venue", "venue", 0],
    ["version", "version", null],
    [undefined, null, null],
  ])("reads the field path %s as field %s, row %s", (path, field, row) => {
    const error = new ApiError({ status: 400, errorMessage: "No", ...(path ? { field: path } : {}) });
    expect(readRefusal(error)).toMatchObject({ field, row, conflict: false, message: "No" });
  });

  it("marks a stale version as a conflict", () => {
    const error = new ApiError({ status: 409, errorMessage: "Changed", errorCode: "version_conflict" });
    expect(readRefusal(error).conflict).toBe(true);
  });
});
