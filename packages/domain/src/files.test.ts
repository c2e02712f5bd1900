import { describe, expect, it } from "vitest";
import { base64Length, cleanFileName, FILE_NAME_MAX_LENGTH, fileExtension, kilobytes } from "./files.ts";

describe("cleanFileName", () => {
  it.each([
    ["sheet.pdf", "sheet.pdf"],
    ["../../etc/passwd.pdf", "passwd.pdf"],
    ["C:\\Users\\me\\cv.docx", "cv.docx"],
    ["evil\r\nSet-Cookie: a.pdf", "evil Set-Cookie_ a.pdf"],
    ["tab\tand\u0000nul.png", "tab and nul.png"],
    ["right\u202Eto-left.png", "right to-left.png"],
    ["name..pdf", "name.pdf"],
    ["..", "file"],
    ["...hidden.pdf", "hidden.pdf"],
    ["trailing. . .", "trailing"],
    ['quote"<>|?*.pdf', "quote______.pdf"],
    ["", "file"],
    ["/", "file"],
    ["परीक्षा.pdf", "परीक्षा.pdf"],
  ])("%j becomes %j", (raw, clean) => {
    expect(cleanFileName(raw)).toBe(clean);
  });

  it("cuts a long name before its extension", () => {
    const clean = cleanFileName(`${"a".repeat(300)}.pdf`);
    expect([...clean]).toHaveLength(FILE_NAME_MAX_LENGTH);
    expect(clean.endsWith("a.pdf")).toBe(true);
  });
});

describe("file sizes and extensions", () => {
  it("counts KB of 1024 bytes and the base64 length of a file", () => {
    expect(kilobytes(700 * 1024)).toBe(700);
    expect(kilobytes(700 * 1024 - 1)).toBe(699);
    expect(base64Length(3)).toBe(4);
    expect(base64Length(4)).toBe(8);
    expect(base64Length(700 * 1024)).toBe(955_736);
  });

  it.each([
    ["cv.PDF", "pdf"],
    ["archive.tar.gz", "gz"],
    ["README", ""],
    [".pdf", ""],
    ["name.", ""],
  ])("the extension of %j is %j", (name, extension) => {
    expect(fileExtension(name)).toBe(extension);
  });
});
