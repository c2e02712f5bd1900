import { expect, type Page, type Response, test } from "@playwright/test";
import { pageFileAddresses } from "../page-files.ts";
import { ADMIN_EMAIL, sharedSignedInPage, waitForIslands } from "./helpers.ts";

/**
 * The route walk (spec, Exam management §2 "Route table of the admin shell" and Academic planning §2
 * "Screens and routes": every route opens a working screen). The administrator, who may open every
 * route, opens the address of every page file of the portal in turn (the route table has one page
 * file per built route and per spec address that sends the browser on: shell/routes.test.ts). A page
 * fails the walk when it:
 * - is missing or errors: the document answers 400 or more, an API call the page makes answers 500
 *   or more, or a script throws;
 * - is refused ("Not allowed") or shows a screen's error state ('An error occurred: …', spec §8);
 * - renders an empty shell: no heading, or nothing in the main region but the heading.
 *
 * An address with ids in its path (`[id]`) is opened with the ids of the first link to it found on
 * the pages walked before it (real demo records); an address no walked page links to is opened with
 * an id that names no record, and must then answer, with its heading and its "not found" state
 * (which may be its error state), not with a server error or a script error. A page
 * that takes its record from the query string (e.g. `EvaluationAssignment?examId=`) and says so in
 * its error state when opened without one is opened again, last, through a link to it with its query
 * found on the walked pages, and must then show its screen.
 * Signed-out pages (the sign-in screen, the feedback answer page reached by a mailed link) and the
 * after-sign-in landing have stories of their own.
 */

/** Page files that are not screens behind sign-in (their stories test them). */
const NOT_WALKED = new Set(["/404", "/login", "/feedback/answer", "/app/after-sign-in"]);
/** An id no demo record has. */
const NO_RECORD = "00000000-0000-0000-0000-000000000000";

const addresses = pageFileAddresses().filter((address) => !NOT_WALKED.has(address));
const fixed = addresses.filter((address) => !address.includes("["));
/** Fewer ids first: a record's page links to the pages of its parts (a class, then its student). */
const withIds = addresses
  .filter((address) => address.includes("["))
  .sort((a, b) => a.split("[").length - b.split("[").length || a.localeCompare(b));

/** A pattern matching the paths of `address`'s pages: each `[name]` one path segment. */
function addressPattern(address: string): RegExp {
  const escaped = address
    .split(/\[[^\]]+\]/)
    .map((part) => part.replace(/[.*+?^${}()|\\]/g, "\\$&"))
    .join("[^/?#]+");
  return new RegExp(`^${escaped}$`);
}

/** Paths (with their query) of the same-origin links on the page. */
async function linksOn(page: Page): Promise<string[]> {
  return page.$$eval("a[href]", (anchors) =>
    anchors
      .map((a) => new URL((a as HTMLAnchorElement).href, location.href))
      .filter((url) => url.origin === location.origin)
      .map((url) => url.pathname + url.search),
  );
}

/** Links seen on the walked pages, first found first. */
const seenLinks: string[] = [];
/** Addresses that showed their error state opened without a query: walked again through a link. */
const needQuery: string[] = [];

/**
 * Opens `path` on the administrator's page and checks the walk's rules (see the file's comment).
 * `notFound`: the path names no record, and the page may answer 404 with its own heading.
 * `queryMayBeNeeded`: an error state is not a failure yet; the path is put on {@link needQuery}.
 */
async function walk(page: Page, path: string, notFound = false, queryMayBeNeeded = false): Promise<void> {
  const failures: string[] = [];
  const onResponse = (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith("/api/") && response.status() >= 500) {
      failures.push(`${response.status()} ${url.pathname}`);
    }
  };
  const onError = (error: Error) => failures.push(`script error: ${error.message}`);
  page.on("response", onResponse);
  page.on("pageerror", onError);
  try {
    const response = await page.goto(path);
    expect(response, path).not.toBeNull();
    expect(response!.status(), path).toBeLessThan(notFound ? 500 : 400);
    await waitForIslands(page);
    const main = page.locator("main");
    const heading = main.getByRole("heading", { level: 1 }).first();
    await expect(heading, `${path}: a heading`).toBeVisible();
    await expect(heading, path).not.toHaveText("Not allowed");
    await page.waitForLoadState("networkidle");
    const errorState = main.getByText(/^An error occurred:/);
    if (queryMayBeNeeded && (await errorState.count()) > 0) needQuery.push(path);
    else if (!notFound) await expect(errorState, `${path}: an error state`).toHaveCount(0);
    // What a user sees, so rendered text (a hidden element's text does not fill the screen).
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text is the point here
    const headingText = (await heading.innerText()).trim();
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text is the point here
    const mainText = (await main.innerText()).replace(headingText, "").trim();
    expect(mainText.length, `${path}: the main region holds more than its heading`).toBeGreaterThan(0);
    expect(failures, path).toEqual([]);
    seenLinks.push(...(await linksOn(page)));
  } finally {
    page.off("response", onResponse);
    page.off("pageerror", onError);
  }
}

// In order: the pages with ids are opened through links found on the pages walked before them.
test.describe.configure({ mode: "serial" });

test.describe("every route opens a working screen", () => {
  let page: Page;

  test.beforeAll(async ({ browser }, testInfo) => {
    page = await sharedSignedInPage(browser, testInfo.project.use.baseURL, ADMIN_EMAIL);
  });

  test(`the page files are walked: ${fixed.length} addresses, ${withIds.length} with ids`, () => {
    // The walk reads the page files; a broken path would walk nothing and pass.
    expect(fixed).toEqual(expect.arrayContaining(["/app", "/app/exam/questionPaper", "/dashboard"]));
    expect(withIds).toEqual(expect.arrayContaining(["/app/exam/retest/[id]"]));
  });

  for (const address of fixed) {
    test(`${address} opens its screen`, async () => {
      await walk(page, address, false, true);
    });
  }

  for (const address of withIds) {
    test(`${address} opens its screen for a linked record`, async () => {
      const pattern = addressPattern(address);
      // A fixed page beside it (evaluation/evaluationTable beside evaluation/[id]) is not a record.
      const linked = seenLinks.find((link) => {
        const path = link.split("?")[0]!;
        return pattern.test(path) && !fixed.includes(path);
      });
      if (linked) {
        test.info().annotations.push({ type: "opened", description: linked });
        await walk(page, linked);
      } else {
        test.info().annotations.push({ type: "no linked record", description: address });
        await walk(page, address.replace(/\[[^\]]+\]/g, NO_RECORD), true);
      }
    });
  }

  test("a page that needs its record in the query opens with one linked from another page", async () => {
    for (const address of needQuery) {
      const linked = seenLinks.find((link) => link.startsWith(`${address}?`));
      expect(linked, `${address}: a link to it with its query on a walked page`).toBeDefined();
      await walk(page, linked!);
    }
  });
});
