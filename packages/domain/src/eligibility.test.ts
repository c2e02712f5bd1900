import { describe, expect, it } from "vitest";
import {
  AT_RISK_MIN_ATTENDANCE,
  addToEligibilityCounts,
  computeEligibility,
  DOCUMENT_STATUSES,
  documentStatusFor,
  ELIGIBILITY_MIN_ATTENDANCE,
  ELIGIBILITY_STATUSES,
  type EligibilityStatus,
  EXAM_PROGRESS_STATUSES,
  effectiveEligibility,
  eligibilityNeedsReason,
  emptyEligibilityCounts,
  examStatusFor,
  isEligibilityStatus,
  ZEligibilityUpdateItem,
} from "./index.ts";

describe("computeEligibility", () => {
  const cases: Array<[number | null, boolean, EligibilityStatus]> = [
    [null, true, "Under Review"],
    [null, false, "Under Review"],
    [100, true, "Eligible"],
    [75, true, "Eligible"],
    [100, false, "At Risk"],
    [75, false, "At Risk"],
    [74, true, "At Risk"],
    [74, false, "At Risk"],
    [65, true, "At Risk"],
    [65, false, "At Risk"],
    [64, true, "Not eligible"],
    [64, false, "Not eligible"],
    [55, true, "Not eligible"],
    [0, true, "Not eligible"],
  ];
  it.each(cases)("attendance %s, documents %s -> %s", (attendancePercent, documentsSubmitted, expected) => {
    expect(computeEligibility({ attendancePercent, documentsSubmitted })).toBe(expected);
  });

  it("uses the documented thresholds", () => {
    expect(ELIGIBILITY_MIN_ATTENDANCE).toBe(75);
    expect(AT_RISK_MIN_ATTENDANCE).toBe(65);
  });

  it("gives every percent 0..100 exactly one label, monotone in attendance", () => {
    const rank: Record<EligibilityStatus, number> = {
      "Not eligible": 0,
      "At Risk": 1,
      Eligible: 2,
      "Under Review": -1,
    };
    for (const documentsSubmitted of [true, false]) {
      let previous = -1;
      for (let p = 0; p <= 100; p++) {
        const r = rank[computeEligibility({ attendancePercent: p, documentsSubmitted })];
        expect(r).toBeGreaterThanOrEqual(previous);
        previous = r;
      }
    }
  });
});

describe("labels", () => {
  it("holds the spec's labels, spelled exactly", () => {
    expect(ELIGIBILITY_STATUSES).toEqual(["Eligible", "Not eligible", "At Risk", "Under Review"]);
    expect(EXAM_PROGRESS_STATUSES).toEqual(["Completed", "Pending"]);
    expect(DOCUMENT_STATUSES).toEqual(["Submitted", "Not Submitted"]);
    expect(isEligibilityStatus("Not eligible")).toBe(true);
    expect(isEligibilityStatus("Not Eligible")).toBe(false);
  });

  it("maps documents to their label", () => {
    expect(documentStatusFor(true)).toBe("Submitted");
    expect(documentStatusFor(false)).toBe("Not Submitted");
  });

  it("prefers the office's decision over the computed status", () => {
    expect(effectiveEligibility("Not eligible", "Eligible")).toBe("Eligible");
    expect(effectiveEligibility("At Risk", null)).toBe("At Risk");
  });

  it("needs a reason only for decisions that hold a student back", () => {
    expect(ELIGIBILITY_STATUSES.filter(eligibilityNeedsReason)).toEqual(["Not eligible", "At Risk"]);
  });

  it("counts per label", () => {
    let counts = emptyEligibilityCounts();
    counts = addToEligibilityCounts(counts, "Eligible", 3);
    counts = addToEligibilityCounts(counts, "Not eligible");
    counts = addToEligibilityCounts(counts, "Under Review", 2);
    expect(counts).toEqual({ students: 6, eligible: 3, notEligible: 1, atRisk: 0, underReview: 2 });
  });
});

describe("examStatusFor", () => {
  it.each([
    ["2026-11-01", "2026-11-02", "Completed"],
    ["2025-12-31", "2026-01-01", "Completed"],
    ["2026-11-02", "2026-11-02", "Pending"],
    ["2026-11-03", "2026-11-02", "Pending"],
  ] as const)("exam on %s, today %s -> %s", (examDate, today, expected) => {
    expect(examStatusFor(examDate, today)).toBe(expected);
  });
});

describe("ZEligibilityUpdateItem", () => {
  const base = { examId: "e1", studentId: "s1" };

  it("accepts a decision and trims the reason", () => {
    expect(
      ZEligibilityUpdateItem.parse({ ...base, eligibility_status: "At Risk", reason: "  low  " }),
    ).toEqual({
      ...base,
      eligibility_status: "At Risk",
      reason: "low",
    });
  });

  it("accepts Eligible and Under Review without a reason, and null to withdraw", () => {
    for (const eligibility_status of ["Eligible", "Under Review", null]) {
      expect(ZEligibilityUpdateItem.safeParse({ ...base, eligibility_status }).success).toBe(true);
    }
  });

  it.each([
    [{ ...base, eligibility_status: "Not eligible" }, "reason"],
    [{ ...base, eligibility_status: "At Risk", reason: "   " }, "reason"],
    [{ ...base, eligibility_status: "Not Eligible", reason: "x" }, "eligibility_status"],
    [{ ...base }, "eligibility_status"],
    [{ studentId: "s1", eligibility_status: "Eligible" }, "examId"],
    [{ ...base, studentId: " ", eligibility_status: "Eligible" }, "studentId"],
    [{ ...base, eligibility_status: "Eligible", reason: "x".repeat(501) }, "reason"],
  ])("refuses %j naming %s", (item, field) => {
    const result = ZEligibilityUpdateItem.safeParse(item);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });
});
