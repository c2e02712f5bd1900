import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json, serverFirstQueries } from "../../shell/test-api.ts";
import { expectNoAxeViolations, signedIn } from "../kit/test-support.tsx";
import GradingCourseList, {
  gradingListFirstQuery,
  parseGradingListState,
  serializeGradingListState,
  toGradingCoursesRequest,
} from "./GradingCourseList.tsx";

type Request = {
  course: string;
  status: string;
  pageNo: number;
  count: number;
  sortBy?: string;
  sortDirection?: "asc" | "desc";
};

/** 23 offerings; the fake pages and filters them by course and status as the server does. */
const OFFERINGS = Array.from({ length: 23 }, (_, i) => ({
  id: `0f000000-0000-4000-8000-${String(i + 1).padStart(12, "0")}`,
  courseCode: i < 20 ? `FIN1${String(i).padStart(2, "0")}` : `MKT2${i}`,
  courseName: i < 20 ? `Finance ${i + 1}` : `Marketing ${i + 1}`,
  section: "A",
  term: "Term 1",
  batch: "MBA 2025",
  programme: "MBA",
  campus: "Mumbai",
  students: 40 + i,
  typeOfGrading: "Absolute",
  status: i % 3 === 0 ? "Published" : "Draft",
  version: 1,
}));

function listApi() {
  return fakeApi({
    "POST /api/salesforce/GradingCourseDetails": (_r, body) => {
      const q = body as Request;
      const matching = OFFERINGS.filter(
        (o) =>
          `${o.courseCode} ${o.courseName}`.toLowerCase().includes(q.course.toLowerCase()) &&
          (q.status === "" || o.status === q.status),
      );
      // The fake sorts by students only, as the server does (ties never occur: every count differs).
      if (q.sortBy === "students") {
        matching.sort((a, b) =>
          q.sortDirection === "desc" ? b.students - a.students : a.students - b.students,
        );
      }
      return json(200, {
        success: true,
        noOfRecords: matching.length,
        courses: matching.slice((q.pageNo - 1) * q.count, q.pageNo * q.count),
      });
    },
  });
}

beforeEach(signedIn);
afterEach(() => {
  cleanup();
  localStorage.clear();
  window.history.replaceState(null, "", "/");
});

const table = () => screen.findByRole("table", { name: "Course offerings to grade" });

