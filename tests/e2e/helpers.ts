import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Locator, type Page } from "@playwright/test";

export const ADMIN_EMAIL = "admin@university.example";
export const STAFF_EMAIL = "staff@university.example";
/**
 * The demo's exam office user (exam screens only, no administrator). The exam-operation stories sign in as this
 * account, so the sign-in limit of 5 one-time passwords per address and 15 minutes is shared with
 * the question-paper stories only.
 */
export const EXAM_OFFICE_EMAIL = "exams@university.example";
/**
 * The demo's results officer, a second exam office user: the grading stories sign in as this account,
 * so the exam office's sign-ins stay within the limit per email.
 */
export const RESULTS_OFFICE_EMAIL = "results@university.example";
/** The demo's academic office user: the planning areas only, no exam screens. */
export const ACADEMIC_OFFICE_EMAIL = "academic@university.example";
/** The demo's current exam cycle, the one with the upcoming timetabled exams (server demo/seed.ts). */
export const DEMO_EXAM_CYCLE = "Nov 2026 End Term";

/** The demo's current exam cycle among `cycles` (GET /sf/exam/examCycles); fails the story when missing. */
export function demoExamCycle<C extends { name: string }>(cycles: readonly C[]): C {
  const cycle = cycles.find((c) => c.name === DEMO_EXAM_CYCLE);
  expect(cycle, `the demo's exam cycle ${DEMO_EXAM_CYCLE}`).toBeDefined();
  return cycle as C;
}

type OutboxMail = { id: string; to: string; subject: string; text: string; createdAt: string };

/** Reads the newest one-time password mailed to `email` from the development outbox. */
export async function readLatestOtp(page: Page, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
        const body = (await response.json()) as { mails: OutboxMail[] };
        code = body.mails[0]?.text.match(/\b(\d{4})\b/)?.[1];
        return code;
      },
      { message: "a one-time password in the outbox" },
    )
    .toBeTruthy();
  return code!;
}

/**
 * Waits until every island on the page has hydrated (Astro drops the `ssr` attribute then): typing
 * into a server-rendered field before that is lost when React takes the field over.
 */
export async function waitForIslands(page: Page): Promise<void> {
  await expect(page.locator("astro-island[ssr]")).toHaveCount(0);
}

/**
 * The portal allows 5 code requests per email and client address and 20 per client address of any
 * email, each in 15 minutes, and mails one account at most 6 sign-in mails in 15 minutes from all
 * addresses together, the sixth a link instead of a code (server auth/service.ts). Every story
 * asks from 127.0.0.1 and a run takes about 10 minutes, so a run may ask for each demo user's code at
 * most this often and for codes of all emails together at most {@link OTP_REQUESTS_PER_RUN} times.
 */
export const SIGN_INS_PER_USER = 5;
/** Code requests of one run from one address, every email together (the server's limit per client). */
export const OTP_REQUESTS_PER_RUN = 20;
const otpRequests = new Map<string, number>();

/**
 * Counts one code request for `email` against the run's limits before a story asks for it. Throws
 * at once, naming the limit, when the stories would ask for one email's code more than
 * {@link SIGN_INS_PER_USER} times or for codes more than {@link OTP_REQUESTS_PER_RUN} times in all
 * (the stories run in one worker, so these counts cover the run). A story that presses Request OTP
 * itself calls this first, like {@link signIn} does.
 */
export function countOtpRequest(email: string): void {
  const count = (otpRequests.get(email) ?? 0) + 1;
  if (count > SIGN_INS_PER_USER) {
    throw new Error(
      `The stories ask for ${email}'s code more than ${SIGN_INS_PER_USER} times, past the sign-in limit per email and address: sign another demo user in`,
    );
  }
  const total = [...otpRequests.values()].reduce((a, b) => a + b, 0) + 1;
  if (total > OTP_REQUESTS_PER_RUN) {
    throw new Error(
      `The stories ask for more than ${OTP_REQUESTS_PER_RUN} codes, past the sign-in limit per address: reuse a signed-in page`,
    );
  }
  otpRequests.set(email, count);
}

/**
 * Signs `email` in through the login screen (spec Login: email, Request OTP, the code) and waits for
 * the landing page: /app/add-program for the academic office, /app for the others. With `from` (a
 * page behind sign-in, path and query), opens that page signed out instead, expects to be sent to
 * `/login?next=<from>`, and waits to be back on `from` after signing in. Counts the code request with
 * {@link countOtpRequest}, which throws when the run's sign-in limits would be passed.
 */
