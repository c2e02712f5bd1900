import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations, resetScreen, signedIn } from "../../kit/test-support.tsx";
import EvaluationPage from "./EvaluationPage.tsx";
import { CANDIDATES, EXAM, evaluationApi, json, makeAssignment } from "./test-support.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

function renderPage(fetch: (request: Request) => Promise<Response>, examId = EXAM.id) {
  return render(<EvaluationPage locale="en" examId={examId} fetch={fetch} navigate={vi.fn()} />);
}

const table = () => screen.findByRole("table", { name: "Evaluators of the exam" });
const tile = (label: string) =>
  screen.getByText(label, { selector: "dt" }).parentElement?.querySelector("dd")?.textContent;

describe("EvaluationPage", () => {
  it("shows Back, the summary cards and the evaluator table; a Rejected row has a reason marker", async () => {
    const { fetch } = evaluationApi({
      assignments: [
        makeAssignment(),
        makeAssignment({
          id: "a0000000-0000-4000-8000-000000000002",
          Contact__c: "f9",
          name: "Suresh Menon",
          status: "Accepted",
          reason: "",
          room: "Room 101",
          roomId: "r1",
          Assigned_Paper__c: "Set 1",
        }),
      ],
    });
    const { container } = renderPage(fetch);
    const grid = await table();
    expect(
      within(grid)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Name", "Role", "Email", "Room", "Paper", "Answer sheets", "Status", "Actions"]);
    expect(screen.getByRole("link", { name: "Back" }).getAttribute("href")).toBe("/app/exams/evaluation");
    expect(tile("Evaluators")).toBe("2");
    expect(tile("Accepted")).toBe("1");
    expect(tile("Rejected")).toBe("1");
    expect(tile("Answer sheets")).toBe("42");
    expect(tile("Sheets per evaluator")).toBe("42");
    const rejected = within(grid).getByRole("row", { name: /Kavita Joshi/ });
    expect(within(rejected).getByText("Rejected", { selector: "span" })).toBeTruthy();
    expect(
      within(rejected).getByRole("button", { name: "Reason for rejection: On leave that week" }),
    ).toBeTruthy();
    expect(within(rejected).getByText("All rooms")).toBeTruthy();
    const accepted = within(grid).getByRole("row", { name: /Suresh Menon/ });
    expect(within(accepted).queryByRole("button", { name: /Reason for rejection/ })).toBeNull();
    expect(within(accepted).getByText("Room 101")).toBeTruthy();
    expect(within(accepted).getByText("Set 1")).toBeTruthy();
    // Accepted has no Accept; Rejected has no Reject.
    expect(within(accepted).queryByRole("button", { name: "Record that Suresh Menon accepted" })).toBeNull();
    expect(within(rejected).queryByRole("button", { name: "Record that Kavita Joshi rejected" })).toBeNull();
    await expectNoAxeViolations(container);
  });

  it("shows 'No Record' when the exam has no evaluator", async () => {
    const { fetch } = evaluationApi({ assignments: [] });
    renderPage(fetch);
    const grid = await table();
    expect(within(grid).getByText("No Record")).toBeTruthy();
    expect(tile("Sheets per evaluator")).toBe("NA");
  });

  it("Add Evaluator: Assign stays disabled until an evaluator is chosen; role and email are read-only; Assign asks them and reloads", async () => {
    const { fetch, calls } = evaluationApi();
    renderPage(fetch);
    await table();
    fireEvent.click(screen.getByRole("button", { name: "Add Evaluator" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Evaluator" });
    const assign = within(dialog).getByRole("button", { name: "Assign" }) as HTMLButtonElement;
    expect(assign.disabled).toBe(true);
    const select = (await within(dialog).findByRole("combobox", { name: /Evaluator/ })) as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    // Kavita Joshi is already assigned (Rejected): the server leaves her out.
    expect([...select.options].map((o) => o.textContent)).toEqual([
      "Select evaluator",
      "Anil Kumar",
      "Divya Rao",
    ]);
    expect(within(dialog).queryByLabelText("Email")).toBeNull();
    fireEvent.change(select, { target: { value: CANDIDATES[1]?.facultyId } });
    expect(assign.disabled).toBe(false);
    const role = within(dialog).getByLabelText("Role") as HTMLInputElement;
    const email = within(dialog).getByLabelText("Email") as HTMLInputElement;
    expect(role.readOnly && email.readOnly).toBe(true);
    expect(role.value).toBe("Visiting Faculty");
    expect(email.value).toBe("divya.rao@faculty.university.example");
    fireEvent.change(within(dialog).getByRole("combobox", { name: "Paper" }), { target: { value: "Set 2" } });
    fireEvent.click(assign);
    expect(await screen.findByText("Evaluation request sent to Divya Rao")).toBeTruthy();
    const post = calls.find((c) => c.method === "POST" && c.path === "/api/salesforce/EvaluationDetails");
    expect(post?.body).toEqual([
      {
        evaluation: CANDIDATES[1]?.facultyId,
        exam: EXAM.id,
        Course_Offering__c: EXAM.courseOfferingId,
        Assigned_Paper__c: "Set 2",
        room: null,
      },
    ]);
    const row = await within(await table()).findByRole("row", { name: /Divya Rao/ });
    expect(within(row).getByText("Requested", { selector: "span" })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // Reopened, the dialog no longer offers her.
    fireEvent.click(screen.getByRole("button", { name: "Add Evaluator" }));
    const again = await screen.findByRole("dialog", { name: "Add Evaluator" });
    const options = async () =>
      [
        ...((await within(again).findByRole("combobox", { name: /Evaluator/ })) as HTMLSelectElement).options,
      ].map((o) => o.textContent);
    await waitFor(async () => expect(await options()).toEqual(["Select evaluator", "Anil Kumar"]));
  });

  it("keeps the dialog open with the server's message when the assignment is refused", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { fetch, assignments } = evaluationApi({
      refuse: (method) =>
        method === "POST"
          ? json(409, {
              success: false,
              errorMessage: "Anil Kumar is already assigned to this exam",
              errorCode: "evaluator_already_assigned",
              field: "0.evaluation",
            })
          : undefined,
    });
    renderPage(fetch);
    await table();
    fireEvent.click(screen.getByRole("button", { name: "Add Evaluator" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Evaluator" });
    const select = (await within(dialog).findByRole("combobox", { name: /Evaluator/ })) as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    fireEvent.change(select, { target: { value: CANDIDATES[0]?.facultyId } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Assign" }));
    await waitFor(() =>
      expect(screen.getAllByText("Anil Kumar is already assigned to this exam").length).toBe(2),
    );
    expect(screen.getByRole("dialog", { name: "Add Evaluator" })).toBeTruthy();
    expect(select.value).toBe(CANDIDATES[0]?.facultyId);
    expect(assignments).toHaveLength(1);
    quiet.mockRestore();
  });

  it("records Accepted, and Rejected only with a reason", async () => {
    const { fetch, calls } = evaluationApi({
      assignments: [makeAssignment({ status: "Requested", reason: "", respondedAt: null })],
    });
    renderPage(fetch);
    await table();
    fireEvent.click(screen.getByRole("button", { name: "Record that Kavita Joshi rejected" }));
    const dialog = await screen.findByRole("dialog", { name: "Record a rejection" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Rejected" }));
    expect(await within(dialog).findByText("Enter the reason for the rejection.")).toBeTruthy();
    expect(calls.filter((c) => c.method === "PATCH")).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/Reason for rejection/), {
      target: { value: "  Travelling  " },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Rejected" }));
    expect(await screen.findByText("Rejection by Kavita Joshi recorded")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual([
      { id: "a0000000-0000-4000-8000-000000000001", status: "Rejected", reason: "Travelling", version: 1 },
    ]);
    expect(await screen.findByRole("button", { name: "Reason for rejection: Travelling" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Record that Kavita Joshi accepted" }));
    expect(await screen.findByText("Kavita Joshi accepted the evaluation")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("button", { name: /Reason for rejection/ })).toBeNull());
    expect(calls.filter((c) => c.method === "PATCH").at(-1)?.body).toEqual([
      { id: "a0000000-0000-4000-8000-000000000001", status: "Accepted", version: 1 },
    ]);
  });

  it("withdraws a request after confirmation, and shows a refused answer as an error toast", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let refuse = true;
    const { fetch, assignments } = evaluationApi({
      refuse: (method) =>
        method === "PATCH" && refuse
          ? json(400, {
              success: false,
              errorMessage: "This request cannot be withdrawn",
              errorCode: "validation_failed",
            })
          : undefined,
    });
    renderPage(fetch);
    await table();
    fireEvent.click(screen.getByRole("button", { name: "Withdraw the request to Kavita Joshi" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Withdraw the request" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Yes" }));
    expect(await screen.findByText("This request cannot be withdrawn")).toBeTruthy();
    expect(assignments).toHaveLength(1);
    refuse = false;
    fireEvent.click(within(confirm).getByRole("button", { name: "Yes" }));
    expect(await screen.findByText("Request to Kavita Joshi withdrawn")).toBeTruthy();
    expect(await within(await table()).findByText("No Record")).toBeTruthy();
    expect(assignments).toHaveLength(0);
    quiet.mockRestore();
  });

  describe("evaluation deadline", () => {
    const field = () => screen.getByLabelText("Evaluation deadline") as HTMLInputElement;
    const save = () => screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;

    it("sets the deadline: the server's message as a toast, the summary shows it, a new load too", async () => {
      const api = evaluationApi();
      const { container, unmount } = renderPage(api.fetch);
      await table();
      expect(tile("Evaluation deadline")).toBe("Not set");
      expect(save().disabled).toBe(true);
      expect(screen.queryByRole("button", { name: "Clear deadline" })).toBeNull();
      await expectNoAxeViolations(container);
      fireEvent.change(field(), { target: { value: "2026-12-05" } });
      fireEvent.click(save());
      expect(await screen.findByText("Evaluation deadline saved")).toBeTruthy();
      await waitFor(() => expect(tile("Evaluation deadline")).toBe("05-12-2026"));
      expect(api.calls.find((c) => c.path === "/api/sf/exam/update/evaluationDeadline")?.body).toEqual({
        examId: EXAM.id,
        deadline: "2026-12-05",
        version: 1,
      });
      expect(field().value).toBe("2026-12-05");
      unmount();
      renderPage(api.fetch);
      await table();
      expect(tile("Evaluation deadline")).toBe("05-12-2026");
      expect(field().value).toBe("2026-12-05");
    });

    it("keeps the date typed and shows the server's message when the deadline is before the exam", async () => {
      const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
      const api = evaluationApi();
      renderPage(api.fetch);
      await table();
      fireEvent.change(field(), { target: { value: "2026-11-20" } });
      fireEvent.click(save());
      const message = "The evaluation deadline (20-11-2026) cannot be before the exam date (24-11-2026)";
      await waitFor(() => expect(screen.getAllByText(message).length).toBe(2));
      expect(field().value).toBe("2026-11-20");
      expect(field().getAttribute("aria-invalid")).toBe("true");
      expect(tile("Evaluation deadline")).toBe("Not set");
      expect(api.exam.deadline).toBeNull();
      quiet.mockRestore();
    });

    it("clears the deadline, and keeps it when the server refuses", async () => {
      const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
      let refuse = true;
      const api = evaluationApi({
        refuse: (_method, path) =>
          path === "update/evaluationDeadline" && refuse
            ? json(500, { success: false, errorMessage: "Internal server error" })
            : undefined,
      });
      api.exam.deadline = "2026-12-01";
      renderPage(api.fetch);
      await table();
      expect(tile("Evaluation deadline")).toBe("01-12-2026");
      fireEvent.click(screen.getByRole("button", { name: "Clear deadline" }));
      expect(await screen.findByText("Internal server error")).toBeTruthy();
      expect(field().value).toBe("2026-12-01");
      expect(tile("Evaluation deadline")).toBe("01-12-2026");
      refuse = false;
      fireEvent.click(screen.getByRole("button", { name: "Clear deadline" }));
      expect(await screen.findByText("Evaluation deadline cleared")).toBeTruthy();
      await waitFor(() => expect(tile("Evaluation deadline")).toBe("Not set"));
      expect(field().value).toBe("");
      expect(api.calls.filter((c) => c.method === "PATCH").at(-1)?.body).toEqual({
        examId: EXAM.id,
        deadline: null,
        version: 1,
      });
      quiet.mockRestore();
    });
  });

  it("shows the error state with Back for an unknown exam", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { fetch } = evaluationApi();
    renderPage(fetch, "e0000000-0000-4000-8000-00000000dead");
    expect((await screen.findByRole("alert")).textContent).toContain("An error occurred: No such exam");
    expect(screen.getByRole("link", { name: "Back" })).toBeTruthy();
    quiet.mockRestore();
  });
});

describe("EvaluationPage on a version conflict", () => {
  const conflict = () =>
    json(409, {
      success: false,
      errorMessage: "The evaluator assignment was changed by someone else",
      errorCode: "version_conflict",
    });
  const notice = () => screen.findByText(/This record was changed by someone else/);

  it("Reject: the dialog keeps the reason, shows the message and Reload; the next Rejected sends the new version", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let refuse = true;
    const api = evaluationApi({
      assignments: [makeAssignment({ status: "Requested", reason: "", respondedAt: null })],
      refuse: (method, path) => {
        if (method !== "PATCH" || path !== "update/evaluation" || !refuse) return undefined;
        refuse = false;
        const row = api.assignments[0];
        if (row) Object.assign(row, { version: 2, role: "Visiting Faculty" });
        return conflict();
      },
    });
    const { container } = renderPage(api.fetch);
    await table();
    fireEvent.click(screen.getByRole("button", { name: "Record that Kavita Joshi rejected" }));
    const dialog = await screen.findByRole("dialog", { name: "Record a rejection" });
    fireEvent.change(within(dialog).getByLabelText(/Reason for rejection/), {
      target: { value: "Travelling" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Rejected" }));
    expect(within(dialog).getByText(await notice().then((n) => n.textContent ?? ""))).toBeTruthy();
    expect((within(dialog).getByLabelText(/Reason for rejection/) as HTMLTextAreaElement).value).toBe(
      "Travelling",
    );
    await expectNoAxeViolations(container);
    const gets = api.calls.filter((c) => c.method === "GET").length;
    fireEvent.click(within(dialog).getByRole("button", { name: "Reload" }));
    // The fresh row (someone else's change brought a new role) has rendered behind the dialog.
    expect(await screen.findByText("Visiting Faculty")).toBeTruthy();
    await waitFor(() => expect(within(dialog).queryByRole("button", { name: "Reload" })).toBeNull());
    expect(api.calls.filter((c) => c.method === "GET").length).toBeGreaterThan(gets);
    expect((within(dialog).getByLabelText(/Reason for rejection/) as HTMLTextAreaElement).value).toBe(
      "Travelling",
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Rejected" }));
    expect(await screen.findByText("Rejection by Kavita Joshi recorded")).toBeTruthy();
    expect(api.calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([
      [{ id: "a0000000-0000-4000-8000-000000000001", status: "Rejected", reason: "Travelling", version: 1 }],
      [{ id: "a0000000-0000-4000-8000-000000000001", status: "Rejected", reason: "Travelling", version: 2 }],
    ]);
    expect(api.assignments[0]?.status).toBe("Rejected");
    quiet.mockRestore();
  });

  it("Accept: the message and Reload show above the table; Accept after Reload sends the new version", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let refuse = true;
    const api = evaluationApi({
      refuse: (method, path) => {
        if (method !== "PATCH" || path !== "update/evaluation" || !refuse) return undefined;
        refuse = false;
        const row = api.assignments[0];
        if (row) Object.assign(row, { version: 2, role: "Visiting Faculty" });
        return conflict();
      },
    });
    renderPage(api.fetch);
    await table();
    fireEvent.click(screen.getByRole("button", { name: "Record that Kavita Joshi accepted" }));
    expect((await notice()).closest("[role=alert]")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(await within(await table()).findByText("Visiting Faculty")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Reload" })).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Record that Kavita Joshi accepted" }));
    expect(await screen.findByText("Kavita Joshi accepted the evaluation")).toBeTruthy();
    expect(api.calls.filter((c) => c.method === "PATCH").at(-1)?.body).toEqual([
      { id: "a0000000-0000-4000-8000-000000000001", status: "Accepted", version: 2 },
    ]);
    quiet.mockRestore();
  });

  it("deadline: keeps the typed date over a Reload that brings someone else's deadline; Save sends the new version", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let refuse = true;
    const api = evaluationApi({
      refuse: (_method, path) => {
        if (path !== "update/evaluationDeadline" || !refuse) return undefined;
        refuse = false;
        api.exam.deadline = "2026-12-10";
        api.exam.version = 2;
        return conflict();
      },
    });
    const { container } = renderPage(api.fetch);
    await table();
    const field = () => screen.getByLabelText("Evaluation deadline") as HTMLInputElement;
    fireEvent.change(field(), { target: { value: "2026-12-05" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect((await notice()).closest("[role=alert]")).toBeTruthy();
    expect(field().value).toBe("2026-12-05");
    await expectNoAxeViolations(container);
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    await waitFor(() => expect(tile("Evaluation deadline")).toBe("10-12-2026"));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Reload" })).toBeNull());
    expect(field().value).toBe("2026-12-05");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Evaluation deadline saved")).toBeTruthy();
    await waitFor(() => expect(tile("Evaluation deadline")).toBe("05-12-2026"));
    expect(api.calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([
      { examId: EXAM.id, deadline: "2026-12-05", version: 1 },
      { examId: EXAM.id, deadline: "2026-12-05", version: 2 },
    ]);
    quiet.mockRestore();
  });
});
