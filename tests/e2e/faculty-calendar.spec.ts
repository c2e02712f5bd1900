/**
 * The academic office opens a faculty member's calendar (spec academic-planning.md §2 Faculty
 * calendar, §3 calendar event, §4 Monday-based weeks): the demo's first week of sessions in the week
 * time grid, an event's details (course and session name, times, booked faculty and faculty), the
 * next and previous week, and a reload that keeps the week.
 */
import { expect, test } from "@playwright/test";
import { ACADEMIC_OFFICE_EMAIL, expectNoAxeViolations, signIn, waitForIslands } from "./helpers.ts";

type CalendarEvent = {
  contactId: string;
  contactName: string;
  sessionName: string;
  courseName: string;
  startDate: string;
  booking: { facultyName: string | null };
};

test("a faculty member's week of sessions, an event's details, and week navigation", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, ACADEMIC_OFFICE_EMAIL);
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
});
