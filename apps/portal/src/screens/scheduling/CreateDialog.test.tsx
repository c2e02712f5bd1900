import type { SchedulerData } from "@portal/api-client";
import type { SchedulerEventForm } from "@portal/domain";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IslandRoot } from "../../shell/IslandRoot.tsx";
import { fakeApi, json } from "../../shell/test-api.ts";
import { resetScreen, signedIn } from "../kit/test-support.tsx";
import { CreateDialog } from "./CreateDialog.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

const TERM = "a2000000-0000-4000-8000-000000000002";
const DATA = {
  faculty: [],
  facilities: [],
  courseVersions: [{ id: "s1", courseName: "Business Law", courseOffering: [] }],
} as unknown as SchedulerData;
const REFERENCE: SchedulerEventForm = {
  kind: "reference",
  sessionName: "",
  examType: "",
  courseVersionId: "s1",
  courseOfferingId: "",
  faculty1: "",
  faculty2: "",
  faculty3: "",
  facilityId: "",
  startDate: "2027-01-26",
  startTime: "",
  endDate: "2027-01-26",
  endTime: "",
};

function openDialog(answer: () => Response) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  const { fetch, calls } = fakeApi({ "POST /api/salesforce/createFacilityFacultyBooking": answer });
  render(
    <IslandRoot locale="en" fetch={fetch} navigate={vi.fn()}>
      <CreateDialog
        initial={REFERENCE}
        replaces={null}
        termId={TERM}
        data={DATA}
        onClose={onClose}
        onSaved={onSaved}
      />
    </IslandRoot>,
  );
  return { onSaved, onClose, calls };
}

describe("the scheduler's create dialog", { timeout: 30_000 }, () => {
  it("shows a holiday refusal under Start date, the day DD-MM-YYYY, and keeps the dialog with what was typed", async () => {
    const { onSaved, onClose } = openDialog(() =>
      json(400, {
        success: false,
        errorMessage: "26-01-2027 is a holiday",
        errorCode: "validation_failed",
        field: "FacilityFacultyBooking.startDate",
        rule: "holiday",
        params: { date: "2027-01-26" },
      }),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Create" }));
    expect(await screen.findByText("Error saving details")).toBeTruthy();
    const start = screen.getByLabelText("Start Date");
    await waitFor(() =>
      expect(document.getElementById(start.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
        "26-01-2027 is a holiday",
      ),
    );
    expect(start).toHaveProperty("value", "2027-01-26");
    expect(onSaved).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("confirms 'Created Successfully' and hands the saved day to the calendar", async () => {
    const { onSaved, onClose } = openDialog(() =>
      json(200, { success: true, message: "Created Successfully", ids: ["x"], version: 1 }),
    );
    fireEvent.change(await screen.findByLabelText("Start Date"), { target: { value: "2027-02-03" } });
    fireEvent.change(screen.getByLabelText("End Date"), { target: { value: "2027-02-03" } });
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findByText("Created Successfully")).toBeTruthy();
    expect(onSaved).toHaveBeenCalledWith("2027-02-03");
    expect(onClose).toHaveBeenCalled();
  });
});

describe("the exam planner's one create dialog", { timeout: 30_000 }, () => {
  const WITH_CHOICES = {
    faculty: [{ id: "f1", facultyName: "Meera Iyer" }],
    facilities: [{ id: "r1", facilityName: "Hall 1", facilityCapacity: 120 }],
    courseVersions: [
      { id: "s1", courseName: "Business Law", courseOffering: [{ id: "o1", courseSectionId: "A" }] },
    ],
  } as unknown as SchedulerData;
  const SELECTED: SchedulerEventForm = {
    ...REFERENCE,
    kind: "exam",
    courseVersionId: "",
    startTime: "10:00",
    endTime: "12:00",
    facilityId: "r1",
  };

  it("opens a timed range as Create Exam with its dates, times and room; switching to a reference and back keeps them; Create books the exam", async () => {
    const { fetch, calls } = fakeApi({
      "POST /api/salesforce/createFacilityFacultyBooking": () => json(201, { success: true, events: [] }),
    });
    render(
      <IslandRoot locale="en" fetch={fetch} navigate={vi.fn()}>
        <CreateDialog
          initial={SELECTED}
          replaces={null}
          examOrReference
          termId={TERM}
          data={WITH_CHOICES}
          onClose={vi.fn()}
        />
      </IslandRoot>,
    );
    await screen.findByRole("dialog", { name: "Create Exam" });
    expect((screen.getByLabelText("Start Time") as HTMLInputElement).value).toBe("10:00");
    expect((screen.getByLabelText("End Time") as HTMLInputElement).value).toBe("12:00");
    expect((screen.getByRole("combobox", { name: "Facility" }) as HTMLSelectElement).value).toBe("r1");

    fireEvent.click(screen.getByRole("radio", { name: "Exam Reference" }));
    await screen.findByRole("dialog", { name: "Exam Reference" });
    expect(screen.queryByLabelText("Start Time")).toBeNull();
    fireEvent.change(screen.getByRole("combobox", { name: "Subject" }), { target: { value: "s1" } });
    fireEvent.click(screen.getByRole("radio", { name: "Create Exam" }));
    await screen.findByRole("dialog", { name: "Create Exam" });
    expect((screen.getByLabelText("Start Time") as HTMLInputElement).value).toBe("10:00");
    expect((screen.getByRole("combobox", { name: "Facility" }) as HTMLSelectElement).value).toBe("r1");
    expect((screen.getByRole("combobox", { name: "Subject" }) as HTMLSelectElement).value).toBe("s1");

    fireEvent.change(screen.getByRole("combobox", { name: "Type of Exam" }), {
      target: { value: "EndTerm" },
    });
    fireEvent.change(screen.getByRole("combobox", { name: "Section" }), { target: { value: "o1" } });
    fireEvent.change(screen.getByRole("combobox", { name: "Faculty 1" }), { target: { value: "f1" } });
    fireEvent.click(screen.getByRole("button", { name: /^Create$/ }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === "/api/salesforce/createFacilityFacultyBooking")).toHaveLength(1),
    );
    const sent = calls.find((c) => c.path === "/api/salesforce/createFacilityFacultyBooking")?.body as {
      FacilityFacultyBooking: Record<string, unknown>;
    };
    expect(sent.FacilityFacultyBooking).toMatchObject({
      activityType: "exam",
      examType: "EndTerm",
      courseOfferingId: "o1",
      facilityId: "r1",
      facultyId: "f1",
    });
  });
});
