import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json, serverFirstQueries } from "../../shell/test-api.ts";
import { chooseFromRowMenu, expectNoAxeViolations, resetScreen, signedIn } from "../kit/test-support.tsx";
import DepartmentMaster, { departmentMasterFirstQuery } from "./DepartmentMaster.tsx";
import Events, { displayWallTime } from "./Events.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const CSE = { id: ID(1), code: "CSE", name: "Computer Science", level: "UG", active: true, version: 1 };

describe("department master", { timeout: 30_000 }, () => {
  it("lists the departments from the server's first query and creates one", async () => {
    const posted: unknown[] = [];
    let departments = [CSE];
    const { fetch, calls } = fakeApi({
      "GET /api/admin/departments": () => json(200, { success: true, departments }),
      "POST /api/admin/departments": (_r, body) => {
        posted.push(body);
        const made = { id: ID(2), version: 1, ...(body as object) };
        departments = [...departments, made as typeof CSE];
        return json(201, { success: true, department: made });
      },
    });
    const firstQueries = await serverFirstQueries(
      fetch,
      "/app/setup/master/department",
      departmentMasterFirstQuery,
    );
    const before = calls.length;
    const { container } = render(
      <DepartmentMaster locale="en" search="" fetch={fetch} navigate={vi.fn()} firstQueries={firstQueries} />,
    );
    const table = await screen.findByRole("table", { name: "Departments" });
    expect(within(table).getByText("Computer Science")).toBeTruthy();
    expect(calls.slice(before).filter((c) => c.path === "/api/admin/departments")).toEqual([]);
    await expectNoAxeViolations(container);
    fireEvent.change(screen.getByLabelText(/^Code/), { target: { value: "mgt" } });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: "Management" } });
    fireEvent.change(screen.getByLabelText(/^Level/), { target: { value: "PG" } });
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    await waitFor(() => expect(within(table).getByText("Management")).toBeTruthy());
    expect(posted).toEqual([{ code: "MGT", name: "Management", level: "PG", active: true }]);
  });

  it("refuses an empty form sending nothing, and shows a duplicate code under Code", async () => {
    const posted: unknown[] = [];
    const { fetch } = fakeApi({
      "GET /api/admin/departments": () => json(200, { success: true, departments: [CSE] }),
      "POST /api/admin/departments": (_r, body) => {
        posted.push(body);
        return json(409, {
          success: false,
          errorCode: "duplicate_code",
          field: "code",
          errorMessage: "A department with this code already exists",
        });
      },
    });
    render(<DepartmentMaster locale="en" search="" fetch={fetch} navigate={vi.fn()} />);
    await screen.findByRole("table", { name: "Departments" });
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findByText("Code is required")).toBeTruthy();
    expect(screen.getByText("Name is required")).toBeTruthy();
    expect(posted).toEqual([]);
    fireEvent.change(screen.getByLabelText(/^Code/), { target: { value: "CSE" } });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: "Again" } });
    fireEvent.change(screen.getByLabelText(/^Level/), { target: { value: "UG" } });
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findByText("A department with this code already exists")).toBeTruthy();
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe("Again");
  });

  it("deactivates a department at the version shown", async () => {
    const put: unknown[] = [];
    const { fetch } = fakeApi({
      "GET /api/admin/departments": () => json(200, { success: true, departments: [CSE] }),
      [`PUT /api/admin/departments/${ID(1)}`]: (_r, body) => {
        put.push(body);
        return json(200, { success: true, department: { ...CSE, active: false, version: 2 } });
      },
    });
    render(<DepartmentMaster locale="en" search="" fetch={fetch} navigate={vi.fn()} />);
    fireEvent.click(await screen.findByRole("button", { name: "Deactivate: CSE" }));
    await waitFor(() =>
      expect(put).toEqual([
        { code: "CSE", name: "Computer Science", level: "UG", active: false, version: 1 },
      ]),
    );
  });
});

const EVENT = {
  id: ID(3),
  title: "Research Day",
  eventType: "seminar",
  campusId: null,
  campusName: null,
  timeZone: "Asia/Kolkata",
  venue: "Main Hall",
  start: "2027-02-10T09:00",
  end: "2027-02-10T17:00",
  startsAt: "2027-02-10T03:30:00.000Z",
  endsAt: "2027-02-10T11:30:00.000Z",
  audience: "all",
  description: "",
  version: 1,
  schedule: [
    {
      id: ID(4),
      eventId: ID(3),
      title: "Keynote",
      start: "2027-02-10T09:30",
      end: "2027-02-10T10:30",
      startsAt: "2027-02-10T04:00:00.000Z",
      endsAt: "2027-02-10T05:00:00.000Z",
      speaker: "Dr Rao",
      room: "A1",
      version: 1,
    },
  ],
};

