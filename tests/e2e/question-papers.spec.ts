import { expect, type Page, test } from "@playwright/test";
import {
  ADMIN_EMAIL,
  countOtpRequest,
  expectNoAxeViolations,
  outboxCount,
  readLatestOtp,
  STAFF_EMAIL,
  signIn,
  waitForIslands,
} from "./helpers.ts";

/**
 * The story of the foundation: a newcomer signs in as the demo administrator with the one-time
 * password from the development outbox, finds the question papers, filters and pages them, reads
 * both PDF sets, approves each set and the paper, reminds the faculty, writes in the chat, signs
 * out, signs in again and finds everything still there. Every page gets an axe check.
 */

type Paper = {
  id: string;
  courseName: string;
  status: string;
  setOneStatus: string;
  setTwoStatus: string;
  facultyEmail: string;
};
type PaperDetail = Paper & { setOneUrl: string | null; setTwoUrl: string | null };

async function listPapers(page: Page, status: string, count = 100): Promise<Paper[]> {
  const response = await page.request.post("/api/sf/exam/questionPaperList", {
    data: { course: "", status, term: "", faculty: "", batch: "", examCycle: "", pageNo: 1, count },
    // Written with the session cookie: the API wants the page's own origin (no cross-site writes).
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { questionPapersList: Paper[] }).questionPapersList;
}

async function paperDetail(page: Page, id: string): Promise<PaperDetail> {
  const response = await page.request.get(`/api/sf/exam/questionPaper/${id}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { questionpaper: PaperDetail }).questionpaper;
}

test("sign in, work through question papers, sign out and find it all again", async ({ page }) => {
  // Signed out: the root and every /app page lead to the login screen, before any JavaScript.
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/app/exam/questionPaper");
  await waitForIslands(page);
  await expect(page).toHaveURL("/login?next=%2Fapp%2Fexam%2FquestionPaper");
  await expectNoAxeViolations(page);
  await waitForIslands(page);

  // Step 0: the email rule, a staff member who is not an admin.
  const email = page.getByLabel("Email");
  await email.fill("not-an-email");
  await page.getByRole("button", { name: "Request OTP" }).click();
  await expect(page.getByText("Field should contain a valid e-mail").first()).toBeVisible();
  await email.fill(STAFF_EMAIL);
  countOtpRequest(STAFF_EMAIL);
  await page.getByRole("button", { name: "Request OTP" }).click();
  await expect(page.getByText("User is not an admin").first()).toBeVisible();

  // Step 1: a wrong code is refused, the right one signs in.
  await page.waitForTimeout(1100); // the Request OTP button is debounced for 1 s
  await email.fill(ADMIN_EMAIL);
  countOtpRequest(ADMIN_EMAIL);
  await page.getByRole("button", { name: "Request OTP" }).click();
  const otpField = page.getByRole("textbox", { name: "OTP", exact: true });
  await expect(otpField).toBeVisible();
  await expect(page.getByText(/Resend OTP in 1:5\d|Resend OTP in 2:00/)).toBeVisible();
  const code = await readLatestOtp(page, ADMIN_EMAIL);
  await otpField.fill("12345a");
  await expect(otpField).toHaveValue("1234");
  const wrong = String((Number(code) + 1) % 10_000).padStart(4, "0");
  await otpField.fill(wrong);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("OTP Invalid").first()).toBeVisible();
  await otpField.fill(code);
  await page.getByRole("button", { name: "Login" }).click();
  // Signing in returns to the page that sent the user to sign in.
  await page.waitForURL("/app/exam/questionPaper");
  await expect(page.getByText("Asha Verma").first()).toBeVisible();
  await page.goto("/app");
  await expect(page.getByRole("heading", { name: "Home", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  // The dashboard (the header logo leads there): counts per status from the server, each a link
  // to the list filtered by that status.
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  const submittedTile = page.getByRole("link", { name: /^Submitted \d+$/ });
  await expect(submittedTile).toBeVisible();
  const submittedCount = Number(((await submittedTile.textContent()) ?? "").match(/\d+/)?.[0]);
  expect(submittedCount).toBeGreaterThan(0);
  await expectNoAxeViolations(page);
  await submittedTile.click();
  await expect(page).toHaveURL(/\/app\/exam\/questionPaper\?status=Submitted/);
  await expect(page.getByText(new RegExp(`^1–\\d+ of ${submittedCount}$`))).toBeVisible();
  await page.goto("/app");

  // The list: from the drawer, filtered and paged on the server.
  await page.getByRole("link", { name: "Question papers" }).first().click();
  await page.waitForURL(/\/app\/exam\/questionPaper/);
  await waitForIslands(page);
  const table = page.getByRole("table", { name: "Question papers" });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  await expect(page.getByText(/^1–25 of \d+$/)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Next page" }).click();
  await expect(page.getByText(/^26–50 of \d+$/)).toBeVisible();
  await expect(page).toHaveURL(/page=2/);

  await page.getByRole("button", { name: /^Filter/ }).click();
  await page.getByLabel("Status").selectOption("Submitted");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/status=Submitted/);
  const statusCells = table.getByRole("row").filter({ hasNot: page.getByRole("columnheader") });
  await expect(statusCells.first()).toContainText("Submitted");
  for (const row of await statusCells.all()) await expect(row).toContainText("Submitted");
  await page.reload();
  await expect(page).toHaveURL(/status=Submitted/);
  await expect(statusCells.first()).toContainText("Submitted");

  // A paper whose approval is blocked while a set is pending: the spec's message.
  const submitted = await listPapers(page, "Submitted");
  const blocked = submitted.find((p) => p.setOneStatus !== "Approved" || p.setTwoStatus !== "Approved");
  expect(blocked, "a submitted paper with a pending set").toBeTruthy();
  await page.goto(`/app/exam/questionPaper/chat-history/${blocked!.id}`);
  await page
    .getByRole("button", { name: /^Approve/ })
    .first()
    .click();
  await expect(page.getByText("Question-paper is not apporved").first()).toBeVisible();

  // The chat: only non-empty text is sent; a sent message shows with a relative time.
  const message = `Please check question 3 of set 2 (${Date.now()})`;
  const send = page.getByRole("button", { name: "Send" });
  const box = page.getByRole("textbox", { name: "Message" });
  await box.fill("   ");
  await expect(send).toBeDisabled();
  await box.fill(message);
  await send.click();
  await expect(page.getByText(message)).toBeVisible();
  await expect(box).toHaveValue("");
  await expectNoAxeViolations(page);

  // The view: a paper with both documents and sets still to approve.
  let target: PaperDetail | undefined;
  for (const candidate of submitted) {
    const detail = await paperDetail(page, candidate.id);
    if (
      detail.setOneUrl &&
      detail.setTwoUrl &&
      detail.setOneStatus !== "Approved" &&
      detail.setTwoStatus !== "Approved"
    ) {
      target = detail;
      break;
    }
  }
  expect(target, "a submitted paper with both documents").toBeTruthy();
  await page.goto(`/app/exam/questionPaper/question-paper-view/${target!.id}`);
  await expect(page.getByText(target!.courseName).first()).toBeVisible();
  await expect(page.locator("canvas").nth(1)).toBeVisible();
  await expectNoAxeViolations(page);

  const mailsBefore = await outboxCount(page, target!.facultyEmail);
  await page.getByRole("button", { name: "Remind set 1" }).click();
  await expect(page.getByText("Mail Sent Successfully")).toBeVisible();
  expect(await outboxCount(page, target!.facultyEmail)).toBe(mailsBefore + 1);

  await page.getByRole("button", { name: "Approve set 1" }).click();
  await expect(page.getByRole("button", { name: "Approve set 1" })).toBeHidden();
  await page.getByRole("button", { name: "Approve set 2" }).click();
  await expect(page.getByRole("button", { name: "Approve set 2" })).toBeHidden();
  await page.getByRole("button", { name: "Approve question paper" }).click();
  await expect.poll(async () => (await paperDetail(page, target!.id)).status).toBe("Approved");

  // Sign out from the avatar menu; /app is closed again.
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await page.waitForURL(/\/login$/);
  expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
  await page.goto("/app");
  await expect(page).toHaveURL(/\/login/);

  // Sign in again from a deep link: signing in returns to it, and everything done is still there.
  await page.waitForTimeout(1100);
  await signIn(page, ADMIN_EMAIL, { from: `/app/exam/questionPaper/question-paper-view/${target!.id}` });
  await expect(page.getByRole("button", { name: "Approve set 1" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Approve set 2" })).toBeHidden();
  await expect(page.getByText("Approved").first()).toBeVisible();
  await page.goto(`/app/exam/questionPaper/chat-history/${blocked!.id}`);
  await expect(page.getByText(message)).toBeVisible();
});
