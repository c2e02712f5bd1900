import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations, resetScreen, signedIn } from "../kit/test-support.tsx";
import RetestStudents from "./RetestStudents.tsx";
import { COURSE_ID, EXAM_ID, retestRow, revaluationApi, TERM_ID } from "./test-support.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

function renderList(fetch: (request: Request) => Promise<Response>) {
  return render(
    <RetestStudents
      examId={EXAM_ID}
      locale="en"
      search=""
      config={null}
      signedIn
      firstQueries={null}
      fetch={fetch}
      navigate={vi.fn()}
    />,
  );
}

const creates = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === "POST" && c.path === "/api/salesforce/CreateRetest");

describe("RetestStudents", () => {
  it("shows student name, marks, reason and action; Revert restores the action", async () => {
    const { fetch, calls } = revaluationApi({
      retests: [
        retestRow(),
        retestRow({ id: "q2", StudentName: "Anil Kapoor", RevalAccept: "Pending", state: "Pending" }),
      ],
    });
    const { container } = renderList(fetch);
    const table = await screen.findByRole("table", { name: "Students who asked" });
    const rohan = await within(table).findByRole("row", { name: /Rohan Das/ });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Select", "Student Name", "Marks", "Reason", "Action", "Edit"]);
    expect(within(rohan).getByText("12.00 / 60")).toBeTruthy();
    fireEvent.click(within(rohan).getByRole("button", { name: "Edit the request of Rohan Das" }));
    const action = screen.getByRole("combobox", { name: "Action for Rohan Das" }) as HTMLSelectElement;
    expect([...action.options].map((o) => o.textContent)).toEqual(["Accept", "Pending", "Reject"]);
    fireEvent.change(action, { target: { value: "Reject" } });
    fireEvent.click(screen.getByRole("button", { name: "Revert the request of Rohan Das" }));
    expect(screen.queryByRole("combobox", { name: "Action for Rohan Das" })).toBeNull();
    expect(within(rohan).getByText("Accept")).toBeTruthy();
    expect(calls.filter((c) => c.method === "PATCH")).toEqual([]);
    await expectNoAxeViolations(container);
  });

  it("the Create Retest Exam dialog refuses empty fields, then creates the exam for the selected student", async () => {
    const { fetch, calls } = revaluationApi();
    renderList(fetch);
    const table = await screen.findByRole("table", { name: "Students who asked" });
    fireEvent.click(
      await within(table).findByRole("checkbox", { name: "Select Rohan Das for the retest exam" }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Create Retest Exam" }));
    // The form shows once its options have arrived.
    await screen.findByLabelText(/^Exam cycle/);
    const dialog = screen.getByRole("dialog", { name: "Create Retest Exam" });
    // Term, course and batch come from the list; the fixed values are shown.
    expect((within(dialog).getByLabelText(/^Term/) as HTMLSelectElement).value).toBe(TERM_ID);
    expect((within(dialog).getByLabelText(/^Course/) as HTMLSelectElement).value).toBe(COURSE_ID);
    expect((within(dialog).getByLabelText(/^Time zone/) as HTMLInputElement).value).toBe("Asia/Kolkata");
    expect((within(dialog).getByLabelText(/^Student to faculty ratio/) as HTMLInputElement).value).toBe(
      "50:30",
    );
    const durations = within(dialog).getByLabelText(/^Duration/) as HTMLSelectElement;
    expect([...durations.options].map((o) => o.value)).toEqual([
      "30",
      "60",
      "90",
      "120",
      "150",
      "180",
      "210",
      "240",
      "270",
      "300",
    ]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    await waitFor(() => expect(within(dialog).getAllByText("Field cannot be empty.")).toHaveLength(3));
    expect(creates(calls)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/^Exam cycle/), { target: { value: "Dec 2026 Retest" } });
    fireEvent.change(within(dialog).getByLabelText(/^Date of exam/), { target: { value: "2026-12-10" } });
    fireEvent.change(within(dialog).getByLabelText(/^Start time/), { target: { value: "14:30" } });
    fireEvent.change(durations, { target: { value: "90" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    await waitFor(() => expect(creates(calls)).toHaveLength(1));
    expect(creates(calls)[0]?.body).toEqual([
      {
        term: TERM_ID,
        course: COURSE_ID,
        batch: "MBA 2025",
        examCycle: "Dec 2026 Retest",
        dateOfExam: "2026-12-10",
        startTimeOfExam: "14:30",
        duration: 90,
        examType: "ReTest",
        examTimeZone: "Asia/Kolkata",
        studentFacultyRatio: "50:30",
        examMode: "offline",
        requestIds: ["q1000000-0000-4000-8000-000000000001"],
      },
    ]);
    expect(await screen.findByText("Retest Exam Created Successfully")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Create Retest Exam" })).toBeNull());
  });

  it("a date outside the exam cycle is refused under Date of exam, the cycle's dates DD-MM-YYYY, and the dialog keeps what was typed", async () => {
    const { fetch, calls } = revaluationApi({
      refuse: (path) =>
        path === "createRetest"
          ? new Response(
              JSON.stringify({
                success: false,
                errorMessage: "dateOfExam must be within the cycle, 07-12-2026 to 19-12-2026",
                errorCode: "validation_failed",
                field: "0.dateOfExam",
                rule: "within_cycle",
                params: { min: "2026-12-07", max: "2026-12-19" },
              }),
              { status: 400, headers: { "content-type": "application/json" } },
            )
          : undefined,
    });
    renderList(fetch);
    const table = await screen.findByRole("table", { name: "Students who asked" });
    fireEvent.click(
      await within(table).findByRole("checkbox", { name: "Select Rohan Das for the retest exam" }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Create Retest Exam" }));
    await screen.findByLabelText(/^Exam cycle/);
    const dialog = screen.getByRole("dialog", { name: "Create Retest Exam" });
    fireEvent.change(within(dialog).getByLabelText(/^Exam cycle/), { target: { value: "Dec 2026 Retest" } });
    fireEvent.change(within(dialog).getByLabelText(/^Date of exam/), { target: { value: "2027-01-10" } });
    fireEvent.change(within(dialog).getByLabelText(/^Start time/), { target: { value: "14:30" } });
    fireEvent.change(within(dialog).getByLabelText(/^Duration/), { target: { value: "90" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    await waitFor(() => expect(creates(calls)).toHaveLength(1));
    const date = within(dialog).getByLabelText(/^Date of exam/);
    await waitFor(() =>
      expect(document.getElementById(date.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
        "Date of exam must be within the exam cycle (07-12-2026 to 19-12-2026)",
      ),
    );
    expect(date).toHaveProperty("value", "2027-01-10");
    expect(within(dialog).getByLabelText(/^Start time/)).toHaveProperty("value", "14:30");
    expect(screen.getByRole("dialog", { name: "Create Retest Exam" })).toBeTruthy();
  });

  it("a scheduled request's Edit is off with the reason as its title; a rejected one may still change", async () => {
    const { fetch } = revaluationApi({
      retests: [
        retestRow({ state: "Scheduled", RevalAccept: "Accept", retestExamId: "x1" }),
        retestRow({ id: "q2", StudentName: "Anil Kapoor", RevalAccept: "Reject", state: "Reject" }),
      ],
    });
    renderList(fetch);
    const table = await screen.findByRole("table", { name: "Students who asked" });
    const rohan = await within(table).findByRole("row", { name: /Rohan Das/ });
    const edit = within(rohan).getByRole("button", { name: "Edit the request of Rohan Das" });
    expect((edit as HTMLButtonElement).disabled).toBe(true);
    expect(edit.getAttribute("title")).toBe("This request is final: it can no longer be changed");
    const anil = screen.getByRole("button", { name: "Edit the request of Anil Kapoor" }) as HTMLButtonElement;
    expect([anil.disabled, anil.getAttribute("title")]).toEqual([false, null]);
  });
});
