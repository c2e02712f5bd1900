import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { serverFirstQueries } from "../../shell/test-api.ts";
import { expectNoAxeViolations, resetScreen, signedIn } from "../kit/test-support.tsx";
import StudentGradingDetails, { studentGradingDetailsFirstQuery } from "./StudentGradingDetails.tsx";
import { gradingApi, makeState, OFFERING_ID, SUB_QUIZ_1 } from "./test-support.tsx";

/** Cap of one test (a full render with axe is slow on a shared machine); never a wait. */
const SLOW = 30_000;
const STUDENT = "50000000-0000-4000-8000-000000000002";

beforeEach(signedIn);
afterEach(resetScreen);

function renderScreen(fetch: (request: Request) => Promise<Response>, componentName = "") {
  return render(
    <StudentGradingDetails
      locale="en"
      search=""
      courseOfferingId={OFFERING_ID}
      studentId={STUDENT}
      componentName={componentName}
      fetch={fetch}
      navigate={vi.fn()}
    />,
  );
}

const marksTable = () => screen.findByRole("table", { name: "Sub-component marks" });

describe("StudentGradingDetails", () => {
  it(
    "lists the components (name linking to the sub-component view, marks obtain, total marks) and the marks",
    async () => {
      const { fetch } = gradingApi();
      const { container } = renderScreen(fetch);
      const components = await screen.findByRole("table", { name: "Components" });
      expect(
        within(components)
          .getAllByRole("columnheader")
          .map((h) => h.textContent),
      ).toEqual(["Component Name", "Marks Obtain", "Total Marks"]);
      expect(within(components).getByRole("link", { name: "Quiz" }).getAttribute("href")).toBe(
        `/app/exam/grading/details/${OFFERING_ID}/studentdetails/${STUDENT}/Quiz`,
      );
      expect(within(components).getByText("32.00")).toBeTruthy();
      expect(within(components).getByText("40")).toBeTruthy();
      const marks = await marksTable();
      expect(within(marks).getByRole("row", { name: /Quiz 1/ }).textContent).toContain("17.00 / 20");
      expect(screen.getByText("Student: Bhavna Rao")).toBeTruthy();
      await expectNoAxeViolations(container);
    },
    SLOW,
  );

  it(
    "refuses a mark above the total or below 0 in the browser, saves a correct one and shows it",
    async () => {
      const { fetch, calls } = gradingApi();
      renderScreen(fetch, "Quiz");
      const marks = await marksTable();
      // The sub-component view has no components table.
      expect(screen.queryByRole("table", { name: "Components" })).toBeNull();
      fireEvent.click(within(marks).getByRole("button", { name: "Edit the mark of Quiz 1" }));
      const input = await screen.findByLabelText("Marks obtained in Quiz 1 (out of 20)");
      const done = screen.getByRole("button", { name: "Done: save the mark of Quiz 1" });
      fireEvent.change(input, { target: { value: "21" } });
      fireEvent.click(done);
      expect(await screen.findByText("Marks obtained cannot be more than the total marks")).toBeTruthy();
      fireEvent.change(input, { target: { value: "-1" } });
      expect(await screen.findByText("Marks obtained cannot be less than 0")).toBeTruthy();
      expect(calls.some((c) => c.path === "/api/sf/exam/admin/cousesubcomponet")).toBe(false);
      fireEvent.change(input, { target: { value: "19.5" } });
      fireEvent.click(done);
      await waitFor(() =>
        expect(
          within(screen.getByRole("table", { name: "Sub-component marks" })).getByRole("row", {
            name: /Quiz 1/,
          }).textContent,
        ).toContain("19.50 / 20"),
      );
      expect(calls.find((c) => c.path === "/api/sf/exam/admin/cousesubcomponet")?.body).toEqual([
        {
          id: `${STUDENT}-0`,
          studentId: STUDENT,
          subComponentId: SUB_QUIZ_1,
          MarksObtined: 19.5,
          TotalMarks: 20,
          version: 1,
          reason: "",
        },
      ]);
    },
    SLOW,
  );

  it(
    "shows ConflictNotice on a stale mark, and saves the typed mark over the fresh version after Reload",
    async () => {
      const { fetch, calls } = gradingApi(makeState(), { conflictOn: "marks" });
      renderScreen(fetch);
      const marks = await marksTable();
      fireEvent.click(within(marks).getByRole("button", { name: "Edit the mark of Quiz 2" }));
      const input = await screen.findByLabelText("Marks obtained in Quiz 2 (out of 20)");
      fireEvent.change(input, { target: { value: "10" } });
      fireEvent.click(screen.getByRole("button", { name: "Done: save the mark of Quiz 2" }));
      fireEvent.click(await screen.findByRole("button", { name: "Reload" }));
      await waitFor(() => expect(screen.queryByRole("button", { name: "Reload" })).toBeNull());
      expect((screen.getByLabelText("Marks obtained in Quiz 2 (out of 20)") as HTMLInputElement).value).toBe(
        "10",
      );
      fireEvent.click(screen.getByRole("button", { name: "Done: save the mark of Quiz 2" }));
      await waitFor(() =>
        expect(calls.filter((c) => c.path === "/api/sf/exam/admin/cousesubcomponet")).toHaveLength(2),
      );
    },
    SLOW,
  );

  it(
    "asks for a reason once the results are published",
    async () => {
      const state = makeState();
      state.status = "Published";
      const { fetch, calls } = gradingApi(state);
      renderScreen(fetch, "Quiz");
      const marks = await marksTable();
      fireEvent.click(within(marks).getByRole("button", { name: "Edit the mark of Quiz 1" }));
      fireEvent.change(await screen.findByLabelText("Marks obtained in Quiz 1 (out of 20)"), {
        target: { value: "12" },
      });
      fireEvent.click(screen.getByRole("button", { name: "Done: save the mark of Quiz 1" }));
      expect(
        await screen.findByText("These results are published: say why they change (reason)"),
      ).toBeTruthy();
      fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "Re-marked" } });
      fireEvent.click(screen.getByRole("button", { name: "Done: save the mark of Quiz 1" }));
      await waitFor(() =>
        expect(calls.find((c) => c.path === "/api/sf/exam/admin/cousesubcomponet")?.body).toMatchObject([
          { MarksObtined: 12, reason: "Re-marked" },
        ]),
      );
    },
    SLOW,
  );

  it("runs its first query on the server: the student's marks of the component", async () => {
    const { fetch, calls } = gradingApi();
    await serverFirstQueries(fetch, "/app/x", studentGradingDetailsFirstQuery(OFFERING_ID, STUDENT, "Quiz"));
    expect(calls.map((c) => c.path)).toEqual([`/api/sf/exam/coursecomponent/${OFFERING_ID}`]);
  });
});
