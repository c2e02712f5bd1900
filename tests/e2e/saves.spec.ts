import { expect, test } from "@playwright/test";
import { ACADEMIC_OFFICE_EMAIL, expectNoAxeViolations, signIn, waitForIslands } from "./helpers.ts";

/** DD-MM-YYYY of the day after a DD-MM-YYYY date, as the date input wants it (YYYY-MM-DD). */
function dayAfter(display: string): string {
  const [d, m, y] = display.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/**
 * What staff see when they save (docs/architecture.md "Saves"): creating an intake confirms it on
 * the planner it lands on, where it stays to be read; on the Term-Wise Subject List a subject whose
 * end date passes the term end is refused with the server's reason under End Date, the term end
 * shown DD-MM-YYYY like the rest of the screen, and the row stays open with what was typed.
 */
test("a save is confirmed where staff land, and a refused save keeps the typed row", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, ACADEMIC_OFFICE_EMAIL);
  await expect(page).toHaveURL(/\/app\/add-program$/);
  await waitForIslands(page);

  // Add Intake/Specialization: the confirmation shows on the planner it navigates to.
  const programme = "Master of Business Administration";
  await page.getByLabel("Academic Program").selectOption({ label: programme });
  await page.getByLabel("Year").selectOption("2039");
  await page.getByLabel("Intake").selectOption("JUN");
  await page.getByRole("button", { name: "FILTER" }).click();
  const filter = page.getByRole("dialog", { name: "FILTER" });
  await filter.getByLabel("Semester").selectOption("2");
  await filter.getByLabel("Start date").fill("2039-06-06");
  await filter.getByLabel("End date").fill("2040-05-31");
  await filter.getByLabel("Select City").selectOption({ index: 1 });
  await expectNoAxeViolations(page);
  await filter.getByRole("button", { name: "Submit" }).click();
  await page.waitForURL(/\/app\/add-activity\?/);
  await waitForIslands(page);
  await expect(page.getByText("Intake created")).toBeVisible();

  // Term-Wise Subject List: an end date one day past the term's end is refused at the row.
  await page.goto(`/app/term-subjects?program=${encodeURIComponent(programme)}&year=2039&intake=JUN`);
  await waitForIslands(page);
  const summary = (await page.locator("summary").first().textContent()) ?? "";
  const termEnd = /- (\d{2}-\d{2}-\d{4})\)/.exec(summary)?.[1] ?? "";
  expect(termEnd).toMatch(/^\d{2}-\d{2}-\d{4}$/);
  const tooLate = dayAfter(termEnd);
  await page
    .getByRole("button", { name: /^Edit / })
    .first()
    .click();
  const endDate = page.getByLabel("End Date");
  await endDate.fill(tooLate);
  await page.getByRole("button", { name: "Save", exact: true }).click();

  await expect(page.getByText("Failed to add. Please try again.")).toBeVisible();
  const reason = page.getByText(`Cannot exceed ${termEnd}`);
  await expect(reason).toBeVisible();
  // The reason is the End Date input's own message, and the typed row is still open.
  await expect(endDate).toHaveAttribute("aria-describedby", (await reason.getAttribute("id")) ?? "");
  await expect(endDate).toHaveValue(tooLate);
  await expect(page.getByRole("button", { name: "Save", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Subjects" }).first()).toBeDisabled();

  // A date within the term saves: the row closes and the new end date shows.
  await endDate.fill(dayAfter(termEnd.replace(/^\d{2}/, "01")));
  await expect(reason).toBeHidden();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("button", { name: "Save", exact: true })).toBeHidden();
  await expect(page.getByRole("button", { name: "Add Subjects" }).first()).toBeEnabled();
});
