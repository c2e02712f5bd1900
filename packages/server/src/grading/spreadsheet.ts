/**
 * A course offering's marks as a spreadsheet (CSV or XLSX): download filled in, upload with a preview
 * of every bad row, then one transaction (spec §2 Grading; marks store). The upload is checked and
 * parsed (csv-parse, exceljs) off the request thread by the shared sheet reader (files/sheets/).
 *
 * Layout: row 1 is the header "Student Code", "Student Name", "Email", then one column per
 * sub-component, "<component> / <sub-component> (<total marks>)". One row per enrolled student. An
 * empty mark cell leaves the mark as it is.
 */
import { countNoun, GRADING_MESSAGES, type SheetFormat, sheetFormatOf } from "@portal/domain";
import ExcelJS from "exceljs";
import type { AppContext, SessionUser } from "../context.ts";
import type { Executor } from "../db/client.ts";
import type { SheetCell, SheetRow } from "../files/sheets/reader.ts";
import { csvDocument } from "../http/csv.ts";
import { badRequest } from "../http/errors.ts";
import { type MarkInput, writeMarks } from "./grading.ts";
import { computeResults, type GradingSetup, loadSetup, requireReasonWhenPublished } from "./setup.ts";

const FIXED_HEADERS = ["Student Code", "Student Name", "Email"] as const;

type Cell = SheetCell;

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

/** One bad row of an upload: its line (row number in the file) and why. */
export type SheetProblem = { line: number; reason: string };

/**
 * Checks an uploaded sheet of course offering `id` against its sub-components, students and stored
 * marks. Header problems (a column that is no sub-component of the offering, a missing "Student
 * Code" column) are a 400 for the whole file; row problems are listed: unknown or repeated student,
 * a mark that is not a number, below 0 or above the total. Returns the marks that would change.
 */
async function checkSheet(db: Executor, setup: GradingSetup, rows: SheetRow[]) {
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
  const format = sheetFormatOf(fileName);
  if (format) return format;
  throw badRequest("The file must be a .csv or .xlsx sheet", "fileName", "format");
}

/**
 * Upload of a course offering's marks sheet (read by `ctx.sheets`: 400 for a file that is not its
 * extension's format or past the row, cell, time or memory caps; 429 while the parse slots are
 * busy). `apply` false: a preview (rows read, marks that would
 * change, marks unchanged, every bad row by line and reason), nothing written. `apply` true: refused
 * (400, nothing written) while any row is bad; else every change in one transaction through the marks
 * store (source `upload`, audited, grades recomputed). The same file again changes nothing.
 */
export async function uploadSheet(
  ctx: AppContext,
  actor: SessionUser,
  input: { courseOfferingId: string; fileName: string; bytes: Uint8Array; apply: boolean; reason: string },
) {
  formatOf(input.fileName);
  // Checked, then parsed in a worker thread, at most a few at once (files/sheets/reader.ts).
  const { rows } = await ctx.sheets.read(input.fileName, input.bytes);
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
        `Problems in ${countNoun(checked.problems.length, "row")} of the sheet, nothing was saved: ${first}`,
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
