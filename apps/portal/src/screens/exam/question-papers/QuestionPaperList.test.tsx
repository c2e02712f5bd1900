import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { expectNoAxeViolations, resetScreen } from "../../kit/test-support.tsx";
import { QuestionPaperListScreen } from "./QuestionPaperList.tsx";
import { installFakeApi, json, makePaper, renderScreen, type SeenRequest } from "./test-support.tsx";

afterEach(resetScreen);

const FILTERS = {
  success: true,
  TermList: [
    { TermName: "Term 1", TermId: "t1" },
    { TermName: "Term 2", TermId: "t2" },
  ],
  CourseList: [
    { TermName: "Term 1", CourseName: "Financial Accounting", CourseId: "c1" },
    { TermName: "Term 2", CourseName: "Marketing", CourseId: "c2" },
  ],
  courseFacultyList: [
    { CourseName: "Financial Accounting", FacultyName: ["Asha Rao"] },
    { CourseName: "Marketing", FacultyName: ["Vikram Iyer"] },
  ],
  campus: ["Mumbai"],
  batchList: ["2025"],
  ExamMonthList: ["May 2026"],
  statusList: ["Not Submitted", "Submitted", "Under Review", "Approved", "Request Sent"],
};

const approvable = makePaper({
  id: "11111111-1111-4111-8111-111111111111",
  courseName: "Financial Accounting",
  status: "Under Review",
  setOneStatus: "Approved",
  setTwoStatus: "Approved",
});
const blocked = makePaper({
  id: "22222222-2222-4222-8222-222222222222",
  courseName: "Marketing",
  status: "Request Sent",
  setOneStatus: "Approved",
  setTwoStatus: "Submitted",
  batch: "NA",
  faculty: "",
});
const notSubmitted = makePaper({
  id: "33333333-3333-4333-8333-333333333333",
  courseName: "Operations",
  status: "Not Submitted",
});

function listHandler(rows: ReturnType<typeof makePaper>[], total = rows.length) {
  return installFakeApi((request) => {
    if (request.path === "/sf/exam/questionPaperList") {
      return json(200, { success: true, questionPapersList: rows, noOfRecords: total });
    }
    if (request.path === "/sf/exam/questionPaperFilters") return json(200, FILTERS);
    return undefined;
  });
}

const listCalls = (seen: SeenRequest[]) => seen.filter((r) => r.path === "/sf/exam/questionPaperList");

