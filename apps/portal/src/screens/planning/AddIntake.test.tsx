import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FLASH_KEY } from "../../shell/flash.ts";
import { fakeApi, json } from "../../shell/test-api.ts";
import { resetScreen, signedIn } from "../kit/test-support.tsx";
import AddIntake from "./AddIntake.tsx";

beforeEach(signedIn);
afterEach(() => {
  resetScreen();
  sessionStorage.clear();
});

const MBA = "a0000000-0000-4000-8000-000000000001";
const MUMBAI = "c0000000-0000-4000-8000-000000000001";
const SETUP = {
  success: true,
  "Academic Program": [{ id: MBA, name: "MBA", code: "MBA", terms: "[]" }],
  Campus: [{ id: MUMBAI, name: "Mumbai" }],
  Courses: [],
};

function intakeApi(answer: () => Response) {
  return fakeApi({
    "GET /api/salesforce/AcademicProgramsName": () => json(200, SETUP),
    "GET /api/salesforce/CampusHolidayFetching": () =>
      json(200, {
        success: true,
        holidays: [
          {
            id: "h0000000-0000-4000-8000-000000000001",
            intakeId: null,
            campusId: MUMBAI,
            campus: "Mumbai",
            name: "Diwali",
            kind: "Holiday",
            startDate: "01/11/2040",
            endDate: "01/11/2040",
            scope: "Campus",
            version: 1,
          },
        ],
      }),
    "POST /api/salesforce/createProgramBatchSpecialization": () => answer(),
  });
}

