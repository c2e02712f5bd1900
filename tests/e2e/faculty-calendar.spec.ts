/**
 * The academic office, signed in once for the whole file (serial, one shared page), opens a faculty
 * member's calendar (spec, Academic planning §2 "Faculty calendar", §3 calendar event, §4
 * Monday-based weeks): the demo's first week of sessions in the week time grid, an event's details
 * (course and session name, times, booked faculty and faculty), the next and previous week, and a
 * reload that keeps the week. Then the Time Table of the same intake (spec, Academic planning §2 "Time
 * Table"): the week's grid, next and previous week kept in the address, and a swap of two sessions'
 * times, swapped back afterwards so the demo data stays as it was.
 */
import { expect, type Page, test } from "@playwright/test";
import {
  ACADEMIC_OFFICE_EMAIL,
  expectNoAxeViolations,
  SERVER_TODAY,
  sharedSignedInPage,
  waitForIslands,
} from "./helpers.ts";

type CalendarEvent = {
  contactId: string;
  contactName: string;
  termId: string;
  sessionName: string;
  courseName: string;
  startDate: string;
  endDate: string;
  id: string;
  version: number;
  booking: { facultyName: string | null };
};

test.describe.configure({ mode: "serial" });

let page: Page;

// The academic office's page of the run (helpers.ts), shared with the people stories.
test.beforeAll(async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  page = await sharedSignedInPage(browser, testInfo.project.use.baseURL, ACADEMIC_OFFICE_EMAIL);
});

