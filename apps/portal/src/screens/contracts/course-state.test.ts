import { describe, expect, it } from "vitest";
import { parseCourseViewState, serializeCourseViewState, toCourseOfferingListQuery } from "./course-state.ts";

const ID = "00000000-0000-4000-8000-00000000000c";

describe("View Course's state in the address", () => {
  it.each([
    ["", { id: "", search: "", page: 1, pageSize: 10 }],
    [`?id=${ID}`, { id: ID, search: "", page: 1, pageSize: 10 }],
    ["?search=MBA&page=2&pageSize=50", { id: "", search: "MBA", page: 2, pageSize: 50 }],
    ["?id=nope&page=0&pageSize=7", { id: "", search: "", page: 1, pageSize: 10 }],
  ])("reads %s", (query, expected) => {
    expect(parseCourseViewState(query)).toEqual(expected);
  });

  it("writes only what differs from the defaults and round-trips", () => {
    const state = parseCourseViewState("?search=Finance&page=3");
    expect(serializeCourseViewState(state)).toBe("?search=Finance&page=3");
    expect(serializeCourseViewState(parseCourseViewState(""))).toBe("");
    expect(toCourseOfferingListQuery(state)).toEqual({ search: "Finance", pageNo: 3, count: 10 });
  });
});
