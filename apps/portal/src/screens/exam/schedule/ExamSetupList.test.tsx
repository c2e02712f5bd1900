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
import ExamSetupList, { examSetupListFirstQuery } from "./ExamSetupList.tsx";
import { CYCLE_NOV, examApi, ROW_FIN, rowsOverTwoDates } from "./test-support.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

describe("ExamSetupList", () => {
  it("lists the timetable's exams, each linking to its Exam Details", async () => {
    const { fetch } = examApi();
    const { container } = render(<ExamSetupList locale="en" search="" fetch={fetch} navigate={vi.fn()} />);
    const table = await screen.findByRole("table", { name: "Exams of the exam setup" });
    const row = await within(table).findByRole("row", { name: /Financial Accounting/ });
    expect(row.textContent).toContain("FIN101");
    expect(row.textContent).toContain("24-11-2026");
    expect(row.textContent).toContain("10:00 (180 min)");
    expect(row.textContent).toContain("40 / 42");
    expect(row.textContent).toContain("1 / 2");
    expect(
      within(row)
        .getByRole("link", { name: "Exam details of Financial Accounting (A, MBA 2025)" })
        .getAttribute("href"),
    ).toBe(`/app/exams/ExamSetup/ExamTimeTableDetails?id=${ROW_FIN.id}`);
    await expectNoAxeViolations(container);
  });

  it("puts the exams under a header per exam date, repeated as continued at the top of a later page", async () => {
    const { fetch } = examApi({ rows: rowsOverTwoDates() });
    const { container } = render(
      <ExamSetupList locale="en" search={`?cycle=${CYCLE_NOV.id}`} fetch={fetch} navigate={vi.fn()} />,
    );
    const table = await screen.findByRole("table", { name: "Exams of the exam setup" });
    await within(table).findByText("Course 10");
    expect(groupHeaders(table)).toEqual(["Tuesday, 24-11-2026"]);
    expect(dataRows(table)).toHaveLength(10);
    await expectNoAxeViolations(container);
    cleanup();

    render(
      <ExamSetupList locale="en" search={`?cycle=${CYCLE_NOV.id}&page=2`} fetch={fetch} navigate={vi.fn()} />,
    );
    const second = await screen.findByRole("table", { name: "Exams of the exam setup" });
    await within(second).findByText("Course 12");
    expect(groupHeaders(second)).toEqual(["Tuesday, 24-11-2026 (continued)", "Wednesday, 25-11-2026"]);
    // Each date is a row group headed by its date; the count of exams leaves the headers out.
    expect(second.querySelectorAll("tbody")).toHaveLength(2);
    expect(dataRows(second).map((row) => within(row).getByRole("rowheader").textContent)).toEqual([
      "Course 11",
      "Course 12",
    ]);
  });

  it("shows 'No Data' when the timetable is empty", async () => {
    const { fetch } = examApi({ rows: [] });
    render(<ExamSetupList locale="en" search="" fetch={fetch} navigate={vi.fn()} />);
    expect(await screen.findByText("No Data")).toBeTruthy();
  });

  it("starts from the server's first query and asks the API nothing while mounting", async () => {
    const { fetch, calls } = examApi();
    const search = "?course=fin";
    const firstQueries = await serverFirstQueries(
      fetch,
      `/app/exams/ExamSetup${search}`,
      examSetupListFirstQuery,
    );
    expect(calls.map((call) => call.path).sort()).toEqual([
      "/api/salesforce/TimeTable",
      "/api/sf/exam/examCycles",
    ]);
    calls.length = 0;
    render(
      <ExamSetupList
        locale="en"
        search={search}
        config={TEST_CONFIG}
        signedIn
        firstQueries={firstQueries}
        fetch={fetch}
        navigate={vi.fn()}
      />,
    );
    const table = screen.getByRole("table", { name: "Exams of the exam setup" });
    expect(within(table).getByRole("row", { name: /Financial Accounting/ })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("opens on the exam screens' default cycle, writes it into the address and keeps 'All' as a choice", async () => {
    const { fetch, timetableQueries } = examApi();
    render(<ExamSetupList locale="en" search="" fetch={fetch} navigate={vi.fn()} />);
    await screen.findByRole("row", { name: /Financial Accounting/ });
    expect(window.location.search).toBe(`?cycle=${CYCLE_NOV.id}`);
    expect(timetableQueries.map((q) => q.get("examCycleId"))).toEqual([CYCLE_NOV.id]);
    const cycle = screen.getByRole("combobox", { name: "Exam cycle" }) as HTMLSelectElement;
    expect(cycle.value).toBe(CYCLE_NOV.id);
    fireEvent.change(cycle, { target: { value: "" } });
    await waitFor(() => expect(window.location.search).toBe("?cycle=all"));
    await waitFor(() => expect(timetableQueries.at(-1)?.get("examCycleId")).toBe(""));
  });
});
