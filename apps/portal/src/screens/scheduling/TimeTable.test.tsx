import type { CalendarEvent } from "@portal/api-client";
import { nextWeek, previousWeek, weekOf } from "@portal/domain";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { serverToday } from "../../lib/first-query.ts";
import { fakeApi, json, serverFirstQueries, TEST_CONFIG } from "../../shell/test-api.ts";
import { expectNoAxeViolations, resetScreen, signedIn } from "../kit/test-support.tsx";
import TimeTable, { timeTableFirstQuery } from "./TimeTable.tsx";
import { buildTimeTableGrid, parseTimeTableAddress, serializeTimeTableAddress } from "./time-table.ts";

beforeEach(signedIn);
afterEach(resetScreen);

const TODAY = "2026-11-18"; // a Wednesday
const INTAKE_ID = "b0000000-0000-4000-8000-000000000001";

/** An event at Asia/Kolkata wall time (UTC+05:30). */
function event(id: string, course: string, date: string, start: string, end: string): CalendarEvent {
  const at = (time: string) => new Date(`${date}T${time}:00+05:30`).toISOString();
  return {
    id: `e0000000-0000-4000-8000-00000000000${id}`,
    eventType: "session",
    sessionName: `Lecture ${id}`,
    courseName: course,
    courseId: course.slice(0, 3).toUpperCase(),
    courseOfferingId: null,
    section: "A",
    termId: "t0000000-0000-4000-8000-000000000001",
    contactId: null,
    contactName: null,
    facultyName: "Anil Kumar",
    booking: { facultyName: "Anil Kumar" },
    facilityName: "Room 101",
    startDate: at(start),
    endDate: at(end),
    version: 1,
  };
}

/** A fake API holding weeks by their Monday; the swap answers `swapAnswer`. */
function timeTableApi(
  weeks: Record<string, CalendarEvent[]>,
  swapAnswer: () => Response = () =>
    json(200, { success: true, message: "Swapped successfully", events: [] }),
) {
  const asked: string[] = [];
  const api = fakeApi({
    "GET /api/salesforce/CurrentPageFilter": () =>
      json(200, {
        success: true,
        programs: [{ id: "c0000000-0000-4000-8000-000000000001", name: "EMBA" }],
        batch: [2025, 2026],
        intake: ["JAN", "JUL"],
        campus: [],
        termStatus: [],
      }),
    "GET /api/salesforce/SessionTimeTable": (request) => {
      const q = new URL(request.url).searchParams;
      const date = q.get("date") as string;
      asked.push(date);
      const w = weekOf(date);
      const events = weeks[w.start] ?? [];
      return json(200, {
        success: true,
        message: events.length === 0 ? "No Data Found" : "",
        intakeId: INTAKE_ID,
        batchName: "EMBA JUL 2026",
        weekStart: w.start,
        weekEnd: w.end,
        previousWeek: previousWeek(date),
        nextWeek: nextWeek(date),
        events,
        timeZone: "Asia/Kolkata",
      });
    },
    "POST /api/salesforce/SessionTimeTable": () => swapAnswer(),
  });
  return { ...api, asked };
}

/**
 * Renders the page at `search` as the server would: the first query and the island's `today` both
 * from the server's clock `now` (epoch ms; `serverToday` as the page computes it).
 */
async function renderAt(
  api: ReturnType<typeof timeTableApi>,
  search: string,
  now = Date.parse(`${TODAY}T04:30:00Z`),
) {
  window.history.replaceState(null, "", `/app/time-table${search}`);
  const firstQueries = await serverFirstQueries(
    api.fetch,
    `/app/time-table${search}`,
    timeTableFirstQuery,
    now,
  );
  return render(
    <TimeTable
      locale="en"
      search={search}
      today={serverToday({ locals: { now } })}
      fetch={api.fetch}
      navigate={vi.fn()}
      signedIn
      config={TEST_CONFIG}
      firstQueries={firstQueries}
    />,
  );
}

const WEEK = {
  "2026-11-16": [
    event("1", "Finance", "2026-11-16", "09:00", "10:30"),
    event("2", "Marketing", "2026-11-17", "11:00", "12:30"),
  ],
  "2026-11-23": [event("3", "Strategy", "2026-11-25", "14:00", "15:30")],
};
const SEARCH = "?program=EMBA&year=2026&intake=JUL&date=2026-11-18";

