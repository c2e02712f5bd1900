import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json, serverFirstQueries } from "../../shell/test-api.ts";
import { expectNoAxeViolations, resetScreen, signedIn } from "../kit/test-support.tsx";
import AdminExamManagement from "./AdminExamManagement.tsx";
import AdminManagement from "./AdminManagement.tsx";
import AssignRoles from "./AssignRoles.tsx";
import UserList, { userListFirstQuery } from "./UserList.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const USER = {
  id: ID(1),
  name: "Nisha Pillai",
  email: "nisha@university.example",
  active: true,
  contactId: ID(2),
  roles: [
    {
      id: ID(3),
      roleType: "academic_office",
      scopeKind: "programme",
      scopeId: ID(4),
      scopeName: "MBA (MBA)",
    },
  ],
};

describe("users list", { timeout: 30_000 }, () => {
  it("shows each user's roles with their scope from the server's first page, and removes one", async () => {
    let removed = "";
    const { fetch, calls } = fakeApi({
      "GET /api/admin/users": () =>
        json(200, { success: true, users: removed ? [{ ...USER, roles: [] }] : [USER], noOfRecords: 1 }),
      [`DELETE /api/admin/roles/${ID(3)}`]: () => {
        removed = ID(3);
        return json(200, { success: true });
      },
    });
    const firstQueries = await serverFirstQueries(fetch, "/app/users", userListFirstQuery);
    const before = calls.length;
    const { container } = render(
      <UserList locale="en" search="" fetch={fetch} navigate={vi.fn()} firstQueries={firstQueries} />,
    );
    const table = await screen.findByRole("table", { name: "Users" });
    expect(within(table).getByText(/Academic office · Academic programme: MBA \(MBA\)/)).toBeTruthy();
    expect(calls.slice(before).filter((c) => c.path === "/api/admin/users")).toEqual([]);
    await expectNoAxeViolations(container);
    fireEvent.click(within(table).getByRole("button", { name: /Remove Academic office/ }));
    await waitFor(() => expect(within(table).getByText("No role")).toBeTruthy());
    expect(removed).toBe(ID(3));
  });

  it("sends the search and role filter to the server and keeps them in the address", async () => {
    const { fetch, calls } = fakeApi({
      "GET /api/admin/users": () => json(200, { success: true, users: [], noOfRecords: 0 }),
    });
    render(<UserList locale="en" search="?role=exam_office" fetch={fetch} navigate={vi.fn()} />);
    await screen.findByText("No Record");
    fireEvent.change(screen.getByLabelText("Search by name or email"), { target: { value: "nisha" } });
    fireEvent.submit(screen.getByLabelText("Search by name or email").closest("form") as HTMLFormElement);
    await waitFor(() => expect(window.location.search).toBe("?search=nisha&role=exam_office"));
    await waitFor(() => expect(calls.some((c) => c.path === "/api/admin/users")).toBe(true));
  });
});

