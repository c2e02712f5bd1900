/**
 * A course offering's marks as a spreadsheet (CSV or XLSX): download filled in, upload with a preview
 * of every bad row, then one transaction (spec §2 Grading; marks store). Parsing uses csv-parse and
 * exceljs, not an own parser.
 *
 * Layout: row 1 is the header "Student Code", "Student Name", "Email", then one column per
 * sub-component, "<component> / <sub-component> (<total marks>)". One row per enrolled student. An
 * empty mark cell leaves the mark as it is.
 */
import { GRADING_MESSAGES } from "@portal/domain";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import type { AppContext, SessionUser } from "../context.ts";
import type { Executor } from "../db/client.ts";
import { csvDocument } from "../http/csv.ts";
import { badRequest } from "../http/errors.ts";
import { type MarkInput, writeMarks } from "./grading.ts";
import { computeResults, type GradingSetup, loadSetup, requireReasonWhenPublished } from "./setup.ts";

export const SHEET_FORMATS = ["csv", "xlsx"] as const;
export type SheetFormat = (typeof SHEET_FORMATS)[number];
const FIXED_HEADERS = ["Student Code", "Student Name", "Email"] as const;
/** Most rows an uploaded sheet may have (header included). */
export const MAX_SHEET_ROWS = 5001;

type Cell = string | number | null;

/** The sheet of `setup` as rows of cells, filled in with the stored marks. */
async function sheetRows(db: Executor, setup: GradingSetup): Promise<Cell[][]> {
  const { results } = await computeResults(db, setup);
  const subs = setup.components.flatMap((c) => c.subComponents.map((s) => ({ c, s })));
  return [
    [...FIXED_HEADERS, ...subs.map(({ c, s }) => `${c.name} / ${s.name} (${s.totalMarks})`)],
    ...results.map((r) => [
      r.student.code ?? "",
      r.student.name,
      r.student.email,
      ...subs.map(({ s }) => r.marks.get(s.id)?.marksObtained ?? null),
    ]),
  ];
}

/**
 * The marks sheet of course offering `id` in `format`: bytes, media type and file name
 * ("marks-<course code>-<section>.<format>"). 404 unknown offering.
 */
export async function downloadSheet(
  db: Executor,
  id: string,
  format: SheetFormat,
): Promise<{ bytes: Uint8Array; type: string; fileName: string }> {
  const setup = await loadSetup(db, id, "id");
  const rows = await sheetRows(db, setup);
  const base = `marks-${setup.offering.courseCode}-${setup.offering.section}`.replace(
    /[^A-Za-z0-9_.-]+/g,
    "_",
  );
  if (format === "csv") {
    return {
      bytes: new TextEncoder().encode(csvDocument(rows)),
      type: "text/csv; charset=utf-8",
      fileName: `${base}.csv`,
    };
  }
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Marks");
  for (const row of rows) {
    // Text cells that a spreadsheet would run as a formula are written as plain strings anyway.
    sheet.addRow(row.map((v) => (v === null ? null : v)));
  }
  sheet.getRow(1).font = { bold: true };
  const buffer = await book.xlsx.writeBuffer();
  return {
    bytes: new Uint8Array(buffer as ArrayBuffer),
    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    fileName: `${base}.xlsx`,
  };
}

/** Rows of an uploaded file with their 1-based line (row) numbers; 400 when it cannot be read. */
async function readSheet(
  bytes: Uint8Array,
  format: SheetFormat,
): Promise<Array<{ line: number; cells: Cell[] }>> {
  const unreadable = () =>
    badRequest(`The file cannot be read as ${format.toUpperCase()}`, "content", "format");
  const rows: Array<{ line: number; cells: Cell[] }> = [];
  if (format === "csv") {
    let records: Array<{ record: string[]; info: { lines: number } }>;
    try {
      records = parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes), {
        bom: true,
        info: true,
        relax_column_count: true,
        skip_empty_lines: true,
        max_record_size: 100_000,
      }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
    } catch {
      throw unreadable();
    }
    for (const r of records) {
      if (rows.length >= MAX_SHEET_ROWS) break;
      rows.push({ line: r.info.lines, cells: r.record.map((v) => (v.trim() === "" ? null : v.trim())) });
    }
    return rows;
  }
  const unzipped = declaredUnzippedBytes(bytes);
  if (unzipped === null) throw unreadable();
  if (unzipped > MAX_UNZIPPED_BYTES) {
    throw badRequest("The XLSX file unpacks to more than 50 MB", "content", "max");
  }
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
  } catch {
    throw unreadable();
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw unreadable();
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    if (rows.length >= MAX_SHEET_ROWS) return;
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows.push({ line, cells: values.map(cellValue) });
  });
  return rows;
}

