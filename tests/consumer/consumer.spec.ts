import { existsSync, readFileSync, realpathSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative, resolve } from "node:path";
import { expect, type Page, test } from "@playwright/test";

/**
 * The consumer fixture (fixtures/consumer/), installed from the packed tarballs into CONSUMER_DIR
 * and built by scripts/test-consumer.ts: the packages' build works outside the workspace (issue:
 * built packages), DataTable sorts and selects, the Dialog opens and closes, the TextField feeds
 * it, both themes apply, and three API operations answer through the client from the mock of
 * openapi/openapi.yaml.
 */
const dir = process.env.CONSUMER_DIR!;
const repository = resolve(import.meta.dirname, "..", "..");

/** Texts of the table's row headers (course names), top to bottom. */
async function courseOrder(page: Page): Promise<string[]> {
  return page.getByRole("table", { name: "Courses" }).locator("tbody th").allInnerTexts();
}

/** The computed background colour of the element `selector` matches. */
async function background(page: Page, selector: string): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);
}

test("the packages are installed from their tarballs: built files only, nothing of the workspace", () => {
  const require = createRequire(join(dir, "package.json"));
  for (const name of ["@portal/ui", "@portal/api-client"]) {
    const folder = realpathSync(join(dir, "node_modules", name));
    expect(relative(repository, folder).startsWith(".."), `${name} lies outside the repository`).toBe(true);
    expect(existsSync(join(folder, "src")), `${name} has no src/`).toBe(false);
    const manifest = JSON.parse(readFileSync(join(folder, "package.json"), "utf8")) as {
      private?: boolean;
      exports: Record<string, string | Record<string, string>>;
      dependencies?: Record<string, string>;
    };
    expect(manifest.private).toBeUndefined();
    expect(Object.keys(manifest.dependencies ?? {})).not.toContain("@portal/domain");
    const targets = Object.entries(manifest.exports)
      .filter(([key]) => key !== "./package.json")
      .flatMap(([, target]) => (typeof target === "string" ? [target] : Object.values(target)));
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) {
      expect(target, `${name} exports ${target}`).toMatch(/^\.\/dist\/.+\.(js|d\.ts|css)$/);
      expect(existsSync(join(folder, target)), `${name} holds ${target}`).toBe(true);
    }
    const entry = require.resolve(name);
    expect(relative(folder, entry)).toBe(join("dist", "index.js"));
  }
});

test("DataTable sorts and selects, the Dialog and TextField work, in the light and the dark theme", async ({
  page,
}) => {
  await page.goto("/");
  const table = page.getByRole("table", { name: "Courses" });
  await expect(table).toBeVisible();
  expect(await courseOrder(page)).toEqual(["Linear Algebra", "Compilers", "Databases"]);

  // Sorting: ascending, then descending by name; then by credits (numbers compare as numbers).
  const course = table.getByRole("columnheader", { name: "Course", exact: true });
  await course.getByRole("button").click();
  await expect(course).toHaveAttribute("aria-sort", "ascending");
  expect(await courseOrder(page)).toEqual(["Compilers", "Databases", "Linear Algebra"]);
  await course.getByRole("button").click();
  await expect(course).toHaveAttribute("aria-sort", "descending");
  expect(await courseOrder(page)).toEqual(["Linear Algebra", "Databases", "Compilers"]);
  const credits = table.getByRole("columnheader", { name: "Credits", exact: true });
  await credits.getByRole("button").click();
  await expect(credits).toHaveAttribute("aria-sort", "ascending");
  await expect(course).toHaveAttribute("aria-sort", "none");
  expect(await courseOrder(page)).toEqual(["Linear Algebra", "Databases", "Compilers"]);

  // Selection: one row, then the whole page, then none; the count is a status.
  const count = page.getByRole("status").filter({ hasText: "selected" });
  await page.getByRole("checkbox", { name: "Select Compilers" }).check();
  await expect(count).toHaveText("1 selected");
  await page.getByRole("checkbox", { name: "Select all courses" }).check();
  await expect(count).toHaveText("3 selected");
  await expect(page.getByRole("checkbox", { name: "Select Databases" })).toBeChecked();
  await page.getByRole("checkbox", { name: "Select all courses" }).uncheck();
  await expect(count).toHaveText("0 selected");

  // Light theme first: the stylesheet of the package is applied (the body has a colour).
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  const lightBody = await background(page, "body");
  expect(lightBody).not.toBe("rgba(0, 0, 0, 0)");

  const dialogColours: string[] = [];
  for (const theme of ["light", "dark"] as const) {
    if (theme === "dark") {
      await page.getByRole("button", { name: "Dark theme" }).click();
      await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
      const darkBody = await background(page, "body");
      expect(darkBody).not.toBe("rgba(0, 0, 0, 0)");
      expect(darkBody).not.toBe(lightBody);
    }
    await page.getByLabel("Your name").fill(`Asha ${theme}`);
    await page.getByRole("button", { name: "Open dialog" }).click();
    const dialog = page.getByRole("dialog", { name: "Greeting" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Hello Asha ${theme}`);
    dialogColours.push(await dialog.evaluate((element) => getComputedStyle(element).backgroundColor));
    if (theme === "light") await dialog.getByRole("button", { name: "Done" }).click();
    else await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Open dialog" })).toBeFocused();
  }
  expect(dialogColours[0]).not.toBe(dialogColours[1]);
  await page.getByRole("button", { name: "Light theme" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  expect(await background(page, "body")).toBe(lightBody);
});

test("three API operations answer through the client from the mock of the OpenAPI description", async ({
  page,
}) => {
  const calls: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) calls.push(`${request.method()} ${url.pathname}`);
  });
  await page.goto("/");
  // The mock answers from each operation's response schema (first enum value, 0 for numbers).
  await expect(page.getByTestId("config")).toHaveText("API base: /api");
  await expect(page.getByTestId("cycles")).toHaveText("Exam cycles: MidTerm");
  await expect(page.getByTestId("counts")).toHaveText("Papers: 0; Not Submitted 0");
  expect(calls.sort()).toEqual([
    "GET /api/config",
    "GET /api/sf/exam/examCycles",
    "GET /api/sf/exam/questionPaperCounts",
  ]);
});
