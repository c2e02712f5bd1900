import { describe, expect, it } from "vitest";
import { answerSheetFileProblem } from "./AnswerSheet.tsx";
import { parseRequestListState, serializeRequestListState } from "./list-state.ts";
import { adjustmentOf } from "./ModerationDetails.tsx";
import { parseModerationListState, serializeModerationListState } from "./ModerationList.tsx";

describe("revaluation screen rules", () => {
  it("pages the lists 25, 50 or 100 (default 25) and keeps defaults out of the address", () => {
    expect(parseRequestListState("")).toEqual({ page: 1, pageSize: 25, sort: null });
    expect(parseRequestListState("?page=3&pageSize=100")).toEqual({ page: 3, pageSize: 100, sort: null });
    expect(parseRequestListState("?page=-1&pageSize=10")).toEqual({ page: 1, pageSize: 25, sort: null });
    expect(serializeRequestListState({ page: 1, pageSize: 25, sort: null })).toBe("");
    expect(serializeRequestListState({ page: 2, pageSize: 50, sort: null })).toBe("?page=2&pageSize=50");
    expect(parseModerationListState("?course=FIN&page=2")).toEqual({
      page: 2,
      pageSize: 25,
      course: "FIN",
      sort: null,
    });
    expect(serializeModerationListState({ page: 1, pageSize: 25, course: "Financial", sort: null })).toBe(
      "?course=Financial",
    );
  });

  it("keeps a header sort in the address: unknown columns dropped, ascending unless desc", () => {
    expect(parseRequestListState("?sort=due&direction=desc")).toEqual({
      page: 1,
      pageSize: 25,
      sort: { column: "due", direction: "desc" },
    });
    expect(parseRequestListState("?sort=Id&direction=desc").sort).toBeNull();
    expect(parseRequestListState("?sort=batch&direction=up").sort).toEqual({
      column: "batch",
      direction: "asc",
    });
    const state = { page: 2, pageSize: 25, sort: { column: "examDate", direction: "desc" } } as const;
    expect(serializeRequestListState(state)).toBe("?page=2&sort=examDate&direction=desc");
    expect(parseRequestListState(serializeRequestListState(state))).toEqual(state);
    // The moderation list sorts by its own columns: the request lists' due is none of them.
    expect(parseModerationListState("?sort=due")).toEqual({ page: 1, pageSize: 25, course: "", sort: null });
    expect(parseModerationListState("?sort=students&direction=desc").sort).toEqual({
      column: "students",
      direction: "desc",
    });
  });

  it("takes only PDF answer sheets of at most 700 KB", () => {
    expect(answerSheetFileProblem({ name: "sheet.pdf", size: 1000, type: "application/pdf" })).toBeNull();
    expect(answerSheetFileProblem({ name: "sheet.PDF", size: 1000, type: "" })).toBeNull();
    expect(answerSheetFileProblem({ name: "sheet.png", size: 1000, type: "image/png" })).toBe(
      "Only PDF files can be uploaded",
    );
    expect(answerSheetFileProblem({ name: "sheet.pdf", size: 700 * 1024 + 1, type: "application/pdf" })).toBe(
      "The file is larger than 700 KB",
    );
  });

  it("checks a moderation adjustment against the total marks before any call", async () => {
    expect(await adjustmentOf({ kind: "add", marks: "2", factor: "", offset: "" }, 60)).toEqual({
      adjustment: { kind: "add", marks: 2 },
    });
    expect(await adjustmentOf({ kind: "scale", marks: "", factor: "1.1", offset: "" }, 60)).toEqual({
      adjustment: { kind: "scale", factor: 1.1, offset: 0 },
    });
    expect(await adjustmentOf({ kind: "add", marks: "80", factor: "", offset: "" }, 60)).toEqual({
      problem: "Marks to add must be between -60 and 60",
    });
    expect(await adjustmentOf({ kind: "scale", marks: "", factor: "3", offset: "0" }, 60)).toEqual({
      problem: "The factor must be at most 2",
    });
    expect(await adjustmentOf({ kind: "scale", marks: "", factor: "0", offset: "" }, 60)).toEqual({
      problem: "The factor must be more than 0",
    });
    expect(await adjustmentOf({ kind: "scale", marks: "", factor: "1", offset: "-61" }, 60)).toEqual({
      problem: "The offset must be between -60 and 60",
    });
    expect(await adjustmentOf({ kind: "add", marks: "x", factor: "", offset: "" }, 60)).toEqual({
      problem: "Enter a number",
    });
    const one = { kind: "individual" as const, marks: "", factor: "", offset: "" };
    expect(await adjustmentOf({ ...one, individual: { s1: "12.5", s2: " " } }, 60)).toEqual({
      adjustment: { kind: "individual", marks: [{ studentId: "s1", marks: 12.5 }] },
    });
    expect(await adjustmentOf({ ...one, individual: { s1: "-1" } }, 60)).toEqual({
      problem: "A new mark cannot be less than 0",
    });
    expect(await adjustmentOf({ ...one, individual: {} }, 60)).toEqual({
      problem: "Type a new mark for at least one student",
    });
    expect("problem" in (await adjustmentOf({ kind: "add", marks: "", factor: "", offset: "" }, 60))).toBe(
      true,
    );
  });
});