/** Most bytes an XLSX file may unpack to (its ZIP central directory's declared sizes): 50 MB. */
export const MAX_UNZIPPED_BYTES = 50 * 1024 * 1024;

/**
 * The total uncompressed size the ZIP central directory of `bytes` declares, read before exceljs
 * unpacks anything, so a small "zip bomb" that declares its size is refused; null when `bytes` has no
 * readable central directory (not a ZIP). ZIP64 sizes count as unbounded. Sizes a file lies about are
 * not caught here.
 */
export function declaredUnzippedBytes(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const stop = Math.max(0, bytes.byteLength - 22 - 0xffff);
  let end = -1;
  for (let i = bytes.byteLength - 22; i >= stop; i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const entries = view.getUint16(end + 10, true);
  let pos = view.getUint32(end + 16, true);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (pos + 46 > bytes.byteLength || view.getUint32(pos, true) !== 0x02014b50) return null;
    const size = view.getUint32(pos + 24, true);
    if (size === 0xffffffff) return Number.POSITIVE_INFINITY;
    total += size;
    pos +=
      46 + view.getUint16(pos + 28, true) + view.getUint16(pos + 30, true) + view.getUint16(pos + 32, true);
  }
  return total;
}

/** An exceljs cell value as text or number (formula results, rich text and hyperlinks flattened). */
function cellValue(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === "number") return v;
  if (typeof v === "string") return v.trim() === "" ? null : v.trim();
  if (typeof v === "boolean") return String(v);
  if (v instanceof Date) return v.toISOString();
  if (typeof v === "object") {
    const o = v as { result?: unknown; richText?: Array<{ text: string }>; text?: unknown };
    if ("result" in o) return cellValue(o.result);
    if (Array.isArray(o.richText)) return cellValue(o.richText.map((t) => t.text).join(""));
    if ("text" in o) return cellValue(o.text);
  }
  return String(v);
}

/** One bad row of an upload: its line (row number in the file) and why. */
export type SheetProblem = { line: number; reason: string };

/**
 * Checks an uploaded sheet of course offering `id` against its sub-components, students and stored
 * marks. Header problems (a column that is no sub-component of the offering, a missing "Student
 * Code" column) are a 400 for the whole file; row problems are listed: unknown or repeated student,
 * a mark that is not a number, below 0 or above the total. Returns the marks that would change.
 */
