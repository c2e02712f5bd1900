import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  changeFilter,
  courseOptions,
  EMPTY_FILTERS,
  facultyOptions,
  pageCount,
  parseListState,
  type QuestionPaperFilterOptions,
  serializeListState,
  termOptions,
  toListRequest,
} from "./list-state.ts";

const options: QuestionPaperFilterOptions = {
  TermList: [
    { TermName: "Term 2", TermId: "t2" },
    { TermName: "Term 1", TermId: "t1" },
  ],
  CourseList: [
    { TermName: "Term 1", CourseName: "Marketing", CourseId: "c1" },
    { TermName: "Term 1", CourseName: "Accounting", CourseId: "c2" },
    { TermName: "Term 2", CourseName: "Finance", CourseId: "c3" },
  ],
  courseFacultyList: [
    { CourseName: "Marketing", FacultyName: ["Asha Rao", "Vikram Iyer"] },
    { CourseName: "Accounting", FacultyName: ["Meera Nair"] },
    { CourseName: "Finance", FacultyName: ["Vikram Iyer"] },
  ],
  batchList: ["2025"],
  ExamMonthList: ["May 2026"],
  statusList: ["Submitted"],
};

describe("parseListState", () => {
  it.each([
    ["", { page: 1, pageSize: 25 }],
    ["?page=3&pageSize=50", { page: 3, pageSize: 50 }],
    ["?page=0&pageSize=100", { page: 1, pageSize: 100 }],
    ["?page=-2&pageSize=30", { page: 1, pageSize: 25 }],
    ["?page=abc&pageSize=25", { page: 1, pageSize: 25 }],
    ["?page=2.5", { page: 1, pageSize: 25 }],
  ])("reads paging from %j", (query, expected) => {
    const state = parseListState(query);
    expect({ page: state.page, pageSize: state.pageSize }).toEqual(expected);
  });

  it("reads and trims the six filters and ignores other keys", () => {
    const state = parseListState(
      "?course=%20Marketing%20&status=Submitted&term=Term+1&other=x&examCycle=May",
    );
    expect(state.filters).toEqual({
      ...EMPTY_FILTERS,
      course: "Marketing",
      status: "Submitted",
      term: "Term 1",
      examCycle: "May",
    });
  });

  it.each([
    ["", null],
    ["?sort=faculty", { column: "faculty", direction: "asc" }],
    ["?sort=status&direction=desc", { column: "status", direction: "desc" }],
    ["?sort=examCycle&direction=sideways", { column: "examCycle", direction: "asc" }],
    ["?sort=id&direction=desc", null],
  ])("reads the sort from %j", (query, expected) => {
    expect(parseListState(query).sort).toEqual(expected);
  });

  it("drops an over-long filter value", () => {
    expect(parseListState(`?course=${"x".repeat(201)}`).filters.course).toBe("");
  });
});

describe("serializeListState", () => {
  it("gives an empty query for the default state", () => {
    expect(serializeListState(parseListState(""))).toBe("");
  });

  it("round-trips filters, page and size", () => {
    const state = {
      filters: { ...EMPTY_FILTERS, faculty: "Asha Rao", batch: "2025" },
      page: 4,
      pageSize: 100 as const,
      sort: null,
    };
    const query = serializeListState(state);
    expect(query).toBe("?faculty=Asha+Rao&batch=2025&page=4&pageSize=100");
    expect(parseListState(query)).toEqual(state);
  });

  it("round-trips a sort, leaving out the ascending direction", () => {
    const base = parseListState("");
    const descending = { ...base, sort: { column: "batch", direction: "desc" } as const };
    expect(serializeListState(descending)).toBe("?sort=batch&direction=desc");
    expect(parseListState(serializeListState(descending))).toEqual(descending);
    const ascending = { ...base, sort: { column: "term", direction: "asc" } as const };
    expect(serializeListState(ascending)).toBe("?sort=term");
    expect(parseListState("?sort=term")).toEqual(ascending);
  });
});

describe("toListRequest", () => {
  it("maps page and size to pageNo and count", () => {
    expect(
      toListRequest({ filters: { ...EMPTY_FILTERS, status: "Approved" }, page: 2, pageSize: 50, sort: null }),
    ).toEqual({
      ...EMPTY_FILTERS,
      status: "Approved",
      pageNo: 2,
      count: 50,
    });
  });

  it("sends a header's sort as sortBy and sortDirection", () => {
    const state = { filters: EMPTY_FILTERS, page: 1, pageSize: 25 as const };
    expect(toListRequest({ ...state, sort: { column: "faculty", direction: "desc" } })).toMatchObject({
      sortBy: "faculty",
      sortDirection: "desc",
    });
    expect(toListRequest({ ...state, sort: null })).not.toHaveProperty("sortBy");
  });
});

describe("paging helpers", () => {
  it.each([
    [0, 25, 1],
    [25, 25, 1],
    [26, 25, 2],
    [101, 50, 3],
  ])("%i records at %i a page make %i pages", (total, size, pages) => {
    expect(pageCount(total, size)).toBe(pages);
  });

  it("counts set filters", () => {
    expect(activeFilterCount({ ...EMPTY_FILTERS, term: "Term 1", batch: "2025" })).toBe(2);
  });
});

describe("filter options", () => {
  it("sorts terms", () => {
    expect(termOptions(options)).toEqual(["Term 1", "Term 2"]);
  });

  it("narrows courses by term", () => {
    expect(courseOptions(options, "")).toEqual(["Accounting", "Finance", "Marketing"]);
    expect(courseOptions(options, "Term 1")).toEqual(["Accounting", "Marketing"]);
  });

  it("narrows faculty by course, listing each name once", () => {
    expect(facultyOptions(options, "")).toEqual(["Asha Rao", "Meera Nair", "Vikram Iyer"]);
    expect(facultyOptions(options, "Marketing")).toEqual(["Asha Rao", "Vikram Iyer"]);
  });

  it("clears a course the new term does not offer", () => {
    const chosen = { ...EMPTY_FILTERS, term: "Term 1", course: "Marketing" };
    expect(changeFilter(options, chosen, "term", "Term 2")).toEqual({ ...EMPTY_FILTERS, term: "Term 2" });
    expect(changeFilter(options, chosen, "term", "Term 1").course).toBe("Marketing");
  });

  it("keeps a faculty member who teaches the new course", () => {
    const chosen = { ...EMPTY_FILTERS, course: "Marketing", faculty: "Vikram Iyer" };
    expect(changeFilter(options, chosen, "course", "Finance").faculty).toBe("Vikram Iyer");
    expect(changeFilter(options, chosen, "course", "Accounting").faculty).toBe("");
  });
});
