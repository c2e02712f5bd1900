import { describe, expect, it } from "vitest";
import {
  canAssignEvaluator,
  EVALUATOR_STATUSES,
  evaluationDeadlineAfterMove,
  evaluatorCandidates,
  evaluatorStatusLabel,
  isActiveEvaluator,
  sheetsPerEvaluator,
  showsReasonMarker,
  ZEvaluatorAssignmentItem,
  ZEvaluatorResponseItem,
} from "./index.ts";

describe("evaluator status", () => {
  it("holds the spec's statuses and defaults to Requested when empty", () => {
    expect(EVALUATOR_STATUSES).toEqual(["Requested", "Accepted", "Rejected"]);
    expect(evaluatorStatusLabel("")).toBe("Requested");
    expect(evaluatorStatusLabel(null)).toBe("Requested");
    expect(evaluatorStatusLabel(undefined)).toBe("Requested");
    expect(evaluatorStatusLabel("Accepted")).toBe("Accepted");
    expect(evaluatorStatusLabel(" Rejected ")).toBe("Rejected");
  });

  it("marks only Rejected rows with a reason marker and counts them out", () => {
    expect(EVALUATOR_STATUSES.filter(showsReasonMarker)).toEqual(["Rejected"]);
    expect(EVALUATOR_STATUSES.filter(isActiveEvaluator)).toEqual(["Requested", "Accepted"]);
  });

  it.each([
    [120, 3, 40],
    [121, 3, 41],
    [0, 2, 0],
    [10, 0, null],
  ])("%i sheets over %i evaluators -> %s each", (sheets, evaluators, expected) => {
    expect(sheetsPerEvaluator(sheets, evaluators)).toBe(expected);
  });
});

describe("Add Evaluator (spec §5)", () => {
  const faculty = [
    { facultyId: "f1", facultyName: "A" },
    { facultyId: "f2", facultyName: "B" },
    { facultyId: "f3", facultyName: "C" },
  ];

  it("excludes evaluators already assigned", () => {
    expect(evaluatorCandidates(faculty, ["f2"]).map((f) => f.facultyId)).toEqual(["f1", "f3"]);
    expect(evaluatorCandidates(faculty, new Set<string>())).toHaveLength(3);
  });

  it("enables Assign only once an evaluator is chosen", () => {
    expect(canAssignEvaluator(null)).toBe(false);
    expect(canAssignEvaluator("")).toBe(false);
    expect(canAssignEvaluator("f1")).toBe(true);
  });
});

describe("ZEvaluatorAssignmentItem", () => {
  const base = { evaluation: "f1", exam: "e1" };

  it("fills the defaults of a new request", () => {
    expect(ZEvaluatorAssignmentItem.parse(base)).toEqual({
      id: undefined,
      evaluation: "f1",
      exam: "e1",
      status: undefined,
      reason: "",
      Course_Offering__c: "",
      Assigned_Paper__c: undefined,
      role: "",
      room: undefined,
    });
    expect(
      ZEvaluatorAssignmentItem.parse({ ...base, id: "", status: "", Assigned_Paper__c: "", room: "" }),
    ).toMatchObject({
      id: undefined,
      status: undefined,
      Assigned_Paper__c: "All",
      room: null,
    });
  });

  it("keeps a room, a paper and an existing id", () => {
    expect(
      ZEvaluatorAssignmentItem.parse({
        ...base,
        id: "a1",
        status: "Accepted",
        Assigned_Paper__c: "Set 2",
        room: "r1",
      }),
    ).toMatchObject({ id: "a1", status: "Accepted", Assigned_Paper__c: "Set 2", room: "r1" });
  });

  it.each([
    [{ exam: "e1" }, "evaluation"],
    [{ evaluation: "f1" }, "exam"],
    [{ ...base, status: "Accepted" }, "status"],
    [{ ...base, status: "Done" }, "status"],
    [{ ...base, Assigned_Paper__c: "Set 3" }, "Assigned_Paper__c"],
    [{ ...base, id: "a1", status: "Rejected" }, "reason"],
    [{ ...base, room: 5 }, "room"],
  ])("refuses %j naming %s", (item, field) => {
    const result = ZEvaluatorAssignmentItem.safeParse(item);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });
});

describe("ZEvaluatorResponseItem", () => {
  it("records answers", () => {
    expect(ZEvaluatorResponseItem.parse({ id: "a1", status: "Accepted" })).toEqual({
      id: "a1",
      status: "Accepted",
      reason: "",
      remove: false,
    });
    expect(ZEvaluatorResponseItem.parse({ id: "a1", status: "Rejected", reason: " busy " })).toMatchObject({
      status: "Rejected",
      reason: "busy",
    });
    expect(ZEvaluatorResponseItem.parse({ id: "a1", status: "Requested" })).toMatchObject({
      status: "Requested",
    });
    expect(ZEvaluatorResponseItem.parse({ id: "a1", remove: true })).toMatchObject({ remove: true });
  });

  it.each([
    [{ id: "a1", status: "Rejected" }, "reason"],
    [{ id: "a1", status: "Rejected", reason: "  " }, "reason"],
    [{ id: "a1" }, "status"],
    [{ id: "a1", status: "" }, "status"],
    [{ status: "Accepted" }, "id"],
    [{ id: "a1", status: "Maybe" }, "status"],
    [{ id: "a1", remove: "yes" }, "remove"],
  ])("refuses %j naming %s", (item, field) => {
    const result = ZEvaluatorResponseItem.safeParse(item);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });
});

describe("evaluation deadline when the exam moves", () => {
  it.each([
    // deadline, from, to, expected
    [null, "2026-11-24", "2026-12-01", null],
    ["2026-12-08", "2026-11-24", "2026-12-01", "2026-12-08"], // still after the new date: kept
    ["2026-12-01", "2026-11-24", "2026-12-01", "2026-12-01"], // same day is allowed
    ["2026-11-30", "2026-11-24", "2026-12-01", "2026-12-07"], // moved by the exam's 7 days
    ["2026-12-08", "2026-11-24", "2026-11-20", "2026-12-08"], // exam earlier: kept
    ["2026-11-20", "2026-11-24", "2026-11-25", "2026-11-25"], // before the old date already: not before the new one
    ["2026-12-31", "2026-12-30", "2027-01-02", "2027-01-03"], // across a year end
  ] as const)("deadline %s, exam %s → %s gives %s", (deadline, from, to, expected) => {
    expect(evaluationDeadlineAfterMove(deadline, from, to)).toBe(expected);
  });
});