export async function signIn(page: Page, email: string, options: { from?: string } = {}): Promise<void> {
  countOtpRequest(email);
  if (options.from) {
    await page.goto(options.from);
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(options.from)}`);
  } else {
    await page.goto("/login");
  }
  await waitForIslands(page);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Request OTP" }).click();
  const otpField = page.getByRole("textbox", { name: "OTP", exact: true });
  await expect(otpField).toBeVisible();
  const code = await readLatestOtp(page, email);
  await otpField.fill(code);
  await page.getByRole("button", { name: "Login" }).click();
  if (options.from) await page.waitForURL(options.from);
  else await page.waitForURL(/\/app(\/add-program)?\/?$/);
}

/**
 * One signed-in page per demo user for the whole run, by email. The stories run in one worker
 * ({@link OTP_REQUESTS_PER_RUN}), so a page kept open here serves every later story of that user
 * without a new code request. A live page is reused rather than its cookies copied into a new
 * browser context: a copy goes stale when the live session refreshes (the refresh token rotates)
 * and then bounces between the page and the login screen. The pages close with the worker.
 */
const sharedPages = new Map<string, Page>();

/**
 * A kept page may have sat unused longer than an access token lives (15 minutes, docs/api.md) while
 * other stories ran; a story's first API call through `page.request` would then answer 401, since
 * only the portal's own client refreshes on 401. When `/api/me` refuses the access token, this
 * exchanges the refresh token (the `portal_refresh` cookie of the page's context) once through
 * `POST /api/refreshToken`, which sets both cookies anew for the page and its requests. The page is
 * idle meanwhile, so its own client cannot present the same refresh token at the same time.
 */
async function keepSessionFresh(page: Page): Promise<void> {
  if ((await page.request.get("/api/me")).status() !== 401) return;
  // A write with the session's cookie: from the page's own origin (the cross-site request check).
  const refreshed = await page.request.post("/api/refreshToken", {
    headers: { origin: new URL(page.url()).origin },
  });
  expect(refreshed.status(), "the kept page's session refreshed").toBe(200);
}

/**
 * The run's signed-in page of `email`, signed in through the login screen ({@link signIn}, one code
 * request) on first use and reused afterwards; it is on the user's landing page the first time and
 * wherever the last story left it afterwards, so a story opens its own address first. The story must
 * not close its context. Stories that test the login screen itself keep calling {@link signIn}.
 */
export async function sharedSignedInPage(
  browser: Browser,
  baseURL: string | undefined,
  email: string,
): Promise<Page> {
  const known = sharedPages.get(email);
  if (known && !known.isClosed()) {
    await keepSessionFresh(known);
    return known;
  }
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, email);
  sharedPages.set(email, page);
  return page;
}

/** Number of mails to `email` in the development outbox. */
export async function outboxCount(page: Page, email: string): Promise<number> {
  const response = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
  return ((await response.json()) as { mails: OutboxMail[] }).mails.length;
}

/** Fails the test on any accessibility violation axe finds on the current page. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.length} nodes: ${v.nodes[0]?.target.join(" ")})`,
  );
  expect(summary, "axe violations").toEqual([]);
}

/**
 * On Add Intake/Specialization (signed in as the academic office): chooses `programme`, `year` and
 * `intake`, opens the FILTER dialog and fills it with semester 2, `startDate` and `endDate`
 * (YYYY-MM-DD), the first city and, when given, the total sections. Returns the dialog, not yet
 * submitted.
 */
export async function fillIntakeFilter(
  page: Page,
  intake: {
    programme: string;
    year: string;
    month: string;
    startDate: string;
    endDate: string;
    sections?: string;
  },
): Promise<Locator> {
  await page.getByLabel("Academic Program").selectOption({ label: intake.programme });
  await page.getByLabel("Year").selectOption(intake.year);
  await page.getByLabel("Intake").selectOption(intake.month);
  await page.getByRole("button", { name: "FILTER" }).click();
  const filter = page.getByRole("dialog", { name: "FILTER" });
  await filter.getByLabel("Semester").selectOption("2");
  await filter.getByLabel("Start date").fill(intake.startDate);
  await filter.getByLabel("End date").fill(intake.endDate);
  await filter.getByLabel("Select City").selectOption({ index: 1 });
  if (intake.sections) await filter.getByLabel("Total Section").selectOption(intake.sections);
  return filter;
}

/**
 * The server's today (YYYY-MM-DD) at every demo campus on the stories' clock: PORTAL_CLOCK_START
 * of playwright.config.ts, 2026-11-26T04:30:00Z, is 10:00 in Mumbai (Asia/Kolkata), 08:30 in Dubai
 * and 12:30 in Singapore. The screens call this day today, whatever the browser's clock says.
 */
export const SERVER_TODAY = "2026-11-26";

/**
 * The rows of an exam list without its date groups' header rows (a `th` scoped to the row group):
 * row 0 is the column headers, row 1 the first exam, whichever date group it sits in.
 */
export function examRows(table: Locator): Locator {
  return table.getByRole("row").filter({ hasNot: table.page().locator('th[scope="rowgroup"]') });
}