describe("QuestionPaperList", () => {
  it("shows one page of papers with NA for missing values, status chips and the actions the status allows", async () => {
    const seen = listHandler([approvable, blocked, notSubmitted]);
    const { container } = renderScreen(<QuestionPaperListScreen search="" />);
    const table = await screen.findByRole("table", { name: "Question papers" });
    await within(table).findByText("Financial Accounting");

    expect(listCalls(seen)[0]?.body).toEqual({
      course: "",
      status: "",
      term: "",
      faculty: "",
      batch: "",
      examCycle: "",
      pageNo: 1,
      count: 25,
      sortBy: "courseName",
      sortDirection: "asc",
    });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual([
      "Course name",
      "Term",
      "Faculty",
      "Exam cycle",
      "Batch",
      "Status",
      "Actions",
      "Chat history",
    ]);

    const marketing = within(table).getByRole("row", { name: /Marketing/ });
    expect(within(marketing).getAllByText("NA")).toHaveLength(2);
    expect(within(marketing).getByText("Request Sent")).toBeTruthy();

    // View for Under Review / Request Sent, none for Not Submitted (spec §4).
    expect(
      screen.getByRole("link", { name: "View question paper of Financial Accounting" }).getAttribute("href"),
    ).toBe(`/app/exam/questionPaper/question-paper-view/${approvable.id}`);
    const operations = within(table).getByRole("row", { name: /Operations/ });
    expect(within(operations).queryByRole("link", { name: /View/ })).toBeNull();
    expect(within(operations).queryByRole("button", { name: /Approve/ })).toBeNull();
    expect(screen.getByRole("link", { name: "Chat history of Operations" }).getAttribute("href")).toBe(
      `/app/exam/questionPaper/chat-history/${notSubmitted.id}`,
    );

    await expectNoAxeViolations(container);
  });

  it("sorts on the server from a column header, keeping the sort in the address and starting at page 1", async () => {
    const seen = listHandler([approvable, blocked], 80);
    renderScreen(<QuestionPaperListScreen search="?page=2" />);
    const table = await screen.findByRole("table", { name: "Question papers" });
    await within(table).findByText("Financial Accounting");
    const faculty = within(table).getByRole("columnheader", { name: "Faculty" });
    expect(faculty.getAttribute("aria-sort")).toBe("none");
    // Actions and chat history are not sortable.
    expect(within(table).getByRole("columnheader", { name: "Actions" }).hasAttribute("aria-sort")).toBe(
      false,
    );

    fireEvent.click(within(faculty).getByRole("button", { name: "Faculty" }));
    await waitFor(() =>
      expect(listCalls(seen).at(-1)?.body).toMatchObject({
        pageNo: 1,
        sortBy: "faculty",
        sortDirection: "asc",
      }),
    );
    expect(window.location.search).toBe("?sort=faculty");
    expect(faculty.getAttribute("aria-sort")).toBe("ascending");
    // The rows stay in the server's order: the table does not reorder the page.
    const names = () =>
      within(table)
        .getAllByRole("rowheader")
        .map((cell) => cell.textContent);
    expect(names()).toEqual(["Financial Accounting", "Marketing"]);

    fireEvent.click(within(faculty).getByRole("button", { name: "Faculty" }));
    await waitFor(() =>
      expect(listCalls(seen).at(-1)?.body).toMatchObject({ sortBy: "faculty", sortDirection: "desc" }),
    );
    expect(window.location.search).toBe("?sort=faculty&direction=desc");
    expect(faculty.getAttribute("aria-sort")).toBe("descending");
    expect(names()).toEqual(["Financial Accounting", "Marketing"]);
  });

  it("opens with the address's sort", async () => {
    const seen = listHandler([approvable]);
    renderScreen(<QuestionPaperListScreen search="?sort=status&direction=desc" />);
    const table = await screen.findByRole("table", { name: "Question papers" });
    await within(table).findByText("Financial Accounting");
    expect(listCalls(seen)[0]?.body).toMatchObject({ sortBy: "status", sortDirection: "desc" });
    expect(within(table).getByRole("columnheader", { name: "Status" }).getAttribute("aria-sort")).toBe(
      "descending",
    );
  });

  it("shows 'No Record' when nothing matches", async () => {
    listHandler([]);
    renderScreen(<QuestionPaperListScreen search="" />);
    expect(await screen.findByText("No Record")).toBeTruthy();
  });

  it("shows the error with Try again when the list cannot be loaded", async () => {
    installFakeApi(() => json(500, { success: false, errorMessage: "Internal server error" }));
    renderScreen(<QuestionPaperListScreen search="" />);
    // A 5xx is retried once (IslandRoot's query defaults) before the error shows.
    const alert = await screen.findByRole("alert", {}, { timeout: 5000 });
    expect(alert.textContent).toContain("An error occurred: Internal server error");
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  it("blocks approval before any call while a set is not Approved", async () => {
    const seen = listHandler([blocked]);
    renderScreen(<QuestionPaperListScreen search="" />);
    fireEvent.click(await screen.findByRole("button", { name: "Approve question paper of Marketing" }));
    expect(await screen.findByText("Question-paper is not apporved ", { normalizer: (t) => t })).toBeTruthy();
    expect(seen.some((r) => r.method === "PATCH")).toBe(false);
  });

  it("approves a paper whose sets are both Approved and reloads the list", async () => {
    let approved = false;
    const seen = installFakeApi((request) => {
      if (request.path === "/sf/exam/questionPaperList") {
        const row = approved ? { ...approvable, status: "Approved" as const } : approvable;
        return json(200, { success: true, questionPapersList: [row], noOfRecords: 1 });
      }
      if (request.method === "PATCH" && request.path === "/sf/exam/update/question") {
        approved = true;
        return json(200, { success: true, questionPapers: [{ ...approvable, status: "Approved" }] });
      }
      return undefined;
    });
    renderScreen(<QuestionPaperListScreen search="" />);
    fireEvent.click(
      await screen.findByRole("button", { name: "Approve question paper of Financial Accounting" }),
    );
    expect(await screen.findByText("Question paper approved")).toBeTruthy();
    expect(seen.find((r) => r.method === "PATCH")?.body).toEqual([
      { id: approvable.id, status: "Approved", sendEmail: true, version: approvable.version },
    ]);
    await waitFor(() =>
      expect(
        screen.queryByRole("button", { name: "Approve question paper of Financial Accounting" }),
      ).toBeNull(),
    );
    expect(listCalls(seen).length).toBeGreaterThanOrEqual(2);
  });

  it("shows the server's 409 the same way", async () => {
    installFakeApi((request) => {
      if (request.path === "/sf/exam/questionPaperList") {
        return json(200, { success: true, questionPapersList: [approvable], noOfRecords: 1 });
      }
      if (request.method === "PATCH") {
        return json(409, { success: false, errorMessage: "Question-paper is not apporved " });
      }
      return undefined;
    });
    renderScreen(<QuestionPaperListScreen search="" />);
    fireEvent.click(
      await screen.findByRole("button", { name: "Approve question paper of Financial Accounting" }),
    );
    expect(await screen.findByText("Question-paper is not apporved ", { normalizer: (t) => t })).toBeTruthy();
  });

  it("on a version conflict shows the record-changed message with Reload; after Reload Approve sends the new version", async () => {
    let current = approvable;
    let changedElsewhere = false;
    const seen = installFakeApi((request) => {
      if (request.path === "/sf/exam/questionPaperList") {
        return json(200, { success: true, questionPapersList: [current], noOfRecords: 1 });
      }
      if (request.method === "PATCH" && request.path === "/sf/exam/update/question") {
        if (!changedElsewhere) {
          // Someone else changed the paper since the list was read.
          changedElsewhere = true;
          current = { ...current, faculty: "Vikram Iyer", version: current.version + 1 };
        }
        const [item] = request.body as { version: number }[];
        if (item?.version !== current.version) {
          return json(409, {
            success: false,
            errorMessage: "The question paper was changed by someone else since it was read",
            errorCode: "version_conflict",
          });
        }
        current = { ...current, status: "Approved", version: current.version + 1 };
        return json(200, { success: true, questionPapers: [current] });
      }
      return undefined;
    });
    const { container } = renderScreen(<QuestionPaperListScreen search="" />);
    const approve = () =>
      screen.getByRole("button", { name: "Approve question paper of Financial Accounting" });
    fireEvent.click(
      await screen.findByRole("button", { name: "Approve question paper of Financial Accounting" }),
    );
    const notice = await screen.findByText(/This record was changed by someone else/);
    expect(notice.closest("[role=alert]")).toBeTruthy();
    await expectNoAxeViolations(container);
    const loads = listCalls(seen).length;
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    // The fresh row (someone else's change) has rendered.
    expect(await screen.findByText("Vikram Iyer")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Reload" })).toBeNull());
    expect(listCalls(seen).length).toBeGreaterThan(loads);
    fireEvent.click(approve());
    expect(await screen.findByText("Question paper approved")).toBeTruthy();
    expect(seen.filter((r) => r.method === "PATCH").map((r) => r.body)).toEqual([
      [{ id: approvable.id, status: "Approved", sendEmail: true, version: approvable.version }],
      [{ id: approvable.id, status: "Approved", sendEmail: true, version: approvable.version + 1 }],
    ]);
  });

  it("pages on the server and keeps page and size in the address", async () => {
    const seen = listHandler([approvable], 120);
    renderScreen(<QuestionPaperListScreen search="?page=2" />);
    expect(await screen.findByText("26–50 of 120")).toBeTruthy();
    expect(listCalls(seen)[0]?.body).toMatchObject({ pageNo: 2, count: 25 });

    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    await screen.findByText("51–75 of 120");
    expect(window.location.search).toBe("?page=3");
    expect(listCalls(seen).at(-1)?.body).toMatchObject({ pageNo: 3, count: 25 });

    fireEvent.change(screen.getByLabelText("Rows per page"), { target: { value: "50" } });
    await screen.findByText("1–50 of 120");
    expect(window.location.search).toBe("?pageSize=50");
    expect(listCalls(seen).at(-1)?.body).toMatchObject({ pageNo: 1, count: 50 });
  });

  it("filters by the chosen values, narrowing courses by term and faculty by course", async () => {
    const seen = listHandler([approvable]);
    const { container } = renderScreen(<QuestionPaperListScreen search="" />);
    const filter = await screen.findByRole("button", { name: "Filter" });
    expect(filter.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(filter);
    const panel = await screen.findByRole("region", { name: "Filter question papers" });
    await within(panel).findByRole("option", { name: "Term 2" });

    fireEvent.change(within(panel).getByLabelText("Term"), { target: { value: "Term 2" } });
    const courses = within(within(panel).getByLabelText("Course") as HTMLElement).getAllByRole("option");
    expect(courses.map((o) => o.textContent)).toEqual(["All", "Marketing"]);
    fireEvent.change(within(panel).getByLabelText("Course"), { target: { value: "Marketing" } });
    const faculty = within(within(panel).getByLabelText("Faculty") as HTMLElement).getAllByRole("option");
    expect(faculty.map((o) => o.textContent)).toEqual(["All", "Vikram Iyer"]);
    fireEvent.change(within(panel).getByLabelText("Status"), { target: { value: "Submitted" } });
    await expectNoAxeViolations(container);

    fireEvent.click(within(panel).getByRole("button", { name: "Apply" }));
    await waitFor(() =>
      expect(listCalls(seen).at(-1)?.body).toMatchObject({
        term: "Term 2",
        course: "Marketing",
        status: "Submitted",
        pageNo: 1,
      }),
    );
    expect(window.location.search).toBe("?course=Marketing&status=Submitted&term=Term+2");
    expect(screen.getByRole("button", { name: "Filter (3)" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Filter (3)" }));
    fireEvent.click(await screen.findByRole("button", { name: "Clear" }));
    await waitFor(() => expect(window.location.search).toBe(""));
    expect(screen.getByRole("button", { name: "Filter" })).toBeTruthy();
  });

  it("closes the filter with Escape and gives the focus back to the Filter button", async () => {
    listHandler([approvable]);
    renderScreen(<QuestionPaperListScreen search="" />);
    const filter = await screen.findByRole("button", { name: "Filter" });
    fireEvent.click(filter);
    const panel = await screen.findByRole("region", { name: "Filter question papers" });
    fireEvent.keyDown(within(panel).getByLabelText("Term"), { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("region", { name: "Filter question papers" })).toBeNull());
    expect(filter.getAttribute("aria-expanded")).toBe("false");
    await waitFor(() => expect(document.activeElement).toBe(filter));
  });
});
