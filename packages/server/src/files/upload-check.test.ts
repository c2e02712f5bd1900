import { describe, expect, it } from "vitest";
import {
  sampleDoc,
  sampleDocx,
  sampleElf,
  sampleExe,
  sampleHtml,
  sampleJpeg,
  samplePdf,
  samplePng,
} from "../test/sample-files.ts";
import { ANSWER_SHEET_TYPES, ATTACHMENT_TYPES, checkUpload, contentDisposition } from "./upload-check.ts";

describe("uploads checked by what they are", () => {
  it.each([
    ["cv.pdf", samplePdf(), "pdf", "application/pdf"],
    ["photo.png", samplePng(), "png", "image/png"],
    ["photo.JPG", sampleJpeg(), "jpg", "image/jpeg"],
    ["photo.jpeg", sampleJpeg(), "jpeg", "image/jpeg"],
    [
      "letter.docx",
      sampleDocx(),
      "docx",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ],
    ["letter.doc", sampleDoc(), "doc", "application/msword"],
  ])("accepts %s as an invitation attachment", async (name, bytes, extension, mediaType) => {
    expect(await checkUpload(bytes, name, ATTACHMENT_TYPES)).toEqual({
      ok: true,
      fileName: name,
      extension,
      mediaType,
    });
  });

  it.each([
    ["HTML named .pdf", "cv.pdf", sampleHtml(), "content", null],
    ["an ELF executable named .png", "photo.png", sampleElf(), "content", "elf"],
    ["an MZ executable named .png", "photo.png", sampleExe(), "content", "exe"],
    ["a PDF named .png", "photo.png", samplePdf(), "content", "pdf"],
    ["a zip that is no Word file named .docx", "letter.docx", sampleDocx().subarray(0, 40), "content", "zip"],
    ["an executable named .exe", "setup.exe", sampleExe(), "extension", null],
    ["a name without an extension", "README", samplePdf(), "extension", null],
  ])("refuses %s", async (_what, name, bytes, reason, detected) => {
    const result = await checkUpload(bytes, name, ATTACHMENT_TYPES);
    expect(result).toMatchObject({ ok: false, reason });
    if (reason === "content") expect(result).toMatchObject({ detected });
  });

  it("answer sheets take PDF only, by content and name", async () => {
    expect(await checkUpload(samplePdf(), "sheet.pdf", ANSWER_SHEET_TYPES)).toMatchObject({ ok: true });
    expect(await checkUpload(samplePng(), "sheet.png", ANSWER_SHEET_TYPES)).toMatchObject({
      ok: false,
      reason: "extension",
    });
    expect(await checkUpload(sampleHtml(), "sheet.pdf", ANSWER_SHEET_TYPES)).toMatchObject({
      ok: false,
      reason: "content",
    });
  });

  it("answers the name cleaned: no path, no CR/LF, no ..", async () => {
    const result = await checkUpload(samplePdf(), "../../etc/evil\r\nname..pdf", ANSWER_SHEET_TYPES);
    expect(result).toMatchObject({ ok: true, fileName: "evil name.pdf" });
  });

  it("builds a Content-Disposition no name can break", () => {
    expect(contentDisposition("inline", "sheet.pdf")).toBe(
      `inline; filename="sheet.pdf"; filename*=UTF-8''sheet.pdf`,
    );
    const hostile = contentDisposition("attachment", 'a"\r\nSet-Cookie: x=1; परीक्षा (1).pdf');
    expect(hostile).not.toMatch(/[\r\n]/);
    expect(hostile).toBe(
      `attachment; filename="a_ Set-Cookie_ x=1; _______ (1).pdf"; filename*=UTF-8''a_%20Set-Cookie_%20x%3D1%3B%20%E0%A4%AA%E0%A4%B0%E0%A5%80%E0%A4%95%E0%A5%8D%E0%A4%B7%E0%A4%BE%20%281%29.pdf`,
    );
  });
});