async function checkSheet(db: Executor, setup: GradingSetup, rows: Array<{ line: number; cells: Cell[] }>) {
  const [header, ...body] = rows;
  if (!header || String(header.cells[0] ?? "") !== FIXED_HEADERS[0]) {
    throw badRequest(`The first column of row 1 must be "${FIXED_HEADERS[0]}"`, "content", "header");
  }
  const subByTitle = new Map(
    setup.components.flatMap((c) =>
      c.subComponents.map((s) => [`${c.name} / ${s.name}`.toLowerCase(), s] as const),
    ),
  );
  const columns: Array<{ index: number; title: string; id: string; totalMarks: number }> = [];
  header.cells.forEach((cell, index) => {
    if (index < FIXED_HEADERS.length) return;
    const title = String(cell ?? "").trim();
    if (title === "") return;
    const key = title.replace(/\s*\([^()]*\)\s*$/, "").toLowerCase();
    const sub = subByTitle.get(key);
    if (!sub) {
      throw badRequest(
        `Column ${index + 1} ("${title}") is not a sub-component of this course offering`,
        "content",
        "header",
      );
    }
    columns.push({
      index,
      title: title.replace(/\s*\([^()]*\)\s*$/, ""),
      id: sub.id,
      totalMarks: sub.totalMarks,
    });
  });
  const { results } = await computeResults(db, setup);
  const byCode = new Map<string, (typeof results)[number]>();
  for (const r of results) {
    if (r.student.code) byCode.set(r.student.code.toLowerCase(), r);
    byCode.set(r.student.email.toLowerCase(), r);
  }
  const problems: SheetProblem[] = [];
  const items: MarkInput[] = [];
  const seen = new Map<string, number>();
  let unchanged = 0;
  for (const row of body) {
    const code = String(row.cells[0] ?? "").trim();
    const student = byCode.get(code.toLowerCase());
    if (!code) {
      problems.push({ line: row.line, reason: "No student code" });
      continue;
    }
    if (!student) {
      problems.push({ line: row.line, reason: `No student ${code} is enrolled in this course offering` });
      continue;
    }
    const first = seen.get(student.studentId);
    if (first !== undefined) {
      problems.push({ line: row.line, reason: `Student ${code} appears again (first on line ${first})` });
      continue;
    }
    seen.set(student.studentId, row.line);
    const rowItems: MarkInput[] = [];
    const rowProblems: string[] = [];
    for (const col of columns) {
      const raw = row.cells[col.index] ?? null;
      if (raw === null) continue;
      const value = typeof raw === "number" ? raw : /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : Number.NaN;
      if (!Number.isFinite(value))
        rowProblems.push(`${col.title}: "${String(raw).slice(0, 40)}" is not a number`);
      else if (value < 0) rowProblems.push(`${col.title}: ${GRADING_MESSAGES.markBelowZero}`);
      else if (value > col.totalMarks)
        rowProblems.push(`${col.title}: ${GRADING_MESSAGES.markAboveTotal} (${value} > ${col.totalMarks})`);
      else if (Math.round(value * 100) !== value * 100)
        rowProblems.push(`${col.title}: a mark has at most 2 decimals`);
      else {
        const stored = student.marks.get(col.id);
        if (stored && stored.marksObtained === value) {
          unchanged++;
          continue;
        }
        rowItems.push({
          id: stored?.id ?? null,
          studentId: student.studentId,
          subComponentId: col.id,
          marksObtained: value,
          totalMarks: col.totalMarks,
          version: stored?.version ?? 0,
          reason: "",
        });
      }
    }
    if (rowProblems.length) problems.push({ line: row.line, reason: rowProblems.join("; ") });
    else items.push(...rowItems);
  }
  return { rows: body.length, items, unchanged, problems };
}

/** Format from a file name: ".csv" or ".xlsx" (400 otherwise). */
export function formatOf(fileName: string): SheetFormat {
  const ext = fileName.toLowerCase().split(".").pop();
  if (ext === "csv" || ext === "xlsx") return ext;
  throw badRequest("The file must be a .csv or .xlsx sheet", "fileName", "format");
}

/**
 * Upload of a course offering's marks sheet. `apply` false: a preview (rows read, marks that would
 * change, marks unchanged, every bad row by line and reason), nothing written. `apply` true: refused
 * (400, nothing written) while any row is bad; else every change in one transaction through the marks
 * store (source `upload`, audited, grades recomputed). The same file again changes nothing.
 */
export async function uploadSheet(
  ctx: AppContext,
  actor: SessionUser,
  input: { courseOfferingId: string; fileName: string; bytes: Uint8Array; apply: boolean; reason: string },
) {
  const format = formatOf(input.fileName);
  const rows = await readSheet(input.bytes, format);
  const run = async (db: Executor) => {
    const setup = await loadSetup(db, input.courseOfferingId, "courseOfferingId");
    const checked = await checkSheet(db, setup, rows);
    const answer = {
      applied: false,
      rows: checked.rows,
      changes: checked.items.length,
      unchanged: checked.unchanged,
      problems: checked.problems,
    };
    if (!input.apply) return answer;
    if (checked.problems.length > 0) {
      const first = checked.problems
        .slice(0, 3)
        .map((p) => `line ${p.line}: ${p.reason}`)
        .join("; ");
      throw badRequest(
        `${checked.problems.length} rows of the sheet have problems, nothing was saved: ${first}`,
        "content",
        "rows",
      );
    }
    requireReasonWhenPublished(setup, input.reason);
    const reason = input.reason;
    await writeMarks(
      ctx,
      actor,
      checked.items.map((i) => ({ ...i, reason })),
      "upload",
      db,
    );
    return { ...answer, applied: true };
  };
  return input.apply ? ctx.db.transaction(run) : run(ctx.db);
}
