import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetScreen, signedIn } from "../kit/test-support.tsx";
import ModerationList, { parseModerationListState, serializeModerationListState } from "./ModerationList.tsx";
import { json, revaluationApi } from "./test-support.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

/** One course offering of the grading list, which the moderation list shows. */
function course(overrides: Record<string, unknown> = {}) {
  return {
    id: "o1000000-0000-4000-8000-000000000001",
    courseCode: "FA101",
    courseName: "Financial Accounting",
    section: "A",
    term: "Term 4",
    batch: "MBA 2025",
    programme: "MBA",
    campus: "Main",
    students: 40,
    typeOfGrading: "Absolute",
    status: "Draft",
    version: 1,
    ...overrides,
  };
}

function renderList(search: string) {
  const courses = [
    course(),
    course({ id: "o2", courseCode: "MK201", courseName: "Marketing", students: 12 }),
  ];
  const { fetch, calls } = revaluationApi({
    extra: {
      "POST /api/salesforce/GradingCourseDetails": () =>
        json(200, { success: true, courses, noOfRecords: 60 }),
    },
  });
  render(
    <ModerationList
      locale="en"
      search={search}
      config={null}
      signedIn
      firstQueries={null}
      fetch={fetch}
      navigate={vi.fn()}
    />,
  );
  const listCalls = () => calls.filter((c) => c.path === "/api/salesforce/GradingCourseDetails");
  return { listCalls };
}

describe("ModerationList address", () => {
  it.each([
    ["", { page: 1, pageSize: 25, course: "", sort: null }],
    ["?sort=students&direction=desc&page=3", { page: 3, sort: { column: "students", direction: "desc" } }],
    ["?sort=status&direction=up", { sort: { column: "status", direction: "asc" } }],
    ["?sort=id", { sort: null }],
  ])("reads %s", (search, expected) => {
    expect(parseModerationListState(search)).toMatchObject(expected);
  });

  it("writes the sort and leaves defaults out", () => {
    const state = parseModerationListState("?course=acc&sort=course&direction=desc");
    expect(serializeModerationListState(state)).toBe("?course=acc&sort=course&direction=desc");
    expect(
      serializeModerationListState({ ...state, course: "", sort: { column: "term", direction: "asc" } }),
    ).toBe("?sort=term");
  });
});

describe("ModerationList sorting", { timeout: 30_000 }, () => {
  it("sorts on the server from a header, keeping the sort in the address and starting at page 1", async () => {
    window.history.replaceState(null, "", "/app/exam/moderation?page=2&course=a");
    const { listCalls } = renderList("?page=2&course=a");
    const table = await screen.findByRole("table", { name: "Course offerings" });
    await within(table).findByText("MK201 Marketing (A)");
    expect(listCalls()[0]?.body).toMatchObject({ course: "a", pageNo: 2 });
    expect(listCalls()[0]?.body).not.toHaveProperty("sortBy");
    const students = within(table).getByRole("columnheader", { name: "Students" });
    expect(students.getAttribute("aria-sort")).toBe("none");
    // The Moderate column does not sort.
    expect(within(table).getByRole("columnheader", { name: "Action" }).hasAttribute("aria-sort")).toBe(false);

    fireEvent.click(within(students).getByRole("button", { name: "Students" }));
    await waitFor(() =>
      expect(listCalls().at(-1)?.body).toMatchObject({
        course: "a",
        pageNo: 1,
        sortBy: "students",
        sortDirection: "asc",
      }),
    );
    expect(window.location.search).toBe("?course=a&sort=students");
    expect(students.getAttribute("aria-sort")).toBe("ascending");
    fireEvent.click(within(students).getByRole("button", { name: "Students" }));
    await waitFor(() =>
      expect(listCalls().at(-1)?.body).toMatchObject({ sortBy: "students", sortDirection: "desc" }),
    );
    expect(window.location.search).toBe("?course=a&sort=students&direction=desc");
    expect(students.getAttribute("aria-sort")).toBe("descending");
  });

  it("opens with the address's sort", async () => {
    const { listCalls } = renderList("?sort=program&direction=desc");
    const table = await screen.findByRole("table", { name: "Course offerings" });
    await within(table).findByText("MK201 Marketing (A)");
    expect(listCalls()[0]?.body).toMatchObject({ sortBy: "program", sortDirection: "desc" });
    expect(within(table).getByRole("columnheader", { name: "Programs" }).getAttribute("aria-sort")).toBe(
      "descending",
    );
  });
});
