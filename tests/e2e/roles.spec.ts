import { type Browser, type BrowserContext, expect, type Page, type TestInfo, test } from "@playwright/test";
import {
  ACADEMIC_OFFICE_EMAIL,
  ADMIN_EMAIL,
  EXAM_OFFICE_EMAIL,
  expectNoAxeViolations,
  signIn,
  waitForIslands,
} from "./helpers.ts";

/**
 * Roles in the shell: the academic office signs in, lands on Add Intake/Specialization and sees its
 * planning screens but no exam screen in the menu or on the home page; opening an exam screen by
 * its address answers 403 with a "not allowed" message and the API refuses its calls. The exam
 * office sees the exam screens. On a phone (390 x 844) each role (administrator, exam office,
 * academic office) opens the side menu from the menu button, with the keyboard too, and reaches
 * every screen of its menu through it, each page answering without a 4xx or 5xx with its heading
 * shown. Language and theme are remembered and rendered on the server. One sign-in per role for
 * the whole file (the run's sign-in limits, helpers.ts).
 */
test.describe.configure({ mode: "serial" });

const contexts: BrowserContext[] = [];
const pages = new Map<string, Page>();

/** A page signed in as `email`, shared by the file's tests (signed in on first use). */
async function signedIn(browser: Browser, testInfo: TestInfo, email: string): Promise<Page> {
  const known = pages.get(email);
  if (known) return known;
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, email);
  pages.set(email, page);
  return page;
}

test.afterAll(async () => {
  for (const context of contexts) await context.close();
});

test("the academic office sees only what its role allows", async ({ browser }, testInfo) => {
  const page = await signedIn(browser, testInfo, ACADEMIC_OFFICE_EMAIL);
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

test("the exam office sees the exam screens", async ({ browser }, testInfo) => {
  const page = await signedIn(browser, testInfo, EXAM_OFFICE_EMAIL);
  const menu = page.getByRole("navigation", { name: "Main menu" });
  await expect(menu.getByRole("link", { name: "Question papers" })).toBeVisible();
  const response = await page.goto("/app/exam/questionPaper");
  expect(response?.status()).toBe(200);
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 720 };

/**
 * On a phone, opens the side menu from the menu button for every entry in turn and follows the
 * entry: the page answers below 400, shows its heading, and its API calls answer below 400 too.
 * Returns the entries' labels. Starts with the keyboard: Enter opens the menu, focus lands on the
 * current page's entry, Escape closes it and focus is back on the button.
 */
async function walkPhoneMenu(page: Page): Promise<string[]> {
  const failures: string[] = [];
  const watch = (response: { url(): string; status(): number }) => {
    if (new URL(response.url()).pathname.startsWith("/api/") && response.status() >= 400) {
      failures.push(`${response.status()} ${response.url()} on ${page.url()}`);
    }
  };
  page.on("response", watch);
  try {
    await page.setViewportSize(PHONE);
    await page.goto("/app");
    const openMenu = page.getByRole("button", { name: "Open menu" });
    const menu = page.getByRole("navigation", { name: "Main menu" });
    await expect(openMenu).toBeVisible();
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: /(Collapse|Expand) menu/ })).toBeHidden();

    await openMenu.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Home" })).toBeFocused();
    await expect(menu.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(openMenu).toBeFocused();

    await openMenu.click();
    const entries = await menu
      .getByRole("link")
      .evaluateAll((links) =>
        links.map((a) => ({ label: a.getAttribute("title") ?? "", href: a.getAttribute("href") ?? "" })),
      );
    expect(entries.length).toBeGreaterThan(1);
    await page.keyboard.press("Escape");
    for (const entry of entries) {
      await openMenu.click();
      await expect(menu).toBeVisible();
      const link = menu.locator(`a[href="${entry.href}"]`);
      await expect(link).toBeVisible();
      const answer = page.waitForResponse(
        (r) => r.request().isNavigationRequest() && new URL(r.url()).pathname === entry.href,
      );
      await link.click();
      const response = await answer;
      expect(response.status(), `${entry.label} (${entry.href})`).toBeLessThan(400);
      await page.waitForURL((url) => url.pathname === entry.href);
      await waitForIslands(page);
      const heading = page.getByRole("heading", { level: 1 }).first();
      await expect(heading, `${entry.label} (${entry.href})`).toBeVisible();
      await expect(heading).not.toHaveText("Not allowed");
      await expect(menu).toBeHidden();
    }
    await page.waitForLoadState("networkidle");
    expect(failures).toEqual([]);
    return entries.map((e) => e.label);
  } finally {
    page.off("response", watch);
    await page.setViewportSize(DESKTOP);
  }
}

test("on a phone the exam office reaches every exam screen through the menu", async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const page = await signedIn(browser, testInfo, EXAM_OFFICE_EMAIL);
  const reached = await walkPhoneMenu(page);
  expect(reached).toEqual(
    expect.arrayContaining([
      "Dashboard",
      "Exam Dashboard",
      "Question papers",
      "Seating Plan",
      "Invigilation and Proctoring",
      "Evaluation",
      "Revaluation",
      "Retest",
      "Moderation",
      "Grading",
    ]),
  );
  expect(reached).not.toContain("List of Batches");
});

test("on a phone the academic office reaches every planning screen through the menu", async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const page = await signedIn(browser, testInfo, ACADEMIC_OFFICE_EMAIL);
  const reached = await walkPhoneMenu(page);
  expect(reached).toEqual(
    expect.arrayContaining([
      "Home",
      "List of Batches",
      "Term-Wise Subject List",
      "Time Table",
      "Session Scheduler",
      "Academic Calendar",
      "Faculty Management",
    ]),
  );
  expect(reached).not.toContain("Exam Dashboard");
});

test("on a phone the administrator reaches every screen through the menu", async ({ browser }, testInfo) => {
  test.setTimeout(420_000);
  const page = await signedIn(browser, testInfo, ADMIN_EMAIL);
  const reached = await walkPhoneMenu(page);
  expect(reached).toEqual(
    expect.arrayContaining([
      "Dashboard",
      "Exam Dashboard",
      "Seating Plan",
      "List of Batches",
      "Session Scheduler",
    ]),
  );
});

test("language and theme are remembered and rendered on the server", async ({ browser }, testInfo) => {
  const page = await signedIn(browser, testInfo, ADMIN_EMAIL);
  await page.goto("/app/exam/questionPaper");
  await waitForIslands(page);
  await page.getByLabel("Language").selectOption("de");
  await page.waitForLoadState("load");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expectNoAxeViolations(page);

  await page.getByLabel("Sprache").selectOption("hi");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expectNoAxeViolations(page);
  await page.getByLabel("भाषा").selectOption("en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  const html = page.locator("html");
  const before = await html.getAttribute("class");
  await page.getByRole("button", { name: /Switch to (dark|light) theme/ }).click();
  await expect(html).not.toHaveAttribute("class", before ?? "");
  const after = await html.getAttribute("class");
  await page.reload();
  await expect(html).toHaveAttribute("class", after ?? "");
  await expectNoAxeViolations(page);
});
