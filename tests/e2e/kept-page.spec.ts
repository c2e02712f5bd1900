/**
 * The signed-in question-paper list page is kept once rendered (apps/portal/node/kept-pages.ts,
 * docs/architecture.md "Kept pages"): each answer must carry its own user's name and email only,
 * users of other roles get their own page, and a write through the API shows on the next page
 * asked, for every user. Read as the server sends it (the HTML and the island's first-query rows),
 * by the demo users' signed-in pages (helpers.ts sharedSignedInPage).
 */
import { expect, type Page, test } from "@playwright/test";
import { ADMIN_EMAIL, EXAM_OFFICE_EMAIL, RESULTS_OFFICE_EMAIL, sharedSignedInPage } from "./helpers.ts";

/** The demo accounts' display names (server demo/seed.ts). */
const NAMES: Record<string, string> = {
  [ADMIN_EMAIL]: "Asha Verma",
  [EXAM_OFFICE_EMAIL]: "Ravi Menon",
  [RESULTS_OFFICE_EMAIL]: "Kavita Rao",
};
const LIST = "/app/exam/questionPaper?status=Submitted&pageSize=100";

type Row = { id: string; status: string; setOneStatus: string; version?: number };

/** Text of an HTML attribute value as Astro escapes it, read back. */
function unescapeAttribute(value: string): string {
  return value
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

/** The list page as the server answers `page`'s user: its HTML and the rows of its island's first query. */
async function listPage(page: Page): Promise<{ html: string; rows: Row[] }> {
  const response = await page.request.get(LIST);
  expect(response.status()).toBe(200);
  const html = await response.text();
  for (const match of html.matchAll(/<astro-island[^>]*\sprops="([^"]*)"/g)) {
    const props = JSON.parse(unescapeAttribute(match[1] ?? "")) as { firstQueries?: [number, string | null] };
    const text = props.firstQueries?.[1];
    if (!text) continue;
    const state = JSON.parse(text) as { queries: { data?: { questionPapersList?: Row[] } }[] };
    const rows = state.queries[0]?.data?.questionPapersList;
    if (rows) return { html, rows };
  }
  throw new Error("the page has no first-query rows");
}

test("a kept list page carries its own user's bytes only and shows a write at once", async ({
  browser,
}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL;
  const users = [EXAM_OFFICE_EMAIL, RESULTS_OFFICE_EMAIL, ADMIN_EMAIL];
  const pages = new Map<string, Page>();
  for (const email of users) pages.set(email, await sharedSignedInPage(browser, baseURL, email));
  const pageOf = (email: string) => pages.get(email) as Page;

  // Twice each, in turn: the second answers of the two exam office users (the same roles, so the
  // same kept page) and the admin's (another page) each carry that user's name and email only.
  const first = new Map<string, Row[]>();
  for (let round = 0; round < 2; round++) {
    for (const email of users) {
      const { html, rows } = await listPage(pageOf(email));
      expect(html).toContain(NAMES[email]);
      expect(html).toContain(email);
      for (const other of users.filter((u) => u !== email)) {
        expect(html, `${email}'s page`).not.toContain(NAMES[other]);
        expect(html, `${email}'s page`).not.toContain(other);
      }
      expect(html).not.toMatch(/kpname|kpmail|kpinit/);
      if (round === 0) first.set(email, rows);
      else expect(rows).toEqual(first.get(email));
    }
  }

  // A write through the API: the admin approves set 1 of a submitted paper that has its document.
  const admin = pageOf(ADMIN_EMAIL);
  let target: Row | undefined;
  for (const row of first.get(EXAM_OFFICE_EMAIL) ?? []) {
    if (row.setOneStatus === "Approved") continue;
    const detail = await admin.request.get(`/api/sf/exam/questionPaper/${row.id}`);
    const paper = ((await detail.json()) as { questionpaper: Row & { setOneUrl: string | null } })
      .questionpaper;
    if (paper.setOneUrl) {
      target = { ...row, version: paper.version ?? row.version };
      break;
    }
  }
  expect(target, "a submitted paper with set 1 to approve").toBeTruthy();
  const approved = await admin.request.patch("/api/sf/exam/update/question", {
    data: [
      {
        questionPaperId: target?.id,
        questionPaperStatus: "Approved",
        questionPaperSet: 1,
        version: target?.version,
      },
    ],
    headers: { origin: new URL(admin.url()).origin },
  });
  expect(approved.status()).toBe(200);

  const detail = await admin.request.get(`/api/sf/exam/questionPaper/${target?.id}`);
  expect(((await detail.json()) as { questionpaper: Row }).questionpaper.setOneStatus).toBe("Approved");

  // The next page of every user shows it: no kept page outlives the write. The paper is listed
  // with set 1 approved, or has left the submitted papers.
  for (const email of users) {
    const { html, rows } = await listPage(pageOf(email));
    const row = rows.find((r) => r.id === target?.id);
    expect(row === undefined || row.setOneStatus === "Approved", `${email}: ${JSON.stringify(row)}`).toBe(
      true,
    );
    expect(rows, email).not.toEqual(first.get(email));
    expect(html).toContain(NAMES[email]);
  }
});
