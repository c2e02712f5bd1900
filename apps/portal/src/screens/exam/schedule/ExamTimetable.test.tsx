import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations, groupHeaders, resetScreen, signedIn } from "../../kit/test-support.tsx";
import ExamTimetable from "./ExamTimetable.tsx";
import { examApi, json, ROW_FIN } from "./test-support.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

function renderTimetable(fetch: (request: Request) => Promise<Response>, search = "") {
  return render(<ExamTimetable locale="en" search={search} fetch={fetch} navigate={vi.fn()} />);
}

const saves = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === "POST" && c.path === "/api/salesforce/TimeTable");
const loads = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method === "GET" && c.path === "/api/salesforce/TimeTable");

async function finRow() {
  const table = await screen.findByRole("table", { name: "Exam timetable" });
  return within(table).findByRole("row", { name: /Financial Accounting/ });
}

describe("ExamTimetable", () => {
  it("shows the timetable with the spec's columns, dates DD-MM-YYYY, and an Edit per row", async () => {
    const { fetch } = examApi();
    const { container } = renderTimetable(fetch);
    const row = await finRow();
    const table = screen.getByRole("table", { name: "Exam timetable" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual([
      "Course",
      "Section",
      "Batch",
      "Date",
      "Start time",
      "Duration (minutes)",
      "Exam type",
      "Time zone",
      "Student faculty ratio",
      "Venue",
      "Edit",
    ]);
    expect(within(row).getByText("24-11-2026")).toBeTruthy();
    expect(within(row).getByText("Asia/Kolkata")).toBeTruthy();
    expect(within(row).getByText("EndTerm")).toBeTruthy();
    expect(screen.getByText("1–2 of 2")).toBeTruthy();
    expect(
      screen.getByRole("button", { name: "Edit the exam of Marketing Management (B, MBA 2025)" }),
    ).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it("puts the rows under a header per exam date, soonest first", async () => {
    const { fetch } = examApi();
    renderTimetable(fetch);
    await finRow();
    const table = screen.getByRole("table", { name: "Exam timetable" });
    expect(groupHeaders(table)).toEqual(["Tuesday, 24-11-2026", "Wednesday, 25-11-2026"]);
    const [fin, mkt] = [...table.querySelectorAll("tbody")];
    expect(within(fin!).getByRole("row", { name: /Financial Accounting/ })).toBeTruthy();
    expect(within(mkt!).getByRole("row", { name: /Marketing Management/ })).toBeTruthy();
  });

  it("edits a row inline, saves it with Done, shows the server's message and the reloaded row", async () => {
    const { fetch, calls } = examApi();
    renderTimetable(fetch);
    await finRow();
    fireEvent.click(
      screen.getByRole("button", { name: "Edit the exam of Financial Accounting (A, MBA 2025)" }),
    );
    const date = screen.getByLabelText("Date of exam, Financial Accounting (A, MBA 2025)");
    expect((date as HTMLInputElement).value).toBe("2026-11-24");
    // Only one row is edited at a time.
    expect(
      (
        screen.getByRole("button", {
          name: "Edit the exam of Marketing Management (B, MBA 2025)",
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
    fireEvent.change(date, { target: { value: "2026-11-26" } });
    fireEvent.change(screen.getByLabelText("Start time, Financial Accounting (A, MBA 2025)"), {
      target: { value: "14:00" },
    });
    fireEvent.change(screen.getByLabelText("Duration (minutes), Financial Accounting (A, MBA 2025)"), {
      target: { value: "120" },
    });
    fireEvent.change(screen.getByLabelText("Exam type, Financial Accounting (A, MBA 2025)"), {
      target: { value: "MidTerm" },
    });
    fireEvent.change(screen.getByLabelText("Venue, Financial Accounting (A, MBA 2025)"), {
      target: { value: "Hall 2" },
    });
    fireEvent.click(screen.getByRole("checkbox", { name: "Notify faculty by mail" }));
    const before = loads(calls).length;
    fireEvent.click(
      screen.getByRole("button", { name: "Done, save the exam of Financial Accounting (A, MBA 2025)" }),
    );

    expect(await screen.findByText("Exam timetable saved")).toBeTruthy();
    expect(saves(calls).map((c) => c.body)).toEqual([
      [
        {
          id: ROW_FIN.id,
          duration: 120,
          dateOfExam: "2026-11-26",
          timeOfExam: "14:00",
          examType: "MidTerm",
          venue: "Hall 2",
          studentFacultyRatio: "30:1",
          sendEmail: true,
          version: 1,
        },
      ],
    ]);
    // Back in read mode with the reloaded values.
    await waitFor(() =>
      expect(screen.queryByLabelText("Date of exam, Financial Accounting (A, MBA 2025)")).toBeNull(),
    );
    const row = await finRow();
    expect(within(row).getByText("26-11-2026")).toBeTruthy();
    expect(within(row).getByText("14:00")).toBeTruthy();
    expect(within(row).getByText("120")).toBeTruthy();
    expect(within(row).getByText("MidTerm")).toBeTruthy();
    expect(within(row).getByText("Hall 2")).toBeTruthy();
    expect(loads(calls).length).toBeGreaterThan(before);
  });

  it("warns at once when a move makes students sit two exams at once, naming both exams and the students", async () => {
    const { fetch } = examApi({
      clashes: (items) =>
        items.map((item) => ({
          examId: item.id,
          courseCode: "FIN101",
          section: "A",
          otherExamId: "e0000000-0000-4000-8000-000000000002",
          otherCourseCode: "MKT201",
          otherSection: "B",
          date: item.dateOfExam,
          startTime: item.timeOfExam,
          students: 12,
        })),
    });
    renderTimetable(fetch);
    await finRow();
    fireEvent.click(
      screen.getByRole("button", { name: "Edit the exam of Financial Accounting (A, MBA 2025)" }),
    );
    fireEvent.change(screen.getByLabelText("Date of exam, Financial Accounting (A, MBA 2025)"), {
      target: { value: "2026-11-26" },
    });
    fireEvent.change(screen.getByLabelText("Start time, Financial Accounting (A, MBA 2025)"), {
      target: { value: "14:00" },
    });
    fireEvent.click(
      screen.getByRole("button", { name: "Done, save the exam of Financial Accounting (A, MBA 2025)" }),
    );
    expect(await screen.findByText("Exam timetable saved")).toBeTruthy();
    expect(await screen.findByText("This move makes 1 student clash")).toBeTruthy();
    expect(
      screen.getByText("FIN101 (A) overlaps MKT201 (B) on 26-11-2026 at 14:00: 12 students sit both"),
    ).toBeTruthy();
  });

  it("Revert restores the row and sends nothing", async () => {
    const { fetch, calls } = examApi();
    renderTimetable(fetch);
    await finRow();
    fireEvent.click(
      screen.getByRole("button", { name: "Edit the exam of Financial Accounting (A, MBA 2025)" }),
    );
    fireEvent.change(screen.getByLabelText("Duration (minutes), Financial Accounting (A, MBA 2025)"), {
      target: { value: "90" },
    });
    fireEvent.click(
      screen.getByRole("button", { name: "Revert the exam of Financial Accounting (A, MBA 2025)" }),
    );
    expect(screen.queryByLabelText("Duration (minutes), Financial Accounting (A, MBA 2025)")).toBeNull();
    const row = await finRow();
    expect(within(row).getByText("180")).toBeTruthy();
    expect(saves(calls)).toEqual([]);

    // Escape reverts too.
    fireEvent.click(
      screen.getByRole("button", { name: "Edit the exam of Financial Accounting (A, MBA 2025)" }),
    );
    fireEvent.keyDown(screen.getByLabelText("Venue, Financial Accounting (A, MBA 2025)"), { key: "Escape" });
    expect(screen.queryByLabelText("Venue, Financial Accounting (A, MBA 2025)")).toBeNull();
    expect(saves(calls)).toEqual([]);
  });

  it("checks the row before sending: a bad duration shows its message under the input and keeps the edit", async () => {
    const { fetch, calls } = examApi();
    renderTimetable(fetch);
    await finRow();
    fireEvent.click(
      screen.getByRole("button", { name: "Edit the exam of Financial Accounting (A, MBA 2025)" }),
    );
    const duration = screen.getByLabelText("Duration (minutes), Financial Accounting (A, MBA 2025)");
    fireEvent.change(duration, { target: { value: "5" } });
    fireEvent.change(screen.getByLabelText("Student faculty ratio, Financial Accounting (A, MBA 2025)"), {
      target: { value: "many" },
    });
    fireEvent.keyDown(duration, { key: "Enter" });
    const message = await screen.findByText("Enter a whole number of minutes from 15 to 600");
    expect(duration.getAttribute("aria-invalid")).toBe("true");
    expect(duration.getAttribute("aria-describedby")).toBe(message.id);
    expect(screen.getByText("Enter a ratio such as 30:1")).toBeTruthy();
    expect((duration as HTMLInputElement).value).toBe("5");
    expect(saves(calls)).toEqual([]);
    await expectNoAxeViolations(document.body);

    // Correcting the field clears its message; the row saves.
    fireEvent.change(duration, { target: { value: "150" } });
    expect(screen.queryByText("Enter a whole number of minutes from 15 to 600")).toBeNull();
    fireEvent.change(screen.getByLabelText("Student faculty ratio, Financial Accounting (A, MBA 2025)"), {
      target: { value: "25:1" },
    });
    fireEvent.click(
      screen.getByRole("button", { name: "Done, save the exam of Financial Accounting (A, MBA 2025)" }),
    );
    expect(await screen.findByText("Exam timetable saved")).toBeTruthy();
    expect(saves(calls)[0]?.body).toMatchObject([
      { duration: 150, studentFacultyRatio: "25:1", sendEmail: false },
    ]);
  });

  it("on a refused save shows the server's message, leaves edit mode (spec §4) and keeps what was typed", async () => {
    const refusal =
      "The date of exam must fall within the exam cycle Nov 2026 End Term (16-11-2026 to 28-11-2026)";
    const { fetch, calls, rows } = examApi({
      refuse: () =>
        json(400, {
          success: false,
          errorMessage: refusal,
          errorCode: "validation_failed",
          field: "0.dateOfExam",
          rule: "exam_cycle",
        }),
    });
    const { container } = renderTimetable(fetch);
    await finRow();
    const edit = () =>
      screen.getByRole("button", { name: "Edit the exam of Financial Accounting (A, MBA 2025)" });
    fireEvent.click(edit());
    fireEvent.change(screen.getByLabelText("Date of exam, Financial Accounting (A, MBA 2025)"), {
      target: { value: "2026-12-30" },
    });
    fireEvent.change(screen.getByLabelText("Venue, Financial Accounting (A, MBA 2025)"), {
      target: { value: "Hall 9" },
    });
    fireEvent.click(
      screen.getByRole("button", { name: "Done, save the exam of Financial Accounting (A, MBA 2025)" }),
    );
    expect(await screen.findByText(refusal)).toBeTruthy();
    // Read mode, showing the typed values marked "not saved"; the focus is back on Edit.
    await waitFor(() =>
      expect(screen.queryByLabelText("Date of exam, Financial Accounting (A, MBA 2025)")).toBeNull(),
    );
    let row = await finRow();
    expect(within(row).getByText("30-12-2026")).toBeTruthy();
    expect(within(row).getByText("Hall 9")).toBeTruthy();
    expect(within(row).getByText("not saved")).toBeTruthy();
    expect(document.activeElement).toBe(edit());
    expect(edit().getAttribute("aria-describedby")).toBe(within(row).getByText("not saved").id);
    expect(rows[0]?.dateOfExam).toBe("2026-11-24");
    expect(saves(calls)).toHaveLength(1);
    await expectNoAxeViolations(container);

    // Edit reopens the typed values with the server's message under the field it names.
    fireEvent.click(edit());
    const date = screen.getByLabelText(
      "Date of exam, Financial Accounting (A, MBA 2025)",
    ) as HTMLInputElement;
    expect(date.value).toBe("2026-12-30");
    expect(date.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(date.getAttribute("aria-describedby") ?? "")?.textContent).toBe(refusal);
    expect(
      (screen.getByLabelText("Venue, Financial Accounting (A, MBA 2025)") as HTMLInputElement).value,
    ).toBe("Hall 9");

    // Revert drops them: the stored values again, nothing more sent.
    fireEvent.click(
      screen.getByRole("button", { name: "Revert the exam of Financial Accounting (A, MBA 2025)" }),
    );
    row = await finRow();
    expect(within(row).getByText("24-11-2026")).toBeTruthy();
    expect(within(row).queryByText("not saved")).toBeNull();
    fireEvent.click(edit());
    expect(
      (screen.getByLabelText("Date of exam, Financial Accounting (A, MBA 2025)") as HTMLInputElement).value,
    ).toBe("2026-11-24");
    expect(saves(calls)).toHaveLength(1);
  });

  it("searches by course and pages on the server, keeping both in the address", async () => {
    const { fetch, timetableQueries } = examApi();
    renderTimetable(fetch, "?cycle=c0000000-0000-4000-8000-000000000001");
    await finRow();
    expect(Object.fromEntries(timetableQueries[0] ?? [])).toEqual({
      examCycleId: "c0000000-0000-4000-8000-000000000001",
      course: "",
      pageNo: "1",
      count: "10",
    });
    fireEvent.change(screen.getByRole("searchbox", { name: "Course" }), { target: { value: "mkt" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    const table = screen.getByRole("table", { name: "Exam timetable" });
    await within(table).findByText("Marketing Management");
    expect(within(table).queryByText("Financial Accounting")).toBeNull();
    expect(timetableQueries.at(-1)?.get("course")).toBe("mkt");
    expect(window.location.search).toBe("?cycle=c0000000-0000-4000-8000-000000000001&course=mkt");

    fireEvent.change(screen.getByLabelText("Rows per page"), { target: { value: "25" } });
    await waitFor(() => expect(timetableQueries.at(-1)?.get("count")).toBe("25"));
    expect(window.location.search).toContain("pageSize=25");
    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    await within(table).findByText("Financial Accounting");
    expect(window.location.search).toBe("?cycle=c0000000-0000-4000-8000-000000000001&pageSize=25");
  });

  it("shows 'No Data' for an empty timetable and the error with Try again when it cannot load", async () => {
    const empty = examApi({ rows: [] });
    renderTimetable(empty.fetch);
    expect(await screen.findByText("No Data")).toBeTruthy();
    resetScreen();
    signedIn();

    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const failing = examApi({
      extra: {
        "GET /api/salesforce/TimeTable": () =>
          json(500, { success: false, errorMessage: "Internal server error" }),
      },
    });
    renderTimetable(failing.fetch);
    const alert = await screen.findByRole("alert", {}, { timeout: 5000 });
    expect(alert.textContent).toContain("An error occurred: Internal server error");
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeTruthy();
    quiet.mockRestore();
  });
});
