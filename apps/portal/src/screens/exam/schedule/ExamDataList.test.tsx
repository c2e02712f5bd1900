import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { serverFirstQueries, TEST_CONFIG } from "../../../shell/test-api.ts";
import {
  dataRows,
  expectNoAxeViolations,
  groupHeaders,
  resetScreen,
  signedIn,
} from "../../kit/test-support.tsx";
import ExamDataList, { examDataFirstQuery } from "./ExamDataList.tsx";
import { examApi, json, makeExamInfo } from "./test-support.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

const upcoming = [
  makeExamInfo({ daysFromToday: 0, Deadline: "2026-11-22" }),
  makeExamInfo({
    Id: "e0000000-0000-4000-8000-000000000002",
    Course_Code__c: "MKT201",
    Course_Name__c: "Marketing Management",
    Section__c: "B",
    Deadline: "2026-11-23",
    startTimeOfExam: "14:30",
    daysFromToday: 1,
  }),
  makeExamInfo({
    Id: "e0000000-0000-4000-8000-000000000003",
    Course_Code__c: "OPS150",
    Course_Name__c: "Operations",
    Deadline: "2026-11-25",
    daysFromToday: 3,
  }),
];

function examDataApi(exams = upcoming, total = exams.length, firstDateContinued = false) {
  const bodies: unknown[] = [];
  const api = examApi({
    extra: {
      "POST /api/salesforce/ExamData": (_request, body) => {
        bodies.push(body);
        return json(200, {
          success: true,
          today: "2026-11-22",
          noOfRecords: total,
          firstDateContinued,
          exams,
        });
      },
    },
  });
  return { ...api, bodies };
}

describe("ExamDataList", () => {
  it("lists upcoming exams with the days left, 30 days ahead by default", async () => {
    const { fetch, bodies } = examDataApi();
    const { container } = render(
      <ExamDataList locale="en" kind="upcoming" search="" fetch={fetch} navigate={vi.fn()} />,
    );
    const table = await screen.findByRole("table", { name: "Upcoming exams" });
    await within(table).findByText("Operations");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual([
      "Course code",
      "Course name",
      "Section",
      "Intake",
      "Term",
      "Programme",
      "Exam type",
      "Date",
      "Time",
      "Days left",
    ]);
    const rows = dataRows(table);
    expect(rows.map((r) => r.lastElementChild?.textContent)).toEqual(["Today", "1 day", "3 days"]);
    expect(rows[1]?.textContent).toContain("23-11-2026");
    expect(rows[1]?.textContent).toContain("14:30 (180 min)");
    expect(within(rows[1]!).getByRole("link", { name: "Marketing Management" }).getAttribute("href")).toBe(
      "/app/exams/ExamSetup/ExamTimeTableDetails?id=e0000000-0000-4000-8000-000000000002",
    );
    expect(bodies[0]).toEqual({ dueDays: 30, examCycleId: "", pageNo: 1, count: 10 });
    await expectNoAxeViolations(container);

    fireEvent.change(screen.getByLabelText("Due within"), { target: { value: "7" } });
    await waitFor(() => expect(bodies.at(-1)).toEqual({ dueDays: 7, examCycleId: "", pageNo: 1, count: 10 }));
    expect(window.location.search).toBe("?days=7");
  });

  it("lists completed exams with how long ago they were held, 90 days back by default, paged", async () => {
    const held = [makeExamInfo({ daysFromToday: -1 }), makeExamInfo({ Id: "x2", daysFromToday: -40 })];
    const { fetch, bodies } = examDataApi(held, 23);
    render(<ExamDataList locale="en" kind="completed" search="?page=2" fetch={fetch} navigate={vi.fn()} />);
    const table = await screen.findByRole("table", { name: "Completed exams" });
    expect(await within(table).findByText("Completed 1 day ago")).toBeTruthy();
    expect(within(table).getByText("Completed 40 days ago")).toBeTruthy();
    expect(within(table).getByRole("columnheader", { name: "Held" })).toBeTruthy();
    expect(bodies[0]).toEqual({ completedIn: 90, examCycleId: "", pageNo: 2, count: 10 });
    expect(screen.getByText("11–20 of 23")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ pageNo: 3 }));
    expect(window.location.search).toBe("?page=3");
    expect((screen.getByLabelText("Completed in the last") as HTMLSelectElement).value).toBe("90");
  });

  it("shows 'No Data' when nothing is due", async () => {
    const { fetch } = examDataApi([], 0);
    render(<ExamDataList locale="en" kind="upcoming" search="" fetch={fetch} navigate={vi.fn()} />);
    expect(await screen.findByText("No Data")).toBeTruthy();
  });

  it.each([
    ["upcoming", "/app/exams/Upcoming", "?days=7&page=1"],
    ["completed", "/app/exams/completedExams", "?days=365"],
  ] as const)(
    "%s: starts from the server's first query and asks the API nothing while mounting",
    async (kind, path, search) => {
      const { fetch, calls, bodies } = examDataApi();
      const firstQueries = await serverFirstQueries(fetch, `${path}${search}`, examDataFirstQuery(kind));
      expect(calls.map((call) => call.path).sort()).toEqual([
        "/api/salesforce/ExamData",
        "/api/sf/exam/examCycles",
      ]);
      expect(bodies).toEqual([
        {
          ...(kind === "upcoming" ? { dueDays: 7 } : { completedIn: 365 }),
          examCycleId: "",
          pageNo: 1,
          count: 10,
        },
      ]);
      calls.length = 0;
      render(
        <ExamDataList
          locale="en"
          kind={kind}
          search={search}
          config={TEST_CONFIG}
          signedIn
          firstQueries={firstQueries}
          fetch={fetch}
          navigate={vi.fn()}
        />,
      );
      expect(within(screen.getByRole("table")).getByText("Operations")).toBeTruthy();
      expect(calls).toEqual([]);
    },
  );
});