async function fillAndSubmit() {
  await screen.findByRole("option", { name: "MBA" }, { timeout: 10_000 });
  fireEvent.change(screen.getByLabelText(/Academic Program/), { target: { value: MBA } });
  fireEvent.change(screen.getByLabelText(/^Year/), { target: { value: "2040" } });
  expect(screen.getByRole("button", { name: "FILTER" })).toHaveProperty("disabled", true);
  fireEvent.change(screen.getByLabelText(/^Intake/), { target: { value: "DEC" } });
  fireEvent.click(screen.getByRole("button", { name: "FILTER" }));
  const dialog = await screen.findByRole("dialog", { name: "FILTER" });
  // An empty submit names the missing fields with the spec's message.
  fireEvent.click(within(dialog).getByRole("button", { name: "Submit" }));
  expect((await within(dialog).findAllByText("Field cannot be empty.")).length).toBeGreaterThan(0);
  fireEvent.change(within(dialog).getByLabelText(/Start date/), { target: { value: "2040-12-03" } });
  fireEvent.change(within(dialog).getByLabelText(/End date/), { target: { value: "2041-11-29" } });
  fireEvent.change(within(dialog).getByLabelText(/Select City/), { target: { value: MUMBAI } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Submit" }));
}

describe("Add Intake/Specialization", { timeout: 30_000 }, () => {
  it("creates the intake with its terms in one call and goes to the planner with the filters", async () => {
    const navigate = vi.fn();
    const { fetch, calls } = intakeApi(() =>
      json(201, {
        success: true,
        message: "Intake created",
        intakeId: "i0000000-0000-4000-8000-000000000001",
        programPlanId: "p0000000-0000-4000-8000-000000000001",
        batchName: "MBA DEC 2040 Mumbai",
        terms: [{ id: "t1", name: "Term 1", startDate: "03/12/2040", endDate: "01/06/2041", version: 1 }],
      }),
    );
    render(<AddIntake locale="en" search="" fetch={fetch} navigate={navigate} />);
    await fillAndSubmit();
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    const create = calls.find((c) => c.path.endsWith("createProgramBatchSpecialization"));
    expect(create?.body).toEqual({
      academicProgramId: MBA,
      campusId: MUMBAI,
      year: 2040,
      intake: "DEC",
      startDate: "03/12/2040",
      endDate: "29/11/2041",
      semesters: 2,
      totalSections: 1,
    });
    const target = new URL(String(navigate.mock.calls[0]?.[0]), "http://x");
    expect(target.pathname).toBe("/app/add-activity");
    expect(Object.fromEntries(target.searchParams)).toMatchObject({
      program: "MBA",
      year: "2040",
      intake: "DEC",
      city: "Mumbai",
      semester: "2",
      totalSection: "1",
    });
    expect(sessionStorage.getItem("programPlanId")).toBe("p0000000-0000-4000-8000-000000000001");
    expect(sessionStorage.getItem("academicTerm")).toBe("Term 1");
    // The confirmation waits for the planner, where it is read (shell/flash.ts), not shown here.
    expect(sessionStorage.getItem(FLASH_KEY)).toBe("Intake created");
    expect(screen.queryByText("Intake created")).toBeNull();
  });

  it("shows a refusal under the field the server names and stays, keeping what was typed", async () => {
    const navigate = vi.fn();
    const { fetch } = intakeApi(() =>
      json(400, {
        success: false,
        errorMessage: "The intake is shorter than one day per term",
        errorCode: "validation_failed",
        field: "endDate",
        rule: "too_short",
      }),
    );
    render(<AddIntake locale="en" search="" fetch={fetch} navigate={navigate} />);
    await fillAndSubmit();
    const dialog = screen.getByRole("dialog", { name: "FILTER" });
    const endDate = within(dialog).getByLabelText(/End date/);
    await waitFor(() =>
      expect(document.getElementById(endDate.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
        "The intake is shorter than one day per term",
      ),
    );
    expect(endDate).toHaveProperty("value", "2041-11-29");
    expect(within(dialog).getByLabelText(/Start date/)).toHaveProperty("value", "2040-12-03");
    expect(navigate).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(FLASH_KEY)).toBeNull();
  });

  it("shows a 409 (the intake exists) in the FILTER dialog and stays, keeping what was typed", async () => {
    const navigate = vi.fn();
    const { fetch } = intakeApi(() =>
      json(409, {
        success: false,
        errorMessage: "This intake exists already",
        errorCode: "duplicate_intake",
      }),
    );
    render(<AddIntake locale="en" search="" fetch={fetch} navigate={navigate} />);
    await fillAndSubmit();
    // The 409 is shown in the FILTER dialog as an alert (not a passing toast).
    const dialog = screen.getByRole("dialog", { name: "FILTER" });
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole("alert")
          .some((a) => a.textContent === "This intake exists already"),
      ).toBe(true),
    );
    expect(screen.getAllByText("This intake exists already")).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/Select City/)).toHaveProperty("value", MUMBAI);
  });

  it("keeps what was typed in FILTER when it is closed and opened again, and lists the chosen city's holidays", async () => {
    const { fetch } = intakeApi(() => json(500, { success: false, errorMessage: "not sent" }));
    render(<AddIntake locale="en" search="" fetch={fetch} navigate={vi.fn()} />);
    await screen.findByRole("option", { name: "MBA" }, { timeout: 10_000 });
    fireEvent.change(screen.getByLabelText(/Academic Program/), { target: { value: MBA } });
    fireEvent.change(screen.getByLabelText(/^Year/), { target: { value: "2040" } });
    fireEvent.change(screen.getByLabelText(/^Intake/), { target: { value: "DEC" } });
    fireEvent.click(screen.getByRole("button", { name: "Holiday List" }));
    expect(await screen.findByText("Select a city in FILTER to see its holidays.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "FILTER" }));
    let dialog = await screen.findByRole("dialog", { name: "FILTER" });
    fireEvent.change(within(dialog).getByLabelText(/Start date/), { target: { value: "2040-12-03" } });
    fireEvent.change(within(dialog).getByLabelText(/Select City/), { target: { value: MUMBAI } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "FILTER" })).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "FILTER" }));
    dialog = await screen.findByRole("dialog", { name: "FILTER" });
    expect(within(dialog).getByLabelText(/Start date/)).toHaveProperty("value", "2040-12-03");
    expect(within(dialog).getByLabelText(/Select City/)).toHaveProperty("value", MUMBAI);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "FILTER" })).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Holiday List" }));
    expect(await screen.findByText(/Diwali/)).toBeTruthy();
  });
});
