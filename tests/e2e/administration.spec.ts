import { expect, type Page, test } from "@playwright/test";
import {
  ACADEMIC_OFFICE_EMAIL,
  ADMIN_EMAIL,
  EXAM_OFFICE_EMAIL,
  expectNoAxeViolations,
  sharedSignedInPage,
  waitForIslands,
} from "./helpers.ts";

/*
 * Administration: a bulk import lists its bad rows and keeps the good ones; a student answers a
 * course feedback form through the mailed link, signed out, and the staff results show the average;
 * a message to a class shows each recipient's delivery status; a question paper is published and
 * stays published after a reload. Each user works on the run's shared signed-in page
 * (helpers.ts sharedSignedInPage): no code request of its own when an earlier story signed them in.
 */

type OutboxMail = { to: string; subject: string; text: string };

async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** A write with the session cookie: the API wants the page's own origin (no cross-site writes). */
async function sendJson<T>(page: Page, method: "POST" | "PATCH", path: string, data: unknown): Promise<T> {
  const response = await page.request.fetch(path, {
    method,
    data,
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** The mails to `email` in the development outbox, newest first. */
async function outbox(page: Page, email: string): Promise<OutboxMail[]> {
  return (await getJson<{ mails: OutboxMail[] }>(page, `/api/dev/outbox?to=${encodeURIComponent(email)}`))
    .mails;
}

/** A suffix no earlier run or story used, for names and e-mail addresses. */
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test("a student import with two bad rows lists both with line and reason and imports the good rows", async ({
  browser,
}, testInfo) => {
  const page = await sharedSignedInPage(browser, testInfo.project.use.baseURL, ADMIN_EMAIL);
  await page.goto("/app/admin-management/import");
  await waitForIslands(page);
  // A batch of the demo data, by the name the List of Batches shows.
  const batches = await sendJson<{ batchList: Array<{ BatchName: string }> }>(
    page,
    "POST",
    "/api/salesforce/CurrentPageFilter",
    { pageNo: 1, count: 10 },
  );
  const batch = batches.batchList[0]?.BatchName;
  expect(batch, "the demo data has a batch").toBeTruthy();
  const s = stamp();
  const good = [`imp.${s}.a@students.example`, `imp.${s}.b@students.example`];
  // Line 1 is the header: line 3 has a malformed e-mail, line 5 names no batch of the demo.
  const csv = [
    "registrationNumber,firstName,lastName,email,intake",
    `IMP-${s}-1,Anita,Desai,${good[0]},${batch}`,
    `IMP-${s}-2,Bala,Krishnan,not-an-email,${batch}`,
    `IMP-${s}-3,Chitra,Nair,${good[1]},${batch}`,
    `IMP-${s}-4,Dev,Malhotra,imp.${s}.d@students.example,No Such Batch ${s}`,
  ].join("\n");
  const fileName = `students-${s}.csv`;

  const form = page.getByRole("form", { name: "Import a file" });
  await form.getByLabel("What to import").selectOption({ label: "Students" });
  await form
    .getByLabel("File (CSV or XLSX)")
    .setInputFiles({ name: fileName, mimeType: "text/csv", buffer: Buffer.from(csv) });
  await form.getByRole("button", { name: "Upload and import" }).click();

  const job = page.getByRole("region", { name: `Job: ${fileName}` });
  await expect(job).toContainText("Done", { timeout: 60_000 });
  await expect(job).toContainText("Imported: 2 · Skipped: 0 · Bad rows: 2");
  const errors = job.getByRole("table", { name: "Error log" });
  await expect(errors.locator("tbody tr")).toHaveCount(2);
  await expect(errors.getByRole("row").filter({ hasText: "email" })).toContainText(
    /3\s*email\s*Field should contain a valid e-mail/,
  );
  await expect(errors.getByRole("row").filter({ hasText: "intake" })).toContainText(
    new RegExp(`5\\s*intake\\s*No batch is named No Such Batch ${s}`),
  );
  await expectNoAxeViolations(page);

  // The good rows are people now: the contact search finds both, and neither bad row.
  const found = await getJson<{ contacts: Array<{ email: string }> }>(
    page,
    `/api/notifications/choices?search=${encodeURIComponent(`imp.${s}.`)}`,
  );
  expect(found.contacts.map((c) => c.email).sort()).toEqual(good);

  // After a reload the job in the address still shows its log.
  await page.reload();
  await waitForIslands(page);
  await expect(page.getByRole("region", { name: `Job: ${fileName}` }).locator("tbody tr")).toHaveCount(2);
});

test("a student answers course feedback through the mailed link, signed out, and the average shows on the results", async ({
  browser,
}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL;
  const page = await sharedSignedInPage(browser, baseURL, ACADEMIC_OFFICE_EMAIL);
  await page.goto("/app/feedback/feedback-list");
  await waitForIslands(page);
  // A fresh form on a course offering of the demo, open today (the stories' server day, 2026-11-26).
  const offerings = await getJson<{ courseOfferings: Array<{ courseOfferingId: string }> }>(
    page,
    "/api/feedback/courseOfferings?search=",
  );
  const title = `Mid-term feedback ${stamp()}`;
  let formId: string | undefined;
  let students: Array<{ email: string }> = [];
  for (const offering of offerings.courseOfferings) {
    const { form } = await sendJson<{ form: { id: string } }>(page, "POST", "/api/feedback/forms", {
      courseOfferingId: offering.courseOfferingId,
      title,
      opensOn: "2026-11-20",
      closesOn: "2026-12-31",
      questions: [
        { kind: "rating", prompt: "How clear were the lectures?" },
        { kind: "text", prompt: "What should change?" },
      ],
    });
    students = (
      await getJson<{ students: Array<{ email: string }> }>(page, `/api/feedback/forms/${form.id}/students`)
    ).students;
    formId = form.id;
    if (students.length >= 2) break;
  }
  expect(students.length, "a course offering with two students").toBeGreaterThanOrEqual(2);

  // The Student List mails the links through the outbox.
  await page.goto(`/app/feedback/Student-list?form=${formId}`);
  await waitForIslands(page);
  await page.getByRole("button", { name: "Send links to students who have not answered" }).click();
  await expect(page.getByText(`${students.length} links sent`)).toBeVisible();
  const linkOf = async (email: string) => {
    let path: string | undefined;
    await expect
      .poll(async () => {
        const mail = (await outbox(page, email)).find((m) => m.text.includes(title));
        path = mail?.text.match(/\/feedback\/answer\?token=[A-Za-z0-9_%-]+/)?.[0];
        return path;
      })
      .toBeTruthy();
    return path as string;
  };

  // Two students answer in a browser with no staff session: ratings 4 and 5.
  const student = await browser.newContext({ baseURL });
  try {
    for (const [i, rating] of [4, 5].entries()) {
      const answer = await student.newPage();
      const link = await linkOf(students[i]!.email);
      await answer.goto(link);
      const question = answer.getByRole("group", { name: "1. How clear were the lectures?" });
      await question.getByRole("radio", { name: String(rating) }).check();
      await answer.getByRole("textbox").fill(`More examples, please (${rating}).`);
      await answer.getByRole("button", { name: "Send feedback" }).click();
      await expect(answer.getByRole("status")).toHaveText("Thank you. Your feedback has been recorded.");
      if (i === 0) await expectNoAxeViolations(answer);
      // The link works once.
      await answer.goto(link);
      await expect(answer.getByRole("alert")).toHaveText("This feedback link has already been used");
      await answer.close();
    }
    // No session was ever part of it.
    expect((await student.cookies()).map((c) => c.name)).not.toContain("portal_access");
  } finally {
    await student.close();
  }

  // The staff results: the average of 4 and 5, both texts, and the Student List shows who answered.
  await page.goto(`/app/feedback/feedback-list?form=${formId}`);
  await waitForIslands(page);
  const results = page.getByRole("region", { name: `Results: ${title}` });
  await expect(results).toContainText("Average 4.5 of 5");
  await expect(results).toContainText("2 answers");
  await expect(results.getByText("More examples, please (4).")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto(`/app/feedback/Student-list?form=${formId}`);
  await waitForIslands(page);
  await expect(page.getByText(`2 of ${students.length} answered`)).toBeVisible();
});

test("a mail to a class shows each recipient's delivery status", async ({ browser }, testInfo) => {
  const page = await sharedSignedInPage(browser, testInfo.project.use.baseURL, ACADEMIC_OFFICE_EMAIL);
  await page.goto("/app/notification");
  await waitForIslands(page);
  const choices = await getJson<{ sections: Array<{ id: string; name: string; students: number }> }>(
    page,
    "/api/notifications/choices?search=",
  );
  // The smallest class with two students or more; the recipients show 25 a page.
  const section = choices.sections
    .filter((c) => c.students > 1)
    .sort((a, b) => a.students - b.students || a.name.localeCompare(b.name))[0];
  expect(section, "a class section with two students or more").toBeDefined();
  const firstPage = Math.min(section!.students, 25);
  const subject = `Exam hall change ${stamp()}`;

  const form = page.getByRole("form", { name: "New message" });
  await form.getByRole("textbox", { name: /^Subject/ }).fill(subject);
  await form.getByRole("textbox", { name: /^Message/ }).fill("The end-term exam moves to hall B.");
  await form.getByRole("checkbox", { name: "Exams" }).check();
  await form.getByRole("searchbox", { name: "Search classes or contacts" }).fill(section!.name);
  // The same course's section in the same term of two intakes reads alike: the one with this id.
  await form
    .getByRole("checkbox", { name: `${section!.name} (${section!.students} students)` })
    .and(form.locator(`input[value="${section!.id}"]`))
    .check();
  await form.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText(`Message sent to ${section!.students} recipients`)).toBeVisible();

  // The new message's recipients, one row each with its status: without SMTP the mails go to the
  // development outbox at once, so each is sent.
  const detail = page.getByRole("region", { name: `Recipients of “${subject}”` });
  const recipients = detail.getByRole("table", { name: "Recipients" });
  await expect(recipients.locator("tbody tr")).toHaveCount(firstPage);
  const sent = page.getByRole("cell", { name: "Sent", exact: true });
  await expect(recipients.locator("tbody tr").filter({ has: sent })).toHaveCount(firstPage);
  await expect(detail.getByRole("status")).toHaveText(`0 queued · ${section!.students} sent · 0 failed`);
  await expectNoAxeViolations(page);

  // A recipient's mail is in the outbox (the Address column); the status stays after a reload (the
  // message is in the address).
  const to = (
    (await recipients.locator("tbody tr").first().getByRole("cell").first().textContent()) ?? ""
  ).trim();
  expect(to).toContain("@");
  await expect.poll(async () => (await outbox(page, to)).some((m) => m.subject === subject)).toBe(true);
  await page.reload();
  await waitForIslands(page);
  await expect(
    page
      .getByRole("region", { name: `Recipients of “${subject}”` })
      .getByRole("table", { name: "Recipients" })
      .locator("tbody tr")
      .filter({ has: sent }),
  ).toHaveCount(firstPage);
});

test("an approved question paper is published and shows published after a reload", async ({
  browser,
}, testInfo) => {
  const page = await sharedSignedInPage(browser, testInfo.project.use.baseURL, EXAM_OFFICE_EMAIL);
  await page.goto("/app/exam/questionPaper");
  await waitForIslands(page);
  type Paper = { id: string; courseName: string; status: string; publishedAt: string | null };
  const papers = (
    await sendJson<{ questionPapersList: Paper[] }>(page, "POST", "/api/sf/exam/questionPaperList", {
      course: "",
      status: "Approved",
      term: "",
      faculty: "",
      batch: "",
      examCycle: "",
      pageNo: 1,
      count: 100,
    })
  ).questionPapersList;
  const paper = papers.find((p) => p.status === "Approved" && p.publishedAt === null);
  expect(paper, "an approved paper not yet published").toBeDefined();

  await page.goto(`/app/exam/questionPaper/question-paper-view/${paper!.id}`);
  await waitForIslands(page);
  const publish = page.getByRole("button", { name: `Publish question paper of ${paper!.courseName}` });
  await publish.click();
  await expect(page.getByText("Question paper published").first()).toBeVisible();
  await expect(publish).toHaveCount(0);

  await page.reload();
  await waitForIslands(page);
  await expect(page.getByText("Published", { exact: true }).first()).toBeVisible();
  await expect(
    page.getByRole("button", { name: `Publish question paper of ${paper!.courseName}` }),
  ).toHaveCount(0);
  await expectNoAxeViolations(page);
  const stored = await getJson<{ questionpaper: Paper }>(page, `/api/sf/exam/questionPaper/${paper!.id}`);
  expect(stored.questionpaper.publishedAt).not.toBeNull();
});
