import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fontkit from "@pdf-lib/fontkit";
// @pdf-lib/fontkit's Indic shaper (Devanagari) is compiled to regenerator code and expects this
// runtime as a global (pdf-lib issue 1419); the import sets `regeneratorRuntime` once.
import "regenerator-runtime/runtime.js";
import { formatDisplayIsoDate } from "@portal/domain";
import { PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";
import { findRepoRoot } from "../config.ts";

const DEVANAGARI_FONT = "Lohit-Devanagari.ttf";

/**
 * The Devanagari font file as a real path: in `fonts/` beside this file when run from source;
 * otherwise (this module bundled elsewhere) `packages/server/src/contracts/fonts` under the
 * repository root. Throws when neither holds it (a broken install, not a user error).
 */
export function devanagariFontPath(): string {
  const candidates = [
    path.join(path.dirname(fileURLToPath(import.meta.url)), "fonts", DEVANAGARI_FONT),
    path.join(findRepoRoot(), "packages", "server", "src", "contracts", "fonts", DEVANAGARI_FONT),
  ];
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error(`Contract PDF font not found; looked in: ${candidates.join(", ")}`);
  return found;
}

/** The font file's bytes, read once per process. */
let devanagariBytes: Promise<Uint8Array> | null = null;
const loadDevanagari = () => {
  devanagariBytes ??= readFile(devanagariFontPath()).catch((err: unknown) => {
    devanagariBytes = null;
    throw err;
  });
  return devanagariBytes;
};

/** Characters outside what the standard fonts encode (printable ASCII and Latin-1). */
const BEYOND_WIN_ANSI = /[^\x20-\x7e\u00a0-\u00ff]/;
/** Devanagari and its extensions (U+0900–U+097F, U+A8E0–U+A8FF), plus the danda marks' block. */
const DEVANAGARI = /[\u0900-\u097f\ua8e0-\ua8ff]/;

/** What a contract PDF shows (amounts in whole rupees, dates ISO). */
export type ContractPdf = {
  id: string;
  facultyName: string;
  facultyEmail: string;
  designation: string;
  termName: string;
  intakeName: string;
  sections: string[];
  hours: number;
  ratePerHour: number;
  startDate: string;
  endDate: string;
  revision: number;
  state: string;
};

/**
 * Renders a one-page A4 teaching contract with pdf-lib: the faculty member, term and sections,
 * hours, hourly rate and amount (INR), the dates and the revision. Lines in the standard fonts
 * (Helvetica, WinAnsi); a line holding Devanagari (a Hindi name, say) is drawn in the embedded
 * Lohit Devanagari font (a subset, embedded only when some line needs it; `fonts/README.md`). Other
 * characters neither can encode are replaced by "?". The title keeps the name as written.
 */
export async function renderContractPdf(c: ContractPdf): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Teaching contract: ${c.facultyName}`);
  doc.setCreator("University Portal");
  const page = doc.addPage([595.28, 841.89]);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const texts = [c.facultyName, c.facultyEmail, c.designation, c.termName, c.intakeName, ...c.sections];
  let devanagari: PDFFont | null = null;
  if (texts.some((t) => DEVANAGARI.test(t))) {
    doc.registerFontkit(fontkit);
    devanagari = await doc.embedFont(await loadDevanagari(), { subset: true });
  }
  const ink = rgb(0.1, 0.1, 0.15);
  let y = 780;
  const line = (text: string, size: number, font: PDFFont = regular, gap = 8) => {
    const inDevanagari = devanagari !== null && BEYOND_WIN_ANSI.test(text) && DEVANAGARI.test(text);
    page.drawText(inDevanagari ? devanagariText(text) : ascii(text), {
      x: 50,
      y,
      size,
      font: inDevanagari && devanagari ? devanagari : font,
      color: ink,
      maxWidth: 495,
    });
    y -= size + gap;
  };
  const money = (n: number) => `INR ${n.toLocaleString("en-IN")}`;
  line("Teaching contract", 20, bold, 14);
  if (c.revision > 0) line(`Revision ${c.revision}`, 12, bold);
  line(`Contract ${c.id}`, 9, regular, 18);
  line(`Faculty member: ${c.facultyName}`, 12, bold);
  line(`E-mail: ${c.facultyEmail}`, 11);
  if (c.designation) line(`Designation: ${c.designation}`, 11);
  line(`Term: ${c.termName} (${c.intakeName})`, 11, regular, 14);
  line("Sections taught:", 11, bold);
  for (const s of c.sections.length > 0 ? c.sections : ["(hours only, no sections named)"])
    line(`- ${s}`, 10);
  y -= 8;
  line(`Period: ${formatDisplayIsoDate(c.startDate)} to ${formatDisplayIsoDate(c.endDate)}`, 11);
  line(`Teaching hours: ${c.hours}`, 11);
  line(`Hourly rate: ${money(c.ratePerHour)}`, 11);
  line(`Amount: ${money(c.hours * c.ratePerHour)}`, 12, bold, 20);
  line("The amount is paid after the term for the hours taught.", 10);
  return doc.save({ useObjectStreams: false });
}

/** Text the Devanagari font can draw: Devanagari, ASCII and Latin-1; other characters become "?". */
function devanagariText(text: string): string {
  return text.replace(/[^\x20-\x7e\u00a0-\u00ff\u0900-\u097f\ua8e0-\ua8ff\u200c\u200d]/g, "?");
}

/** Text the standard fonts can encode (WinAnsi): other characters become "?". */
function ascii(text: string): string {
  return text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, "?");
}
