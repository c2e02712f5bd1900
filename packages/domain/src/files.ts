/**
 * Uploaded files: the size limits the server enforces and the browser checks before sending (both
 * count the decoded file, not its base64 form), and the cleaning of a file's original name, which
 * is kept only as data (shown, and sent in mails and Content-Disposition), never used as a path.
 */

/** Largest answer sheet (spec §2 requests/AnswerSheetView, PDF only): 700 KB, decoded bytes. */
export const ANSWER_SHEET_MAX_BYTES = 700 * 1024;

/** Longest original file name kept, in characters (the extension is kept when a name is cut). */
export const FILE_NAME_MAX_LENGTH = 120;

/** A size in whole KB (1 KB = 1024 bytes), rounded down, for limits such as "at most 700 KB". */
export function kilobytes(bytes: number): number {
  return Math.floor(bytes / 1024);
}

/** Length of the base64 form of `bytes` bytes (padded): what a JSON body carries for the file. */
export function base64Length(bytes: number): number {
  return Math.ceil(bytes / 3) * 4;
}

/**
 * The original name of an uploaded file, made safe to keep and show: only its last path segment
 * (after `/` or `\`), control and format characters (CR, LF, tab, bidirectional overrides) turned
 * into spaces, runs of dots cut to one (no `..`), `<>:"|?*` replaced by `_`, spaces collapsed, no
 * leading dots or spaces and no trailing dots or spaces, at most {@link FILE_NAME_MAX_LENGTH}
 * characters (cut before the extension). An empty result is `file`.
 */
export function cleanFileName(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? "";
  let clean = last
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, " ")
    .replace(/\.{2,}/g, ".")
    .replace(/[<>:"|?*]/g, "_")
    .replace(/\s+/g, " ")
    .replace(/^[.\s]+/, "")
    .replace(/[.\s]+$/, "");
  const chars = [...clean];
  if (chars.length > FILE_NAME_MAX_LENGTH) {
    const dot = clean.lastIndexOf(".");
    const extension = dot > 0 ? [...clean.slice(dot)] : [];
    const keep = extension.length < 16 ? extension : [];
    clean = [...chars.slice(0, FILE_NAME_MAX_LENGTH - keep.length), ...keep].join("").trim();
  }
  return clean === "" ? "file" : clean;
}

/** The extension of `name` in lower case, without the dot ("" when it has none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot <= 0 || dot === name.length - 1 ? "" : name.slice(dot + 1).toLowerCase();
}
