import { render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations, resetScreen, signedIn } from "../../kit/test-support.tsx";
import { EXAM, evaluationApi, json } from "../evaluation/test-support.tsx";
import StudentEligibility from "./StudentEligibility.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

const tile = (label: string) =>
  screen.getByText(label, { selector: "dt" }).parentElement?.querySelector("dd")?.textContent;

describe("StudentEligibility", () => {
  it("shows the totals and each exam's counts per label with a link to its student status", async () => {
    const { fetch } = evaluationApi();
    const { container } = render(
      <StudentEligibility locale="en" search="" fetch={fetch} navigate={vi.fn()} />,
    );
    const table = await screen.findByRole("table", { name: "Eligibility per exam" });
    const row = await within(table).findByRole("row", { name: /Financial Accounting/ });
    expect(within(row).getByText("24-11-2026")).toBeTruthy();
    expect(
      within(row)
        .getByRole("link", { name: "Student status of Financial Accounting (A)" })
        .getAttribute("href"),
    ).toBe(`/app/exams/ExamSetup/student-status?id=${EXAM.id}`);
    expect(tile("Students")).toBe("2");
    expect(tile("Eligible")).toBe("1");
    await expectNoAxeViolations(container);
  });

  it("says 'No Data' when no exam matches", async () => {
    const { fetch } = evaluationApi({
      extra: {
        "POST /api/salesforce/StudentRiskData": () =>
          json(200, {
            success: true,
            examCycle: null,
            totals: { students: 0, eligible: 0, notEligible: 0, atRisk: 0, underReview: 0 },
            noOfRecords: 0,
            pageNo: 1,
            count: 10,
            exams: [],
          }),
      },
    });
    render(<StudentEligibility locale="en" search="?search=zzz" fetch={fetch} navigate={vi.fn()} />);
    const table = await screen.findByRole("table", { name: "Eligibility per exam" });
    expect(await within(table).findByText("No Data")).toBeTruthy();
  });
});
