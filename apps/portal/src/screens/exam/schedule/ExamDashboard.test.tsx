import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations, resetScreen, signedIn } from "../../kit/test-support.tsx";
import ExamDashboard from "./ExamDashboard.tsx";
import { CYCLE_JUN, CYCLE_NOV, examApi, json, makeClashReport, makeDashboard } from "./test-support.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

/** A fake API answering the dashboard and clash report per cycle ("" = the server's pick, Nov). */
function dashboardApi() {
  const dashboardQueries: string[] = [];
  const clashQueries: URLSearchParams[] = [];
  const api = examApi({
    extra: {
      "GET /api/sf/exam/examDashboard": (request) => {
        const id = new URL(request.url).searchParams.get("examCycleId") ?? "";
        dashboardQueries.push(id);
        if (id === "" || id === CYCLE_NOV.id) return json(200, makeDashboard(CYCLE_NOV));
        if (id === CYCLE_JUN.id) {
          const answer = makeDashboard(CYCLE_JUN);
          return json(200, { ...answer, summary: { ...answer.summary, exams: 60, upcomingExams: 0 } });
        }
        return json(404, { success: false, errorMessage: "No such exam cycle", field: "examCycleId" });
      },
      "GET /api/sf/exam/clashReport": (request) => {
        const query = new URL(request.url).searchParams;
        clashQueries.push(query);
        return json(200, makeClashReport(query.get("examCycleId") === CYCLE_JUN.id ? CYCLE_JUN : CYCLE_NOV));
      },
    },
  });
  return { ...api, dashboardQueries, clashQueries };
}

function renderDashboard(fetch: (request: Request) => Promise<Response>, search = "") {
  return render(<ExamDashboard locale="en" search={search} fetch={fetch} navigate={vi.fn()} />);
}

const card = (name: RegExp) => screen.getByText(name).parentElement as HTMLElement;

