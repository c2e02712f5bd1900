import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  dataRows,
  expectNoAxeViolations,
  groupHeaders,
  resetScreen,
  signedIn,
} from "../../kit/test-support.tsx";
import { CYCLE_NOV, ROW_FIN } from "../schedule/test-support.tsx";
import EvaluationAssignment from "./EvaluationAssignment.tsx";
import EvaluationExamList from "./EvaluationExamList.tsx";
import EvaluationPlan from "./EvaluationPlan.tsx";
import EvaluationTable from "./EvaluationTable.tsx";
import { parseEvaluationListState, serializeEvaluationListState } from "./list-state.ts";
import { CANDIDATES, EXAM, evaluationApi, json, makeAssignment, ROOM_A } from "./test-support.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

const props = (fetch: (request: Request) => Promise<Response>) => ({
  locale: "en" as const,
  fetch,
  navigate: vi.fn(),
});

describe("EvaluationExamList", () => {
  it("lists the page's exams with their deadline and evaluator counts from one call, each linking to its Evaluation page", async () => {
    const { fetch, calls } = evaluationApi();
    const { container } = render(<EvaluationExamList search="?cycle=c1&pageSize=25" {...props(fetch)} />);
    const table = await screen.findByRole("table", { name: "Exams and their evaluators" });
    const fin = await within(table).findByRole("row", { name: /Financial Accounting/ });
    expect(
      within(fin)
        .getAllByRole("cell")
        .map((c) => c.textContent)
        .slice(3, 9),
    ).toEqual(["24-11-2026", "Not set", "Meera Iyer", "1", "0", "0"]);
    expect(
      within(fin)
        .getByRole("link", { name: "Open the evaluation of Financial Accounting (A)" })
        .getAttribute("href"),
    ).toBe(`/app/exams/evaluation/${ROW_FIN.id}`);
    const mkt = within(table).getByRole("row", { name: /Marketing Management/ });
    expect(within(mkt).getByText("NA")).toBeTruthy();
    const reads = calls.filter((c) => c.path.startsWith("/api/sf/exam/evaluat"));
    expect(reads.map((c) => `${c.path}${c.query}`)).toEqual([
      "/api/sf/exam/evaluationOverview?examCycleId=c1&pageNo=1&count=25",
    ]);
    await expectNoAxeViolations(container);
  });
});

describe("evaluation list and plan date groups", () => {
  /**
   * The fake evaluation API, its overview a list of 12 exams (so page 2 exists) saying that page 2's
   * first date continues from page 1.
   */
  function continuedOnPage2() {
    const api = evaluationApi();
    const fetch = async (request: Request) => {
      const response = await api.fetch(request);
      const url = new URL(request.url);
      if (!url.pathname.endsWith("/evaluationOverview")) return response;
      const body = (await response.json()) as Record<string, unknown>;
      return json(200, {
        ...body,
        noOfRecords: 12,
        firstDateContinued: url.searchParams.get("pageNo") === "2",
      });
    };
    return fetch;
  }

  it.each([
    ["list", EvaluationExamList, "Exams and their evaluators"],
    ["plan", EvaluationPlan, "Evaluation plan per exam"],
  ] as const)("the %s puts the exams under a header per exam date", async (_name, Island, caption) => {
    const fetch = continuedOnPage2();
    const { container } = render(<Island search="?cycle=c1" {...props(fetch)} />);
    const table = await screen.findByRole("table", { name: caption });
    await within(table).findByRole("row", { name: /Marketing Management/ });
    expect(groupHeaders(table)).toEqual(["Tuesday, 24-11-2026", "Wednesday, 25-11-2026"]);
    expect(dataRows(table)).toHaveLength(2);
    await expectNoAxeViolations(container);
  });

  it("repeats the first date's header marked continued when the server says its exams began on the page before", async () => {
    render(<EvaluationExamList search="?cycle=c1&page=2" {...props(continuedOnPage2())} />);
    const table = await screen.findByRole("table", { name: "Exams and their evaluators" });
    await within(table).findByRole("row", { name: /Marketing Management/ });
    expect(groupHeaders(table)).toEqual(["Tuesday, 24-11-2026 (continued)", "Wednesday, 25-11-2026"]);
    expect(dataRows(table)).toHaveLength(2);
  });
});

describe("EvaluationPlan", () => {
  it("shows answer sheets, evaluators and sheets per evaluator per exam", async () => {
    const { fetch } = evaluationApi({ assignments: [makeAssignment({ status: "Accepted", reason: "" })] });
    render(<EvaluationPlan search="" {...props(fetch)} />);
    const table = await screen.findByRole("table", { name: "Evaluation plan per exam" });
    const fin = await within(table).findByRole("row", { name: /Financial Accounting/ });
    expect(within(fin).getByText("Ready")).toBeTruthy();
    expect(within(fin).getAllByText("42").length).toBe(2);
    const mkt = within(table).getByRole("row", { name: /Marketing Management/ });
    expect(within(mkt).getByText("No evaluator yet")).toBeTruthy();
    expect(within(mkt).getByText("Not set")).toBeTruthy();
  });
});

