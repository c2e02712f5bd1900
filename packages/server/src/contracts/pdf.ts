import { formatDisplayIsoDate } from "@portal/domain";
import { PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";

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
 * hours, hourly rate and amount (INR), the dates and the revision. Standard fonts only (WinAnsi):
 * characters they cannot encode are replaced by "?".
 */
export async function renderContractPdf(c: ContractPdf): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Teaching contract: ${ascii(c.facultyName)}`);
  doc.setCreator("University Portal");
  const page = doc.addPage([595.28, 841.89]);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const ink = rgb(0.1, 0.1, 0.15);
  let y = 780;
  const line = (text: string, size: number, font: PDFFont = regular, gap = 8) => {
    page.drawText(ascii(text), { x: 50, y, size, font, color: ink, maxWidth: 495 });
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

/** Text the standard fonts can encode (WinAnsi): other characters become "?". */
function ascii(text: string): string {
  return text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, "?");
}
