import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ROW_FIN, ROW_MKT } from "../exams/test-support.tsx";
import EvaluationAssignment from "./EvaluationAssignment.tsx";
import EvaluationExamList from "./EvaluationExamList.tsx";
import EvaluationPlan from "./EvaluationPlan.tsx";
import EvaluationTable, { filterAssignments } from "./EvaluationTable.tsx";
import {
  CANDIDATES,
  EXAM,
  evaluationApi,
  expectNoAxeViolations,
  makeAssignment,
  ROOM_A,
  resetScreen,
  signedIn,
} from "./test-support.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

const props = (fetch: (request: Request) => Promise<Response>) => ({
  locale: "en" as const,
  fetch,
  navigate: vi.fn(),
});

describe("EvaluationExamList", () => {
  it("lists the exams with their evaluator counts and a link to each Evaluation page", async () => {
    const { fetch } = evaluationApi();
    const { container } = render(<EvaluationExamList search="" {...props(fetch)} />);
    const table = await screen.findByRole("table", { name: "Exams and their evaluators" });
    const fin = await within(table).findByRole("row", { name: /Financial Accounting/ });
    await waitFor(() => expect(within(fin).getByText("Meera Iyer")).toBeTruthy());
    expect(
      within(fin)
        .getAllByRole("cell")
        .map((c) => c.textContent)
        .slice(5, 9),
    ).toEqual(["1", "0", "0", "1"]);
    expect(
      within(fin)
        .getByRole("link", { name: "Open the evaluation of Financial Accounting (A)" })
        .getAttribute("href"),
    ).toBe(`/app/exams/evaluation/${ROW_FIN.id}`);
    await expectNoAxeViolations(container);
  });
});

describe("EvaluationPlan", () => {
  it("shows answer sheets, evaluators and sheets per evaluator per exam", async () => {
    const { fetch } = evaluationApi({ assignments: [makeAssignment({ status: "Accepted", reason: "" })] });
    render(<EvaluationPlan search="" {...props(fetch)} />);
    const table = await screen.findByRole("table", { name: "Evaluation plan per exam" });
    const fin = await within(table).findByRole("row", { name: /Financial Accounting/ });
    await waitFor(() => expect(within(fin).getByText("Ready")).toBeTruthy());
    expect(within(fin).getAllByText("42").length).toBe(2);
    const mkt = within(table).getByRole("row", { name: /Marketing Management/ });
    await waitFor(() => expect(within(mkt).getByText("No evaluator yet")).toBeTruthy());
  });
});

describe("EvaluationTable", () => {
  it("filters the loaded assignments by date of exam, subject faculty and allocated to", () => {
    const items = [
      {
        exam: ROW_FIN,
        failed: false,
        evaluation: {
          success: true as const,
          exam: EXAM,
          summary: {
            evaluators: 1,
            requested: 0,
            accepted: 0,
            rejected: 1,
            answerSheets: 42,
            sheetsPerEvaluator: null,
          },
          data: [makeAssignment()],
        },
      },
      { exam: ROW_MKT, failed: false, evaluation: undefined },
    ];
    const none = { date: "", faculty: "", allocatedTo: "" };
    expect(filterAssignments(items, none)).toHaveLength(1);
    expect(filterAssignments(items, { ...none, date: "2026-11-25" })).toHaveLength(0);
    expect(filterAssignments(items, { ...none, faculty: "Meera Iyer" })).toHaveLength(1);
    expect(filterAssignments(items, { ...none, faculty: "Someone Else" })).toHaveLength(0);
    expect(filterAssignments(items, { ...none, allocatedTo: "KAVITA" })).toHaveLength(1);
    expect(filterAssignments(items, { ...none, allocatedTo: "anil" })).toHaveLength(0);
  });

  it("lists the assignments with the reason marker and applies the allocated-to search", async () => {
    const { fetch } = evaluationApi();
    const { container } = render(<EvaluationTable search="" {...props(fetch)} />);
    const table = await screen.findByRole("table", { name: "Evaluation table" });
    const row = await within(table).findByRole("row", { name: /Kavita Joshi/ });
    expect(
      within(row).getByRole("button", { name: "Reason for rejection: On leave that week" }),
    ).toBeTruthy();
    await expectNoAxeViolations(container);
    fireEvent.change(screen.getByRole("searchbox", { name: "Allocated to" }), {
      target: { value: "nobody" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(await within(table).findByText("No Record")).toBeTruthy();
    expect(window.location.search).toBe("?allocatedTo=nobody");
  });
});

describe("EvaluationAssignment", () => {
  it("shows the rooms with their evaluators and assigns an evaluator to one room", async () => {
    const { fetch, calls } = evaluationApi();
    const { container } = render(<EvaluationAssignment examId={EXAM.id} {...props(fetch)} />);
    const table = await screen.findByRole("table", { name: "Rooms of the exam and their evaluators" });
    const all = within(table).getByRole("row", { name: /All rooms/ });
    expect(within(all).getByText("Kavita Joshi")).toBeTruthy();
    const room = within(table).getByRole("row", { name: /Room 101/ });
    expect(within(room).getByText("None")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back" }).getAttribute("href")).toBe(
      `/app/exams/evaluation/${EXAM.id}`,
    );
    await expectNoAxeViolations(container);
    fireEvent.click(within(room).getByRole("button", { name: "Assign evaluator: Room 101" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Evaluator" });
    expect((within(dialog).getByLabelText("Room") as HTMLInputElement).readOnly).toBe(true);
    const select = (await within(dialog).findByRole("combobox", { name: /Evaluator/ })) as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    fireEvent.change(select, { target: { value: CANDIDATES[0]?.facultyId } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Assign" }));
    await waitFor(async () =>
      expect(
        within(within(table).getByRole("row", { name: /Room 101/ })).getByText("Anil Kumar"),
      ).toBeTruthy(),
    );
    const posted = calls.find((c) => c.method === "POST")?.body as { room: string }[] | undefined;
    expect(posted?.[0]?.room).toBe(ROOM_A.id);
  });
});
