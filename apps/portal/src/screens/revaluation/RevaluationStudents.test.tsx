import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations, resetScreen, signedIn } from "../kit/test-support.tsx";
import RevaluationStudents from "./RevaluationStudents.tsx";
import { EXAM_ID, FACULTY, json, revaluationApi, revaluationRow } from "./test-support.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

function renderList(fetch: (request: Request) => Promise<Response>, variant: "exam" | "request" = "exam") {
  return render(
    <RevaluationStudents
      examId={EXAM_ID}
      variant={variant}
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

const row = async () =>
  within(await screen.findByRole("table", { name: "Students who asked" })).findByRole("row", {
    name: /Priya Nair/,
  });
const patches = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === "PATCH" && c.path === "/api/sf/exam/update/revaluation");

describe("RevaluationStudents", () => {
  it("shows the header, the count and the first variant's columns", async () => {
    const { fetch } = revaluationApi();
    const { container } = renderList(fetch);
    await row();
    expect(screen.getByTestId("student-count").textContent).toBe("(1)");
    expect(screen.getByTestId("request-header").textContent).toContain("Financial Accounting (A)");
    expect(
      within(screen.getByRole("table", { name: "Students who asked" }))
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual([
      "Student Name",
      "Marks",
      "Evaluator Assigned",
      "Reason",
      "Revaluation Status",
      "Action",
      "Edit",
    ]);
    expect(screen.getByRole("link", { name: "Back" }).getAttribute("href")).toBe(
      "/app/exam/revaluationRetest",
    );
    await expectNoAxeViolations(container);
  });

  it("shows the second variant's columns with Back to the requests' list", async () => {
    const { fetch } = revaluationApi();
    renderList(fetch, "request");
    await row();
    expect(
      within(screen.getByRole("table", { name: "Students who asked" }))
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual([
      "Student Name",
      "Marks",
      "Answer Type",
      "Reason",
      "Fees Status",
      "Mode of Exam",
      "Action",
      "Edit",
    ]);
    expect(screen.getByRole("link", { name: "Back" }).getAttribute("href")).toBe(
      "/app/exams/requests/revaluation",
    );
  });

  it("Revert restores the row; completing needs a revised mark and sends nothing without it", async () => {
    const { fetch, calls } = revaluationApi();
    renderList(fetch);
    fireEvent.click(within(await row()).getByRole("button", { name: "Edit the request of Priya Nair" }));
    fireEvent.change(screen.getByRole("combobox", { name: "Action for Priya Nair" }), {
      target: { value: "Accept" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Revert the request of Priya Nair" }));
    expect(screen.queryByRole("combobox", { name: "Action for Priya Nair" })).toBeNull();
    expect(within(await row()).getByText("Not decided")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Edit the request of Priya Nair" }));
    fireEvent.change(screen.getByRole("combobox", { name: "Action for Priya Nair" }), {
      target: { value: "Accept" },
    });
    fireEvent.change(screen.getByRole("combobox", { name: "Evaluator for Priya Nair" }), {
      target: { value: FACULTY.facultyId },
    });
    fireEvent.change(screen.getByRole("combobox", { name: "Revaluation status of Priya Nair" }), {
      target: { value: "Completed" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Done, save the request of Priya Nair" }));
    expect(await screen.findByText("Enter the revised marks, 0 to 60")).toBeTruthy();
    expect(patches(calls)).toEqual([]);

    fireEvent.change(screen.getByRole("textbox", { name: "Revised marks of Priya Nair (out of 60)" }), {
      target: { value: "46" },
    });
    fireEvent.change(screen.getByRole("textbox", { name: "Reason for the change of Priya Nair's mark" }), {
      target: { value: "Re-marked" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Done, save the request of Priya Nair" }));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]?.body).toEqual([
      {
        id: "r1000000-0000-4000-8000-000000000001",
        version: 1,
        RevalAccept: "Accept",
        EvaluatorAssignedID: FACULTY.facultyId,
        RevalutionStatus: "Completed",
        revisedMarks: 46,
        reason: "Re-marked",
      },
    ]);
    expect(await screen.findByText("Request of Priya Nair saved")).toBeTruthy();
  });

  it("a refused save leaves edit mode with the error visible and the row marked not saved", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { fetch } = revaluationApi({
      refuse: () =>
        json(409, {
          success: false,
          errorMessage: "A revaluation or retest request that is Rejected cannot be accepted",
          errorCode: "illegal_transition",
        }),
    });
    renderList(fetch);
    fireEvent.click(within(await row()).getByRole("button", { name: "Edit the request of Priya Nair" }));
    fireEvent.change(screen.getByRole("combobox", { name: "Action for Priya Nair" }), {
      target: { value: "Reject" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Done, save the request of Priya Nair" }));
    expect((await screen.findByTestId("save-failure")).textContent).toBe(
      "Not saved: A revaluation or retest request that is Rejected cannot be accepted",
    );
    expect(screen.queryByRole("combobox", { name: "Action for Priya Nair" })).toBeNull();
    expect(within(await row()).getByText("Reject")).toBeTruthy();
  });

  it("a stale version shows the record-changed notice with Reload", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { fetch } = revaluationApi({
      refuse: () =>
        json(409, { success: false, errorMessage: "The record was changed", errorCode: "version_conflict" }),
    });
    renderList(fetch);
    fireEvent.click(within(await row()).getByRole("button", { name: "Edit the request of Priya Nair" }));
    fireEvent.change(screen.getByRole("combobox", { name: "Action for Priya Nair" }), {
      target: { value: "Accept" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Done, save the request of Priya Nair" }));
    expect(await screen.findByRole("button", { name: "Reload" })).toBeTruthy();
    expect(screen.queryByRole("combobox", { name: "Action for Priya Nair" })).toBeNull();
  });

  it.each([
    ["Completed", { state: "Completed", RevalAccept: "Accept", RevalutionStatus: "Completed" }],
    ["Rejected", { state: "Rejected", RevalAccept: "Reject" }],
  ])("a %s request's Edit is off, with the reason as its title, in both variants", async (_s, fields) => {
    for (const variant of ["exam", "request"] as const) {
      const { fetch } = revaluationApi({
        revaluations: [
          revaluationRow({ id: "r-final", StudentName: "Priya Nair", ...fields }),
          revaluationRow({ id: "r-open", StudentName: "Anil Kapoor" }),
        ],
      });
      const { unmount } = renderList(fetch, variant);
      const edit = within(await row()).getByRole("button", { name: "Edit the request of Priya Nair" });
      expect((edit as HTMLButtonElement).disabled).toBe(true);
      expect(edit.getAttribute("title")).toBe("This request is final: it can no longer be changed");
      const open = screen.getByRole("button", { name: "Edit the request of Anil Kapoor" });
      expect([(open as HTMLButtonElement).disabled, open.getAttribute("title")]).toEqual([false, null]);
      unmount();
    }
  });
});
