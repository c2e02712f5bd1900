import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { serverFirstQueries } from "../../shell/test-api.ts";
import { expectNoAxeViolations, resetScreen, signedIn } from "../kit/test-support.tsx";
import PromotionCriteria, { parseCriteriaState, promotionCriteriaFirstQuery } from "./PromotionCriteria.tsx";
import { gradingApi } from "./test-support.tsx";

/** Cap of one test (a full render with axe is slow on a shared machine); never a wait. */
const SLOW = 30_000;

beforeEach(signedIn);
afterEach(resetScreen);

function renderScreen(fetch: (request: Request) => Promise<Response>, search = "") {
  return render(<PromotionCriteria locale="en" search={search} fetch={fetch} navigate={vi.fn()} />);
}

describe("PromotionCriteria", () => {
  it(
    "lists the criteria and who is promoted, at risk or not",
    async () => {
      const { fetch } = gradingApi();
      const { container } = renderScreen(fetch);
      const criteria = await screen.findByRole("table", { name: "Promotion criteria" });
      const row = await within(criteria).findByRole("row", { name: /Standard promotion/ });
      expect(within(row).getByText("Default")).toBeTruthy();
      expect(within(row).getByText("75")).toBeTruthy();
      expect(await screen.findByRole("heading", { name: "Evaluation: Standard promotion" })).toBeTruthy();
      const students = screen.getByRole("table", { name: "Students and their promotion" });
      expect(
        within(within(students).getByRole("row", { name: /Bhavna Rao/ })).getByText("At Risk"),
      ).toBeTruthy();
      expect(
        within(within(students).getByRole("row", { name: /Chetan Das/ })).getByText("Not Promoted"),
      ).toBeTruthy();
      await expectNoAxeViolations(container);
    },
    SLOW,
  );

  it(
    "checks a new criterion with the domain's rules, saves it and lists it",
    async () => {
      const { fetch, calls, state } = gradingApi();
      renderScreen(fetch);
      await screen.findByRole("table", { name: "Promotion criteria" });
      fireEvent.click(screen.getByRole("button", { name: "New criterion" }));
      const dialog = await screen.findByRole("dialog", { name: "New criterion" });
      fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: "Probation rule" } });
      fireEvent.change(within(dialog).getByLabelText(/^Criteria type/), { target: { value: "Probation" } });
      fireEvent.change(within(dialog).getByLabelText(/^Minimum grade points/), { target: { value: "abc" } });
      fireEvent.change(within(dialog).getByLabelText(/^Maximum failed courses/), {
        target: { value: "1.5" },
      });
      fireEvent.change(within(dialog).getByLabelText(/^Minimum attendance/), { target: { value: "70" } });
      fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
      expect(
        await within(dialog).findByText("Minimum grade points must be a number from 0 to 10"),
      ).toBeTruthy();
      expect(
        within(dialog).getByText("Maximum failed courses must be a whole number from 0 to 50"),
      ).toBeTruthy();
      expect(calls.some((c) => c.path === "/api/salesforce/createCriteriaWithFilter")).toBe(false);
      // Out of range says the same readable rule, not the schema library's wording.
      fireEvent.change(within(dialog).getByLabelText(/^Minimum grade points/), { target: { value: "12" } });
      expect(
        await within(dialog).findByText("Minimum grade points must be a number from 0 to 10"),
      ).toBeTruthy();
      expect(within(dialog).queryByText(/Too big/)).toBeNull();
      fireEvent.change(within(dialog).getByLabelText(/^Minimum grade points/), { target: { value: "1.5" } });
      fireEvent.change(within(dialog).getByLabelText(/^Maximum failed courses/), { target: { value: "2" } });
      fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      expect(calls.find((c) => c.path === "/api/salesforce/createCriteriaWithFilter")?.body).toEqual({
        name: "Probation rule",
        recordType: "Default",
        criteriaType: "Probation",
        minGradePoints: 1.5,
        maxFailedCourses: 2,
        minAttendancePercent: 70,
      });
      expect(state.criteria.map((c) => c.name)).toContain("Probation rule");
      expect(
        await within(screen.getByRole("table", { name: "Promotion criteria" })).findByRole("row", {
          name: /Probation rule/,
        }),
      ).toBeTruthy();
    },
    SLOW,
  );

  it("reads its filters from the address and runs its first query on the server", async () => {
    expect(parseCriteriaState("?recordType=Master&criteriaType=Nope&status=At%20Risk")).toEqual({
      recordType: "Master",
      criteriaType: "",
      criteriaId: "",
      status: "At Risk",
    });
    const { fetch, calls } = gradingApi();
    await serverFirstQueries(
      fetch,
      "/app/exam/promotionCriteria?recordType=Default",
      promotionCriteriaFirstQuery,
    );
    expect(calls.map((c) => c.path).sort()).toEqual([
      "/api/salesforce/CriteriaWithFilterData",
      "/api/salesforce/PromotionCriteriaData",
    ]);
    expect(calls.find((c) => c.path === "/api/salesforce/CriteriaWithFilterData")?.body).toEqual({
      recordType: "Default",
      criteriaType: "",
    });
  });
});
