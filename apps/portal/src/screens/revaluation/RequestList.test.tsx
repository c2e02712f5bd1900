import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetScreen, signedIn } from "../kit/test-support.tsx";
import RequestList from "./RequestList.tsx";
import { EXAM_ID, json, revaluationApi } from "./test-support.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

/** One row of the Revaluation list. */
function listRow(overrides: Record<string, unknown> = {}) {
  return {
    id: EXAM_ID,
    courseId: "c1000000-0000-4000-8000-000000000001",
    courseOfferingId: "o1000000-0000-4000-8000-000000000001",
    program: "MBA",
    courseName: "Financial Accounting",
    section: "A",
    termName: "Term 4",
    batch: "MBA 2025",
    examType: "EndTerm",
    examDate: "2026-06-10",
    examCycle: "Jun 2026 End Term",
    revalDueDate: "2026-12-01",
    status: "Pending",
    documentStatus: "Submitted",
    numberofDocuments: 1,
    requests: 1,
    pending: 1,
    ...overrides,
  };
}

function renderList(search: string) {
  const rows = [listRow(), listRow({ id: "e2", courseName: "Marketing", examDate: "2026-06-01" })];
  const { fetch, calls } = revaluationApi({
    extra: {
      "POST /api/salesforce/RetestRevaluationDetails": () =>
        json(200, { success: true, type: "Revaluation", rows, noOfRecords: rows.length }),
    },
  });
  render(
    <RequestList
      kind="revaluation"
      locale="en"
      search={search}
      config={null}
      signedIn
      firstQueries={null}
      fetch={fetch}
      navigate={vi.fn()}
    />,
  );
  const listCalls = () => calls.filter((c) => c.path === "/api/salesforce/RetestRevaluationDetails");
  return { listCalls };
}

describe("RequestList sorting", { timeout: 30_000 }, () => {
  it("sorts on the server from a header, keeping the sort in the address and starting at page 1", async () => {
    window.history.replaceState(null, "", "/app/revaluation?page=2");
    const { listCalls } = renderList("?page=2");
    const table = await screen.findByRole("table", { name: "Exams with revaluation requests" });
    await within(table).findByText("Marketing (A)");
    const date = within(table).getByRole("columnheader", { name: "Date of exam" });
    expect(date.getAttribute("aria-sort")).toBe("none");
    // The View / Edit column does not sort.
    const headers = within(table).getAllByRole("columnheader");
    expect(headers.at(-1)?.hasAttribute("aria-sort")).toBe(false);

    fireEvent.click(within(date).getByRole("button", { name: "Date of exam" }));
    await waitFor(() =>
      expect(listCalls().at(-1)?.body).toMatchObject({
        type: "Revaluation",
        pageNo: 1,
        sortBy: "examDate",
        sortDirection: "asc",
      }),
    );
    expect(window.location.search).toBe("?sort=examDate");
    expect(date.getAttribute("aria-sort")).toBe("ascending");
    fireEvent.click(within(date).getByRole("button", { name: "Date of exam" }));
    await waitFor(() =>
      expect(listCalls().at(-1)?.body).toMatchObject({ sortBy: "examDate", sortDirection: "desc" }),
    );
    expect(window.location.search).toBe("?sort=examDate&direction=desc");
    expect(date.getAttribute("aria-sort")).toBe("descending");
  });

  it("opens with the address's sort", async () => {
    const { listCalls } = renderList("?sort=due&direction=desc");
    const table = await screen.findByRole("table", { name: "Exams with revaluation requests" });
    await within(table).findByText("Marketing (A)");
    expect(listCalls()[0]?.body).toMatchObject({ sortBy: "due", sortDirection: "desc" });
    expect(within(table).getByRole("columnheader", { name: "Due date" }).getAttribute("aria-sort")).toBe(
      "descending",
    );
  });
});
