import { describe, expect, it } from "vitest";
import {
  ALL_ROWS_CAP,
  ALL_ROWS_COUNT,
  GRID_PAGE_SIZES,
  pageSizeCount,
  pageSizeCounts,
  parsePageSize,
  TIMETABLE_PAGE_SIZES,
} from "./constants.ts";

describe("grid page sizes (spec §9: 10, 25, 50, All)", () => {
  it("offers All on the grids and the timetable, sent on the wire as count 0", () => {
    expect(GRID_PAGE_SIZES).toEqual([10, 25, 50, "all"]);
    expect(TIMETABLE_PAGE_SIZES).toEqual([10, 25, 50, 100, "all"]);
    expect(ALL_ROWS_COUNT).toBe(0);
    expect(pageSizeCount("all")).toBe(0);
    expect(pageSizeCount(25)).toBe(25);
    expect(pageSizeCounts(GRID_PAGE_SIZES)).toEqual([10, 25, 50, 0]);
    expect(ALL_ROWS_CAP).toBeGreaterThan(100);
  });

  it.each<[string | null, number | "all"]>([
    ["all", "all"],
    ["25", 25],
    ["100", 10],
    ["0", 10],
    ["ALL", 10],
    ["25abc", 10],
    ["", 10],
    [null, 10],
  ])("reads the address's pageSize %j as %j", (text, size) => {
    expect(parsePageSize(text, GRID_PAGE_SIZES, 10)).toBe(size);
  });
});
