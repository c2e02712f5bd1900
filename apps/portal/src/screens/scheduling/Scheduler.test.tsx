import type { PlannerEvent } from "@portal/api-client";
import { SCHEDULING_MESSAGES } from "@portal/domain";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IslandRoot } from "../../shell/IslandRoot.tsx";
import { fakeApi, json, serverFirstQueries } from "../../shell/test-api.ts";
import { resetScreen, signedIn } from "../kit/test-support.tsx";
import Scheduler, { schedulerFirstQuery, ViewDetails } from "./Scheduler.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

const TERM = "a2000000-0000-4000-8000-000000000002";
const FILTERS = {
  success: true,
  programs: [
    { id: "p1", name: "EMBA", code: "EMBA" },
    { id: "p2", name: "GMBA", code: "GMBA" },
  ],
  intakeId: "i1",
  campusId: "c1",
  terms: [{ TermRecordId: TERM, Semester: "Term 2", startDate: "2026-11-01", endDate: "2027-02-28" }],
};

const EVENT: PlannerEvent = {
  id: "e0000000-0000-4000-8000-000000000001",
  eventType: "reference",
  activity: "Reference",
  examType: null,
  startDate: "2026-11-16T00:00:00.000Z",
  endDate: "2026-11-17T00:00:00.000Z",
  startTime: "05:30",
  endTime: "05:30",
  FacilityBooking: null,
  FacultyBooking: [],
  SubjectPlanner: {
    courseVersionId: "s1",
    courseOfferingId: null,
    courseName: "Business Law",
    courseOfferingSectionId: "Unassigned",
  },
  academicPlannerActivityId: null,
  faculty1Id: null,
  faculty1Name: null,
  faculty2Id: null,
  faculty2Name: null,
  faculty3Id: null,
  faculty3Name: null,
  subjectId: "s1",
  courseOfferingId: null,
  courseId: "c1",
  version: 3,
};

function details(
  today: string,
  onEdit = vi.fn(),
  route = () => json(200, { success: true, message: "Deleted successfully" }),
) {
  const { fetch, calls } = fakeApi({ "POST /api/salesforce/createFacilityFacultyBooking": route });
  render(
    <IslandRoot locale="en" fetch={fetch} navigate={vi.fn()}>
      <ViewDetails event={EVENT} today={today} onClose={vi.fn()} onEdit={onEdit} onCreateExam={vi.fn()} />
    </IslandRoot>,
  );
  return calls;
}

describe("View Details (spec Exam planning scheduler)", { timeout: 30_000 }, () => {
  it("shows N/A for what the event lacks, the reference's day, and Create Exam", async () => {
    details("2026-11-15");
    const dialog = await screen.findByRole("dialog", { name: "View Details" });
    expect(within(dialog).getAllByText("N/A")).toHaveLength(3); // section, faculty, facility
    expect(within(dialog).getByText("Business Law")).toBeTruthy();
    expect(within(dialog).getAllByText("16-11-2026")).toHaveLength(2);
    expect(within(dialog).queryByText("Start Time")).toBeNull();
    expect(within(dialog).getByRole("button", { name: "Create Exam" })).toBeTruthy();
  });
  it.each([
    ["2026-11-15", true],
    ["2026-11-16", false],
    ["2026-12-01", false],
  ])("today %s: Edit offered %s (only after today)", async (today, offered) => {
    details(today);
    const dialog = await screen.findByRole("dialog", { name: "View Details" });
    expect(within(dialog).queryByRole("button", { name: "Edit" }) !== null).toBe(offered);
  });
  it("deletes after the confirmation 'Are you sure you want to delete {activity} ?'", async () => {
    const calls = details("2026-11-15");
    const dialog = await screen.findByRole("dialog", { name: "View Details" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Are you sure you want to delete Reference ?")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Yes" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST")?.body).toEqual({
        Operation: "Delete",
        FacilityFacultyBooking: { id: EVENT.id, version: 3 },
      }),
    );
    expect(await screen.findByText("Deleted successfully")).toBeTruthy();
  });
  it("a refused delete says 'Error saving details'", async () => {
    details("2026-11-15", vi.fn(), () => json(409, { success: false, errorMessage: "changed" }));
    const dialog = await screen.findByRole("dialog", { name: "View Details" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    fireEvent.click(await screen.findByRole("button", { name: "Yes" }));
    expect(await screen.findByText("Error saving details")).toBeTruthy();
    const shown = await screen.findByRole("dialog", { name: "View Details" });
    expect(within(shown).getByRole("alert").textContent).toBe("changed");
  });
  it("a delete refused because the exam office has worked on the exam says so in the catalogue's words", async () => {
    details("2026-11-15", vi.fn(), () =>
      json(409, { success: false, errorMessage: "in use", errorCode: "exam_in_use" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "View Details" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    fireEvent.click(await screen.findByRole("button", { name: "Yes" }));
    const shown = await screen.findByRole("dialog", { name: "View Details" });
    await waitFor(() =>
      expect(within(shown).getByRole("alert").textContent).toBe(SCHEDULING_MESSAGES.examInUse),
    );
  });
});

describe("the scheduler's filters (spec §4 reset rules)", { timeout: 30_000 }, () => {
  const api = () =>
    fakeApi({
      "GET /api/salesforce/SchedulerFilterData": () => json(200, FILTERS),
      "GET /api/salesforce/SchedulerData": () =>
        json(500, { success: false, errorMessage: "Internal server error" }),
    });
  it("changing the program clears year, intake and term; without a term it asks for one", async () => {
    const { fetch } = api();
    render(
      <Scheduler
        locale="en"
        variant="scheduler"
        search="?program=EMBA&year=2026&intake=JAN"
        fetch={fetch}
        navigate={vi.fn()}
      />,
    );
    const year = (await screen.findByRole("combobox", { name: "Year" })) as HTMLSelectElement;
    await waitFor(() => expect(year.value).toBe("2026"));
    expect(
      screen.getByText("Choose Academic Program, Year, Intake and Term to see the calendar."),
    ).toBeTruthy();
    fireEvent.change(screen.getByRole("combobox", { name: "Academic Program" }), {
      target: { value: "GMBA" },
    });
    await waitFor(() => expect(year.value).toBe(""));
    expect((screen.getByRole("combobox", { name: "Intake" }) as HTMLSelectElement).value).toBe("");
    expect((screen.getByRole("combobox", { name: "Term" }) as HTMLSelectElement).value).toBe("");
  });
  it("the page's first query reads the filters, and the term's load when the address names one", async () => {
    const { fetch, calls } = api();
    await serverFirstQueries(
      fetch,
      "/app/exam/examPlanner?program=EMBA&year=2026&intake=JAN",
      schedulerFirstQuery("exam"),
    );
    expect(calls.map((c) => c.path)).toEqual(["/api/salesforce/SchedulerFilterData"]);
    const withTerm = fakeApi({ "GET /api/salesforce/SchedulerFilterData": () => json(200, FILTERS) });
    await serverFirstQueries(
      withTerm.fetch,
      `/app/full-calendar?programName=EMBA&intake=JAN&year=2026&id=${TERM}`,
      schedulerFirstQuery("full"),
    );
    expect(withTerm.calls.map((c) => c.path)).toEqual([
      "/api/salesforce/SchedulerFilterData",
      "/api/salesforce/SchedulerData",
    ]);
  });
});
