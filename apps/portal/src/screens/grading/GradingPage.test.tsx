import { DEFAULT_GRADE_BANDS } from "@portal/domain";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json, serverFirstQueries } from "../../shell/test-api.ts";
import { expectNoAxeViolations, signedIn } from "../exams/test-support.tsx";
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

function scoresApi() {
  return fakeApi({
    "POST /api/salesforce/SubjectScores": () =>
      json(200, {
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
        gradeRanges: DEFAULT_GRADE_BANDS.Absolute,
        components: [],
        students: TOTALS.map((t, i) => student(i, t)),
      }),
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
    expect(parseStudentTableState("")).toEqual({ page: 1, pageSize: 5 });
    expect(parseStudentTableState("?pageSize=all&page=2")).toEqual({ page: 2, pageSize: "all" });
    expect(parseStudentTableState("?pageSize=7")).toEqual({ page: 1, pageSize: 5 });
  });

  it("renders from the server's first query: statistics from the API, the histogram, 5 students a page with links", async () => {
    const { fetch, calls } = scoresApi();
    const firstQueries = await serverFirstQueries(
      fetch,
      `/app/exams/grading/details/${OFFERING}`,
      gradingPageFirstQuery(OFFERING),
    );
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ["/api/salesforce/SubjectScores", { gradingId: OFFERING }],
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

    fireEvent.change(screen.getByLabelText("Rows per page"), { target: { value: "all" } });
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(8));
    expect(window.location.search).toBe("?pageSize=all");
    expect(within(table).getByText("Late submission")).toBeTruthy();
    expect(calls.filter((c) => c.path === "/api/salesforce/SubjectScores")).toEqual([]);
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
