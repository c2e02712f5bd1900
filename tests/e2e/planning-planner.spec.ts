/**
 * The academic office plans a term (spec, Academic planning §2 "Term Academic Planner", Activity
 * create/update dialog, Current Programmes; spec, Exam management §7 "The calls it makes", AcademicCalendar,
 * campusHolidays): a workshop planned with the activity dialog on a demo intake's second term shows
 * in that programme's WorkShops table after a reload, and a campus holiday added on the academic
 * calendar moves the end date the dialog computes (the working-day rule skips it).
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  ACADEMIC_OFFICE_EMAIL,
  expectNoAxeViolations,
  sharedSignedInPage,
  waitForIslands,
} from "./helpers.ts";

type Programme = { id: string; name: string; code: string };

/** The demo's first programme (by code) and its July 2026 intake, with the planner's terms. */
async function demoIntake(page: Page) {
  const setup = await page.request.get("/api/salesforce/AcademicProgramsName");
  expect(setup.status()).toBe(200);
  const programmes = ((await setup.json()) as { "Academic Program": Programme[] })["Academic Program"];
  const programme = [...programmes].sort((a, b) => a.code.localeCompare(b.code))[0]!;
  const planner = await page.request.get(
    `/api/salesforce/AcademicPlannerData?programName=${encodeURIComponent(programme.name)}&intake=JUL&year=2026`,
  );
  expect(planner.status()).toBe(200);
  const body = (await planner.json()) as { intakeId: string; terms: Array<{ termName: string }> };
  expect(body.terms.map((t) => t.termName)).toContain("Term 2");
  return { programme, intakeId: body.intakeId };
}

function termCard(page: Page, term: string): Locator {
  return page.locator("details", { has: page.locator("summary", { hasText: new RegExp(`^${term}$`) }) });
}

/** Opens the activity dialog of Term 2 and fills every field but the start date and duration. */
async function openWorkshopDialog(page: Page): Promise<Locator> {
  await termCard(page, "Term 2").getByRole("button", { name: "Add section activity" }).click();
  const dialog = page.getByRole("dialog", { name: "Create activity" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/^Type of activity/).selectOption("Workshop");
  await dialog.getByLabel(/^Subject/).selectOption({ index: 1 });
  await dialog.getByLabel(/^Section/).selectOption({ index: 1 });
  await dialog.getByLabel(/^Faculty/).selectOption({ index: 1 });
  await dialog.getByLabel(/^Sessions/).fill("5");
  await dialog.getByLabel(/^Hours per session/).fill("2");
  return dialog;
}

test("plan a workshop in the Term Academic Planner, see it in Current Programmes, and a campus holiday moves the end date", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  // The run's signed-in academic office page (see planning-intake.spec.ts): within the code limit.
  const page = await sharedSignedInPage(browser, testInfo.project.use.baseURL, ACADEMIC_OFFICE_EMAIL);
  const { programme, intakeId } = await demoIntake(page);
  const plannerUrl = `/app/add-activity?program=${encodeURIComponent(programme.name)}&intake=JUL&year=2026`;

  // The planner: filters from the address, term cards with Term Start and End.
  await page.goto(plannerUrl);
  await waitForIslands(page);
  await expect(page.getByRole("heading", { level: 1, name: "Term Academic Planner" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Master Term Import" })).toBeEnabled();
  await expect(termCard(page, "Term 2")).toContainText("Term Start: 01-11-2026");
  await expectNoAxeViolations(page);

  // Five working days from Monday 2 November (every weekday allowed, no holiday that week).
  let dialog = await openWorkshopDialog(page);
  const subject = (await dialog
    .getByLabel(/^Subject/)
    .locator("option:checked")
    .textContent())!.trim();
  await dialog.getByLabel(/^Start Date/).fill("2026-11-02");
  await dialog.getByLabel(/^Duration/).fill("5");
  await expect(dialog.getByLabel(/^End Date/)).toHaveValue("2026-11-06");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("Activity created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();

  // Current Programmes: the programme's Term 2 lists the workshop, after a reload too.
  await page.goto(`/app/current-programmes/${intakeId}/details`);
  await page.reload();
  await waitForIslands(page);
  const workshops = page.getByRole("table", { name: "WorkShops of Term 2" });
  await expect(workshops).toContainText(subject);
  await expect(workshops).toContainText("02-11-2026");
  await expect(workshops).toContainText("06-11-2026");

  // The academic calendar: a campus holiday on Wednesday 4 November.
  await page.goto(`/app/academicCalendar?intakeId=${intakeId}`);
  await waitForIslands(page);
  const holidayForm = page.getByRole("form", { name: /^Add a holiday of campus/ });
  await holidayForm.getByLabel(/^Holiday name/).fill("Founders' Day");
  await holidayForm.getByLabel(/^Date/).fill("2026-11-04");
  await holidayForm.getByRole("button", { name: "Add holiday" }).click();
  await expect(page.getByRole("table", { name: /^Holidays of campus/ })).toContainText("Founders' Day");
  await page.reload();
  await waitForIslands(page);
  await expect(page.getByRole("table", { name: "Holidays and events" })).toContainText("04-11-2026");

  // Back in the planner the same five working days now end a day later: the 4th is skipped.
  await page.goto(plannerUrl);
  await waitForIslands(page);
  dialog = await openWorkshopDialog(page);
  await dialog.getByLabel(/^Start Date/).fill("2026-11-02");
  await dialog.getByLabel(/^Duration/).fill("5");
  await expect(dialog.getByLabel(/^End Date/)).toHaveValue("2026-11-07");
  // Past the term end (28-02-2027) the dialog refuses.
  await dialog.getByLabel(/^Start Date/).fill("2027-02-25");
  await expect(dialog.getByText("Cannot exceed 28-02-2027")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Create" })).toBeDisabled();
});
