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
 * the whole file (the run's sign-in limits, helpers.ts). The exam office here is a faculty member
 * the administrator makes one on Assign Roles, so the file signs in no more users than before: once
 * signed in, that user's menu shows the exam area; after the administrator gives them the academic
 * office role and removes the exam office one on the users list, a reload shows the planning area
 * instead and the exam screens answer 403 (roles apply to the next request).
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

/** The demo's first faculty member (server demo/seed.ts), whom the administrator gives roles here. */
const FACULTY_SEARCH = ".1@faculty.university.example";
/** The e-mail of that faculty member once the first story has made them the exam office. */
let assignedExamOffice: string | undefined;

/**
 * On Assign Roles (signed in as the administrator): finds the demo's first faculty member, gives
 * them `role` (its label) in the first institute and waits for the confirmation. Returns their e-mail.
 */
async function assignRole(page: Page, role: string): Promise<string> {
  await page.goto("/app/assignRoles");
  await waitForIslands(page);
  const form = page.getByRole("form", { name: "Assign Roles" });
  await form.getByRole("textbox", { name: "Find a contact (name, email or code)" }).fill(FACULTY_SEARCH);
  const contact = form.getByRole("combobox", { name: "Contact", exact: true });
  const option = contact.locator("option", { hasText: FACULTY_SEARCH });
  await expect(option).toHaveCount(1);
  const label = (await option.textContent()) ?? "";
  const email = label.match(/\(([^()]+@[^()]+)\)$/)?.[1];
  expect(email, label).toBeTruthy();
  await contact.selectOption({ label });
  await form.getByRole("combobox", { name: "Role type", exact: true }).selectOption({ label: role });
  const institute = form.getByRole("combobox", { name: "Institute", exact: true });
  await expect(institute.locator("option")).not.toHaveCount(1);
  await institute.selectOption({ index: 1 });
  await form.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Assigned: ` })).toContainText(role);
  return email as string;
}

test("the administrator makes a faculty member the exam office and their menu shows the exam area", async ({
  browser,
}, testInfo) => {
  const admin = await signedIn(browser, testInfo, ADMIN_EMAIL);
  const email = await assignRole(admin, "Exam office");
  await admin.goto(`/app/users?search=${encodeURIComponent(email)}`);
  await expect(admin.getByRole("button", { name: /^Remove Exam office · Institute: / })).toBeVisible();

  const page = await signedIn(browser, testInfo, email);
  await expect(page).toHaveURL(/\/app\/?$/);
  const menu = page.getByRole("navigation", { name: "Main menu" });
  await expect(menu.getByRole("link", { name: "Question papers" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Exam Dashboard" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "List of Batches" })).toHaveCount(0);
  assignedExamOffice = email;
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
  const page = await signedIn(browser, testInfo, assignedExamOffice ?? EXAM_OFFICE_EMAIL);
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
  const page = await signedIn(browser, testInfo, assignedExamOffice ?? EXAM_OFFICE_EMAIL);
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

test("a role given and a role removed change that user's menu on their next page", async ({
  browser,
}, testInfo) => {
  expect(assignedExamOffice, "the exam office made on Assign Roles").toBeTruthy();
  const email = assignedExamOffice as string;
  const admin = await signedIn(browser, testInfo, ADMIN_EMAIL);
  expect(await assignRole(admin, "Academic office")).toBe(email);
  await admin.goto(`/app/users?search=${encodeURIComponent(email)}`);
  await waitForIslands(admin);
  await admin.getByRole("button", { name: /^Remove Exam office · Institute: / }).click();
  await expect(admin.getByText("Role removed")).toBeVisible();
  await expect(admin.getByRole("button", { name: /^Remove Exam office/ })).toHaveCount(0);
  await expect(admin.getByRole("button", { name: /^Remove Academic office · Institute: / })).toBeVisible();

  const page = await signedIn(browser, testInfo, email);
  await page.goto("/app");
  const menu = page.getByRole("navigation", { name: "Main menu" });
  await expect(menu.getByRole("link", { name: "List of Batches" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Question papers" })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: "Exam Dashboard" })).toHaveCount(0);
  const response = await page.goto("/app/exam/questionPaper");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
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
