import { cleanFileName, fileExtension } from "@portal/domain";
import { fileTypeFromBuffer } from "file-type";

/**
 * The types an upload may have: each allowed extension of the file's name, with the type the
 * `file-type` library must read from its content and the media type the file is kept and sent as.
 */
export type AllowedTypes = Readonly<Record<string, { detected: string; mediaType: string }>>;

/** Answer sheets: PDF only (spec §2 requests/AnswerSheetView). */
export const ANSWER_SHEET_TYPES: AllowedTypes = {
  pdf: { detected: "pdf", mediaType: "application/pdf" },
};

/**
 * Invitation attachments: doc, docx, pdf, jpeg, jpg, png (spec §5, 'Please Select Only Doc ,Pdf and
 * Image'). A legacy .doc is an OLE compound file, which file-type reports as `cfb`; a .docx is a zip
 * that it reports as `docx`; JPEG is `jpg` whichever of the two extensions the name has.
 */
export const ATTACHMENT_TYPES: AllowedTypes = {
  doc: { detected: "cfb", mediaType: "application/msword" },
  docx: {
    detected: "docx",
    mediaType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  },
  pdf: { detected: "pdf", mediaType: "application/pdf" },
  jpeg: { detected: "jpg", mediaType: "image/jpeg" },
  jpg: { detected: "jpg", mediaType: "image/jpeg" },
  png: { detected: "png", mediaType: "image/png" },
};

/** An upload that passed: its cleaned name, the extension to store it under and its media type. */
export type CheckedUpload = { ok: true; fileName: string; extension: string; mediaType: string };
/** Why an upload was refused: its name's extension is not allowed, or its content is not of that type. */
export type RefusedUpload = { ok: false; reason: "extension" | "content"; detected: string | null };

/**
 * Checks an upload by what it is: the cleaned name's extension must be one of `allowed`, and the
 * type `file-type` reads from the bytes (magic numbers, zip and OLE contents) must be the one that
 * extension stands for. HTML or text named `.pdf` (no detectable type) and an executable named
 * `.png` are refused. Answers the cleaned name (domain `cleanFileName`) with the result.
 */
export async function checkUpload(
  bytes: Uint8Array,
  fileName: string,
  allowed: AllowedTypes,
): Promise<CheckedUpload | RefusedUpload> {
  const clean = cleanFileName(fileName);
  const extension = fileExtension(clean);
  const expected = Object.hasOwn(allowed, extension) ? allowed[extension] : undefined;
  if (!expected) return { ok: false, reason: "extension", detected: null };
  const detected = (await fileTypeFromBuffer(bytes))?.ext ?? null;
  if (detected !== expected.detected) return { ok: false, reason: "content", detected };
  return { ok: true, fileName: clean, extension, mediaType: expected.mediaType };
}

/**
 * A Content-Disposition value for a stored file's original name: an ASCII `filename` (anything else,
 * quotes and backslashes as `_`) and the exact name as RFC 5987 `filename*`, so no name can break the
 * header. The name is cleaned again (names stored before cleaning existed).
 */
export function contentDisposition(kind: "inline" | "attachment", fileName: string): string {
  const clean = cleanFileName(fileName);
  const ascii = clean.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
