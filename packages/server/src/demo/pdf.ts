import { PDFDocument, rgb, StandardFonts } from "pdf-lib";

/** What a demo question paper PDF shows. */
export type QuestionPaperPdf = {
  title: string;
  courseCode: string;
  courseName: string;
  setNumber: 1 | 2;
  questions: string[];
};

/** Renders a one-page A4 question paper (title, course, set number, instructions, numbered questions). */
export async function renderQuestionPaperPdf(paper: QuestionPaperPdf): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${paper.courseCode} ${paper.courseName}: ${paper.title}, Set ${paper.setNumber}`);
  doc.setCreator("University Portal demo data");
  doc.setCreationDate(new Date("2026-10-01T00:00:00Z"));
  doc.setModificationDate(new Date("2026-10-01T00:00:00Z"));
  const page = doc.addPage([595.28, 841.89]);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const ink = rgb(0.1, 0.1, 0.15);
  let y = 780;
  const line = (text: string, size: number, font = regular, gap = 8) => {
    for (const part of wrap(text, font, size, 495)) {
      page.drawText(part, { x: 50, y, size, font, color: ink });
      y -= size + gap;
    }
  };
  line(paper.title, 18, bold);
  line(`${paper.courseCode}  ${paper.courseName}`, 13, bold);
  line(`Question paper, Set ${paper.setNumber}`, 12);
  line("Time allowed: 3 hours    Maximum marks: 100", 11, regular, 18);
  line("Answer all questions. Marks are shown in brackets.", 10, regular, 22);
  const marks = Math.floor(100 / paper.questions.length);
  for (const [i, q] of paper.questions.entries()) line(`${i + 1}. ${q} [${marks}]`, 11, regular, 12);
  return doc.save({ useObjectStreams: false });
}

function wrap(
  text: string,
  font: { widthOfTextAtSize(t: string, s: number): number },
  size: number,
  width: number,
) {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/)) {
    const next = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && current) {
      lines.push(current);
      current = word;
    } else {
      current = next;
    }
  }
  if (current) lines.push(current);
  return lines;
}
