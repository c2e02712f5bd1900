import { describe, expect, it } from "vitest";
import {
  attachmentProblem,
  type BatchListState,
  changeBatchListFilter,
  chooseFaculty,
  clearBatchListFilters,
  initialSelection,
  nextSectionLabel,
  parseBatchListState,
  readStoredSelection,
  serializeBatchListState,
  storeSelection,
  toBatchListRequest,
} from "./state.ts";

const FULL: BatchListState = {
  program: "MBA",
  batch: "2026",
  intake: "JAN",
  campus: "Mumbai",
  termStatus: "Ongoing",
  page: 3,
  pageSize: 25,
  sort: { column: "startDate", direction: "desc" },
};

describe("batch filters as the list applies them (spec §4)", () => {
  it.each<[keyof BatchListState & string, string, Partial<BatchListState>]>([
    ["program", "EMBA", { program: "EMBA", batch: "", intake: "", campus: "", termStatus: "" }],
    ["batch", "2027", { program: "MBA", batch: "2027", intake: "", campus: "", termStatus: "" }],
    ["intake", "JUL", { program: "MBA", batch: "2026", intake: "JUL", campus: "", termStatus: "" }],
    [
      "campus",
      "Dubai",
      { program: "MBA", batch: "2026", intake: "JAN", campus: "Dubai", termStatus: "Ongoing" },
    ],
    [
      "termStatus",
      "Upcoming",
      { program: "MBA", batch: "2026", intake: "JAN", campus: "Mumbai", termStatus: "Upcoming" },
    ],
  ])("changing %s to %s", (key, value, expected) => {
    const next = changeBatchListFilter(FULL, key as "program", value);
    expect(next).toEqual({ ...expected, page: 1, pageSize: 25, sort: FULL.sort });
  });

  it("keeps the state when a filter is set to the value it has", () => {
    expect(changeBatchListFilter(FULL, "campus", "Mumbai")).toBe(FULL);
  });

  it("Clear All empties every filter, back to page 1, keeping the page size", () => {
    expect(clearBatchListFilters(FULL)).toEqual({
      program: "",
      batch: "",
      intake: "",
      campus: "",
      termStatus: "",
      page: 1,
      pageSize: 25,
      sort: FULL.sort,
    });
  });

  it("round-trips through the address and drops what is not a year or a month", () => {
    expect(parseBatchListState(serializeBatchListState(FULL))).toEqual(FULL);
    expect(parseBatchListState("?batch=20x6&intake=XYZ&page=-2&pageSize=7")).toEqual({
      program: "",
      batch: "",
      intake: "",
      campus: "",
      termStatus: "",
      page: 1,
      pageSize: 10,
      sort: null,
    });
    expect(parseBatchListState("?sort=id&direction=desc").sort).toBeNull();
    expect(parseBatchListState("?sort=terms&direction=up").sort).toEqual({
      column: "terms",
      direction: "asc",
    });
  });

  it("asks the server for the page and the sort, 'All' as the shared capped All (count 0)", () => {
    expect(toBatchListRequest({ ...FULL, pageSize: "all" })).toEqual({
      program: "MBA",
      batch: 2026,
      intake: "JAN",
      campus: "Mumbai",
      termStatus: "Ongoing",
      pageNo: 3,
      count: 0,
      sortBy: "startDate",
      sortDirection: "desc",
    });
    expect(toBatchListRequest({ ...FULL, sort: null })).not.toHaveProperty("sortBy");
  });
});

describe("section letters (spec §5)", () => {
  const sections = (letters: string) => letters.split("").map((l) => ({ courseOfferingSectionId: l }));
  it.each([
    ["", "A"],
    ["A", "B"],
    ["ABC", "D"],
    ["AC", "B"],
    ["ABCDEFGHIJKLMNOPQRSTUVWXY", "Z"],
  ])("after %j the next section is %s", (existing, next) => {
    expect(nextSectionLabel(sections(existing))).toBe(next);
  });
  it("gives none after Z", () => {
    expect(nextSectionLabel(sections("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))).toBeNull();
  });
});

describe("one faculty per section (spec §4, §5)", () => {
  it("takes the first faculty member", () => {
    expect(chooseFaculty([], "f1")).toEqual({ ids: ["f1"], info: null });
  });
  it("removes a duplicate of the same member without a message", () => {
    expect(chooseFaculty(["f1"], "f1")).toEqual({ ids: ["f1"], info: null });
  });
  it("refuses a second member with 'Only 1 faculty can be selected'", () => {
    expect(chooseFaculty(["f1"], "f2")).toEqual({ ids: ["f1"], info: "Only 1 faculty can be selected" });
  });
});

describe("attachment type (spec §5)", () => {
  it.each(["a.doc", "b.DOCX", "c.pdf", "d.jpeg", "e.JPG", "f.png"])("%s may be attached", (name) => {
    expect(attachmentProblem(name)).toBeNull();
  });
  it.each(["a.txt", "b.exe", "pdf", "c.", "d.pdf.zip"])("%s is refused", (name) => {
    expect(attachmentProblem(name)).toBe("Please Select Only Doc ,Pdf and Image");
  });
});

describe("selection kept in navigation and session storage (spec §2)", () => {
  it("prefers the address, else the stored selection", () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    storeSelection(storage, { program: "MBA", year: "2026", intake: "JAN", programPlanId: "p1" });
    const stored = readStoredSelection(storage);
    expect(stored).toMatchObject({ program: "MBA", year: "2026", intake: "JAN", programPlanId: "p1" });
    expect(initialSelection("", stored)).toEqual({ program: "MBA", year: "2026", intake: "JAN" });
    expect(initialSelection("?program=EMBA&year=2027&intake=JUL", stored)).toEqual({
      program: "EMBA",
      year: "2027",
      intake: "JUL",
    });
  });
});
