import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json, serverFirstQueries } from "../../shell/test-api.ts";
import { expectNoAxeViolations, resetScreen, signedIn } from "../kit/test-support.tsx";
import BatchList, { batchListFirstQuery } from "./BatchList.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

const OPTIONS = {
  success: true,
  programs: [
    { id: "p0000000-0000-4000-8000-000000000001", name: "MBA" },
    { id: "p0000000-0000-4000-8000-000000000002", name: "EMBA" },
  ],
  batch: [2025, 2026],
  intake: ["JAN", "JUL"],
  campus: ["Dubai", "Mumbai"],
  termStatus: ["Upcoming", "Ongoing", "Completed", "All"],
  intakes: [
    { program: "EMBA", code: "EMBA", year: 2026, month: "JUL" },
    { program: "MBA", code: "MBA", year: 2025, month: "JUL" },
    { program: "MBA", code: "MBA", year: 2026, month: "JAN" },
  ],
};
const ROW = {
  ProgramName: "MBA",
  Course: "MBA",
  Intake: "JAN",
  Batch: 2026,
  BatchName: "MBA JAN 2026 Mumbai",
  IntakeId: "i0000000-0000-4000-8000-000000000001",
  Mode: "Term 1",
  TermStartDate: "05/01/2026",
  TermEndDate: "18/12/2026",
  NoOfStudent: 40,
  Semester: 2,
  Campus: "Mumbai",
  TermStatus: "Ongoing",
  ProgramPlanRecordId: null,
};

function batchApi(fail = false) {
  const bodies: Record<string, unknown>[] = [];
  const api = fakeApi({
    "GET /api/salesforce/CurrentPageFilter": () => json(200, OPTIONS),
    "POST /api/salesforce/CurrentPageFilter": (_r, body) => {
      bodies.push(body as Record<string, unknown>);
      return fail
        ? json(400, {
            success: false,
            errorMessage: "count must be one of 10, 25, 50, 1000 (All)",
            field: "count",
            rule: "custom",
          })
        : json(200, { success: true, batchList: [ROW], noOfRecords: 1 });
    },
  });
  return { ...api, bodies };
}

describe("List of Batches", { timeout: 30_000 }, () => {
  it("shows every column, links View Details to the academic calendar and renders the first page from the server", async () => {
    const { fetch, calls } = batchApi();
    const firstQueries = await serverFirstQueries(fetch, "/app/batches", batchListFirstQuery);
    const before = calls.length;
    const { container } = render(
      <BatchList locale="en" search="" fetch={fetch} navigate={vi.fn()} firstQueries={firstQueries} />,
    );
    const table = await screen.findByRole("table", { name: "List of Batches" }, { timeout: 10_000 });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual([
      "Program",
      "Batch",
      "Intake",
      "Start Date",
      "End Date",
      "Terms",
      "Term Status",
      "Campus",
      "Action",
    ]);
    expect(within(table).getByText("05-01-2026")).toBeTruthy();
    expect(
      within(table).getByRole("link", { name: "View Details of MBA JAN 2026 Mumbai" }).getAttribute("href"),
    ).toBe("/app/academicCalendar?intakeId=i0000000-0000-4000-8000-000000000001");
    expect(screen.getByRole("link", { name: "Add New Intake" }).getAttribute("href")).toBe(
      "/app/add-program",
    );
    // The server's answer was used: no list call from the browser.
    expect(calls.slice(before).filter((c) => c.path.endsWith("CurrentPageFilter"))).toEqual([]);
    await expectNoAxeViolations(container);
  });

  it("sorts on the server from a header (aria-sort), back to page 1, and asks All as count 0", async () => {
    window.history.replaceState(null, "", "/app/batches?page=2&pageSize=all");
    const { fetch, bodies } = batchApi();
    render(<BatchList locale="en" search="?page=2&pageSize=all" fetch={fetch} navigate={vi.fn()} />);
    const table = await screen.findByRole("table", { name: "List of Batches" }, { timeout: 10_000 });
    await within(table).findByText("05-01-2026");
    expect(bodies[0]).toMatchObject({ count: 0 });
    const start = within(table).getByRole("columnheader", { name: "Start Date" });
    expect(start.getAttribute("aria-sort")).toBe("none");
    expect(within(table).getByRole("columnheader", { name: "Action" }).hasAttribute("aria-sort")).toBe(false);
    fireEvent.click(within(start).getByRole("button", { name: "Start Date" }));
    await waitFor(() =>
      expect(bodies.at(-1)).toMatchObject({ pageNo: 1, count: 0, sortBy: "startDate", sortDirection: "asc" }),
    );
    expect(window.location.search).toBe("?pageSize=all&sort=startDate");
    expect(start.getAttribute("aria-sort")).toBe("ascending");
    fireEvent.click(within(start).getByRole("button", { name: "Start Date" }));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ sortBy: "startDate", sortDirection: "desc" }));
    expect(start.getAttribute("aria-sort")).toBe("descending");
  });

  it("offers only the batch years and intake months that exist for the chosen programme", async () => {
    const { fetch } = batchApi();
    render(<BatchList locale="en" search="?program=EMBA" fetch={fetch} navigate={vi.fn()} />);
    await screen.findByRole("table", { name: "List of Batches" }, { timeout: 10_000 });
    const optionsOf = (label: string) =>
      [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((o) => o.textContent);
    await waitFor(() => expect(optionsOf("Batch")).toEqual(["All", "2026"]));
    expect(optionsOf("Intake")).toEqual(["All", "JUL"]);
  });

  it("applies the §4 reset rules: a new batch clears intake, campus and term status; a new program clears all", async () => {
    const { fetch, bodies } = batchApi();
    window.history.replaceState(null, "", "/app/batches");
    render(
      <BatchList
        locale="en"
        search="?program=MBA&batch=2026&intake=JAN&campus=Mumbai&termStatus=Ongoing"
        fetch={fetch}
        navigate={vi.fn()}
      />,
    );
    await screen.findByRole("table", { name: "List of Batches" }, { timeout: 10_000 });
    await waitFor(() => expect(screen.getByLabelText("Batch")).toHaveProperty("value", "2026"));
    fireEvent.change(screen.getByLabelText("Batch"), { target: { value: "2025" } });
    await waitFor(() =>
      expect(bodies.at(-1)).toMatchObject({
        program: "MBA",
        batch: 2025,
        intake: "",
        campus: "",
        termStatus: "",
      }),
    );
    expect(window.location.search).toBe("?program=MBA&batch=2025");
    fireEvent.change(screen.getByLabelText("Academic Program"), { target: { value: "EMBA" } });
    await waitFor(() =>
      expect(bodies.at(-1)).toMatchObject({
        program: "EMBA",
        batch: "",
        intake: "",
        campus: "",
        termStatus: "",
      }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Clear All" }));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ program: "", pageNo: 1 }));
  });

  it("empties the list and offers Try again when the list cannot be loaded", async () => {
    const { fetch } = batchApi(true);
    render(<BatchList locale="en" search="" fetch={fetch} navigate={vi.fn()} />);
    expect(await screen.findByText(/count must be one of/, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole("table", { name: "List of Batches" })).toBeNull();
  });
});
