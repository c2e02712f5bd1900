/**
 * Parses uploaded sheets in a worker thread (node:worker_threads), one at a time, so the request
 * thread keeps serving while exceljs or csv-parse works. Plain JavaScript on purpose: it runs the
 * same under tsx, vitest and the built portal, with no TypeScript loader in the worker. Run by
 * reader.ts with resource limits and a time limit, and kept for the next sheet while it behaves;
 * every file was checked before (inspect.ts), so the caps here are a second line. exceljs (about
 * 0.6 s to load) and csv-parse are loaded on the first sheet that needs them.
 *
 * message in:  { format: "csv" | "xlsx", bytes: Uint8Array, maxRows: number, maxCells: number,
 *                hold?: SharedArrayBuffer }
 * message out: { ok: true, rows: Array<{ line: number, cells: Array<string | number | null> }> }
 *              { ok: false, rule: "format" | "max_rows" | "max_cells" }
 *
 * `hold` (tests only): the worker counts itself in slot 1 and blocks in Atomics.wait until slot 0
 * is set, as a long parse would block it.
 */
import { parentPort } from "node:worker_threads";

class CapError extends Error {
  /** @param {"max_rows" | "max_cells"} rule */
  constructor(rule) {
    super(rule);
    this.rule = rule;
  }
}

/**
 * An exceljs cell value as text or number (formula results, rich text and hyperlinks flattened).
 * @param {unknown} v
 * @returns {string | number | null}
 */
function cellValue(v) {
  if (v === null || v === undefined) return null;
  if (typeof v === "number") return v;
  if (typeof v === "string") return v.trim() === "" ? null : v.trim();
  if (typeof v === "boolean") return String(v);
  if (v instanceof Date) return v.toISOString();
  if (typeof v === "object") {
    const o = /** @type {{ result?: unknown, richText?: Array<{ text: string }>, text?: unknown }} */ (v);
    if ("result" in o) return cellValue(o.result);
    if (Array.isArray(o.richText)) return cellValue(o.richText.map((t) => t.text).join(""));
    if ("text" in o) return cellValue(o.text);
  }
  return String(v);
}

/**
 * The rows of a CSV sheet with their 1-based line numbers; csv-parse stops at the first record past
 * a cap.
 * @param {Uint8Array} bytes @param {number} maxRows @param {number} maxCells
 */
async function readCsv(bytes, maxRows, maxCells) {
  const { parse } = await import("csv-parse/sync");
  let rows = 0;
  let cells = 0;
  /** @type {Array<{ record: string[], info: { lines: number } }>} */
  let records;
  try {
    records = parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes), {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: 100_000,
      on_record: (/** @type {{ record: string[] }} */ r) => {
        rows += 1;
        cells += r.record.length;
        if (rows > maxRows) throw new CapError("max_rows");
        if (cells > maxCells) throw new CapError("max_cells");
        return r;
      },
    });
  } catch (error) {
    if (error instanceof CapError) throw error;
    return null;
  }
  return records.map((r) => ({
    line: r.info.lines,
    cells: r.record.map((v) => (v.trim() === "" ? null : v.trim())),
  }));
}

/**
 * The rows of the first worksheet of an XLSX workbook with their row numbers; a row counts as many
 * cells as its last used column.
 * @param {Uint8Array} bytes @param {number} maxRows @param {number} maxCells
 */
async function readXlsx(bytes, maxRows, maxCells) {
  const { default: ExcelJS } = await import("exceljs");
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  } catch {
    return null;
  }
  const sheet = book.worksheets[0];
  if (!sheet) return null;
  /** @type {Array<{ line: number, cells: Array<string | number | null> }>} */
  const rows = [];
  let cells = 0;
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    cells += row.cellCount;
    if (rows.length + 1 > maxRows) throw new CapError("max_rows");
    if (cells > maxCells) throw new CapError("max_cells");
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows.push({ line, cells: Array.from(values, cellValue) });
  });
  return rows;
}

parentPort?.on("message", async ({ format, bytes, maxRows, maxCells, hold }) => {
  if (hold) {
    const latch = new Int32Array(hold);
    Atomics.add(latch, 1, 1);
    Atomics.notify(latch, 1);
    Atomics.wait(latch, 0, 0);
  }
  try {
    const rows =
      format === "csv" ? await readCsv(bytes, maxRows, maxCells) : await readXlsx(bytes, maxRows, maxCells);
    parentPort?.postMessage(rows === null ? { ok: false, rule: "format" } : { ok: true, rows });
  } catch (error) {
    if (!(error instanceof CapError)) throw error;
    parentPort?.postMessage({ ok: false, rule: error.rule });
  }
});
