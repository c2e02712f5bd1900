import { expect, test } from "@playwright/test";
import { ACADEMIC_OFFICE_EMAIL, EXAM_OFFICE_EMAIL, expectNoAxeViolations, signIn } from "./helpers.ts";

/**
 * Roles in the shell: the academic office signs in, lands on Add Intake/Specialization and sees its
 * planning screens but no exam screen in the menu or on the home page; opening an exam screen by its address answers 403 with a "not allowed" message and the
 * API refuses its calls. The exam office sees the exam screens.
 */
test("the academic office sees only what its role allows", async ({ page }) => {
  await signIn(page, ACADEMIC_OFFICE_EMAIL);
  await expect(page).toHaveURL(/\/app\/add-program$/);
  const menu = page.getByRole("navigation", { name: "Main menu" });
  await expect(menu.getByRole("link", { name: "Home" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "List of Batches" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Question papers" })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  await page.goto("/app");
  await expect(page.getByRole("main").getByRole("link", { name: /Question papers/ })).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("link", { name: /List of Batches/ })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Current Programmes" })).toBeVisible();
  const available = page.getByRole("region", { name: "Available now" });
  await expect(available.getByRole("link", { name: /Current Programmes/ })).toBeVisible();
  await expect(available.getByRole("link", { name: /Question papers|Dashboard/ })).toHaveCount(0);

  const response = await page.goto("/app/exam/questionPaper");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
  await expectNoAxeViolations(page);

  const api = await page.request.get("/api/sf/exam/questionPaperCounts");
  expect(api.status()).toBe(403);
  expect(await api.json()).toMatchObject({ errorCode: "forbidden" });
});

test("the exam office sees the exam screens", async ({ page }) => {
  await signIn(page, EXAM_OFFICE_EMAIL);
  const menu = page.getByRole("navigation", { name: "Main menu" });
  await expect(menu.getByRole("link", { name: "Question papers" })).toBeVisible();
  const response = await page.goto("/app/exam/questionPaper");
  expect(response?.status()).toBe(200);
});
