import { fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AUDIT_FOLD_AT, AuditTrail, type AuditTrailEntry } from "./AuditTrail.tsx";
import { expectNoAxeViolations, resetScreen } from "./test-support.tsx";

afterEach(() => {
  resetScreen();
  // biome-ignore lint/suspicious/noDocumentCookie: the catalogue reads the locale from this cookie
  document.cookie = "portal_locale=; path=/; max-age=0";
});

const STUDENT = { id: "10000000-0000-4000-8000-000000000001", name: "Asha Rao", code: "S001" };
const SUB_QUIZ = "20000000-0000-4000-8000-000000000001";
const REMOVED_SUB = "20000000-0000-4000-8000-000000000009";
const UUID_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

const band = (letterGrade: string, gradePoint: number, lower: number, upper: number) => ({
  letterGrade,
  gradePoint,
  lower,
  upper,
});
const ABSOLUTE = [band("C", 2, 40, 60), band("A", 4, 80, 100), band("F", 0, 0, 40), band("B", 3, 60, 80)];
const RELATIVE = [band("A", 4, 90, 100), band("B", 3, 50, 90), band("C", 2, 10, 50), band("F", 0, 0, 10)];

const row = (id: number, fields: Partial<AuditTrailEntry> & Pick<AuditTrailEntry, "action" | "entity">) => ({
  id: `80000000-0000-4000-8000-00000000000${id}`,
  at: "2026-11-23T10:05:00.000Z",
  actorEmail: "exams@university.example",
  actorName: "Ravi Menon",
  student: null,
  before: null,
  after: null,
  ...fields,
});

const ENTRIES: AuditTrailEntry[] = [
  row(1, {
    action: "change_published_grade",
    entity: "student_grade",
    student: STUDENT,
    before: { finalGrade: "A", penalty: "", gradePoint: 4 },
    after: { finalGrade: "B", penalty: "Late submission", gradePoint: 3, reason: "Board decision" },
  }),
  row(2, {
    action: "save_grade_ranges",
    entity: "grading_setting",
    before: { typeOfGrading: "Absolute", bands: { Absolute: ABSOLUTE, Relative: RELATIVE } },
    after: {
      typeOfGrading: "Relative",
      bands: {
        Absolute: ABSOLUTE,
        Relative: RELATIVE.map((b) => (b.letterGrade === "A" ? { ...b, lower: 85 } : b)),
      },
      reason: "Policy",
    },
  }),
  row(3, {
    action: "enter_mark",
    entity: "student_mark",
    student: STUDENT,
    after: {
      studentId: STUDENT.id,
      subComponentId: SUB_QUIZ,
      marksObtained: 12.5,
      totalMarks: 20,
      source: "upload",
      reason: "",
    },
  }),
  row(4, {
    action: "recalculate_grade",
    entity: "student_grade",
    student: STUDENT,
    actorName: null,
    actorEmail: "cli",
    before: { calculatedGrade: "B", finalGrade: "B", totalPercent: 79.5 },
    after: { calculatedGrade: "A", finalGrade: "A", totalPercent: 80.25, reason: "" },
  }),
  row(5, {
    action: "delete_mark",
    entity: "student_mark",
    student: STUDENT,
    before: { studentId: STUDENT.id, subComponentId: REMOVED_SUB, marksObtained: 7, totalMarks: 10 },
    after: { reason: "Component removed" },
  }),
];
const NAMES = { [STUDENT.id]: STUDENT.name, [SUB_QUIZ]: "Quiz / Quiz 1" };