describe("GradingCourseList", () => {
  it("keeps the six filters, page and size in the address, bad values falling back to the defaults", () => {
    const state = parseGradingListState("?course=fin&status=Published&examCycle=Dec&page=3&pageSize=25");
    expect(state).toEqual({
      course: "fin",
      term: "",
      batch: "",
      examCycle: "Dec",
      campus: "",
      status: "Published",
      page: 3,
      pageSize: 25,
      sort: null,
    });
    expect(serializeGradingListState(state)).toBe(
      "?course=fin&examCycle=Dec&status=Published&page=3&pageSize=25",
    );
    expect(parseGradingListState("?status=Closed&pageSize=7&page=-2")).toMatchObject({
      status: "",
      page: 1,
      pageSize: 10,
    });
    expect(serializeGradingListState(parseGradingListState(""))).toBe("");
    expect(toGradingCoursesRequest(state)).toEqual({
      course: "fin",
      term: "",
      batch: "",
      examCycle: "Dec",
      campus: "",
      status: "Published",
      pageNo: 3,
      count: 25,
    });
  });

  it.each([
    [
      "?sort=students&direction=desc",
      { column: "students", direction: "desc" },
      "?sort=students&direction=desc",
    ],
    [
      "?sort=typeOfGrading&direction=up",
      { column: "typeOfGrading", direction: "asc" },
      "?sort=typeOfGrading",
    ],
    ["?sort=code", null, ""],
  ])("reads the header sort of %s", (search, sort, written) => {
    const state = parseGradingListState(search);
    expect(state.sort).toEqual(sort);
    expect(serializeGradingListState(state)).toBe(written);
    if (sort)
      expect(toGradingCoursesRequest(state)).toMatchObject({
        sortBy: sort.column,
        sortDirection: sort.direction,
      });
    else expect(toGradingCoursesRequest(state)).not.toHaveProperty("sortBy");
  });

  it("renders the server's first page with links to grading, setup and view, and makes no call on hydration", async () => {
    const { fetch, calls } = listApi();
    const firstQueries = await serverFirstQueries(fetch, "/app/exams/grading", gradingListFirstQuery);
    expect(calls.map((c) => (c.body as Request).pageNo)).toEqual([1]);
    calls.length = 0;
    const { container } = render(
      <GradingCourseList
        locale="en"
        search=""
        firstQueries={firstQueries}
        signedIn
        fetch={fetch}
        navigate={vi.fn()}
      />,
    );
    const grid = await table();
    // Ten a page (spec §9 grid default), the first ten of the list.
    expect(within(grid).getAllByRole("row")).toHaveLength(11);
    expect(within(grid).getByRole("link", { name: "Finance 1" }).getAttribute("href")).toBe(
      `/app/exams/grading/details/${OFFERINGS[0]?.id}`,
    );
    expect(within(grid).getByRole("link", { name: "Setup of Finance 1 A" }).getAttribute("href")).toBe(
      `/app/grading-setup?courseOfferingId=${OFFERINGS[0]?.id}`,
    );
    expect(calls.filter((c) => c.path !== "/api/config")).toEqual([]);
    await expectNoAxeViolations(container);
  }, 30_000);

  it("searches by course and status on the server from page 1, and pages on", async () => {
    window.history.replaceState(null, "", "/app/exams/grading?page=2");
    const { fetch, calls } = listApi();
    render(<GradingCourseList locale="en" search="?page=2" signedIn fetch={fetch} navigate={vi.fn()} />);
    const grid = await table();
    await within(grid).findByText("Finance 11");

    fireEvent.change(screen.getByLabelText("Course"), { target: { value: "mkt" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await within(grid).findByText("Marketing 21");
    expect(within(grid).queryByText("Finance 1")).toBeNull();
    expect(window.location.search).toBe("?course=mkt");
    const last = calls.filter((c) => c.path === "/api/salesforce/GradingCourseDetails").at(-1)
      ?.body as Request;
    expect([last.course, last.status, last.pageNo, last.count]).toEqual(["mkt", "", 1, 10]);

    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "Published" } });
    // Of the three Marketing offerings only Marketing 22 is Published.
    expect(await within(grid).findByText("Marketing 22")).toBeTruthy();
    await waitFor(() => expect(within(grid).queryByText("Marketing 21")).toBeNull());
    expect(window.location.search).toBe("?course=mkt&status=Published");

    fireEvent.change(screen.getByLabelText("Course"), { target: { value: "nothing" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(await within(grid).findByText("No Data")).toBeTruthy();
  }, 30_000);

  it("leads each row to the page its entry point is about", async () => {
    const { fetch } = listApi();
    render(
      <GradingCourseList locale="en" search="" target="setting" signedIn fetch={fetch} navigate={vi.fn()} />,
    );
    const grid = await table();
    expect((await within(grid).findByRole("link", { name: "Finance 1" })).getAttribute("href")).toBe(
      `/app/exams/grading/gradingSetting?courseOfferingId=${OFFERINGS[0]?.id}`,
    );
  });
});

describe("GradingCourseList sorting", { timeout: 30_000 }, () => {
  const listCalls = (calls: { path: string; body: unknown }[]) =>
    calls.filter((c) => c.path === "/api/salesforce/GradingCourseDetails").map((c) => c.body as Request);

  it("sorts on the server from a header, keeping the sort in the address and starting at page 1", async () => {
    window.history.replaceState(null, "", "/app/exams/grading?page=2");
    const { fetch, calls } = listApi();
    const { container } = render(
      <GradingCourseList locale="en" search="?page=2" signedIn fetch={fetch} navigate={vi.fn()} />,
    );
    const grid = await table();
    await within(grid).findByText("Finance 11");
    expect(listCalls(calls)[0]).not.toHaveProperty("sortBy");
    const students = within(grid).getByRole("columnheader", { name: "Students" });
    expect(students.getAttribute("aria-sort")).toBe("none");
    // Code and section have no server sort; the actions never sort.
    expect(within(grid).getByRole("columnheader", { name: "Course code" }).hasAttribute("aria-sort")).toBe(
      false,
    );

    fireEvent.click(within(students).getByRole("button", { name: "Students" }));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toMatchObject({ pageNo: 1, sortBy: "students", sortDirection: "asc" }),
    );
    expect(window.location.search).toBe("?sort=students");
    expect(students.getAttribute("aria-sort")).toBe("ascending");
    await within(grid).findByText("Finance 1");

    fireEvent.click(within(students).getByRole("button", { name: "Students" }));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toMatchObject({ pageNo: 1, sortBy: "students", sortDirection: "desc" }),
    );
    expect(window.location.search).toBe("?sort=students&direction=desc");
    // The most students first: the 23rd offering (62 students) heads the page.
    expect(await within(grid).findByText("Marketing 23")).toBeTruthy();
    expect(students.getAttribute("aria-sort")).toBe("descending");
    await expectNoAxeViolations(container);
  });

  it("opens with the address's sort, and a third click returns to the list's own order", async () => {
    window.history.replaceState(null, "", "/app/exams/grading?sort=status&direction=desc");
    const { fetch, calls } = listApi();
    render(
      <GradingCourseList
        locale="en"
        search="?sort=status&direction=desc"
        signedIn
        fetch={fetch}
        navigate={vi.fn()}
      />,
    );
    const grid = await table();
    await within(grid).findAllByRole("link", { name: /Finance/ });
    expect(listCalls(calls)[0]).toMatchObject({ sortBy: "status", sortDirection: "desc" });
    const status = within(grid).getByRole("columnheader", { name: "Status" });
    expect(status.getAttribute("aria-sort")).toBe("descending");
    // A third click leaves the sort: the list's own order, no sort in the address.
    fireEvent.click(within(status).getByRole("button", { name: "Status" }));
    await waitFor(() => expect(listCalls(calls).at(-1)).not.toHaveProperty("sortBy"));
    expect(window.location.search).toBe("");
    expect(status.getAttribute("aria-sort")).toBe("none");
  });
});
