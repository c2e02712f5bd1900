import { describe, expect, it } from "vitest";
import { defaultExamCycle } from "./exam-cycle.ts";

describe("defaultExamCycle", () => {
  const retest = { id: "dec", exams: 0 };
  const endTerm = { id: "nov", exams: 12 };
  const midTerm = { id: "sep", exams: 30 };

  it("skips newer cycles without exams and takes the newest that has some", () => {
    expect(defaultExamCycle([retest, endTerm, midTerm])?.id).toBe("nov");
  });

  it("takes the newest cycle when it has exams", () => {
    expect(defaultExamCycle([endTerm, midTerm])?.id).toBe("nov");
  });

  it("falls back to the newest cycle when none has exams, and to nothing without cycles", () => {
    expect(defaultExamCycle([retest, { id: "old", exams: 0 }])?.id).toBe("dec");
    expect(defaultExamCycle([])).toBeUndefined();
  });
});
