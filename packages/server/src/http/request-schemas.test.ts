import { ALL_ROWS_CAP, GRID_PAGE_SIZES } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { resolveAllRows, zPageCount } from "./request-schemas.ts";

describe("page size All on the wire (openapi common.yaml AllRowsPaging)", () => {
  const query = zPageCount(GRID_PAGE_SIZES, 10, true);
  const body = zPageCount(GRID_PAGE_SIZES, 10, false);

  it("takes the grid sizes and 0 for All, from a query string or a JSON body", () => {
    expect(query.parse("0")).toBe(0);
    expect(query.parse("25")).toBe(25);
    expect(query.parse(undefined)).toBe(10);
    expect(body.parse(0)).toBe(0);
    expect(body.safeParse("25").success).toBe(false);
  });

  it("refuses other sizes naming the choices", () => {
    for (const bad of ["7", "100", "500", "all", "-1", "2.5"]) {
      const parsed = query.safeParse(bad);
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("count must be one of 10, 25, 50, 0 (All)");
    }
  });

  it("resolves All to the first page of ALL_ROWS_CAP rows and leaves other pages alone", () => {
    expect(resolveAllRows({ pageNo: 4, count: 0, search: "x" })).toEqual({
      pageNo: 1,
      count: ALL_ROWS_CAP,
      search: "x",
    });
    expect(resolveAllRows({ pageNo: 4, count: 25 })).toEqual({ pageNo: 4, count: 25 });
  });
});