describe("assign roles", { timeout: 30_000 }, () => {
  function assignApi(answer: () => Response) {
    const posted: unknown[] = [];
    const api = fakeApi({
      "GET /api/admin/contacts": () =>
        json(200, {
          success: true,
          contacts: [{ id: ID(2), name: "Nisha Pillai", email: USER.email, kind: "faculty" }],
        }),
      "GET /api/admin/institutes": () =>
        json(200, { success: true, options: [{ id: ID(5), name: "Example University" }] }),
      "GET /api/admin/academicPrograms": () => json(200, { success: true, options: [] }),
      "POST /api/admin/assignRole": (_r, body) => {
        posted.push(body);
        return answer();
      },
    });
    return { ...api, posted };
  }

  it("refuses an empty form with the spec's messages, sending nothing", async () => {
    const { fetch, posted } = assignApi(() => json(500, {}));
    const { container } = render(<AssignRoles locale="en" search="" fetch={fetch} navigate={vi.fn()} />);
    fireEvent.click(await screen.findByRole("button", { name: "Assign" }));
    expect(await screen.findByText("Please Select a Contact")).toBeTruthy();
    expect(screen.getByText("Please Select an Institute")).toBeTruthy();
    expect(posted).toEqual([]);
    await expectNoAxeViolations(container);
  });

  it("assigns a role at the institute, says 'No Programs Found' for an institute without any, and links to the user", async () => {
    const { fetch, posted } = assignApi(() =>
      json(201, {
        success: true,
        assignment: {
          id: ID(6),
          roleType: "exam_office",
          scopeKind: "institute",
          scopeId: ID(5),
          scopeName: "Example University",
        },
      }),
    );
    render(<AssignRoles locale="en" search="" fetch={fetch} navigate={vi.fn()} />);
    await waitFor(() => expect(screen.getAllByRole("option", { name: /Nisha Pillai/ }).length).toBe(1));
    fireEvent.change(screen.getByLabelText(/^Contact/), { target: { value: ID(2) } });
    fireEvent.change(screen.getByLabelText(/^Role type/), { target: { value: "exam_office" } });
    await waitFor(() => expect(screen.getAllByRole("option", { name: "Example University" }).length).toBe(1));
    fireEvent.change(screen.getByLabelText(/^Institute/), { target: { value: ID(5) } });
    expect(await screen.findByText("No Programs Found")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Assign" }));
    const done = await screen.findByRole("status");
    expect(done.textContent).toContain("Nisha Pillai: Exam office · Institute: Example University");
    expect(within(done).getByRole("link").getAttribute("href")).toBe(
      `/app/users?search=${encodeURIComponent(USER.email)}`,
    );
    expect(posted).toEqual([
      {
        contactId: ID(2),
        roleType: "exam_office",
        instituteId: ID(5),
        academicProgramId: null,
        programPlanId: null,
        classSectionId: null,
      },
    ]);
  });

  it("shows 'Errors creating the Roles' when the server refuses without naming a field", async () => {
    const { fetch } = assignApi(() => json(500, { success: false, errorMessage: "Internal server error" }));
    render(<AssignRoles locale="en" search="" fetch={fetch} navigate={vi.fn()} />);
    await waitFor(() => expect(screen.getAllByRole("option", { name: /Nisha Pillai/ }).length).toBe(1));
    fireEvent.change(screen.getByLabelText(/^Contact/), { target: { value: ID(2) } });
    fireEvent.change(screen.getByLabelText(/^Role type/), { target: { value: "admin" } });
    await waitFor(() => expect(screen.getAllByRole("option", { name: "Example University" }).length).toBe(1));
    fireEvent.change(screen.getByLabelText(/^Institute/), { target: { value: ID(5) } });
    fireEvent.click(screen.getByRole("button", { name: "Assign" }));
    expect((await screen.findAllByText("Errors creating the Roles")).length).toBeGreaterThan(0);
  });
});

describe("admin management", { timeout: 30_000 }, () => {
  const OVERVIEW = {
    success: true,
    today: "2026-11-27",
    users: {
      total: 6,
      active: 5,
      byRole: [
        { name: "admin", count: 1 },
        { name: "exam_office", count: 2 },
      ],
    },
    people: { faculty: 40, students: 1200 },
    academics: { institutes: 1, programmes: 3, intakes: 8, courseOfferings: 96 },
    exams: {
      byState: [
        { name: "Upcoming", count: 12 },
        { name: "Today", count: 0 },
        { name: "Held", count: 30 },
      ],
      questionPapers: [{ name: "Approved", count: 7 }],
      evaluators: [],
      revaluations: [],
      retests: [{ name: "Pending", count: 2 }],
    },
  };

  it("shows the counts the server read", async () => {
    const { fetch } = fakeApi({ "GET /api/admin/overview": () => json(200, OVERVIEW) });
    const { container } = render(<AdminManagement locale="en" search="" fetch={fetch} navigate={vi.fn()} />);
    const students = await screen.findByText("Students");
    expect(students.nextElementSibling?.textContent).toBe("1,200");
    expect(screen.getByText("Exam office").nextElementSibling?.textContent).toBe("2");
    expect(screen.getByText("Counted on 27-11-2026")).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it("shows the exam counts by state, and 'No Data' for a group without any", async () => {
    const { fetch } = fakeApi({ "GET /api/admin/overview": () => json(200, OVERVIEW) });
    render(<AdminExamManagement locale="en" search="" fetch={fetch} navigate={vi.fn()} />);
    expect((await screen.findByText("Held")).nextElementSibling?.textContent).toBe("30");
    expect(screen.getByText("Approved").nextElementSibling?.textContent).toBe("7");
    expect(screen.getAllByText("No Data")).toHaveLength(2);
  });
});
