/**
 * The checks an uploaded sheet passes before anything parses it, on the request's thread and cheap
 * whatever the file holds: its format by content (the extension must agree), its size, and for an
 * XLSX the rows and cells its worksheets declare and hold, counted on a stream of the unpacked XML
 * that stops at the cap. A million-row workbook of 144 KB is refused after reading its first
 * worksheet's opening (declared size) or about {@link MAX_SHEET_ROWS} rows of XML, never parsed.
 */
import {
  isUtf8Text,
  MAX_SHEET_BYTES,
  MAX_SHEET_CELLS,
  MAX_SHEET_ROWS,
  type SheetFormat,
  sheetFormatOf,
} from "@portal/domain";
import { fileTypeFromBuffer } from "file-type";
import { ApiError, badRequest } from "../../http/errors.ts";
import { entryChunks, readZipDirectory, type ZipEntry } from "./zip.ts";

/** Most bytes an XLSX file may unpack to (its ZIP central directory's declared sizes): 50 MB. */
export const MAX_UNZIPPED_BYTES = 50 * 1024 * 1024;

/**
 * The caps a sheet is held to (the domain's by default; tests may lower them, the bulk import has
 * its own): rows, cells and, when given, the file's bytes (default {@link MAX_SHEET_BYTES}).
 */
export type SheetLimits = { maxRows: number; maxCells: number; maxBytes?: number };
export const SHEET_LIMITS: SheetLimits = { maxRows: MAX_SHEET_ROWS, maxCells: MAX_SHEET_CELLS };

/** What the XLSX count read: rows and cells of every worksheet, and the unpacked XML bytes scanned. */
export type XlsxCount = { rows: number; cells: number; bytesScanned: number };

const unreadable = (format: SheetFormat) =>
  badRequest(`The file cannot be read as ${format.toUpperCase()}`, "content", "format");

/** The 400 of a sheet past its row cap (the message names the cap, never the file's count). */
export const tooManyRows = (limits: SheetLimits) =>
  badRequest(
    `The sheet has more than ${limits.maxRows - 1} rows of students; split it into smaller sheets`,
    "content",
    "max_rows",
  );
/** The 400 of a sheet past its cell cap (rows × columns). */
export const tooManyCells = (limits: SheetLimits) =>
  badRequest(
    `The sheet has more than ${limits.maxCells} cells (rows × columns); split it into smaller sheets`,
    "content",
    "max_cells",
  );

/**
 * Checks the file `fileName` with content `bytes` before it is parsed, and returns its format.
 * 400 (nothing parsed): `fileName`/`format` not .csv or .xlsx; `content`/`max` larger than
 * {@link MAX_SHEET_BYTES} or (XLSX) declared to unpack past {@link MAX_UNZIPPED_BYTES};
 * `content`/`format` content that is not its extension's format (an XLSX is a ZIP that file-type
 * reports as xlsx and that holds `[Content_Types].xml` and `xl/workbook.xml`; a CSV is valid UTF-8
 * text without NUL bytes) or an XLSX part that does not unpack; `content`/`max_rows` or `max_cells`
 * past the caps ({@link countXlsx}). A CSV's records are counted by the parse itself, which stops
 * at the cap.
 */
export async function inspectSheet(
  fileName: string,
  bytes: Uint8Array,
  limits: SheetLimits = SHEET_LIMITS,
): Promise<SheetFormat> {
  const format = sheetFormatOf(fileName);
  if (!format) throw badRequest("The file must be a .csv or .xlsx sheet", "fileName", "format");
  const maxBytes = limits.maxBytes ?? MAX_SHEET_BYTES;
  if (bytes.byteLength > maxBytes) {
    throw badRequest(`The file is larger than ${maxBytes / 1024} KB`, "content", "max");
  }
  if (format === "csv") {
    if (!isUtf8Text(bytes)) throw unreadable(format);
    return format;
  }
  const detected = await fileTypeFromBuffer(bytes);
  const entries = readZipDirectory(bytes);
  if (detected?.ext !== "xlsx" || entries === null) throw unreadable(format);
  const names = new Set(entries.map((e) => e.name));
  if (!names.has("[Content_Types].xml") || !names.has("xl/workbook.xml")) throw unreadable(format);
  if (entries.reduce((sum, e) => sum + e.uncompressedSize, 0) > MAX_UNZIPPED_BYTES) {
    throw badRequest("The XLSX file unpacks to more than 50 MB", "content", "max");
  }
  await countXlsx(bytes, entries, limits);
  return format;
}