describe("events", { timeout: 30_000 }, () => {
  function eventsApi() {
    const posted: unknown[] = [];
    const api = fakeApi({
      "GET /api/admin/events": () => json(200, { success: true, events: [EVENT], noOfRecords: 1 }),
      "GET /api/admin/eventCampuses": () =>
        json(200, { success: true, campuses: [{ id: ID(5), name: "Mumbai", timeZone: "Asia/Kolkata" }] }),
      "POST /api/admin/events": (_r, body) => {
        posted.push(body);
        return json(201, { success: true, event: { ...EVENT, id: ID(6) } });
      },
      "POST /api/admin/schedule": (_r, body) => {
        posted.push(body);
        return json(400, {
          success: false,
          errorCode: "validation_failed",
          field: "start",
          rule: "within_event",
          errorMessage: "A schedule item must lie within its event's start and end",
        });
      },
    });
    return { ...api, posted };
  }

  it("shows the events with their times at the campus, and its schedule", async () => {
    const { fetch } = eventsApi();
    const { container } = render(<Events locale="en" search="" fetch={fetch} navigate={vi.fn()} />);
    const table = await screen.findByRole("table", { name: "Events" });
    expect(await within(table).findByText("Research Day")).toBeTruthy();
    expect(within(table).getByText("10-02-2027 09:00 – 10-02-2027 17:00 (Asia/Kolkata)")).toBeTruthy();
    await expectNoAxeViolations(container);
    await chooseFromRowMenu(within(table).getByRole("button", { name: "Actions: Research Day" }), "Schedule");
    const schedule = await screen.findByRole("region", { name: "Schedule of Research Day" });
    expect(within(schedule).getByText("Keynote")).toBeTruthy();
    expect(within(schedule).getByText("Dr Rao")).toBeTruthy();
  });

  it("checks the event form as the server does, then creates the event", async () => {
    const { fetch, posted } = eventsApi();
    render(<Events locale="en" search="" fetch={fetch} navigate={vi.fn()} />);
    await screen.findByRole("table", { name: "Events" });
    const form = screen.getByRole("form", { name: "New event" });
    fireEvent.click(within(form).getByRole("button", { name: "Create" }));
    expect(await within(form).findByText("Title is required")).toBeTruthy();
    expect(posted).toEqual([]);
    fireEvent.change(within(form).getByLabelText(/^Title/), { target: { value: "Sports Day" } });
    fireEvent.change(within(form).getByLabelText(/^Type/), { target: { value: "sports" } });
    fireEvent.change(within(form).getByLabelText(/^Start/), { target: { value: "2027-03-01T10:00" } });
    fireEvent.change(within(form).getByLabelText(/^End/), { target: { value: "2027-03-01T09:00" } });
    fireEvent.change(within(form).getByLabelText(/^Audience/), { target: { value: "students" } });
    fireEvent.click(within(form).getByRole("button", { name: "Create" }));
    expect(await within(form).findByText("End must be after start")).toBeTruthy();
    expect(posted).toEqual([]);
    fireEvent.change(within(form).getByLabelText(/^End/), { target: { value: "2027-03-01T16:00" } });
    fireEvent.click(within(form).getByRole("button", { name: "Create" }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          title: "Sports Day",
          eventType: "sports",
          campusId: null,
          venue: "",
          start: "2027-03-01T10:00",
          end: "2027-03-01T16:00",
          audience: "students",
          description: "",
        },
      ]),
    );
  });

  it("shows the server's refusal of a schedule item outside its event at Start", async () => {
    const { fetch } = eventsApi();
    render(<Events locale="en" search="" fetch={fetch} navigate={vi.fn()} />);
    const table = await screen.findByRole("table", { name: "Events" });
    await chooseFromRowMenu(
      await within(table).findByRole("button", { name: "Actions: Research Day" }),
      "Schedule",
    );
    const form = await screen.findByRole("form", { name: "New schedule item" });
    fireEvent.change(within(form).getByLabelText(/^Title/), { target: { value: "Late talk" } });
    fireEvent.change(within(form).getByLabelText(/^End/), { target: { value: "2027-02-10T19:00" } });
    fireEvent.click(within(form).getByRole("button", { name: "Add" }));
    expect(
      await within(form).findByText("A schedule item must lie within its event's start and end"),
    ).toBeTruthy();
  });

  it("formats wall times DD-MM-YYYY HH:MM", () => {
    expect(displayWallTime("2027-02-10T09:05")).toBe("10-02-2027 09:05");
  });
});
