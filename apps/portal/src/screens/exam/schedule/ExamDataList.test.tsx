import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { serverFirstQueries, TEST_CONFIG } from "../../../shell/test-api.ts";
import { expectNoAxeViolations, resetScreen, signedIn } from "../../kit/test-support.tsx";
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

function examDataApi(exams = upcoming, total = exams.length) {
  const bodies: unknown[] = [];
  const api = examApi({
    extra: {
      "POST /api/salesforce/ExamData": (_request, body) => {
        bodies.push(body);
        return json(200, { success: true, today: "2026-11-22", noOfRecords: total, exams });
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
    const rows = within(table).getAllByRole("row").slice(1);
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