/** A worksheet part (exceljs reads every one of them when it loads a workbook). */
const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/;
/** A row or cell element of a worksheet, or an item of the shared strings, any namespace prefix. */
const COUNTED = /<(?:[A-Za-z_][\w.-]*:)?(row|c|si)(?=[\s>/])/g;
/** The `<dimension ref="A1:Z1000">` element a worksheet opens with, any namespace prefix. */
const DIMENSION =
  /<(?:[A-Za-z_][\w.-]*:)?dimension\s[^>]*?ref="([A-Z]{1,3})(\d{1,7})(?::([A-Z]{1,3})(\d{1,7}))?"/;

/** The 1-based column number of "A", "Z", "AA", ... */
function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/**
 * Counts the rows and cells of every worksheet of the XLSX `bytes` (and the shared strings, counted
 * as cells) on streams of the unpacked XML, and refuses (400 `content`, `max_rows` or `max_cells`)
 * as soon as a total passes `limits`, or a worksheet's declared dimension (rows × columns of its
 * used range) does: reading stops there, so a refused file costs at most about the cap's worth of
 * XML. A part that does not unpack (or unpacks past its declared size) is 400 `format`. `count`
 * is filled as reading goes (so a caller sees how far a refused file was read) and returned.
 */
export async function countXlsx(
  bytes: Uint8Array,
  entries: ZipEntry[],
  limits: SheetLimits = SHEET_LIMITS,
  count: XlsxCount = { rows: 0, cells: 0, bytesScanned: 0 },
): Promise<XlsxCount> {
  let strings = 0;
  for (const entry of entries) {
    const isSheet = WORKSHEET.test(entry.name);
    if (!isSheet && entry.name !== "xl/sharedStrings.xml") continue;
    const chunks = entryChunks(bytes, entry);
    if (!chunks) throw unreadable("xlsx");
    let head = isSheet ? "" : null;
    let carry = "";
    try {
      for await (const chunk of chunks) {
        count.bytesScanned += chunk.byteLength;
        let text = carry + chunk.toString("latin1");
        if (head !== null) {
          head += text;
          const dimension = DIMENSION.exec(head);
          if (dimension) {
            const [, c1 = "A", r1 = "1", c2 = c1, r2 = r1] = dimension;
            const rows = Math.abs(Number(r2) - Number(r1)) + 1;
            const columns = Math.abs(columnNumber(c2) - columnNumber(c1)) + 1;
            if (rows > limits.maxRows) throw tooManyRows(limits);
            if (rows * columns > limits.maxCells) throw tooManyCells(limits);
          }
          // The dimension comes before the sheet's data: stop looking once it or the data shows.
          if (dimension || head.length > 64 * 1024 || /<(?:[\w.-]+:)?sheetData[\s>/]/.test(head)) head = null;
        }
        // Keep a tag cut at the chunk's end for the next chunk, so it is counted once and whole.
        const cut = text.lastIndexOf("<");
        if (cut >= 0 && text.length - cut < 64) {
          carry = text.slice(cut);
          text = text.slice(0, cut);
        } else carry = "";
        for (const match of text.matchAll(COUNTED)) {
          if (match[1] === "row") count.rows++;
          else if (match[1] === "c") count.cells++;
          else strings++;
        }
        if (count.rows > limits.maxRows) throw tooManyRows(limits);
        if (count.cells > limits.maxCells || strings > limits.maxCells) throw tooManyCells(limits);
      }
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw unreadable("xlsx");
    }
  }
  return count;
}
