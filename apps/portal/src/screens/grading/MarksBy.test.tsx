import { fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations, resetScreen, signedIn } from "../kit/test-support.tsx";
import MarksBy from "./MarksBy.tsx";
import StudentReport from "./StudentReport.tsx";
import { gradingApi, OFFERING_ID, SUB_QUIZ_1, SUB_QUIZ_2 } from "./test-support.tsx";

/** Cap of one test (a full render with axe is slow on a shared machine); never a wait. */
const SLOW = 30_000;

beforeEach(signedIn);
afterEach(resetScreen);

describe("MarksBy", () => {
  it(
    "by section: each student's component percent, total and grades",
    async () => {
      const { fetch, calls } = gradingApi();
      const search = `?courseOfferingId=${OFFERING_ID}`;
      const { container } = render(
        <MarksBy locale="en" mode="section" search={search} fetch={fetch} navigate={vi.fn()} />,
      );
      const grid = await screen.findByRole("table", { name: "Marks of section A, Financial Accounting" });
      expect(
        within(grid)
          .getAllByRole("columnheader")
          .map((h) => h.textContent),
      ).toEqual(["Student", "Quiz (100 %)", "Total Marks Obt", "Calculated Grade", "Final Grade"]);
      expect(within(grid).getByRole("row", { name: /Esha Gupta/ }).textContent).toContain("35");
      // The marks are headed by the offering's cohort: its batch beside course, section and term.
      const batch = screen.getByText("Batch").closest("div") as HTMLElement;
      expect(within(batch).getByText("MBA 2025")).toBeTruthy();
      // Component percents only: no sub-component marks asked for, and never the whole class's.
      const asked = calls.filter((c) => c.path === "/api/salesforce/SubjectScores").map((c) => c.body);
      expect(asked).toContainEqual({ gradingId: OFFERING_ID, subComponentIds: [] });
      expect(asked).not.toContainEqual({ gradingId: OFFERING_ID });
      await expectNoAxeViolations(container);
    },
    SLOW,
  );

  it(
    "by component asks for the component, then shows each sub-component's marks",
    async () => {
      const { fetch, calls } = gradingApi();
      window.history.replaceState(
        null,
        "",
        `/app/grading/studentsByComponent?courseOfferingId=${OFFERING_ID}`,
      );
      render(
        <MarksBy
          locale="en"
          mode="component"
          search={`?courseOfferingId=${OFFERING_ID}`}
          fetch={fetch}
          navigate={vi.fn()}
        />,
      );
      expect(await screen.findByText("Select a component", { selector: "p" })).toBeTruthy();
      fireEvent.change(screen.getByLabelText("Component"), { target: { value: "Quiz" } });
      const grid = await screen.findByRole("table", { name: "Marks in Quiz" });
      expect(within(grid).getByRole("row", { name: /Aarav Shah/ }).textContent).toContain("20.00 / 20");
      expect(window.location.search).toBe(`?courseOfferingId=${OFFERING_ID}&componentName=Quiz`);
      expect(
        calls.filter((c) => c.path === "/api/salesforce/SubjectScores").map((c) => c.body),
      ).toContainEqual({
        gradingId: OFFERING_ID,
        subComponentIds: [SUB_QUIZ_1, SUB_QUIZ_2],
      });
    },
    SLOW,
  );

  it(
    "by sub-component shows the chosen sub-component's mark and percent",
    async () => {
      const { fetch, calls } = gradingApi();
      render(
        <MarksBy
          locale="en"
          mode="subComponent"
          search={`?courseOfferingId=${OFFERING_ID}&subComponentId=${SUB_QUIZ_2}`}
          fetch={fetch}
          navigate={vi.fn()}
        />,
      );
      const grid = await screen.findByRole("table", { name: "Marks in the sub-component" });
      const row = within(grid).getByRole("row", { name: /Bhavna Rao/ });
      expect(row.textContent).toContain("15.00 / 20");
      expect(row.textContent).toContain("75.00");
      expect(
        calls.filter((c) => c.path === "/api/salesforce/SubjectScores").map((c) => c.body),
      ).toContainEqual({
        gradingId: OFFERING_ID,
        subComponentIds: [SUB_QUIZ_2],
      });
    },
    SLOW,
  );
});

describe("StudentReport", () => {
  it(
    "shows the student's components, marks, total and grades, with Print",
    async () => {
      const { fetch, calls } = gradingApi();
      const { container } = render(
        <StudentReport
          locale="en"
          search={`?courseOfferingId=${OFFERING_ID}&studentId=50000000-0000-4000-8000-000000000003`}
          fetch={fetch}
          navigate={vi.fn()}
        />,
      );
      expect(await screen.findByRole("heading", { name: "Report of Chetan Das" })).toBeTruthy();
      const table = screen.getByRole("table", { name: "Components and marks" });
      expect(within(table).getByRole("row", { name: /Quiz 1/ }).textContent).toContain("14.00 / 20");
      expect(screen.getByText("Chetan Das (S003)")).toBeTruthy();
      const print = vi.spyOn(window, "print").mockImplementation(() => undefined);
      fireEvent.click(screen.getByRole("button", { name: "Print" }));
      expect(print).toHaveBeenCalledOnce();
      await expectNoAxeViolations(container);
      // It asked for the roster and this student's row (the offering choice asks for the smallest
      // page for its header), never the whole class's marks.
      const asked = calls.filter((c) => c.path === "/api/salesforce/SubjectScores").map((c) => c.body);
      expect(asked).toContainEqual({
        gradingId: OFFERING_ID,
        studentId: "50000000-0000-4000-8000-000000000003",
        roster: true,
      });
      expect(asked.filter((b) => !(b as { studentId?: string; count?: number }).studentId)).toEqual(
        asked.filter((b) => (b as { count?: number }).count === 5),
      );
      // The choice lists the whole class from the roster.
      const choice = screen.getByLabelText("Student") as HTMLSelectElement;
      expect([...choice.options].filter((o) => o.value !== "").length).toBeGreaterThan(1);
    },
    SLOW,
  );
});
