import { DEFAULT_GRADE_BANDS } from "@portal/domain";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json, serverFirstQueries } from "../../shell/test-api.ts";
import { expectNoAxeViolations, signedIn } from "../kit/test-support.tsx";
import GradingPage, { gradingPageFirstQuery, parseStudentTableState } from "./GradingPage.tsx";

const OFFERING = "0f000000-0000-4000-8000-000000000001";
const TOTALS = [91.5, 84, 77.25, 66, 58, 49.5, 31];

function student(i: number, total: number) {
  const grade = total >= 80 ? "A" : total >= 60 ? "B" : total >= 40 ? "C" : "F";
  return {
    id: `g${i}`,
    StudentId: `s${i}`,
    student: `Student ${i}`,
    studentName: `Student ${i}`,
    studentCode: `S${i}`,
    email: `s${i}@university.example`,
    CourseOfferingId: OFFERING,
    componentList: [
      { componentId: "c0", ComponentName: "Quiz", marksObtained: total - 2.5, subCompList: [] },
      { componentId: "c1", ComponentName: "Mid Term Exam", marksObtained: total - 1, subCompList: [] },
      { componentId: "c2", ComponentName: "End Term Exam", marksObtained: total + 1, subCompList: [] },
    ],
    TotalMarksObtained: total,
    percentile: 50,
    CalculatedGrade: grade,
    calculatedLetterGrade: grade,
    penality: i === 6 ? "Late submission" : "",
    finalGrade: grade,
    finalLetterGrade: grade,
    gradePoint: 3,
    term: "Term 1",
    locked: false,
    version: 1,
  };
}

/** A fake API paging SubjectScores like the server; `grades` answers GradeAllocationSetup. */
function scoresApi(grades: (body: unknown) => Response = () => json(200, { success: true, grades: [] })) {
  return fakeApi({
    "POST /api/salesforce/GradeAllocationSetup": (_r, body) => grades(body),
    "POST /api/salesforce/SubjectScores": (_r, body) => {
      const { pageNo = 1, count = 0 } = body as { pageNo?: number; count?: number };
      const students = TOTALS.map((t, i) => student(i, t));
      return json(200, {
        success: true,
        noOfRecords: TOTALS.length,
        course: {
          id: OFFERING,
          courseCode: "FIN101",
          courseName: "Financial Accounting",
          section: "A",
          term: "Term 1",
          batch: "MBA 2025",
          programme: "MBA",
        },
        typeOfGrading: "Absolute",
        status: "Draft",
        version: 2,
        statistics: { mean: 65.32, standardDeviation: 19.87, size: TOTALS.length },
        classTotals: [...TOTALS].sort((a, b) => a - b),
        gradeRanges: DEFAULT_GRADE_BANDS.Absolute,
        components: [
          ["c0", "Quiz", 20],
          ["c1", "Mid Term Exam", 30],
          ["c2", "End Term Exam", 50],
        ].map(([componentId, componentName, weightagePercent]) => ({
          componentId,
          componentName,
          numberofSubcomps: 0,
          weightagePercent,
          subComponents: [],
        })),
        students: count === 0 ? students : students.slice((pageNo - 1) * count, pageNo * count),
      });
    },
  });
}

beforeEach(signedIn);
afterEach(() => {
  cleanup();
  localStorage.clear();
  window.history.replaceState(null, "", "/");
});