describe("evaluation list state", () => {
  it.each([
    [
      "",
      { cycle: "", page: 1, pageSize: 10, date: "", deadline: "", faculty: "", allocatedTo: "", status: "" },
    ],
    [
      "?cycle=c1&page=3&pageSize=50&date=2026-11-24&deadline=2026-12-01&faculty=Meera+Iyer&allocatedTo=kav&status=Rejected",
      {
        cycle: "c1",
        page: 3,
        pageSize: 50,
        date: "2026-11-24",
        deadline: "2026-12-01",
        faculty: "Meera Iyer",
        allocatedTo: "kav",
        status: "Rejected",
      },
    ],
  ])("reads %j and writes it back", (search, state) => {
    expect(parseEvaluationListState(search)).toEqual(state);
    expect(serializeEvaluationListState(parseEvaluationListState(search))).toBe(search);
  });

  it("falls back to the defaults for values it does not know", () => {
    expect(
      parseEvaluationListState("?page=0&pageSize=100&deadline=1-12-2026&status=Maybe&date=soon"),
    ).toMatchObject({ page: 1, pageSize: 10, deadline: "", status: "", date: "" });
  });
});

describe("EvaluationTable", () => {
  const queries = (calls: ReturnType<typeof evaluationApi>["calls"]) =>
    calls.filter((c) => c.path === "/api/sf/exam/evaluationAssignments").map((c) => c.query);

  it("lists the assignments with the reason marker and sends the allocated-to search to the server", async () => {
    const { fetch, calls } = evaluationApi();
    const { container } = render(<EvaluationTable search="" {...props(fetch)} />);
    const table = await screen.findByRole("table", { name: "Evaluation table" });
    const row = await within(table).findByRole("row", { name: /Kavita Joshi/ });
    expect(
      within(row).getByRole("button", { name: "Reason for rejection: On leave that week" }),
    ).toBeTruthy();
    expect(within(row).getByText("Meera Iyer")).toBeTruthy();
    expect(within(row).getByText("Not set")).toBeTruthy();
    await expectNoAxeViolations(container);
    fireEvent.change(screen.getByRole("searchbox", { name: "Allocated to" }), {
      target: { value: "nobody" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(await within(table).findByText("No Record")).toBeTruthy();
    expect(window.location.search).toBe(`?cycle=${CYCLE_NOV.id}&allocatedTo=nobody`);
    expect(queries(calls).at(-1)).toBe(`?examCycleId=${CYCLE_NOV.id}&allocatedTo=nobody&pageNo=1&count=10`);
  });

  it("filters by deadline (due by), subject faculty and status on the server, back on page 1", async () => {
    const { fetch, calls, exam } = evaluationApi();
    exam.deadline = "2026-12-01";
    render(<EvaluationTable search="?page=2" {...props(fetch)} />);
    const table = await screen.findByRole("table", { name: "Evaluation table" });
    const deadline = screen.getByLabelText("Deadline") as HTMLInputElement;
    fireEvent.change(deadline, { target: { value: "2026-11-30" } });
    expect(await within(table).findByText("No Record")).toBeTruthy();
    expect(window.location.search).toBe(`?cycle=${CYCLE_NOV.id}&deadline=2026-11-30`);
    expect(queries(calls).at(-1)).toBe(`?examCycleId=${CYCLE_NOV.id}&deadline=2026-11-30&pageNo=1&count=10`);
    fireEvent.change(deadline, { target: { value: "2026-12-01" } });
    const row = await within(table).findByRole("row", { name: /Kavita Joshi/ });
    expect(within(row).getByText("01-12-2026")).toBeTruthy();
    const faculty = screen.getByRole("combobox", { name: "Subject faculty" }) as HTMLSelectElement;
    await waitFor(() => expect([...faculty.options].map((o) => o.value)).toContain("Meera Iyer"));
    fireEvent.change(faculty, { target: { value: "Meera Iyer" } });
    fireEvent.change(screen.getByRole("combobox", { name: "Status" }), { target: { value: "Accepted" } });
    expect(await within(table).findByText("No Record")).toBeTruthy();
    expect(queries(calls).at(-1)).toBe(
      `?examCycleId=${CYCLE_NOV.id}&deadline=2026-12-01&subjectFaculty=Meera%20Iyer&status=Accepted&pageNo=1&count=10`,
    );
    fireEvent.change(screen.getByRole("combobox", { name: "Status" }), { target: { value: "Rejected" } });
    expect(await within(table).findByRole("row", { name: /Kavita Joshi/ })).toBeTruthy();
  });

  it("pages over assignments on the server", async () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      makeAssignment({
        id: `a0000000-0000-4000-8000-0000000001${String(i).padStart(2, "0")}`,
        name: `Evaluator ${String(i + 1).padStart(2, "0")}`,
        status: "Requested",
        reason: "",
      }),
    );
    const { fetch, calls } = evaluationApi({ assignments: many });
    render(<EvaluationTable search="" {...props(fetch)} />);
    const table = await screen.findByRole("table", { name: "Evaluation table" });
    expect(await within(table).findByRole("row", { name: /Evaluator 10/ })).toBeTruthy();
    expect(within(table).queryByRole("row", { name: /Evaluator 11/ })).toBeNull();
    expect(screen.getByText("1-10 of 12")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    expect(await within(table).findByRole("row", { name: /Evaluator 12/ })).toBeTruthy();
    expect(window.location.search).toBe(`?cycle=${CYCLE_NOV.id}&page=2`);
    expect(queries(calls).at(-1)).toBe(`?examCycleId=${CYCLE_NOV.id}&pageNo=2&count=10`);
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
