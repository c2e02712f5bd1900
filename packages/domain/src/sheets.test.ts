import { describe, expect, it } from "vitest";
import { MAX_SHEET_BYTES, sheetFileProblem, sheetFormatOf } from "./sheets.ts";

const text = (value: string) => new TextEncoder().encode(value);
const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]);

describe("sheetFileProblem", () => {
  it.each([
    ["a CSV of UTF-8 text", "marks.csv", text("Student Code,Email\r\nS1,ä@u.example\r\n"), null],
    ["an XLSX that is a ZIP", "Marks.XLSX", zip, null],
    ["a .txt file", "marks.txt", text("Student Code"), "format"],
    ["a file without extension", "marks", text("Student Code"), "format"],
    ["a file one byte over the limit", "marks.csv", new Uint8Array(MAX_SHEET_BYTES + 1).fill(65), "size"],
    ["a file at the limit", "marks.csv", new Uint8Array(MAX_SHEET_BYTES).fill(65), null],
    ["an .xlsx that is text", "marks.xlsx", text("Student Code"), "content"],
    ["a .csv that is a ZIP", "marks.csv", zip, "content"],
    ["a .csv with a NUL byte", "marks.csv", text("a,b\u0000"), "content"],
    ["a .csv that is not UTF-8", "marks.csv", new Uint8Array([0x61, 0xff, 0x62]), "content"],
  ])("%s: %s", (_what, fileName, bytes, problem) => {
    expect(sheetFileProblem(fileName, bytes)).toBe(problem);
  });

  it("names the format by the extension, in any case", () => {
    expect([sheetFormatOf("a.CSV"), sheetFormatOf("b.xlsx"), sheetFormatOf("c.xls")]).toEqual([
      "csv",
      "xlsx",
      null,
    ]);
  });
});