describe("ExamDashboard", () => {
  it("shows the server's cycle with its figures, links and clash report", async () => {
    const { fetch, dashboardQueries, clashQueries } = dashboardApi();
    const { container } = renderDashboard(fetch);
    const exams = await screen.findByRole("link", { name: /^Exams/ });
    expect(exams.textContent).toBe("Exams120");
    expect(exams.getAttribute("href")).toBe(`/app/exam/examTimetable?cycle=${CYCLE_NOV.id}`);
    expect(screen.getByRole("link", { name: /^Upcoming exams48/ }).getAttribute("href")).toBe(
      `/app/exams/Upcoming?cycle=${CYCLE_NOV.id}`,
    );
    expect(screen.getByRole("link", { name: /^Completed exams72/ }).getAttribute("href")).toBe(
      `/app/exams/completedExams?cycle=${CYCLE_NOV.id}`,
    );
    expect(card(/^Exam periods$/).textContent).toBe("Exam periods2014 rooms in use");
    expect(card(/^Students$/).textContent).toBe("Students9504,800 enrolments");
    expect(card(/^Seated \/ unseated$/).textContent).toBe("Seated / unseated3,100 / 1,700");
    expect(card(/^Invigilators assigned \/ needed$/).textContent).toBe(
      "Invigilators assigned / needed40 / 95",
    );
    expect(screen.getByText("16-11-2026 to 28-11-2026 · Today: 22-11-2026")).toBeTruthy();

    // The cycle the server picked is the selected one; the clash report is asked for it.
    expect(dashboardQueries[0]).toBe("");
    await waitFor(() =>
      expect((screen.getByLabelText("Exam cycle") as HTMLSelectElement).value).toBe(CYCLE_NOV.id),
    );
    expect(clashQueries[0]?.get("examCycleId")).toBe(CYCLE_NOV.id);

    // Clash counts, then the lists: student clashes first, with links to the timetable.
    const clashes = screen.getByRole("region", { name: "Clash report" });
    expect(
      within(clashes).getByText("Students with two exams at once", { selector: "span" }).parentElement
        ?.textContent,
    ).toBe("Students with two exams at once3");
    expect(
      within(clashes).getByText("Rooms over capacity", { selector: "span" }).parentElement?.textContent,
    ).toBe("Rooms over capacity0");
    const studentTable = await within(clashes).findByRole("table", {
      name: "Students with two exams at once",
    });
    const priya = within(studentTable).getByRole("row", { name: /Priya Nair/ });
    expect(priya.textContent).toContain("S2025001");
    expect(priya.textContent).toContain("24-11-2026");
    expect(priya.textContent).toContain("Financial Accounting at 10:00 (180 min)");
    expect(priya.textContent).toContain("Economics at 11:00 (120 min)");
    expect(
      within(priya)
        .getByRole("link", { name: "Show FIN101 Financial Accounting in the exam timetable" })
        .getAttribute("href"),
    ).toBe(`/app/exam/examTimetable?cycle=${CYCLE_NOV.id}&course=FIN101`);
    expect(within(clashes).getByText("Showing the first 2 of 3")).toBeTruthy();

    // The other lists are tabs.
    fireEvent.click(within(clashes).getByRole("tab", { name: "Faculty in two rooms at once (1)" }));
    const facultyTable = await within(clashes).findByRole("table", { name: "Faculty in two rooms at once" });
    expect(within(facultyTable).getByText("MUM-R102: Economics at 11:00 (120 min)")).toBeTruthy();
    fireEvent.click(within(clashes).getByRole("tab", { name: "Rooms over capacity (0)" }));
    const roomTable = await within(clashes).findByRole("table", { name: "Rooms over capacity" });
    expect(within(roomTable).getByText("No Data")).toBeTruthy();

    const links = screen.getByRole("navigation", { name: "Exam screens" });
    expect(
      within(links)
        .getAllByRole("link")
        .map((a) => [a.textContent, a.getAttribute("href")]),
    ).toEqual([
      ["Upcoming exams", `/app/exams/Upcoming?cycle=${CYCLE_NOV.id}`],
      ["Completed exams", `/app/exams/completedExams?cycle=${CYCLE_NOV.id}`],
      ["Exam Setup", `/app/exams/ExamSetup?cycle=${CYCLE_NOV.id}`],
      ["Exam Timetable", `/app/exam/examTimetable?cycle=${CYCLE_NOV.id}`],
    ]);
    await expectNoAxeViolations(container);
  });

  it("changes the cycle through the address", async () => {
    const { fetch, dashboardQueries } = dashboardApi();
    renderDashboard(fetch);
    await screen.findByRole("link", { name: /^Exams120/ });
    await waitFor(() =>
      expect((screen.getByLabelText("Exam cycle") as HTMLSelectElement).disabled).toBe(false),
    );
    fireEvent.change(screen.getByLabelText("Exam cycle"), { target: { value: CYCLE_JUN.id } });
    expect(await screen.findByRole("link", { name: /^Exams60/ })).toBeTruthy();
    expect(window.location.search).toBe(`?cycle=${CYCLE_JUN.id}`);
    expect(dashboardQueries.at(-1)).toBe(CYCLE_JUN.id);
  });

  it("shows 'No Data' when there is no exam cycle yet, and the error of an unknown cycle", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const none = examApi({
      extra: {
        "GET /api/sf/exam/examDashboard": () =>
          json(404, { success: false, errorMessage: "No such exam cycle", field: "examCycleId" }),
        "GET /api/sf/exam/examCycles": () =>
          json(200, { success: true, examCycles: [], defaultExamCycleId: null }),
      },
    });
    renderDashboard(none.fetch);
    expect(await screen.findByText("No Data")).toBeTruthy();
    expect(screen.getByText("No exam cycles yet")).toBeTruthy();
    resetScreen();
    signedIn();

    const { fetch } = dashboardApi();
    renderDashboard(fetch, "?cycle=unknown");
    expect((await screen.findByRole("alert")).textContent).toContain("An error occurred: No such exam cycle");
    quiet.mockRestore();
  });
});
