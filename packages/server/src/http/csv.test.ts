import { describe, expect, it } from "vitest";
import { csvCell, csvDocument } from "./csv.ts";

describe("csvCell", () => {
  it.each([
    ["plain text", "Room 101", "Room 101"],
    ["empty text", "", ""],
    ["null", null, ""],
    ["a number", 12, "12"],
    ["a negative number stays a number", -3, "-3"],
    ["a comma is quoted", "A, B", '"A, B"'],
    ["quotes are doubled", 'say "hi"', '"say ""hi"""'],
    ["a line break is quoted", "a\nb", '"a\nb"'],
    ["= starts a formula", '=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
    ["+ starts a formula", "+1+1", "'+1+1"],
    ["- starts a formula", "-2+3", "'-2+3"],
    ["@ starts a formula", "@SUM(A1)", "'@SUM(A1)"],
    ["a leading tab", "\t=1", "'\t=1"],
    ["a leading carriage return is escaped and quoted", "\r=1", '"\'\r=1"'],
    ["a formula character later on is fine", "A=B", "A=B"],
    ["an apostrophe start is kept", "'quoted", "'quoted"],
  ])("%s", (_name, value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

describe("csvDocument", () => {
  it("joins cells with commas and rows with CRLF, escaping each cell", () => {
    expect(
      csvDocument([
        ["Room", "Seat"],
        ["=cmd", 3],
      ]),
    ).toBe("Room,Seat\r\n'=cmd,3\r\n");
  });
});
