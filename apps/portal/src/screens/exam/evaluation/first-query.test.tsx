import { render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { serverFirstQueries, TEST_CONFIG } from "../../../shell/test-api.ts";
import { resetScreen, signedIn } from "../../kit/test-support.tsx";
import StudentEligibility, { studentEligibilityFirstQuery } from "../eligibility/StudentEligibility.tsx";
import EvaluationExamList, { evaluationExamListFirstQuery } from "./EvaluationExamList.tsx";
import EvaluationPage, { evaluationPageFirstQuery } from "./EvaluationPage.tsx";
import EvaluationPlan, { evaluationPlanFirstQuery } from "./EvaluationPlan.tsx";
import EvaluationTable, { evaluationTableFirstQuery } from "./EvaluationTable.tsx";
import { EXAM, evaluationApi, json } from "./test-support.tsx";

/*
 * The evaluation lists and the eligibility overview start from their page's first query: the first
 * page's rows (or its empty or error state) are there at the first render and mounting asks the API
 * nothing. Were the data fetched in the browser again, the synchronous checks below would fail.
 */

beforeEach(signedIn);
afterEach(resetScreen);

const islandProps = (fetch: (request: Request) => Promise<Response>) => ({
  locale: "en" as const,
  config: TEST_CONFIG,
  signedIn: true,
  fetch,
  navigate: vi.fn(),
});

describe.each([
  [
    "evaluation list",
    "/app/exams/evaluation",
    EvaluationExamList,
    evaluationExamListFirstQuery,
    "Exams and their evaluators",
    "Financial Accounting",
    "/api/sf/exam/evaluationOverview",
  ],
  [
    "evaluation plan",
    "/app/exams/evaluvationPlan",
    EvaluationPlan,
    evaluationPlanFirstQuery,
    "Evaluation plan per exam",
    "Financial Accounting",
    "/api/sf/exam/evaluationOverview",
  ],
  [
    "evaluation table",
    "/app/exams/evaluation/evaluationTable",
    EvaluationTable,
    evaluationTableFirstQuery,
    "Evaluation table",
    "Meera Iyer",
    "/api/sf/exam/evaluationAssignments",
  ],
  [
    "student eligibility",
    "/app/exam/studentEligibility",
    StudentEligibility,
    studentEligibilityFirstQuery,
    "Eligibility per exam",
    "Financial Accounting (FIN101)",
    "/api/salesforce/StudentRiskData",
  ],
] as const)("%s", (_name, path, Island, firstQuery, caption, firstCell, listPath) => {
  it("renders the address's first page from the server's first query and asks nothing on mount", async () => {
    const { fetch, calls } = evaluationApi();
    const search = "?cycle=c1&pageSize=25";
    const firstQueries = await serverFirstQueries(fetch, `${path}${search}`, firstQuery);
    expect(calls.map((c) => c.path).sort()).toEqual([listPath, "/api/sf/exam/examCycles"].sort());
    calls.length = 0;
    render(<Island search={search} firstQueries={firstQueries} {...islandProps(fetch)} />);
    const table = screen.getByRole("table", { name: caption });
    expect(within(table).getAllByText(firstCell).length).toBeGreaterThan(0);
    expect(calls).toEqual([]);
  });

  it("renders a failed first query as the error with Try again, without asking again on mount", async () => {
    const failing = () => json(500, { success: false, errorMessage: "Database unavailable" });
    const { fetch, calls } = evaluationApi({
      extra: {
        "GET /api/sf/exam/evaluationOverview": failing,
        "GET /api/sf/exam/evaluationAssignments": failing,
        "POST /api/salesforce/StudentRiskData": failing,
      },
    });
    const firstQueries = await serverFirstQueries(fetch, path, firstQuery);
    calls.length = 0;
    render(<Island search="" firstQueries={firstQueries} {...islandProps(fetch)} />);
    expect(screen.getByRole("alert").textContent).toContain("Database unavailable");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe("evaluation table first query", () => {
  it("shows 'No Record' at the first render when no assignment matches the address's filters", async () => {
    const { fetch, calls } = evaluationApi();
    const search = "?status=Accepted";
    const firstQueries = await serverFirstQueries(
      fetch,
      `/app/exams/evaluation/evaluationTable${search}`,
      evaluationTableFirstQuery,
    );
    calls.length = 0;
    render(<EvaluationTable search={search} firstQueries={firstQueries} {...islandProps(fetch)} />);
    expect(screen.getByText("No Record")).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe("evaluation page first query", () => {
  it("renders the exam's evaluators from the server's first query and asks nothing on mount", async () => {
    const { fetch, calls } = evaluationApi();
    const firstQueries = await serverFirstQueries(
      fetch,
      `/app/exams/evaluation/${EXAM.id}`,
      evaluationPageFirstQuery(EXAM.id),
    );
    expect(calls.map((c) => c.path)).toEqual([`/api/sf/exam/evaluatorList/${EXAM.id}`]);
    calls.length = 0;
    render(<EvaluationPage search="" examId={EXAM.id} firstQueries={firstQueries} {...islandProps(fetch)} />);
    expect(screen.getByRole("table", { name: "Evaluators of the exam" })).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
