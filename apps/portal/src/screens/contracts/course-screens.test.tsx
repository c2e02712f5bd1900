import { fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json, serverFirstQueries } from "../../shell/test-api.ts";
import { expectNoAxeViolations, resetScreen, signedIn } from "../kit/test-support.tsx";
import FacultySection, { facultySectionFirstQuery } from "./FacultySection.tsx";
import ViewCourse, { viewCourseFirstQuery } from "./ViewCourse.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

const ID = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, "0")}`;
const row = (n: number, code: string, section: string, facultyName: string | null) => ({
  id: ID(n),
  courseCode: code,
  courseName: `Course ${code}`,
  section,
  termId: ID(2),
  termName: "Term 2",
  termStartDate: "2026-07-01",
  termEndDate: "2026-11-30",
  intakeName: "MBA 2025",
  enrolled: 42,
  capacity: 60,
  facultyId: facultyName ? ID(30) : null,
  facultyName,
  activeContracts: 1,
});
const LIST = {
  success: true,
  noOfRecords: 12,
  courseOfferings: [row(10, "FIN101", "A", "Meera Iyer"), row(11, "MKT201", "B", null)],
};
const OFFERING = {
  success: true,
  courseOffering: {
    id: ID(10),
    section: "A",
    capacity: 60,
    enrolled: 42,
    course: { id: ID(5), code: "FIN101", name: "Course FIN101", credits: 4 },
    term: { id: ID(2), name: "Term 2", number: 2, startDate: "2026-07-01", endDate: "2026-11-30" },
    intake: { id: ID(3), name: "MBA 2025", programmeName: "MBA", programmePlanName: null },
    faculty: { id: ID(30), name: "Meera Iyer", email: "meera@university.example" },
    otherSections: [{ id: ID(12), section: "B", facultyName: null, enrolled: 20, capacity: 60 }],
    contracts: [
      {
        id: ID(40),
        state: "approved",
        facultyId: ID(30),
        facultyName: "Meera Iyer",
        facultyEmail: "meera@university.example",
        hours: 30,
        amount: 75000,
        startDate: "2026-07-01",
        endDate: "2026-11-30",
        updatedAt: "2026-06-20T10:00:00.000Z",
      },
    ],
  },
};
const NOT_FOUND = { success: false, errorMessage: "Course offering not found", field: "id" };

describe("View Course", { timeout: 30_000 }, () => {
  it("shows the server's first page of course offerings and asks the server again for a search", async () => {
    const searches: string[] = [];
    const { fetch, calls } = fakeApi({
      "GET /api/salesforce/facultyOnboarding/courseOfferings": (request) => {
        const q = new URL(request.url).searchParams;
        searches.push(q.get("search") ?? "");
        return json(
          200,
          q.get("search") === "zzz" ? { success: true, noOfRecords: 0, courseOfferings: [] } : LIST,
        );
      },
    });
    const firstQueries = await serverFirstQueries(fetch, "/app/ViewCourse", viewCourseFirstQuery);
    const before = calls.length;
    const navigate = vi.fn();
    const { container } = render(
      <ViewCourse locale="en" search="" fetch={fetch} navigate={navigate} firstQueries={firstQueries} />,
    );
    const table = await screen.findByRole("table", { name: "Course offerings" });
    expect(calls.slice(before).filter((c) => c.path.endsWith("/courseOfferings"))).toEqual([]);
    const link = within(table).getByRole("link", { name: "FIN101 Course FIN101 · Section A" });
    expect(link.getAttribute("href")).toBe(`/app/ViewCourse?id=${ID(10)}`);
    expect(within(table).getByText("Meera Iyer")).toBeTruthy();
    expect(within(table).getByText("No faculty assigned")).toBeTruthy();
    expect(within(table).getAllByText("01-07-2026 – 30-11-2026")).toHaveLength(2);
    await expectNoAxeViolations(container);

    fireEvent.change(screen.getByRole("searchbox", { name: "Search course, intake or faculty" }), {
      target: { value: "zzz" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await screen.findByText("No Record");
    expect(searches.at(-1)).toBe("zzz");
    expect(window.location.search).toBe("?search=zzz");
  });

  it("shows one course offering with its faculty, contracts and other sections", async () => {
    const search = `?id=${ID(10)}`;
    const { fetch, calls } = fakeApi({ [`GET /api/courseOfferings/${ID(10)}`]: () => json(200, OFFERING) });
    const firstQueries = await serverFirstQueries(fetch, `/app/ViewCourse${search}`, viewCourseFirstQuery);
    const before = calls.length;
    const { container } = render(
      <ViewCourse locale="en" search={search} fetch={fetch} navigate={vi.fn()} firstQueries={firstQueries} />,
    );
    await screen.findByRole("heading", { name: "FIN101 Course FIN101 · Section A" });
    expect(calls.slice(before).filter((c) => c.path.includes("/courseOfferings/"))).toEqual([]);
    expect(screen.getByText("Not given")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sections taught" }).getAttribute("href")).toBe(
      `/app/facultySection?contactId=${ID(30)}`,
    );
    const contracts = screen.getByRole("table", { name: "Contracts covering this section" });
    expect(within(contracts).getByRole("link", { name: "Meera Iyer" }).getAttribute("href")).toBe(
      `/app/ViewContract?id=${ID(40)}`,
    );
    const others = screen.getByRole("table", { name: "Other sections of this course this term" });
    expect(within(others).getByRole("link", { name: "Section B" }).getAttribute("href")).toBe(
      `/app/ViewCourse?id=${ID(12)}`,
    );
    expect(screen.getByRole("link", { name: "Back to course offerings" }).getAttribute("href")).toBe(
      "/app/ViewCourse",
    );
    await expectNoAxeViolations(container);
  });

  it("shows the server's message for an unknown course offering", async () => {
    const { fetch } = fakeApi({ [`GET /api/courseOfferings/${ID(99)}`]: () => json(404, NOT_FOUND) });
    render(<ViewCourse locale="en" search={`?id=${ID(99)}`} fetch={fetch} navigate={vi.fn()} />);
    const alert = await screen.findByRole("alert", {}, { timeout: 15_000 });
    expect(alert.textContent).toContain("An error occurred: Course offering not found");
  });
});

describe("facultySection", { timeout: 30_000 }, () => {
  const SECTIONS = {
    success: true,
    faculty: { id: ID(30), name: "Meera Iyer", email: "meera@university.example" },
    sections: [row(10, "FIN101", "A", "Meera Iyer")],
  };

  it("shows the server's first rows: the faculty member's sections, each opening View Course", async () => {
    const search = `?contactId=${ID(30)}`;
    const { fetch, calls } = fakeApi({ [`GET /api/faculty/${ID(30)}/sections`]: () => json(200, SECTIONS) });
    const firstQueries = await serverFirstQueries(
      fetch,
      `/app/facultySection${search}`,
      facultySectionFirstQuery,
    );
    const before = calls.length;
    const { container } = render(
      <FacultySection
        locale="en"
        search={search}
        fetch={fetch}
        navigate={vi.fn()}
        firstQueries={firstQueries}
      />,
    );
    const table = await screen.findByRole("table", { name: "Sections taught by Meera Iyer" });
    expect(calls.slice(before).filter((c) => c.path.endsWith("/sections"))).toEqual([]);
    expect(
      within(table).getByRole("link", { name: "FIN101 Course FIN101 · Section A" }).getAttribute("href"),
    ).toBe(`/app/ViewCourse?id=${ID(10)}`);
    // The faculty column is left out: every row is this member's.
    expect(within(table).queryByRole("columnheader", { name: "Faculty" })).toBeNull();
    expect(screen.getByRole("link", { name: "360 profile" }).getAttribute("href")).toBe(
      `/app/facultyProfile/${ID(30)}`,
    );
    expect(screen.getByText("meera@university.example")).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it("shows No Record for a member without sections, and the server's message for an unknown one", async () => {
    const { fetch } = fakeApi({
      [`GET /api/faculty/${ID(30)}/sections`]: () => json(200, { ...SECTIONS, sections: [] }),
      [`GET /api/faculty/${ID(31)}/sections`]: () =>
        json(404, { success: false, errorMessage: "Faculty member not found", field: "contactId" }),
    });
    render(<FacultySection locale="en" search={`?contactId=${ID(30)}`} fetch={fetch} navigate={vi.fn()} />);
    await screen.findByText("No Record");
    resetScreen();
    signedIn();
    render(<FacultySection locale="en" search={`?contactId=${ID(31)}`} fetch={fetch} navigate={vi.fn()} />);
    const alert = await screen.findByRole("alert", {}, { timeout: 15_000 });
    expect(alert.textContent).toContain("An error occurred: Faculty member not found");
  });

  it("says where to open it from without a faculty member in the address, asking nothing", async () => {
    const { fetch, calls } = fakeApi();
    render(<FacultySection locale="en" search="?contactId=nope" fetch={fetch} navigate={vi.fn()} />);
    await screen.findByText(/Choose a faculty member first/);
    expect(screen.getByRole("link", { name: "Faculty Profile" })).toBeTruthy();
    expect(calls.filter((c) => c.path.includes("/sections"))).toEqual([]);
  });
});