describe("TimeTable (academic-planning Time Table, §4 week navigation)", { timeout: 30_000 }, () => {
  it("renders the week from the server with the Edit link to the full calendar, accessibly", async () => {
    const api = timeTableApi(WEEK);
    const { container } = await renderAt(api, SEARCH);
    const grid = screen.getByRole("table", { name: "Time Table" });
    expect(within(grid).getByText("Finance - Lecture 1")).toBeTruthy();
    expect(within(grid).getByText("Marketing - Lecture 2")).toBeTruthy();
    expect(within(grid).getByRole("rowheader", { name: "09:00 - 10:30" })).toBeTruthy();
    expect(screen.getByText(/16-11-2026 to 22-11-2026/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Edit" }).getAttribute("href")).toBe(
      `/app/full-calendar?programName=EMBA&intake=JUL&year=2026&batchName=EMBA+JUL+2026&id=${INTAKE_ID}`,
    );
    // The first query ran on the server: the browser asked for no week.
    expect(api.asked).toEqual(["2026-11-18"]);
    await expectNoAxeViolations(container);
  });

  it("moves by Monday-based weeks with next, previous, the date picker and Today, keeping them in the address", async () => {
    const api = timeTableApi(WEEK);
    await renderAt(api, SEARCH);
    fireEvent.click(screen.getByRole("button", { name: "Next week" }));
    await waitFor(() => expect(screen.getByText("Strategy - Lecture 3")).toBeTruthy());
    expect(window.location.search).toContain("date=2026-11-23");
    expect(screen.getByText(/23-11-2026 to 29-11-2026/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Previous week" }));
    await waitFor(() => expect(screen.getByText("Finance - Lecture 1")).toBeTruthy());
    expect(window.location.search).toContain("date=2026-11-16");
    fireEvent.change(screen.getByLabelText("Date"), { target: { value: "2026-12-02" } });
    await waitFor(() => expect(screen.getByText("No timetable available")).toBeTruthy());
    expect(window.location.search).toContain("date=2026-12-02");
    fireEvent.click(screen.getByRole("radio", { name: "Today" }));
    await waitFor(() => expect(screen.getByText(/Wednesday 18-11-2026/)).toBeTruthy());
    expect(window.location.search).toContain("view=day");
    expect(screen.queryByText("Finance - Lecture 1")).toBeNull();
  });

  it("opens on the server's today without a date in the address, whatever the browser's clock says", async () => {
    // The browser's clock is months ahead of the server's (PORTAL_CLOCK_START in the stories).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2027-03-10T12:00:00Z"));
    try {
      const api = timeTableApi(WEEK);
      await renderAt(api, "?program=EMBA&year=2026&intake=JUL", Date.parse("2026-11-17T20:00:00Z"));
      // 20:00Z on the 17th is 01:30 on 18-11-2026 in Asia/Kolkata: that week, asked once, on the server.
      expect(screen.getByText("Finance - Lecture 1")).toBeTruthy();
      expect(screen.getByText(/16-11-2026 to 22-11-2026/)).toBeTruthy();
      expect(api.asked).toEqual(["2026-11-18"]);
      fireEvent.click(screen.getByRole("radio", { name: "Today" }));
      await waitFor(() => expect(screen.getByText(/Wednesday 18-11-2026/)).toBeTruthy());
    } finally {
      vi.useRealTimers();
    }
  });

  it("says 'No timetable available' for an empty week", async () => {
    await renderAt(timeTableApi({}), SEARCH);
    expect(screen.getByText("No timetable available")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("names each row whose end is not after its start and still shows the rest", async () => {
    const bad = { ...event("4", "Ethics", "2026-11-19", "10:00", "10:00") };
    const worse = { ...event("5", "Law", "2026-11-20", "12:00", "11:00") };
    await renderAt(timeTableApi({ "2026-11-16": [...(WEEK["2026-11-16"] ?? []), bad, worse] }), SEARCH);
    const alerts = screen.getAllByRole("alert").map((a) => a.textContent);
    expect(alerts).toEqual([
      "Received invalid Start-End time for Ethics - Lecture 4 (19-11-2026 10:00 - 10:00). Please connect with support team and get this checked.",
      "Received invalid Start-End time for Law - Lecture 5 (20-11-2026 12:00 - 11:00). Please connect with support team and get this checked.",
    ]);
    expect(screen.getByText("Finance - Lecture 1")).toBeTruthy();
    expect(screen.getByText("Marketing - Lecture 2")).toBeTruthy();
  });

  it.each([
    [
      "identical subjects",
      json(400, {
        success: false,
        errorMessage: "Subjects are identical!",
        errorCode: "validation_failed",
        rule: "identical_subjects",
      }),
      "Subjects are identical!",
    ],
    [
      "a faculty member double-booked",
      json(409, {
        success: false,
        errorMessage: "Faculty is allocated on another class on same time-slot",
        errorCode: "booking_conflict",
        rule: "faculty_overlap",
      }),
      "Faculty is allocated on another class on same time-slot",
    ],
  ])("shows the refusal of a swap (%s) and keeps the week as it was", async (_, answer, text) => {
    const api = timeTableApi(WEEK, () => answer.clone());
    await renderAt(api, SEARCH);
    const swap = screen.getByRole("button", { name: "Swap" }) as HTMLButtonElement;
    expect(swap.disabled).toBe(true);
    fireEvent.click(screen.getByRole("checkbox", { name: /Pick Finance - Lecture 1/ }));
    expect(swap.disabled).toBe(true);
    fireEvent.click(screen.getByRole("checkbox", { name: /Pick Marketing - Lecture 2/ }));
    expect(swap.disabled).toBe(false);
    fireEvent.click(swap);
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(text));
    const sent = api.calls.find((c) => c.method === "POST");
    expect(sent?.body).toEqual({
      first: { id: WEEK["2026-11-16"]?.[0]?.id, version: 1 },
      second: { id: WEEK["2026-11-16"]?.[1]?.id, version: 1 },
    });
    expect(screen.getByText("Finance - Lecture 1")).toBeTruthy();
  });

  it("swaps two picked sessions and reloads the week", async () => {
    const api = timeTableApi(WEEK);
    await renderAt(api, SEARCH);
    fireEvent.click(screen.getByRole("checkbox", { name: /Pick Finance - Lecture 1/ }));
    fireEvent.click(screen.getByRole("checkbox", { name: /Pick Marketing - Lecture 2/ }));
    fireEvent.click(screen.getByRole("button", { name: "Swap" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Swapped successfully"));
    await waitFor(() => expect(api.asked).toHaveLength(2));
    expect(
      (screen.getByRole("checkbox", { name: /Pick Finance - Lecture 1/ }) as HTMLInputElement).checked,
    ).toBe(false);
  });
});

describe("time table address and grid", () => {
  it.each([
    ["", { program: "", year: "", intake: "", date: "", view: "week" }],
    [
      "?program=EMBA&year=2026&intake=jul&date=2026-11-18&view=day",
      { program: "EMBA", year: "2026", intake: "JUL", date: "2026-11-18", view: "day" },
    ],
    [
      "?programName=GMBA&year=abc&intake=XYZ&date=2026-13-45&view=month",
      { program: "GMBA", year: "", intake: "", date: "", view: "week" },
    ],
  ])("reads %j", (search, expected) => {
    expect(parseTimeTableAddress(search)).toEqual(expected);
  });

  it("writes back what it reads", () => {
    const search = "?program=EMBA&year=2026&intake=JUL&date=2026-11-18&view=day";
    expect(serializeTimeTableAddress(parseTimeTableAddress(search))).toBe(search);
  });

  it("lays out Monday to Friday, adds the weekend only when it holds events, sorts periods", () => {
    const grid = buildTimeTableGrid(WEEK["2026-11-16"] ?? [], "2026-11-18", "week");
    expect(grid.days).toEqual(["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20"]);
    expect(grid.periods.map((p) => p.key)).toEqual(["09:00-10:30", "11:00-12:30"]);
    const saturday = event("6", "Yoga", "2026-11-21", "08:00", "09:00");
    const withWeekend = buildTimeTableGrid([...(WEEK["2026-11-16"] ?? []), saturday], "2026-11-18", "week");
    expect(withWeekend.days).toHaveLength(6);
    expect(withWeekend.periods[0]?.key).toBe("08:00-09:00");
    expect(withWeekend.cell("2026-11-21", "08:00-09:00").map((e) => e.courseName)).toEqual(["Yoga"]);
  });

  it("draws the events at the wall time of the intake's campus zone", () => {
    // 09:00 in Mumbai is 07:30 in Dubai.
    const grid = buildTimeTableGrid(WEEK["2026-11-16"] ?? [], "2026-11-18", "week", "Asia/Dubai");
    expect(grid.periods.map((p) => p.key)).toEqual(["07:30-09:00", "09:30-11:00"]);
  });

  it("puts a reference in an all-day row over its days, never a 05:30 - 24:00 period", () => {
    const reference: CalendarEvent = {
      ...event("7", "Finance", "2026-11-17", "09:00", "10:00"),
      eventType: "reference",
      sessionName: "Reference",
      startDate: "2026-11-17T00:00:00.000Z",
      endDate: "2026-11-19T00:00:00.000Z",
    };
    const grid = buildTimeTableGrid([...(WEEK["2026-11-16"] ?? []), reference], "2026-11-18", "week");
    expect(grid.periods.map((p) => p.key)).toEqual(["all-day", "09:00-10:30", "11:00-12:30"]);
    expect(grid.periods[0]).toMatchObject({ allDay: true });
    expect(grid.cell("2026-11-17", "all-day").map((e) => e.courseName)).toEqual(["Finance"]);
    expect(grid.cell("2026-11-18", "all-day").map((e) => e.courseName)).toEqual(["Finance"]);
    expect(grid.cell("2026-11-19", "all-day")).toEqual([]);
  });
});