test("a faculty member's week of sessions, an event's details, and week navigation", async () => {
  test.setTimeout(180_000);
  // The demo's EMBA July 2026 intake meets from Monday 2 November 2026 (its second term).
  const week = await page.request.get(
    "/api/salesforce/SessionTimeTable?programName=EMBA&intake=JUL&year=2026&date=2026-11-04",
  );
  expect(week.status()).toBe(200);
  const body = (await week.json()) as { weekStart: string; events: CalendarEvent[] };
  expect(body.weekStart).toBe("2026-11-02");
  const event = body.events[0]!;
  expect(event).toBeTruthy();

  await page.goto(`/app/faculty-calendar?contactId=${event.contactId}&date=2026-11-04`);
  await waitForIslands(page);
  await expect(page.getByRole("heading", { level: 1, name: "Faculty Calendar" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Faculty" })).toHaveValue(event.contactId);
  const title = `${event.courseName} - ${event.sessionName}`;
  const shown = page.locator(".fc-event", { hasText: title }).first();
  await expect(shown).toBeVisible();
  await expect(page.locator(".fc-toolbar-title")).toContainText("Nov");
  await expectNoAxeViolations(page);

  await shown.click();
  const details = page.getByRole("dialog", { name: title });
  await expect(details).toBeVisible();
  await expect(details).toContainText("Booked Faculty");
  await expect(details).toContainText(event.booking.facultyName ?? "N/A");
  await details.getByRole("button", { name: "Close" }).first().click();
  await expect(details).toBeHidden();

  // Next week (Monday 9 November) and back; the address keeps the week.
  await page.locator(".fc-next-button").click();
  await expect(page).toHaveURL(/date=2026-11-09/);
  await page.locator(".fc-prev-button").click();
  await expect(page).toHaveURL(/date=2026-11-02/);
  await expect(shown).toBeVisible();
  await page.reload();
  await waitForIslands(page);
  await expect(page.locator(".fc-event", { hasText: title }).first()).toBeVisible();

  // The day view of the event's day.
  await page.locator(".fc-timeGridDay-button").click();
  await expect(page.locator(".fc-timeGridDay-view")).toBeVisible();

  // Without a date the calendar opens on the server's today and marks it, the day the exam
  // dashboard names (exam-timetable.spec.ts), whatever the browser's clock says.
  await page.goto(`/app/faculty-calendar?contactId=${event.contactId}`);
  await waitForIslands(page);
  const today = page.locator(".fc-col-header-cell.fc-day-today");
  await expect(today).toHaveCount(1);
  await expect(today).toHaveAttribute("data-date", SERVER_TODAY);
  await expect(page).toHaveURL(new RegExp(`date=${weekStart(SERVER_TODAY)}`));
  const answer = await page.request.get(`/api/salesforce/FacultyBookingsData?contactId=${event.contactId}`);
  expect(((await answer.json()) as { today: string }).today).toBe(SERVER_TODAY);
});

/** The Monday (YYYY-MM-DD) of a date's week. */
function weekStart(isoDate: string): string {
  const day = new Date(`${isoDate}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

const WEEK_URL = "/api/salesforce/SessionTimeTable?programName=EMBA&intake=JUL&year=2026&date=2026-11-04";

/** "DD-MM-YYYY HH:MM" of an instant at the wall time of `timeZone` (the intake's campus zone). */
function wall(instant: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("day")}-${part("month")}-${part("year")} ${part("hour")}:${part("minute")}`;
}

test("the time table: the intake's week, week navigation kept in the address, and a swap of two sessions", async () => {
  test.setTimeout(180_000);
  const before = (await (await page.request.get(WEEK_URL)).json()) as {
    events: CalendarEvent[];
    timeZone: string;
  };
  const first = before.events[0]!;
  const second = before.events.find(
    (e) => e.courseName !== first.courseName && e.booking.facultyName !== first.booking.facultyName,
  )!;
  expect(second).toBeTruthy();

  await page.goto("/app/time-table?program=EMBA&year=2026&intake=JUL&date=2026-11-04");
  await waitForIslands(page);
  await expect(page.getByRole("heading", { level: 1, name: "Time Table" })).toBeVisible();
  const grid = page.getByRole("table", { name: "Time Table" });
  await expect(grid.getByText(`${first.courseName} - ${first.sessionName}`).first()).toBeVisible();
  await expect(page.getByText("02-11-2026 to 08-11-2026")).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit" })).toHaveAttribute(
    "href",
    /\/app\/full-calendar\?programName=EMBA&intake=JUL&year=2026&batchName=.+&id=[0-9a-f-]{36}$/,
  );
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Next week" }).click();
  await expect(page).toHaveURL(/date=2026-11-09/);
  await expect(page.getByText("09-11-2026 to 15-11-2026")).toBeVisible();
  await page.getByRole("button", { name: "Previous week" }).click();
  await expect(page).toHaveURL(/date=2026-11-02/);
  await page.reload();
  await waitForIslands(page);
  await expect(page.getByText("02-11-2026 to 08-11-2026")).toBeVisible();

  const pick = (e: CalendarEvent) =>
    page.getByRole("checkbox", {
      name: `Pick ${e.courseName} - ${e.sessionName} ${wall(e.startDate, before.timeZone)}`,
    });
  const swap = async (a: CalendarEvent, b: CalendarEvent) => {
    await pick(a).check();
    await pick(b).check();
    await page.getByRole("button", { name: "Swap" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Swapped successfully" })).toBeVisible();
  };
  await swap(first, second);
  const after = (await (await page.request.get(WEEK_URL)).json()) as { events: CalendarEvent[] };
  const moved = after.events.find((e) => e.id === first.id)!;
  expect([moved.startDate, moved.endDate]).toEqual([second.startDate, second.endDate]);
  // The grid shows the first session at the second's time; swap them back.
  await expect(pick({ ...first, startDate: second.startDate })).toBeVisible();
  await swap({ ...first, startDate: second.startDate }, { ...second, startDate: first.startDate });
  const restored = (await (await page.request.get(WEEK_URL)).json()) as { events: CalendarEvent[] };
  expect(restored.events.find((e) => e.id === first.id)?.startDate).toBe(first.startDate);

  // An exam reference (an all-day item, sent at fixed midnights) shows in the all-day row without
  // times, never as "05:30 - 24:00"; removed again afterwards.
  const termId = first.termId;
  const scheduler = (await (
    await page.request.get(`/api/salesforce/SchedulerData?termId=${termId}`)
  ).json()) as {
    courseVersions: Array<{ id: string; courseName: string }>;
  };
  const subject = scheduler.courseVersions[0]!;
  // Written by the page's own origin, as the portal's pages write (the cross-site request check).
  const origin = new URL(page.url()).origin;
  const made = await page.request.post("/api/salesforce/createFacilityFacultyBooking", {
    headers: { origin },
    data: {
      Operation: "Create",
      FacilityFacultyBooking: {
        termId,
        facultyId: "",
        facilityId: null,
        daySelected: "",
        courseVersionId: subject.id,
        courseOfferingId: null,
        academicPlannerActivityId: null,
        activityType: "reference",
        sessionName: "Mid-term reference",
        startDate: "2026-11-04T00:00:00.000Z",
        endDate: "2026-11-05T00:00:00.000Z",
      },
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const reference = ((await made.json()) as { events: Array<{ id: string; version: number }> }).events[0]!;
  await page.reload();
  await waitForIslands(page);
  const allDay = grid.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "All day" }) });
  await expect(allDay).toContainText(`${subject.courseName} - Mid-term reference`);
  await expect(allDay).not.toContainText("05:30");
  await expect(grid.getByRole("rowheader", { name: /05:30/ })).toHaveCount(0);
  const removed = await page.request.post("/api/salesforce/createFacilityFacultyBooking", {
    headers: { origin },
    data: { Operation: "Delete", FacilityFacultyBooking: { id: reference.id, version: reference.version } },
  });
  expect(removed.status(), await removed.text()).toBe(200);

  // Without a date in the address the time table opens on the server's week, whatever the
  // browser's clock says (here months ahead), and Today is the server's day.
  await page.clock.setFixedTime(new Date("2027-03-10T12:00:00Z"));
  await page.goto("/app/time-table?program=EMBA&year=2026&intake=JUL");
  await waitForIslands(page);
  const ddmmyyyy = (iso: string) => iso.split("-").reverse().join("-");
  const monday = weekStart(SERVER_TODAY);
  const sunday = new Date(`${monday}T00:00:00Z`);
  sunday.setUTCDate(sunday.getUTCDate() + 6);
  await expect(
    page.getByText(`${ddmmyyyy(monday)} to ${ddmmyyyy(sunday.toISOString().slice(0, 10))}`),
  ).toBeVisible();
  await page.getByRole("radio", { name: "Today" }).click();
  await expect(page.getByText(new RegExp(`\\w+ ${ddmmyyyy(SERVER_TODAY)}`)).first()).toBeVisible();
});
