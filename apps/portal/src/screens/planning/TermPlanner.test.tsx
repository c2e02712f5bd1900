import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json, serverFirstQueries, TEST_CONFIG } from "../../shell/test-api.ts";
import { resetScreen, signedIn } from "../kit/test-support.tsx";
import TermPlanner, { termPlannerFirstQuery } from "./TermPlanner.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

const PROGRAMME = { id: "f1000000-0000-4000-8000-000000000001", name: "MBA", code: "MBA", terms: "[]" };
const TERM_ID = "a2000000-0000-4000-8000-000000000002";
const SETUP = { success: true, "Academic Program": [PROGRAMME], Campus: [], Courses: [] };
const PLANNER = {
  success: true,
  message: "",
  intakeId: "b1000000-0000-4000-8000-000000000001",
  batchName: "MBA 2026 Mumbai",
  terms: [
    {
      termId: TERM_ID,
      termName: "Term 2",
      startDate: "01/11/2026",
      endDate: "28/02/2027",
      version: 1,
      activities: [
        {
          id: "a0000000-0000-4000-8000-000000000001",
          weekNo: 1,
          activity: "Orientation",
          activityType: "Other",
          subject: "",
          courseVersionId: null,
          faculty: "",
          facultyId: null,
          startDate: "01/11/2026",
          endDate: "07/11/2026",
          durationInWeeks: 1,
          isReference: false,
          version: 1,
        },
      ],
      sectionActivities: [],
    },
  ],
};

function plannerApi(save: (body: unknown) => Response) {
  return fakeApi({
    "GET /api/salesforce/AcademicProgramsName": () => json(200, SETUP),
    "GET /api/salesforce/AcademicPlannerData": () => json(200, PLANNER),
    "POST /api/salesforce/createAcademicPlannerActivity": (_r, body) => save(body),
  });
}

const SEARCH = "?program=MBA&intake=JUL&year=2026";

describe("TermPlanner (spec §2 Term Academic Planner)", { timeout: 30_000 }, () => {
  it("keeps Master Term Import, Clone and Next disabled until programme, intake and year are set", async () => {
    const { fetch } = plannerApi(() => json(500, {}));
    render(<TermPlanner locale="en" search="?program=MBA" fetch={fetch} navigate={vi.fn()} />);
    expect(await screen.findByText("Choose the academic program, year and intake.")).toBeTruthy();
    for (const name of ["Master Term Import", "Clone", "Next"]) {
      expect((screen.getByRole("button", { name }) as HTMLButtonElement).disabled).toBe(true);
    }
  });

  it("renders the server's first query: a card per term with Term Start and End and its activities", async () => {
    const { fetch, calls } = plannerApi(() => json(500, {}));
    const firstQueries = await serverFirstQueries(fetch, `/app/add-activity${SEARCH}`, termPlannerFirstQuery);
    const before = calls.length;
    render(
      <TermPlanner
        locale="en"
        search={SEARCH}
        fetch={fetch}
        navigate={vi.fn()}
        signedIn
        config={TEST_CONFIG}
        firstQueries={firstQueries}
      />,
    );
    expect(screen.getByText(/Term Start: 01-11-2026/)).toBeTruthy();
    const table = screen.getByRole("table", { name: "Activities of Term 2" });
    expect(within(table).getByText("Orientation")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Master Term Import" }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(screen.getByRole("link", { name: "Next" }).getAttribute("href")).toBe(
      `/app/current-programmes/${PLANNER.intakeId}/details`,
    );
    await waitFor(() => expect(calls.slice(before).filter((c) => c.path !== "/api/config")).toEqual([]));
  });

  it("adds an activity with DD/MM/YYYY dates; a refusal says 'Failed to add. Please try again.' and keeps the row, the reason under End Date", async () => {
    const bodies: unknown[] = [];
    const { fetch } = plannerApi((body) => {
      bodies.push(body);
      return bodies.length === 1
        ? json(400, {
            success: false,
            errorMessage: "Cannot exceed 28-02-2027",
            errorCode: "validation_failed",
            field: "AcademicPlannerActivity.activityEndDate",
            rule: "term_end",
            params: { max: "2027-02-28" },
          })
        : json(200, { success: true, message: "Activity added", id: "n1", version: 1 });
    });
    render(<TermPlanner locale="en" search={SEARCH} fetch={fetch} navigate={vi.fn()} />);
    fireEvent.click(await screen.findByRole("button", { name: "Add Activity" }));
    const table = screen.getByRole("table", { name: "Activities of Term 2" });
    fireEvent.change(within(table).getByLabelText(/^Activity/), { target: { value: "Guest lecture" } });
    fireEvent.change(within(table).getByLabelText(/^Start Date/), { target: { value: "2026-11-10" } });
    // Without an end date the row is not sent: the activity's required fields come first (§5).
    fireEvent.click(within(table).getByRole("button", { name: "Save" }));
    expect(await within(table).findByText("Field cannot be empty.")).toBeTruthy();
    expect(bodies).toEqual([]);
    fireEvent.change(within(table).getByLabelText(/^End Date/), { target: { value: "2027-03-02" } });
    fireEvent.click(within(table).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Failed to add. Please try again.")).toBeTruthy();
    expect(bodies[0]).toMatchObject({
      AcademicPlannerActivity: {
        termId: TERM_ID,
        academicPlannerActivityName: "Guest lecture",
        activityStartDate: "10/11/2026",
        activityEndDate: "02/03/2027",
        isReference: false,
      },
    });
    // The row is still open with what was typed; the reason is End Date's own message.
    const end = within(table).getByLabelText(/^End Date/);
    expect(end).toHaveProperty("value", "2027-03-02");
    expect(within(table).getByLabelText(/^Activity/)).toHaveProperty("value", "Guest lecture");
    expect(document.getElementById(end.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Cannot exceed 28-02-2027",
    );
    // Put right and saved: the row closes and the term's card confirms it.
    fireEvent.change(end, { target: { value: "2026-11-12" } });
    expect(within(table).queryByText("Cannot exceed 28-02-2027")).toBeNull();
    fireEvent.click(within(table).getByRole("button", { name: "Save" }));
    expect((await screen.findByText("Activity added")).getAttribute("role")).toBe("status");
    expect(within(table).queryByRole("button", { name: "Save" })).toBeNull();
    expect(screen.queryByText("Failed to add. Please try again.")).toBeNull();
  }, 30_000);
});