describe("GradingPage", () => {
  it("reads the page size 5, 10, 25 or all from the address (default 5)", () => {
    expect(parseStudentTableState("")).toEqual({ page: 1, pageSize: 5, sort: null });
    expect(parseStudentTableState("?pageSize=all&page=2")).toEqual({ page: 2, pageSize: "all", sort: null });
    expect(parseStudentTableState("?pageSize=7")).toEqual({ page: 1, pageSize: 5, sort: null });
  });

  it("reads the header sort from the address: a known column, desc or else asc", () => {
    expect(parseStudentTableState("?sort=total&direction=desc").sort).toEqual({
      column: "total",
      direction: "desc",
    });
    expect(parseStudentTableState("?sort=final&direction=up").sort).toEqual({
      column: "final",
      direction: "asc",
    });
    expect(parseStudentTableState("?sort=StudentId").sort).toBeNull();
  });

  it("sorts on the server from a header, keeping the sort in the address and starting at page 1", async () => {
    const { fetch, calls } = scoresApi();
    window.history.replaceState(null, "", `/app/exams/grading/details/${OFFERING}?page=2`);
    render(
      <GradingPage
        locale="en"
        search="?page=2"
        courseOfferingId={OFFERING}
        signedIn
        fetch={fetch}
        navigate={vi.fn()}
      />,
    );
    const table = await screen.findByRole("table", { name: "Students and their grades" });
    const total = within(table).getByRole("columnheader", { name: "Total Marks Obt" });
    expect(total.getAttribute("aria-sort")).toBe("none");
    fireEvent.click(within(total).getByRole("button", { name: "Total Marks Obt" }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === "/api/salesforce/SubjectScores").at(-1)?.body).toEqual({
        gradingId: OFFERING,
        pageNo: 1,
        count: 5,
        sortBy: "total",
        sortDirection: "asc",
        subComponentIds: [],
      }),
    );
    await waitFor(() => expect(total.getAttribute("aria-sort")).toBe("ascending"));
    expect(window.location.search).toBe("?sort=total");
  });

  it("renders from the server's first query: statistics from the API, the histogram, 5 students a page with links", async () => {
    const { fetch, calls } = scoresApi();
    const firstQueries = await serverFirstQueries(
      fetch,
      `/app/exams/grading/details/${OFFERING}`,
      gradingPageFirstQuery(OFFERING),
    );
    // The server pages the students: the first query asks for the first 5 only, without
    // sub-component marks (the table shows component percents and totals).
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ["/api/salesforce/SubjectScores", { gradingId: OFFERING, pageNo: 1, count: 5, subComponentIds: [] }],
    ]);
    calls.length = 0;
    const { container } = render(
      <GradingPage
        locale="en"
        search=""
        courseOfferingId={OFFERING}
        firstQueries={firstQueries}
        signedIn
        fetch={fetch}
        navigate={vi.fn()}
      />,
    );
    const table = await screen.findByRole("table", { name: "Students and their grades" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual([
      "Student",
      "Quiz",
      "Mid Term Exam",
      "End Term Exam",
      "Total Marks Obt",
      "Calculated Grade",
      "Penalty",
      "Final Grade",
      "Edit",
    ]);
    expect(within(table).getAllByRole("row")).toHaveLength(6);
    expect(screen.getByTestId("student-count").textContent).toBe("7");
    expect(screen.getByTestId("grading-mean").textContent).toBe("65.32");
    expect(screen.getByTestId("grading-sd").textContent).toBe("19.87");
    expect(screen.getByTestId("grading-size").textContent).toBe("7");
    expect(within(table).getByRole("link", { name: "Student 0" }).getAttribute("href")).toBe(
      `/app/exam/grading/details/${OFFERING}/studentdetails/s0`,
    );
    expect(within(table).getByText("90.50")).toBeTruthy();
    // Every component of the offering has its column (Quiz too), so the columns reconcile with the total.
    expect(within(table).getByText("89.00")).toBeTruthy();
    // The histogram: bars by 10 marks and the grade bands A, B, C, F.
    const histogram = screen.getByTestId("mark-histogram");
    expect([...histogram.querySelectorAll("rect")].map((r) => r.getAttribute("data-count"))).toEqual([
      "0",
      "0",
      "0",
      "1",
      "1",
      "1",
      "1",
      "1",
      "1",
      "1",
    ]);
    expect([...histogram.querySelectorAll("[data-band]")].map((g) => g.getAttribute("data-band"))).toEqual([
      "A",
      "B",
      "C",
      "F",
    ]);
    expect((screen.getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true);
    await expectNoAxeViolations(container);
    expect(calls.filter((c) => c.path === "/api/salesforce/SubjectScores")).toEqual([]);

    fireEvent.change(screen.getByLabelText("Rows per page"), { target: { value: "all" } });
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(8));
    expect(window.location.search).toBe("?pageSize=all");
    expect(within(table).getByText("Late submission")).toBeTruthy();
    // All is the whole class, still without sub-component marks.
    expect(calls.filter((c) => c.path === "/api/salesforce/SubjectScores").map((c) => c.body)).toEqual([
      { gradingId: OFFERING, subComponentIds: [] },
    ]);
  }, 30_000);

  it("keeps grade changes made with Edit across pages until Save sends them all in one call", async () => {
    const { fetch, calls } = scoresApi();
    render(
      <GradingPage
        locale="en"
        search=""
        courseOfferingId={OFFERING}
        signedIn
        fetch={fetch}
        navigate={vi.fn()}
      />,
    );
    const table = await screen.findByRole("table", { name: "Students and their grades" });
    await within(table).findByText("Student 0");
    const save = screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    // Student 1 (84, A): down to B needs a penalty; Done keeps the change on the page, nothing is sent.
    fireEvent.click(within(table).getByRole("button", { name: "Edit the grades of Student 1" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Final Grade"), { target: { value: "B" } });
    fireEvent.change(within(dialog).getByLabelText("Penalty"), { target: { value: "Late project" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(within(table).getByText("B (not saved)")).toBeTruthy();
    expect(screen.getByTestId("grading-save-note").textContent).toContain("Changes not saved yet: 1");
    expect(calls.filter((c) => c.path === "/api/salesforce/GradeAllocationSetup")).toEqual([]);

    // On the next page, Student 5 (49.5, C) goes to F with a penalty too.
    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    await within(table).findByText("Student 5");
    fireEvent.click(within(table).getByRole("button", { name: "Edit the grades of Student 5" }));
    const second = await screen.findByRole("dialog");
    fireEvent.change(within(second).getByLabelText("Final Grade"), { target: { value: "F" } });
    fireEvent.change(within(second).getByLabelText("Penalty"), { target: { value: "Absent" } });
    fireEvent.click(within(second).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    fireEvent.click(save);
    await waitFor(() =>
      expect(
        calls.filter((c) => c.path === "/api/salesforce/GradeAllocationSetup").map((c) => c.body),
      ).toEqual([
        [
          {
            id: "g1",
            CalculatedGrade: "A",
            penality: "Late project",
            finalGrade: "B",
            version: 1,
            reason: "",
          },
          { id: "g5", CalculatedGrade: "C", penality: "Absent", finalGrade: "F", version: 1, reason: "" },
        ],
      ]),
    );
    await waitFor(() =>
      expect(screen.getByTestId("grading-save-note").textContent).not.toContain("not saved"),
    );
  }, 30_000);

  it("keeps the changes and shows the reason when Save is refused", async () => {
    const { fetch } = scoresApi(() =>
      json(400, {
        success: false,
        errorMessage: "The final grade cannot be higher than the calculated grade",
      }),
    );
    render(
      <GradingPage
        locale="en"
        search=""
        courseOfferingId={OFFERING}
        signedIn
        fetch={fetch}
        navigate={vi.fn()}
      />,
    );
    const table = await screen.findByRole("table", { name: "Students and their grades" });
    await within(table).findByText("Student 2");
    fireEvent.click(within(table).getByRole("button", { name: "Edit the grades of Student 2" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Final Grade"), { target: { value: "C" } });
    fireEvent.change(within(dialog).getByLabelText("Penalty"), { target: { value: "Copying" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to add. Please try again.");
    expect(alert.textContent).toContain("cannot be higher");
    expect(within(table).getByText("C (not saved)")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(false);
  }, 30_000);

  it("read-only (GradingView): no Edit Grading Details, Save or Edit column", async () => {
    const { fetch } = scoresApi();
    render(
      <GradingPage
        locale="en"
        search=""
        courseOfferingId={OFFERING}
        readOnly
        signedIn
        fetch={fetch}
        navigate={vi.fn()}
      />,
    );
    const table = await screen.findByRole("table", { name: "Students and their grades" });
    await within(table).findByText("Student 0");
    expect(within(table).queryByRole("columnheader", { name: "Edit" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Edit Grading Details" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
  });
});
