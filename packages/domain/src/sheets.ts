/**
 * Limits and the content check of an uploaded spreadsheet (a course offering's marks sheet, CSV or
 * XLSX), shared by the browser, which checks a file before sending it, and the server, which checks
 * it again and reads it (packages/server/src/files/sheets/).
 */

/** The formats a sheet may have, named by the file's extension. */
export const SHEET_FORMATS = ["csv", "xlsx"] as const;
export type SheetFormat = (typeof SHEET_FORMATS)[number];

/** Largest sheet file, in bytes of the file itself (decoded, not its base64): 700 KB. */
export const MAX_SHEET_BYTES = 700 * 1024;
/** Most rows a sheet may have, the header row included (5,000 students). */
export const MAX_SHEET_ROWS = 5001;
/**
 * Most cells a sheet may have (rows × columns of its used range, and the cells it holds): 200,000,
 * e.g. 2,000 students with 8 components of 8 sub-components (67 columns) fit.
 */
export const MAX_SHEET_CELLS = 200_000;

/** The format named by a file name's extension (".csv" or ".xlsx", any case), else null. */
export function sheetFormatOf(fileName: string): SheetFormat | null {
  const ext = fileName.toLowerCase().split(".").pop();
  return ext === "csv" || ext === "xlsx" ? ext : null;
}

/** The four bytes every ZIP archive (so every XLSX workbook) starts with: "PK\x03\x04". */
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04] as const;

/** True when `bytes` starts as a ZIP archive does (an XLSX workbook is one). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return ZIP_SIGNATURE.every((b, i) => bytes[i] === b);
}

/** True when `bytes` is text: valid UTF-8 without NUL bytes (what a CSV sheet must be). */
export function isUtf8Text(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Why a sheet file cannot be sent: wrong extension, too large, or content not of its extension's format. */
export type SheetFileProblem = "format" | "size" | "content";

/**
 * The first reason the file `fileName` with content `bytes` cannot be uploaded as a sheet, or null:
 * `format` the name does not end .csv or .xlsx; `size` more than {@link MAX_SHEET_BYTES}; `content`
 * an .xlsx that is no ZIP archive, or a .csv that is not UTF-8 text. The server checks the same and
 * more (the workbook's parts, rows and cells).
 */
export function sheetFileProblem(fileName: string, bytes: Uint8Array): SheetFileProblem | null {
  const format = sheetFormatOf(fileName);
  if (!format) return "format";
  if (bytes.byteLength > MAX_SHEET_BYTES) return "size";
  if (format === "xlsx" ? !looksLikeZip(bytes) : !isUtf8Text(bytes)) return "content";
  return null;
}
