import { render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { serverFirstQueries, TEST_CONFIG } from "../../../shell/test-api.ts";
import { expectNoAxeViolations, resetScreen, signedIn } from "../../kit/test-support.tsx";
import ExamSetupList, { examSetupListFirstQuery } from "./ExamSetupList.tsx";
import { examApi, ROW_FIN } from "./test-support.tsx";

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
});
