import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { serverFirstQueries, TEST_CONFIG } from "../../../shell/test-api.ts";
import {
  dataRows,
  expectNoAxeViolations,
  groupHeaders,
  resetScreen,
  signedIn,
} from "../../kit/test-support.tsx";
import { examApi, makeRow, rowsOverTwoDates } from "../schedule/test-support.tsx";
import FacultyProctoring, { facultyProctoringFirstQuery } from "./FacultyProctoring.tsx";
import InvigilationExamList, { invigilationExamListFirstQuery } from "./InvigilationExamList.tsx";
import InvigilationNotifications, {
  invigilationNotificationsFirstQuery,
} from "./InvigilationNotifications.tsx";
import SeatingExamList, { seatingExamListFirstQuery } from "./SeatingExamList.tsx";
import { CYCLE, json, seatingApi } from "./test-support.tsx";

/*
 * The lists of one exam cycle (seating, invigilation, faculty proctoring, notifications) start from
 * their page's first query: the rows are there at the first render, mounting asks the API nothing,
 * and without a cycle in the address both sides show the newest cycle that has exams.
 */

beforeEach(signedIn);
afterEach(resetScreen);

/** A newer cycle without exams, listed first (latest first), as a just-made retest cycle is. */
const EMPTY_RETEST = {
  ...CYCLE,
  id: "c0000000-0000-4000-8000-000000000009",
  name: "Dec 2026 Retest",
  examType: "Retest" as const,
  startDate: "2026-12-14",
  endDate: "2026-12-18",
  exams: 0,
};
const cyclesRoute = {
  "GET /api/sf/exam/examCycles": () =>
    json(200, { success: true, examCycles: [EMPTY_RETEST, CYCLE], defaultExamCycleId: CYCLE.id }),
};

/** The exam timetable of CYCLE only (the retest cycle is empty), with each query asked. */
function timetableApi() {
  const rows = [
    makeRow({ examCycleId: CYCLE.id, course: "Financial Accounting" }),
    makeRow({ id: "e0000000-0000-4000-8000-0000000000f2", examCycleId: CYCLE.id, course: "Marketing" }),
  ];
  const cyclesAsked: (string | null)[] = [];
  const coursesAsked: string[] = [];
  const api = examApi({
    rows,
    extra: {
      ...cyclesRoute,
      "GET /api/salesforce/TimeTable": (request) => {
        const query = new URL(request.url).searchParams;
        const cycle = query.get("examCycleId");
        const course = (query.get("course") ?? "").toLowerCase();
        cyclesAsked.push(cycle);
        coursesAsked.push(course);
        const matching = rows.filter(
          (r) => r.examCycleId === cycle && (course === "" || r.course.toLowerCase().includes(course)),
        );
        return json(200, { success: true, noOfRecords: matching.length, timetable: matching });
      },
    },
  });
  return { ...api, cyclesAsked, coursesAsked };
}

const islandProps = (fetch: (request: Request) => Promise<Response>) => ({
  locale: "en" as const,
  config: TEST_CONFIG,
  signedIn: true,
  fetch,
  navigate: vi.fn(),
});

