import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations, resetScreen, signedIn } from "../../kit/test-support.tsx";
import ExamTimetableDetails from "./ExamTimetableDetails.tsx";
import { examApi, json, ROW_MKT } from "./test-support.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

function renderDetails(fetch: (request: Request) => Promise<Response>, examId: string) {
  return render(<ExamTimetableDetails locale="en" examId={examId} fetch={fetch} navigate={vi.fn()} />);
}

const saves = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === "POST" && c.path === "/api/salesforce/TimeTable");
const field = (name: string) =>
  screen.getByLabelText(`${name}, Marketing Management (B, MBA 2025)`) as HTMLInputElement;

describe("ExamTimetableDetails", () => {
  it("shows the exam's facts, one editable row, Back, Save and the seating plan link", async () => {
    const { fetch } = examApi();
    const { container } = renderDetails(fetch, ROW_MKT.id);
    const table = await screen.findByRole("table", { name: "The exam's timetable row" });
    expect(within(table).getAllByRole("row")).toHaveLength(2);
    expect(field("Date of exam").value).toBe("2026-11-25");
    expect(field("Start time").value).toBe("14:30");
    expect(field("Duration (minutes)").value).toBe("180");
    expect(field("Exam type").value).toBe("EndTerm");
    expect(field("Venue").value).toBe("Main hall");
    expect(field("Student faculty ratio").value).toBe("30:1");
    expect(screen.getByText("MKT201 · B · Nov 2026 End Term")).toBeTruthy();
    expect(screen.getByText("Seated / students").parentElement?.textContent).toBe("Seated / students40 / 42");
    expect(screen.getByText("Invigilators assigned / needed").parentElement?.textContent).toBe(
      "Invigilators assigned / needed1 / 2",
    );
    expect(screen.getByRole("link", { name: "Back" }).getAttribute("href")).toBe("/app/exams/ExamSetup");
    expect(screen.getByRole("link", { name: "Seating Plan" }).getAttribute("href")).toBe(
      `/app/exam/seatingPlan/${ROW_MKT.id}`,
    );
    expect(screen.getByRole("button", { name: "Save" })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it("saves the row, shows the server's message and reloads it", async () => {
    const { fetch, calls } = examApi();
    renderDetails(fetch, ROW_MKT.id);
    await screen.findByRole("table", { name: "The exam's timetable row" });
    fireEvent.change(field("Start time"), { target: { value: "09:30" } });
    fireEvent.change(field("Duration (minutes)"), { target: { value: "150" } });
    fireEvent.change(field("Venue"), { target: { value: "Block C" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Exam timetable saved")).toBeTruthy();
    expect(saves(calls)[0]?.body).toEqual([
      {
        id: ROW_MKT.id,
        duration: 150,
        dateOfExam: "2026-11-25",
        timeOfExam: "09:30",
        examType: "EndTerm",
        venue: "Block C",
        studentFacultyRatio: "30:1",
        sendEmail: false,
        version: 1,
      },
    ]);
    // Reloaded from the server (a second GET), showing what was saved.
    await waitFor(() =>
      expect(calls.filter((c) => c.path === `/api/sf/exam/getExamSetupSPJ/${ROW_MKT.id}`)).toHaveLength(2),
    );
    await waitFor(() => expect(field("Duration (minutes)").value).toBe("150"));
    expect(field("Start time").value).toBe("09:30");
    expect(field("Venue").value).toBe("Block C");
  });

  it("keeps what was typed when the save is refused, with the server's message as a toast and under the field", async () => {
    const refusal =
      "The date of exam must fall within the exam cycle Nov 2026 End Term (16-11-2026 to 28-11-2026)";
    const { fetch, calls } = examApi({
      refuse: () =>
        json(400, {
          success: false,
          errorMessage: refusal,
          errorCode: "validation_failed",
          field: "0.dateOfExam",
          rule: "exam_cycle",
        }),
    });
    renderDetails(fetch, ROW_MKT.id);
    await screen.findByRole("table", { name: "The exam's timetable row" });
    fireEvent.change(field("Date of exam"), { target: { value: "2026-12-30" } });
    fireEvent.change(field("Duration (minutes)"), { target: { value: "100" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.getAllByText(refusal).length).toBe(2));
    expect(field("Date of exam").getAttribute("aria-invalid")).toBe("true");
    expect(field("Date of exam").value).toBe("2026-12-30");
    expect(field("Duration (minutes)").value).toBe("100");
    expect(saves(calls)).toHaveLength(1);
  });

  it("checks the row before sending", async () => {
    const { fetch, calls } = examApi();
    renderDetails(fetch, ROW_MKT.id);
    await screen.findByRole("table", { name: "The exam's timetable row" });
    fireEvent.change(field("Start time"), { target: { value: "" } });
    fireEvent.change(field("Duration (minutes)"), { target: { value: "12.5" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Enter a time such as 09:30")).toBeTruthy();
    expect(screen.getByText("Enter a whole number of minutes from 15 to 600")).toBeTruthy();
    expect(saves(calls)).toEqual([]);
  });

  it("says so when the exam does not exist or none was chosen", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { fetch } = examApi();
    renderDetails(fetch, "e0000000-0000-4000-8000-00000000dead");
    expect((await screen.findByRole("alert")).textContent).toContain("An error occurred: No such exam");
    expect(screen.getByRole("link", { name: "Back" }).getAttribute("href")).toBe("/app/exams/ExamSetup");
    resetScreen();
    signedIn();
    renderDetails(fetch, "");
    expect((await screen.findByRole("alert")).textContent).toContain("No exam was chosen.");
    quiet.mockRestore();
  });
});
