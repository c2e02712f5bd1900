import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json, serverFirstQueries, TEST_CONFIG } from "../../shell/test-api.ts";
import { resetScreen, signedIn } from "../kit/test-support.tsx";
import CurrentProgrammes, { currentProgrammesFirstQuery } from "./CurrentProgrammes.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

const row = (id: string, programName: string, progress: number) => ({
  id,
  programName,
  type: programName === "MBA" ? "Type 1" : "Type 2",
  batchName: `${programName} 2026 Mumbai`,
  campus: "Mumbai",
  currentTermId: "a0000000-0000-4000-8000-000000000009",
  currentSemester: "Term 2",
  semesterNumber: 2,
  startDate: "01/07/2026",
  endDate: "28/10/2027",
  sessionsHeld: progress,
  sessionsPlanned: 100,
  progress,
  status: progress > 0 ? "Ongoing" : "Not yet started",
});

function currentApi() {
  const queries: string[] = [];
  const api = fakeApi({
    "GET /api/salesforce/CurrentProgrammes": (request) => {
      queries.push(new URL(request.url).search);
      return json(200, {
        success: true,
        programmes: [
          row("b0000000-0000-4000-8000-000000000001", "MBA", 0),
          row("b0000000-0000-4000-8000-000000000002", "EMBA", 35),
        ],
      });
    },
    "GET /api/salesforce/AcademicProgramsName": () =>
      json(200, {
        success: true,
        "Academic Program": [
          { id: "c0000000-0000-4000-8000-000000000001", name: "MBA", code: "MBA", terms: "[]" },
        ],
        Campus: [{ id: "c0000000-0000-4000-8000-000000000002", name: "Mumbai" }],
        Courses: [],
      }),
  });
  return { ...api, queries };
}

describe("CurrentProgrammes (spec §2 Current Programmes, §4 progress)", { timeout: 30_000 }, () => {
  it("sorts the rows by a header in the browser, ascending then descending", async () => {
    const { fetch } = currentApi();
    render(
      <CurrentProgrammes
        locale="en"
        search=""
        fetch={fetch}
        navigate={vi.fn()}
        signedIn
        config={TEST_CONFIG}
      />,
    );
    const table = await screen.findByRole("table", { name: "Current Programmes" });
    await within(table).findByText("35% Ongoing");
    const names = () =>
      within(table)
        .getAllByRole("rowheader")
        .map((cell) => cell.textContent);
    expect(names()).toEqual(["MBA", "EMBA"]);
    const progress = within(table).getByRole("columnheader", { name: /Status/ });
    fireEvent.click(within(progress).getByRole("button"));
    expect(names()).toEqual(["MBA", "EMBA"]);
    expect(progress.getAttribute("aria-sort")).toBe("ascending");
    const programme = within(table).getByRole("columnheader", { name: /Program/ });
    fireEvent.click(within(programme).getByRole("button"));
    expect(names()).toEqual(["EMBA", "MBA"]);
    fireEvent.click(within(programme).getByRole("button"));
    expect(names()).toEqual(["MBA", "EMBA"]);
    expect(programme.getAttribute("aria-sort")).toBe("descending");
  });

  it("renders the first rows from the server with progress bars: 0% Not yet started, above 0% Ongoing", async () => {
    const { fetch } = currentApi();
    const firstQueries = await serverFirstQueries(
      fetch,
      "/app/current-programmes",
      currentProgrammesFirstQuery,
    );
    render(
      <CurrentProgrammes
        locale="en"
        search=""
        fetch={fetch}
        navigate={vi.fn()}
        signedIn
        config={TEST_CONFIG}
        firstQueries={firstQueries}
      />,
    );
    const table = screen.getByRole("table", { name: "Current Programmes" });
    expect(within(table).getByText("0% Not yet started")).toBeTruthy();
    expect(within(table).getByText("35% Ongoing")).toBeTruthy();
    const bar = within(table).getByRole("progressbar", { name: "Progress of EMBA" });
    expect(bar.getAttribute("value")).toBe("35");
    expect(within(table).getByRole("link", { name: "EMBA" }).getAttribute("href")).toBe(
      "/app/current-programmes/b0000000-0000-4000-8000-000000000002/details",
    );
  });

  it("filters through the Filter dialog: Program Module, Type, dates, Current Semester and Campus go to the server", async () => {
    const { fetch, queries } = currentApi();
    render(<CurrentProgrammes locale="en" search="" fetch={fetch} navigate={vi.fn()} />);
    fireEvent.click(await screen.findByRole("button", { name: "Filter" }));
    const dialog = await screen.findByRole("dialog", { name: "Filter" });
    await within(dialog).findByRole("option", { name: "MBA" });
    fireEvent.change(within(dialog).getByLabelText(/^Program Module/), { target: { value: "MBA" } });
    expect(
      within(within(dialog).getByLabelText(/^Type/))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["All", "Type 1", "Type 2"]);
    fireEvent.change(within(dialog).getByLabelText(/^Type/), { target: { value: "Type 2" } });
    fireEvent.change(within(dialog).getByLabelText(/^Current Semester/), { target: { value: "2" } });
    fireEvent.change(within(dialog).getByLabelText(/^Campus/), { target: { value: "Mumbai" } });
    fireEvent.change(within(dialog).getByLabelText(/^Start Date/), { target: { value: "2026-12-01" } });
    fireEvent.change(within(dialog).getByLabelText(/^End Date/), { target: { value: "2026-11-01" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Apply" }));
    expect(await within(dialog).findByText("End date cannot be before the start date")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^End Date/), { target: { value: "2027-01-31" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Apply" }));
    await waitFor(() =>
      expect(queries.at(-1)).toBe(
        "?program=MBA&type=Type%202&campus=Mumbai&semester=2&startDate=2026-12-01&endDate=2027-01-31",
      ),
    );
    expect(await screen.findByRole("button", { name: "Filter (6)" })).toBeTruthy();
    // Each row shows its programme's type.
    const table = screen.getByRole("table", { name: "Current Programmes" });
    expect(within(table).getByRole("cell", { name: "Type 2" })).toBeTruthy();
  }, 30_000);
});