describe.each([
  ["seating", "/app/exams/seatingPlan", SeatingExamList, seatingExamListFirstQuery, "Exams of the cycle"],
  [
    "invigilation",
    "/app/exams/invigilationProctoring",
    InvigilationExamList,
    invigilationExamListFirstQuery,
    "Exams and their invigilation",
  ],
] as const)("%s list", (_name, path, Island, firstQuery, caption) => {
  it("renders the newest cycle with exams from the server's first query and asks nothing on mount", async () => {
    const { fetch, calls, cyclesAsked } = timetableApi();
    const firstQueries = await serverFirstQueries(fetch, path, firstQuery);
    expect(cyclesAsked).toEqual([CYCLE.id]);
    calls.length = 0;
    window.history.replaceState(null, "", path);
    render(<Island search="" firstQueries={firstQueries} {...islandProps(fetch)} />);
    // At the first render, before any effect could fetch: the rows the server rendered.
    expect(
      within(screen.getByRole("table", { name: caption })).getByText("Financial Accounting"),
    ).toBeTruthy();
    expect(calls).toEqual([]);
    // The default cycle is written into the address without asking again.
    await waitFor(() => expect(window.location.search).toBe(`?cycle=${CYCLE.id}`));
    expect(calls).toEqual([]);
  });

  it("finds an exam by course on the server and keeps the search in the address", async () => {
    const { fetch, coursesAsked } = timetableApi();
    window.history.replaceState(null, "", path);
    render(<Island search="" {...islandProps(fetch)} />);
    const table = await screen.findByRole("table", { name: caption });
    expect(await within(table).findByText("Marketing")).toBeTruthy();
    expect(within(table).getByText("Financial Accounting")).toBeTruthy();
    fireEvent.change(screen.getByRole("searchbox", { name: "Course" }), { target: { value: "financial" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(coursesAsked.at(-1)).toBe("financial"));
    await waitFor(() => {
      const shown = screen.getByRole("table", { name: caption });
      expect(within(shown).queryByText("Marketing")).toBeNull();
      expect(within(shown).getByText("Financial Accounting")).toBeTruthy();
    });
    expect(window.location.search).toBe(`?cycle=${CYCLE.id}&course=financial`);
  });

  it("puts the exams under a header per exam date, repeated as continued at the top of a later page", async () => {
    const { fetch } = examApi({ rows: rowsOverTwoDates(), extra: cyclesRoute });
    window.history.replaceState(null, "", path);
    const { container } = render(<Island search={`?cycle=${CYCLE.id}`} {...islandProps(fetch)} />);
    const table = await screen.findByRole("table", { name: caption });
    await within(table).findByText("Course 10");
    expect(groupHeaders(table)).toEqual(["Tuesday, 24-11-2026"]);
    expect(dataRows(table)).toHaveLength(10);
    await expectNoAxeViolations(container);
    cleanup();

    render(<Island search={`?cycle=${CYCLE.id}&page=2`} {...islandProps(fetch)} />);
    const second = await screen.findByRole("table", { name: caption });
    await within(second).findByText("Course 12");
    expect(groupHeaders(second)).toEqual(["Tuesday, 24-11-2026 (continued)", "Wednesday, 25-11-2026"]);
    expect(dataRows(second)).toHaveLength(2);
  });

  it("renders a failed first query as the error with Try again, on the server's render", async () => {
    const { fetch, calls } = examApi({
      extra: {
        ...cyclesRoute,
        "GET /api/salesforce/TimeTable": () =>
          json(500, { success: false, errorMessage: "Database unavailable" }),
      },
    });
    const firstQueries = await serverFirstQueries(fetch, `${path}?cycle=${CYCLE.id}`, firstQuery);
    calls.length = 0;
    render(<Island search={`?cycle=${CYCLE.id}`} firstQueries={firstQueries} {...islandProps(fetch)} />);
    expect(screen.getByRole("alert").textContent).toContain("Database unavailable");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe("FacultyProctoring first query", () => {
  it("renders the default cycle's faculty members at the first render and asks nothing on mount", async () => {
    const { fetch, calls } = seatingApi({ extra: cyclesRoute });
    const firstQueries = await serverFirstQueries(
      fetch,
      "/app/exam/faculty-Proctoring",
      facultyProctoringFirstQuery,
    );
    expect(calls.map((c) => c.path).sort()).toEqual([
      "/api/sf/exam/examCycles",
      "/api/sf/exam/facultyProctoring",
    ]);
    calls.length = 0;
    render(<FacultyProctoring search="" firstQueries={firstQueries} {...islandProps(fetch)} />);
    expect(screen.getByRole("heading", { name: "Meera Iyer" })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("puts each faculty member's duties under a header per exam date", async () => {
    const { fetch, notifications } = seatingApi({ extra: cyclesRoute });
    const [duty] = notifications;
    if (!duty) throw new Error("the fake has a duty");
    // Two more duties of the same member: one the same day, one two days later (the server's order).
    notifications.push(
      { ...duty, id: "d0000000-0000-4000-8000-000000000002", courseName: "Economics", roomNo: "Hall B" },
      {
        ...duty,
        id: "d0000000-0000-4000-8000-000000000003",
        courseName: "Statistics",
        dateOfExam: "2026-11-26",
      },
    );
    const { container } = render(<FacultyProctoring search={`?cycle=${CYCLE.id}`} {...islandProps(fetch)} />);
    const table = await screen.findByRole("table", { name: "Meera Iyer" });
    expect(groupHeaders(table)).toEqual(["Tuesday, 24-11-2026", "Thursday, 26-11-2026"]);
    expect(dataRows(table)).toHaveLength(3);
    // Each date is a row group: its header, then its duties (each headed by its exam).
    const exams = (group: Element | undefined) =>
      [...(group?.querySelectorAll('th[scope="row"]') ?? [])].map((cell) => cell.textContent);
    const [first, later] = [...table.querySelectorAll("tbody")];
    expect(exams(first)).toEqual([`${duty.courseName} (${duty.section})`, `Economics (${duty.section})`]);
    expect(exams(later)).toEqual([`Statistics (${duty.section})`]);
    await expectNoAxeViolations(container);
  });

  it("shows 'No Record' from the server's answer when the cycle has no duties", async () => {
    const { fetch, calls, notifications } = seatingApi({ extra: cyclesRoute });
    notifications.length = 0;
    const search = `?cycle=${CYCLE.id}`;
    const firstQueries = await serverFirstQueries(
      fetch,
      `/app/exam/faculty-Proctoring${search}`,
      facultyProctoringFirstQuery,
    );
    calls.length = 0;
    render(<FacultyProctoring search={search} firstQueries={firstQueries} {...islandProps(fetch)} />);
    expect(screen.getByText("No Record")).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe("InvigilationNotifications first query", () => {
  it("renders the default cycle's duties at the first render and asks nothing on mount", async () => {
    const { fetch, calls } = seatingApi({ extra: cyclesRoute });
    const firstQueries = await serverFirstQueries(
      fetch,
      "/app/exams/invigilationProctoringNotification?notified=false",
      invigilationNotificationsFirstQuery,
    );
    const asked = calls.find((c) => c.path === "/api/sf/exam/invigilationNotifications");
    expect(asked).toBeDefined();
    calls.length = 0;
    render(
      <InvigilationNotifications
        search="?notified=false"
        firstQueries={firstQueries}
        {...islandProps(fetch)}
      />,
    );
    const table = screen.getByRole("table", { name: "Invigilation duties" });
    expect(within(table).getByRole("row", { name: /Meera Iyer/ })).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