const TEXTS = {
  en: {
    caption: "Audit rows",
    published: "Published grade changed",
    student: "Asha Rao (S001)",
    grade: "Final grade: A → B",
    gradePoint: "Grade point: 4.00 → 3.00",
    penalty: "Penalty: Late submission",
    reason: "Reason: Board decision",
    ranges: "Grade ranges saved",
    type: "Type of grading: Absolute → Relative",
    bands: "A 80–100, B 60–80, C 40–60, F 0–40",
    mark: "Sub-component: Quiz / Quiz 1",
    marks: "Marks obtained: 12.50",
    source: "Source: spreadsheet upload",
    recalculated: "Grade recalculated",
    total: /^Total: 79\.50\s?% → 80\.25\s?%$/,
    removed: "Sub-component: a removed record → none",
    setting: "Grading setting",
    more: "Show the rest",
  },
  de: {
    caption: "Audit rows",
    published: "Veröffentlichter Grad geändert",
    student: "Asha Rao (S001)",
    grade: "Endnote: A → B",
    gradePoint: "Notenpunkt: 4,00 → 3,00",
    penalty: "Abzug: Late submission",
    reason: "Begründung: Board decision",
    ranges: "Notenbereiche gespeichert",
    type: "Bewertungsart: Absolut → Relativ",
    bands: "A 80–100, B 60–80, C 40–60, F 0–40",
    mark: "Teilkomponente: Quiz / Quiz 1",
    marks: "Erreichte Punkte: 12,50",
    source: "Quelle: Tabellen-Upload",
    recalculated: "Grad neu berechnet",
    total: /^Gesamt: 79,50\s?% → 80,25\s?%$/,
    removed: "Teilkomponente: ein entfernter Eintrag → keiner",
    setting: "Bewertungseinstellung",
    more: "Rest anzeigen",
  },
  hi: {
    caption: "Audit rows",
    published: "प्रकाशित ग्रेड बदला गया",
    student: "Asha Rao (S001)",
    grade: "अंतिम ग्रेड: A → B",
    gradePoint: "ग्रेड पॉइंट: 4.00 → 3.00",
    penalty: "दंड: Late submission",
    reason: "कारण: Board decision",
    ranges: "ग्रेड सीमाएँ सहेजी गईं",
    type: "ग्रेडिंग का प्रकार: निरपेक्ष → सापेक्ष",
    bands: "A 80–100, B 60–80, C 40–60, F 0–40",
    mark: "उप-घटक: Quiz / Quiz 1",
    marks: "प्राप्त अंक: 12.50",
    source: "स्रोत: स्प्रेडशीट अपलोड",
    recalculated: "ग्रेड की पुनर्गणना की गई",
    total: /^कुल: 79\.50\s?% → 80\.25\s?%$/,
    removed: "उप-घटक: हटाया गया रिकॉर्ड → कोई नहीं",
    setting: "ग्रेडिंग सेटिंग",
    more: "शेष दिखाएँ",
  },
} as const;

describe("AuditTrail", () => {
  it.each(Object.entries(TEXTS))(
    "(%s) reads each change as 'field: before → after' with names, formatted values and labels, no ids or JSON",
    async (locale, t) => {
      // biome-ignore lint/suspicious/noDocumentCookie: the catalogue reads the locale from this cookie
      document.cookie = `portal_locale=${locale}; path=/`;
      const { container } = render(
        <AuditTrail entries={ENTRIES} names={NAMES} caption={t.caption} loadingLabel="…" emptyText="—" />,
      );
      const table = screen.getByRole("table", { name: t.caption });
      const rows = within(table).getAllByRole("row").slice(1);
      expect(rows).toHaveLength(ENTRIES.length);
      const [published, ranges, entered, recalculated, deleted] = rows as HTMLElement[];

      const p = within(published as HTMLElement);
      expect(p.getByRole("rowheader", { name: t.published })).toBeTruthy();
      expect(p.getByText(t.student)).toBeTruthy();
      expect(p.getByText("Ravi Menon")).toBeTruthy();
      expect(p.getByText(t.grade)).toBeTruthy();
      expect(p.getByText(t.gradePoint)).toBeTruthy();
      expect(p.getByText(t.penalty)).toBeTruthy();
      expect(p.getByText(t.reason)).toBeTruthy();
      // The time on one line: one element holding the whole DD-MM-YYYY HH:mm.
      expect(p.getByText(/^\d{2}-\d{2}-2026 \d{2}:\d{2}/)).toBeTruthy();

      const r = within(ranges as HTMLElement);
      expect(r.getByRole("rowheader", { name: t.ranges })).toBeTruthy();
      expect(r.getByText(t.setting)).toBeTruthy();
      expect(r.getByText(t.type)).toBeTruthy();
      // The long grade ranges are folded: a disclosure, closed, whose whole text reads the bands.
      const fold = (ranges as HTMLElement).querySelector("details") as HTMLDetailsElement;
      expect(fold).toBeTruthy();
      expect(fold.open).toBe(false);
      const summary = fold.querySelector("summary") as HTMLElement;
      expect(summary.textContent).toContain(t.more);
      expect((summary.textContent ?? "").length).toBeLessThan(AUDIT_FOLD_AT + t.more.length + 3);
      expect(fold.textContent).toContain(t.bands);
      fireEvent.click(summary);
      expect(fold.open).toBe(true);

      const e = within(entered as HTMLElement);
      expect(e.getByText(t.mark)).toBeTruthy();
      expect(e.getByText(t.marks)).toBeTruthy();
      expect(e.getByText(t.source)).toBeTruthy();
      expect(
        within(recalculated as HTMLElement).getByRole("rowheader", { name: t.recalculated }),
      ).toBeTruthy();
      expect(within(recalculated as HTMLElement).getByText(t.total)).toBeTruthy();
      expect(within(recalculated as HTMLElement).getByText("cli")).toBeTruthy();
      expect(within(deleted as HTMLElement).getByText(t.removed)).toBeTruthy();

      const text = container.textContent ?? "";
      expect(text).not.toMatch(UUID_TEXT);
      expect(text).not.toMatch(/[{}"]|_grade|lower/);
      await expectNoAxeViolations(container);
    },
  );
});
