import { MAX_SHEET_BYTES, MAX_SHEET_ROWS } from "@portal/domain";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEMO_EXAM_OFFICE } from "../../demo/seed.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../../test/harness.ts";
import { countXlsx, MAX_UNZIPPED_BYTES, SHEET_LIMITS, type XlsxCount } from "./inspect.ts";
import { createSheetReader, ParseLatch, SHEET_RETRY_AFTER_SECONDS, type SheetReader } from "./reader.ts";
import { workbookXlsx, zipArchive } from "./test-workbook.ts";
import { declaredUnzippedBytes, readZipDirectory } from "./zip.ts";

const text = (value: string) => new TextEncoder().encode(value);
/** A CSV of a header and `rows` rows of `columns` cells. */
const csv = (rows: number, columns = 2) =>
  text(
    [
      ["Student Code", ...Array.from({ length: columns - 1 }, (_, i) => `C${i}`)].join(","),
      ...Array.from({ length: rows }, (_, r) => Array.from({ length: columns }, () => String(r)).join(",")),
    ].join("\r\n"),
  );
/** The 400 of a refused sheet, by field and rule. */
const refusal = (field: string, rule: string) => ({ status: 400, details: { field, rule } });

describe("sheet checks before parsing", () => {
  it("refuses a million-row XLSX under the unpacked cap by its row count, reading about the cap's worth of XML and asking no worker to parse", async () => {
    const file = workbookXlsx({ rows: 1_000_000 });
    expect(file.byteLength).toBeLessThan(MAX_SHEET_BYTES);
    const unpacked = declaredUnzippedBytes(file) ?? 0;
    expect(unpacked).toBeGreaterThan(25_000_000);
    expect(unpacked).toBeLessThan(MAX_UNZIPPED_BYTES);

    const count: XlsxCount = { rows: 0, cells: 0, bytesScanned: 0 };
    await expect(countXlsx(file, readZipDirectory(file) ?? [], SHEET_LIMITS, count)).rejects.toMatchObject(
      refusal("content", "max_rows"),
    );
    // Counted chunk by chunk (16 KB of XML, about 600 of these rows): it stopped within a chunk of the cap.
    expect(count.rows).toBeGreaterThan(MAX_SHEET_ROWS);
    expect(count.rows).toBeLessThan(MAX_SHEET_ROWS + 1000);
    // Well under a megabyte of the 26 MB of XML was unpacked.
    expect(count.bytesScanned).toBeLessThan(1024 * 1024);

    const reader = createSheetReader({ parallel: 2 });
    await expect(reader.read("marks.xlsx", file)).rejects.toMatchObject(refusal("content", "max_rows"));
    expect(reader.started).toBe(0);
  });

  it("refuses a workbook whose declared dimension is past the row or cell cap after reading only its opening", async () => {
    for (const [dimension, rule] of [
      ["A1:A1000001", "max_rows"],
      ["A1:ZZ4000", "max_cells"],
    ] as const) {
      const file = workbookXlsx({ rows: 1_000_000, dimension });
      const count: XlsxCount = { rows: 0, cells: 0, bytesScanned: 0 };
      await expect(countXlsx(file, readZipDirectory(file) ?? [], SHEET_LIMITS, count)).rejects.toMatchObject(
        refusal("content", rule),
      );
      expect(count.rows).toBe(0);
      expect(count.bytesScanned).toBeLessThanOrEqual(64 * 1024);
    }
  });

  it("reads a workbook within the caps in a worker, and refuses one a row past the cap before parsing it", async () => {
    const reader = createSheetReader({ parallel: 2 });
    const read = await reader.read("marks.xlsx", workbookXlsx({ rows: 2, numbered: true }));
    expect(read).toEqual({
      format: "xlsx",
      rows: [
        { line: 1, cells: ["Student Code"] },
        { line: 2, cells: [1] },
        { line: 3, cells: [1] },
      ],
    });
    expect(reader.started).toBe(1);
    const past = workbookXlsx({ rows: MAX_SHEET_ROWS, numbered: true });
    await expect(reader.read("marks.xlsx", past)).rejects.toMatchObject(refusal("content", "max_rows"));
    expect(reader.started).toBe(1);
    expect(reader.running).toBe(0);
  });

  it("reads a CSV of the row cap whole, and refuses one row more or a cell past the cell cap", async () => {
    const reader = createSheetReader({ parallel: 2 });
    const atCap = await reader.read("marks.csv", csv(MAX_SHEET_ROWS - 1));
    expect(atCap.rows).toHaveLength(MAX_SHEET_ROWS);
    expect(atCap.rows.at(-1)).toEqual({ line: MAX_SHEET_ROWS, cells: ["4999", "4999"] });
    await expect(reader.read("marks.csv", csv(MAX_SHEET_ROWS))).rejects.toMatchObject(
      refusal("content", "max_rows"),
    );
    const small = createSheetReader({ parallel: 1, limits: { maxRows: 10, maxCells: 20 } });
    expect((await small.read("marks.csv", csv(3, 5))).rows).toHaveLength(4);
    await expect(small.read("marks.csv", csv(4, 5))).rejects.toMatchObject(refusal("content", "max_cells"));
    const file = workbookXlsx({ rows: 25, numbered: true });
    await expect(small.read("marks.xlsx", file)).rejects.toMatchObject(refusal("content", "max_rows"));
  });

  const docx = zipArchive([
    [
      "[Content_Types].xml",
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    ],
    ["word/document.xml", "<document/>"],
  ]);
  const noWorkbook = zipArchive([
    [
      "[Content_Types].xml",
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/sheet.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`,
    ],
    ["xl/sheet.xml", "<workbook/>"],
  ]);
  it.each([
    ["an XLSX named .csv", "marks.csv", workbookXlsx({ rows: 2, numbered: true }), "content", "format"],
    ["CSV text named .xlsx", "marks.xlsx", csv(2), "content", "format"],
    ["a plain ZIP named .xlsx", "marks.xlsx", zipArchive([["notes.txt", "hello"]]), "content", "format"],
    ["a Word document named .xlsx", "marks.xlsx", docx, "content", "format"],
    ["a spreadsheet ZIP without xl/workbook.xml", "marks.xlsx", noWorkbook, "content", "format"],
    [
      "a PNG named .xlsx",
      "marks.xlsx",
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      "content",
      "format",
    ],
    ["a CSV with a NUL byte", "marks.csv", text("Student Code\r\nA1\u0000\r\n"), "content", "format"],
    [
      "a CSV that is not UTF-8",
      "marks.csv",
      new Uint8Array([0x53, 0x74, 0xff, 0xfe, 0x0a]),
      "content",
      "format",
    ],
    ["a .txt file", "marks.txt", csv(2), "fileName", "format"],
    ["a file over 700 KB", "marks.csv", new Uint8Array(MAX_SHEET_BYTES + 1).fill(0x41), "content", "max"],
  ])("refuses %s without parsing it", async (_what, fileName, bytes, field, rule) => {
    const reader = createSheetReader({ parallel: 2 });
    await expect(reader.read(fileName, bytes)).rejects.toMatchObject(refusal(field, rule));
    expect(reader.started).toBe(0);
  });

  it("stops a parse past its time limit and refuses the upload", async () => {
    const latch = new ParseLatch();
    // The worker is held on the latch, never released: the time limit is what ends it.
    const reader = createSheetReader({ parallel: 1, hold: latch, timeLimitMs: 200 });
    try {
      await expect(reader.read("marks.csv", csv(2))).rejects.toMatchObject(refusal("content", "time"));
      expect(reader.running).toBe(0);
    } finally {
      latch.release();
    }
  });

  it("refuses a parse that passes its worker's memory limit", async () => {
    const reader = createSheetReader({ parallel: 1, memoryMb: 8 });
    const file = workbookXlsx({ rows: 5000, numbered: true });
    await expect(reader.read("marks.xlsx", file)).rejects.toMatchObject(refusal("content", "memory"));
    expect(reader.running).toBe(0);
  });
});

describe.each(testTargets())("sheet uploads through the API ($name)", (target) => {
  let api: TestApi;
  let headers: Record<string, string>;
  let offeringId: string;
  let sheet: string;
  let defaultReader: SheetReader;

  const upload = (fileName: string, bytes: Uint8Array) =>
    api.call("POST", "/api/sf/exam/grading/marksUpload", {
      headers,
      body: { courseOfferingId: offeringId, fileName, content: Buffer.from(bytes).toString("base64") },
    });

  beforeAll(async () => {
    api = await createTestApi(target);
    defaultReader = api.ctx.sheets;
    headers = await signInHeaders(api, DEMO_EXAM_OFFICE.email);
    const list = await api.call("POST", "/api/salesforce/GradingCourseDetails", {
      headers,
      body: { count: 100 },
    });
    const courses = (list.body as { courses: Array<{ id: string; version: number }> }).courses;
    offeringId = (courses.find((c) => c.version > 0) ?? courses[0])?.id as string;
    const download = await api.raw("GET", `/api/sf/exam/grading/marksSheet/${offeringId}?format=csv`, {
      headers,
    });
    expect(download.status).toBe(200);
    sheet = await download.text();
  }, 120_000);

  afterEach(async () => {
    if (api.ctx.sheets !== defaultReader) await api.ctx.sheets.close();
    api.ctx.sheets = defaultReader;
  });

  afterAll(async () => {
    await api?.close();
  });

  it("previews the offering's own sheet through the worker", async () => {
    const res = await upload("marks.csv", text(sheet));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ applied: false, changes: 0, problems: [] });
  });

  it("refuses a million-row XLSX with 400 max_rows and asks no worker to parse it", async () => {
    const reader = createSheetReader({ parallel: 2 });
    api.ctx.sheets = reader;
    const res = await upload("marks.xlsx", workbookXlsx({ rows: 1_000_000 }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: "content", rule: "max_rows" });
    expect(JSON.stringify(res.body)).not.toContain("1000000");
    expect(reader.started).toBe(0);
  });

  it("refuses a file whose content is not its extension's format", async () => {
    const res = await upload("marks.csv", workbookXlsx({ rows: 2, numbered: true }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: "content", rule: "format" });
  });

  it("answers 429 with Retry-After to a third parse while two are held in their workers, and the two finish once released", async () => {
    const latch = new ParseLatch();
    const reader = createSheetReader({ parallel: 2, hold: latch });
    api.ctx.sheets = reader;
    try {
      const first = upload("marks.csv", text(sheet));
      const second = upload("marks.csv", text(sheet));
      await latch.held(2);
      const third = await upload("marks.csv", text(sheet));
      expect(third.status).toBe(429);
      expect(third.headers.get("retry-after")).toBe(String(SHEET_RETRY_AFTER_SECONDS));
      expect(third.body).toMatchObject({ success: false, errorCode: "too_busy" });
      expect(reader.started).toBe(2);
      latch.release();
      expect((await first).status).toBe(200);
      expect((await second).status).toBe(200);
      expect(reader.running).toBe(0);
    } finally {
      latch.release();
    }
  });

  it("serves another request while a parse is held in its worker thread", async () => {
    const latch = new ParseLatch();
    const reader = createSheetReader({ parallel: 2, hold: latch });
    api.ctx.sheets = reader;
    try {
      const parsing = upload("marks.csv", text(sheet));
      await latch.held(1);
      const other = await api.call("POST", "/api/salesforce/GradingCourseDetails", {
        headers,
        body: { count: 10 },
      });
      expect(other.status).toBe(200);
      // The parse is still held: the other request did not wait for it.
      expect(reader.running).toBe(1);
      latch.release();
      expect((await parsing).status).toBe(200);
    } finally {
      latch.release();
    }
  });
});
