import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations, resetScreen, signedIn } from "../../kit/test-support.tsx";
import { EXAM, evaluationApi, json } from "../evaluation/test-support.tsx";
import StudentStatus from "./StudentStatus.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

const tile = (label: string) =>
  screen.getByText(label, { selector: "dt" }).parentElement?.querySelector("dd")?.textContent;

function renderStatus(fetch: (request: Request) => Promise<Response>, search = `?id=${EXAM.id}`) {
  return render(<StudentStatus locale="en" search={search} fetch={fetch} navigate={vi.fn()} />);
}

const grid = () => screen.findByRole("table", { name: "Students of the exam" });
const row = async (name: RegExp) => within(await grid()).findByRole("row", { name });
const patches = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === "PATCH" && c.path === "/api/sf/exam/update/eligibily");

describe("StudentStatus", () => {
  it("shows the cards per label and the students with their eligibility, status and documents", async () => {
    const { fetch } = evaluationApi();
    const { container } = renderStatus(fetch);
    const rohan = await row(/Rohan Das/);
    expect(
      within(await grid())
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Student code", "Name", "Attendance", "Eligibility", "Reason", "Status", "Documents", "Edit"]);
    expect(within(rohan).getByText("At Risk")).toBeTruthy();
    expect(within(rohan).getByText("70 %")).toBeTruthy();
    expect(within(rohan).getByText("Not Submitted")).toBeTruthy();
    expect(within(rohan).getByText("Pending")).toBeTruthy();
    expect(tile("Students")).toBe("2");
    expect(tile("At Risk")).toBe("1");
    await expectNoAxeViolations(container);
  });

  it("edits a row: a reason is needed for Not eligible, Revert restores, Done saves and reloads", async () => {
    const { fetch, calls } = evaluationApi();
    const { container } = renderStatus(fetch);
    fireEvent.click(
      within(await row(/Priya Nair/)).getByRole("button", { name: "Edit the eligibility of Priya Nair" }),
    );
    const choice = screen.getByRole("combobox", { name: "Eligibility of Priya Nair" }) as HTMLSelectElement;
    expect(choice.value).toBe("computed");
    expect([...choice.options].map((o) => o.textContent)).toEqual([
      "Computed (Eligible)",
      "Eligible",
      "Not eligible",
      "At Risk",
      "Under Review",
    ]);
    // Other rows cannot be edited meanwhile.
    expect(
      (screen.getByRole("button", { name: "Edit the eligibility of Rohan Das" }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    fireEvent.change(choice, { target: { value: "Not eligible" } });
    fireEvent.click(screen.getByRole("button", { name: "Done, save the eligibility of Priya Nair" }));
    expect(await screen.findByText('A reason is required for "Not eligible" and "At Risk"')).toBeTruthy();
    expect(patches(calls)).toEqual([]);
    await expectNoAxeViolations(container);
    fireEvent.click(screen.getByRole("button", { name: "Revert the eligibility of Priya Nair" }));
    expect(screen.queryByRole("combobox", { name: "Eligibility of Priya Nair" })).toBeNull();
    expect(within(await row(/Priya Nair/)).getByText("Eligible")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Edit the eligibility of Priya Nair" }));
    fireEvent.change(screen.getByRole("combobox", { name: "Eligibility of Priya Nair" }), {
      target: { value: "Not eligible" },
    });
    const reason = screen.getByRole("textbox", { name: "Reason for Priya Nair" });
    reason.focus();
    fireEvent.change(reason, { target: { value: "Fees unpaid" } });
    // Typing re-renders the row without replacing its input, so the focus stays in it.
    expect(screen.getByRole("textbox", { name: "Reason for Priya Nair" })).toBe(reason);
    expect(document.activeElement).toBe(reason);
    fireEvent.click(screen.getByRole("button", { name: "Done, save the eligibility of Priya Nair" }));
    expect(await screen.findByText("Eligibility of Priya Nair saved")).toBeTruthy();
    expect(patches(calls)[0]?.body).toEqual([
      {
        examId: EXAM.id,
        studentId: "s0000000-0000-4000-8000-000000000001",
        eligibility_status: "Not eligible",
        reason: "Fees unpaid",
        // No decision was recorded for this student yet.
        version: 0,
      },
    ]);
    await waitFor(async () => expect(within(await row(/Priya Nair/)).getByText("Not eligible")).toBeTruthy());
    expect(within(await row(/Priya Nair/)).getByText("Fees unpaid")).toBeTruthy();
    expect(screen.queryByRole("combobox", { name: "Eligibility of Priya Nair" })).toBeNull();
  });

  it("on a refused save shows the server's message, leaves edit mode (spec §4) and keeps what was typed", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const refusal = "The student is not enrolled in the exam's section";
    const { fetch, students, calls } = evaluationApi({
      refuse: () =>
        json(400, {
          success: false,
          errorMessage: refusal,
          errorCode: "student_not_enrolled",
          field: "0.reason",
        }),
    });
    const { container } = renderStatus(fetch);
    const edit = () => screen.getByRole("button", { name: "Edit the eligibility of Rohan Das" });
    fireEvent.click(within(await row(/Rohan Das/)).getByRole("button", { name: /^Edit/ }));
    fireEvent.change(screen.getByRole("combobox", { name: "Eligibility of Rohan Das" }), {
      target: { value: "Not eligible" },
    });
    fireEvent.change(screen.getByRole("textbox", { name: "Reason for Rohan Das" }), {
      target: { value: "Attendance below 60 %" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Done, save the eligibility of Rohan Das" }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    // Read mode, showing the typed label and reason marked "not saved"; the focus is back on Edit.
    await waitFor(() =>
      expect(screen.queryByRole("combobox", { name: "Eligibility of Rohan Das" })).toBeNull(),
    );
    const rohan = await row(/Rohan Das/);
    expect(within(rohan).getByText("Not eligible")).toBeTruthy();
    expect(within(rohan).getByText("Attendance below 60 %")).toBeTruthy();
    expect(within(rohan).getByText("not saved")).toBeTruthy();
    expect(document.activeElement).toBe(edit());
    expect(students[1]?.eligibility_status).toBe("At Risk");
    expect(patches(calls)).toHaveLength(1);
    await expectNoAxeViolations(container);

    // Edit reopens them with the server's message under the field it names; Revert drops them.
    fireEvent.click(edit());
    expect(
      (screen.getByRole("combobox", { name: "Eligibility of Rohan Das" }) as HTMLSelectElement).value,
    ).toBe("Not eligible");
    const reason = screen.getByRole("textbox", { name: "Reason for Rohan Das" }) as HTMLInputElement;
    expect(reason.value).toBe("Attendance below 60 %");
    expect(document.getElementById(reason.getAttribute("aria-describedby") ?? "")?.textContent).toBe(refusal);
    fireEvent.click(screen.getByRole("button", { name: "Revert the eligibility of Rohan Das" }));
    const restored = await row(/Rohan Das/);
    expect(within(restored).getByText("At Risk")).toBeTruthy();
    expect(within(restored).queryByText("not saved")).toBeNull();
    expect(patches(calls)).toHaveLength(1);
    quiet.mockRestore();
  });

  it("filters by label through the server and says 'No Record' when nothing matches", async () => {
    const { fetch, calls } = evaluationApi();
    renderStatus(fetch);
    await row(/Rohan Das/);
    fireEvent.change(screen.getByRole("combobox", { name: "Eligibility" }), {
      target: { value: "Under Review" },
    });
    expect(await within(await grid()).findByText("No Record")).toBeTruthy();
    expect(calls.at(-1)?.query).toContain("eligibility=Under%20Review");
    expect(window.location.search).toContain("eligibility=Under+Review");
  });

  it("says so when no exam is named", async () => {
    const { fetch } = evaluationApi();
    renderStatus(fetch, "");
    expect((await screen.findByRole("alert")).textContent).toContain("No exam was chosen.");
  });
});

describe("StudentStatus on a version conflict", () => {
  it("shows the record-changed message with Reload, keeps the typed values and saves them over the fresh row", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let conflict = true;
    const { fetch, students, calls } = evaluationApi({
      refuse: () => {
        if (!conflict) return undefined;
        conflict = false;
        // Someone else decided meanwhile: the stored decision now has version 1.
        const rohan = students[1];
        if (rohan) Object.assign(rohan, { version: 1, attendancePercent: 71 });
        return json(409, {
          success: false,
          errorMessage: "The eligibility of Rohan Das was changed by someone else",
          errorCode: "version_conflict",
        });
      },
    });
    const { container } = renderStatus(fetch);
    fireEvent.click(within(await row(/Rohan Das/)).getByRole("button", { name: /^Edit/ }));
    fireEvent.change(screen.getByRole("combobox", { name: "Eligibility of Rohan Das" }), {
      target: { value: "Not eligible" },
    });
    fireEvent.change(screen.getByRole("textbox", { name: "Reason for Rohan Das" }), {
      target: { value: "Attendance below 60 %" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Done, save the eligibility of Rohan Das" }));
    const notice = await screen.findByText(/This record was changed by someone else/);
    expect(notice.closest("[role=alert]")).toBeTruthy();
    const rohan = await row(/Rohan Das/);
    expect(within(rohan).getByText("Attendance below 60 %")).toBeTruthy();
    expect(within(rohan).getByText("not saved: changed by someone else")).toBeTruthy();
    expect(patches(calls)[0]?.body).toMatchObject([{ version: 0 }]);
    await expectNoAxeViolations(container);

    const gets = calls.filter((c) => c.method === "GET").length;
    const reload = screen.getByRole("button", { name: "Reload" });
    reload.focus();
    expect(document.activeElement).toBe(reload);
    fireEvent.click(reload);
    // The fresh row (someone else's change brought a new attendance figure) has rendered.
    expect(await within(await grid()).findByText("71 %")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Reload" })).toBeNull());
    expect(calls.filter((c) => c.method === "GET").length).toBeGreaterThan(gets);
    // The typed values stay, marked "not saved" until Done saves them.
    expect(within(await row(/Rohan Das/)).getByText("Attendance below 60 %")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Edit the eligibility of Rohan Das" }));
    expect((screen.getByRole("textbox", { name: "Reason for Rohan Das" }) as HTMLInputElement).value).toBe(
      "Attendance below 60 %",
    );
    fireEvent.click(screen.getByRole("button", { name: "Done, save the eligibility of Rohan Das" }));
    expect(await screen.findByText("Eligibility of Rohan Das saved")).toBeTruthy();
    expect(patches(calls)[1]?.body).toMatchObject([
      { eligibility_status: "Not eligible", reason: "Attendance below 60 %", version: 1 },
    ]);
    expect(students[1]?.eligibility_status).toBe("Not eligible");
    quiet.mockRestore();
  });
});