describe("ExamDataList date groups", () => {
  const sameDay = [
    makeExamInfo({ Deadline: "2026-11-23", daysFromToday: 1 }),
    makeExamInfo({
      Id: "x2",
      Course_Name__c: "Marketing Management",
      Deadline: "2026-11-23",
      daysFromToday: 1,
    }),
    makeExamInfo({ Id: "x3", Course_Name__c: "Operations", Deadline: "2026-11-25", daysFromToday: 3 }),
  ];

  it("puts the exams under a header per exam date, soonest first", async () => {
    const { fetch } = examDataApi(upcoming);
    const { container } = render(
      <ExamDataList locale="en" kind="upcoming" search="" fetch={fetch} navigate={vi.fn()} />,
    );
    const table = await screen.findByRole("table", { name: "Upcoming exams" });
    await within(table).findByText("Operations");
    expect(groupHeaders(table)).toEqual([
      "Sunday, 22-11-2026",
      "Monday, 23-11-2026",
      "Wednesday, 25-11-2026",
    ]);
    // Each date is a row group headed by its date (WAI-ARIA table pattern).
    const groups = [...table.querySelectorAll("tbody")];
    expect(groups).toHaveLength(3);
    expect(within(groups[1]!).getByRole("link", { name: "Marketing Management" })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it("repeats the first date's header marked continued when its exams began on the page before", async () => {
    const { fetch } = examDataApi(sameDay, 13, true);
    render(<ExamDataList locale="en" kind="upcoming" search="?page=2" fetch={fetch} navigate={vi.fn()} />);
    const table = await screen.findByRole("table", { name: "Upcoming exams" });
    await within(table).findByText("Operations");
    expect(groupHeaders(table)).toEqual(["Monday, 23-11-2026 (continued)", "Wednesday, 25-11-2026"]);
    expect(dataRows(table)).toHaveLength(3);
  });

  it("groups the completed exams latest first, and not at all under another column's sort", async () => {
    const held = [
      makeExamInfo({ Id: "h1", Course_Name__c: "Accounting", Deadline: "2026-11-20", daysFromToday: -2 }),
      makeExamInfo({ Id: "h2", Course_Name__c: "Banking", Deadline: "2026-11-10", daysFromToday: -12 }),
    ];
    const { fetch, bodies } = examDataApi(held);
    render(<ExamDataList locale="en" kind="completed" search="" fetch={fetch} navigate={vi.fn()} />);
    const table = await screen.findByRole("table", { name: "Completed exams" });
    await within(table).findByText("Banking");
    expect(groupHeaders(table)).toEqual(["Friday, 20-11-2026", "Tuesday, 10-11-2026"]);

    const name = within(table).getByRole("columnheader", { name: "Course name" });
    fireEvent.click(within(name).getByRole("button", { name: "Course name" }));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ sortBy: "courseName", pageNo: 1 }));
    await waitFor(() => expect(groupHeaders(table)).toEqual([]));
    expect(dataRows(table).map((row) => within(row).getByRole("link").textContent)).toEqual([
      "Accounting",
      "Banking",
    ]);

    // Sorted by date again, the groups come back in that direction.
    const date = within(table).getByRole("columnheader", { name: "Date" });
    fireEvent.click(within(date).getByRole("button", { name: "Date" }));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ sortBy: "date", sortDirection: "asc" }));
    await waitFor(() => expect(groupHeaders(table)).toEqual(["Tuesday, 10-11-2026", "Friday, 20-11-2026"]));
  });
});
