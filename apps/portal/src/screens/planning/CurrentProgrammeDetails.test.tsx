import { render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json } from "../../shell/test-api.ts";
import { resetScreen, signedIn } from "../kit/test-support.tsx";
import CurrentProgrammeDetails from "./CurrentProgrammeDetails.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

const INTAKE = "90000000-0000-4000-8000-000000000001";
const subject = (id: string, name: string, classRoom: string) => ({
  courseVersionId: id,
  subject: name,
  courseRecordId: "b0000000-0000-4000-8000-000000000001",
  credits: 3,
  startDate: "01/07/2026",
  endDate: "30/11/2026",
  faculty: "Asha Rao",
  classRoom,
  sessionsHeld: 3,
  sessionsPlanned: 10,
  status: 30,
  statusLabel: "Ongoing",
  holiday: "",
  startTime: null as string | null,
  endTime: null as string | null,
  timeZone: null as string | null,
  version: 1,
});

function detailsApi() {
  return fakeApi({
    "GET /api/salesforce/CurrentProgrammeDetails": () =>
      json(200, {
        success: true,
        programme: {
          id: INTAKE,
          programName: "MBA",
          batchName: "MBA 2026 Mumbai",
          campus: "Mumbai",
          intake: "JUL",
          year: 2026,
        },
        terms: [
          {
            termId: "t0000000-0000-4000-8000-000000000001",
            termName: "Term 1",
            startDate: "01/07/2026",
            endDate: "30/11/2026",
            version: 1,
            subjects: [
              subject(
                "d0000000-0000-4000-8000-000000000001",
                "Business Statistics",
                "A: MUM-R101, B: MUM-R102",
              ),
              {
                ...subject("d0000000-0000-4000-8000-000000000002", "Marketing", ""),
                startTime: "09:30",
                endTime: "10:45",
                timeZone: "Asia/Kolkata",
              },
            ],
            workshops: [
              {
                id: "w0000000-0000-4000-8000-000000000001",
                subject: "Marketing",
                startDate: "10/08/2026",
                endDate: "11/08/2026",
                section: "A",
                faculty: "Asha Rao",
                classRoom: "MUM-R103",
                startTime: "14:00",
                endTime: "17:00",
                timeZone: "Asia/Kolkata",
                facility: "Seminar Hall",
                version: 1,
              },
              {
                id: "w0000000-0000-4000-8000-000000000002",
                subject: "Business Statistics",
                startDate: "12/08/2026",
                endDate: "12/08/2026",
                section: "B",
                faculty: "Asha Rao",
                classRoom: "",
                startTime: null,
                endTime: null,
                timeZone: null,
                facility: null,
                version: 1,
              },
            ],
          },
        ],
      }),
    "GET /api/salesforce/AcademicCalendar": () => json(200, { success: true, entries: [], terms: [] }),
  });
}

describe("Current programme details (spec §2 Current Programmes, class room column)", {
  timeout: 30_000,
}, () => {
  it("shows the class rooms chosen for the sections, 'No class room' where none is, and the first session's times or 'Not scheduled'", async () => {
    const { fetch } = detailsApi();
    render(
      <CurrentProgrammeDetails locale="en" search="" intakeId={INTAKE} fetch={fetch} navigate={vi.fn()} />,
    );
    const table = await screen.findByRole("table", { name: "Subjects of Term 1" }, { timeout: 10_000 });
    const rows = within(table).getAllByRole("row");
    const statistics = rows.find((r) => r.textContent?.includes("Business Statistics")) as HTMLElement;
    const marketing = rows.find((r) => r.textContent?.includes("Marketing")) as HTMLElement;
    expect(within(statistics).getByRole("cell", { name: "A: MUM-R101, B: MUM-R102" })).toBeTruthy();
    expect(within(marketing).getByRole("cell", { name: "No class room" })).toBeTruthy();
    expect(within(statistics).getAllByRole("cell", { name: "Not scheduled" })).toHaveLength(3);
    expect(within(marketing).queryAllByRole("cell", { name: "Not scheduled" })).toHaveLength(0);
    for (const shown of ["09:30", "10:45", "Asia/Kolkata"]) {
      expect(within(marketing).getByRole("cell", { name: shown })).toBeTruthy();
    }
    const workshops = screen.getByRole("table", { name: "WorkShops of Term 1" });
    const booked = within(workshops).getByRole("row", { name: /Marketing \(A\)/ });
    for (const shown of ["MUM-R103", "14:00", "17:00", "Asia/Kolkata", "Seminar Hall"]) {
      expect(within(booked).getByRole("cell", { name: shown })).toBeTruthy();
    }
    const unbooked = within(workshops).getByRole("row", { name: /Business Statistics \(B\)/ });
    expect(within(unbooked).getAllByRole("cell", { name: "Not scheduled" })).toHaveLength(4);
  });
});
