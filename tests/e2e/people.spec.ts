import { expect, type Page, test } from "@playwright/test";
import {
  ACADEMIC_OFFICE_EMAIL,
  EXAM_OFFICE_EMAIL,
  expectNoAxeViolations,
  sharedSignedInPage,
  waitForIslands,
} from "./helpers.ts";

/*
 * People and administration: a student enrolled on Enroll Student has the course
 * on their 360 view, and a contract goes from draft through the area head's approval to the faculty
 * member, each step's mail in the outbox. The academic office and the exam office (as the area head)
 * use the run's shared signed-in pages (helpers.ts sharedSignedInPage): no code request of their own
 * when an earlier story signed them in.
 */

type Option = { id: string; name: string };
type OutboxMail = { to: string; subject: string; text: string };

async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** The mails to `email` in the development outbox, newest first. */
async function outbox(page: Page, email: string): Promise<OutboxMail[]> {
  return (await getJson<{ mails: OutboxMail[] }>(page, `/api/dev/outbox?to=${encodeURIComponent(email)}`))
    .mails;
}

test("enrol a student, then the course shows on that student's 360 view", async ({ browser }, testInfo) => {
  const page = await sharedSignedInPage(browser, testInfo.project.use.baseURL, ACADEMIC_OFFICE_EMAIL);
  // The filters' first institute, programme and plan, and the plan's last term, as the screen lists them.
  const base = "/api/salesforce/getDataForCourseEnrolment";
  const institute = (await getJson<{ institutes: Option[] }>(page, base)).institutes[0]!;
  const programme = (await getJson<{ programmes: Option[] }>(page, `${base}?instituteId=${institute.id}`))
    .programmes[0]!;
  const plan = (
    await getJson<{ programmePlans: Option[] }>(
      page,
      `${base}?instituteId=${institute.id}&academicProgramId=${programme.id}`,
    )
  ).programmePlans[0]!;
  const terms = (
    await getJson<{ terms: Option[] }>(
      page,
      `${base}?instituteId=${institute.id}&academicProgramId=${programme.id}&programPlanId=${plan.id}`,
    )
  ).terms;
  expect(terms.length, "the plan has terms").toBeGreaterThan(0);
  const term = terms[terms.length - 1]!;
  const candidates = await getJson<{
    courseOfferings: Array<{ courseCode: string; courseName: string; capacity: number; enrolled: number }>;
    students: Array<{ id: string; name: string; enrolledCourses: number }>;
  }>(page, `/api/salesforce/getStudentAndCourseForEnrolment?termId=${term.id}&pageNo=1&count=25`);
  // The student on the first page with the fewest courses, so the enrolment makes new rows.
  const student = [...candidates.students].sort((a, b) => a.enrolledCourses - b.enrolledCourses)[0];
  expect(student, "the intake has students").toBeDefined();
  const course = candidates.courseOfferings[0]!;

  await page.goto(
    `/app/enroll-student?institute=${institute.id}&programme=${programme.id}&plan=${plan.id}&term=${term.id}`,
  );
  await waitForIslands(page);
  const form = page.getByRole("form", { name: "Enroll students" });
  await form.getByRole("checkbox", { name: `Select ${student!.name}`, exact: true }).check();
  await form.getByRole("button", { name: "Enroll", exact: true }).click();
  await expect(form.getByRole("status").filter({ hasText: "Enrolments created:" })).toContainText(
    /Enrolments created: \d+\. Skipped \(already enrolled\): \d+/,
  );
  await expectNoAxeViolations(page);

  // The student's 360 view lists the course among their enrolments.
  await page.goto(`/app/studentProfile/${student!.id}`);
  await waitForIslands(page);
  await page.getByRole("tab", { name: "Enrolments" }).click();
  const enrolments = page.getByRole("tabpanel");
  await expect(enrolments.getByRole("row").filter({ hasText: course.courseCode }).first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a contract from draft, sent for area-head approval, approved by the area head and sent; the mails are in the outbox", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const baseURL = testInfo.project.use.baseURL;
  const page = await sharedSignedInPage(browser, baseURL, ACADEMIC_OFFICE_EMAIL);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const facultyEmail = `kiran.contract.${stamp}@example.org`;
  await page.goto("/app/FacultyOnBoarding");
  await waitForIslands(page);
  const form = page.getByRole("form", { name: "Faculty Onboarding" });
  await form.getByLabel("First name").fill("Kiran");
  await form.getByLabel("Last name").fill("Shah");
  await form.getByLabel("E-mail").fill(facultyEmail);
  await form.getByLabel("Phone").fill("+91 9876501234");
  await form.getByLabel("Designation").fill("Visiting Professor");
  const termSelect = form.getByRole("combobox", { name: "Term" });
  await expect(termSelect.locator("option")).not.toHaveCount(1);
  await termSelect.selectOption({ index: 1 });
  const firstSection = form.getByRole("group", { name: "Sections" }).getByRole("checkbox").first();
  await firstSection.check();
  await form.getByLabel("Hours").fill("24");
  await form.getByLabel("Rate per hour (INR)").fill("2500");
  await form.getByLabel("Start date").fill("2026-12-01");
  await form.getByLabel("End date").fill("2027-03-31");
  await form.getByLabel("Area head").fill(EXAM_OFFICE_EMAIL);
  await form.getByRole("button", { name: "Save draft" }).click();
  const saved = page
    .getByRole("status")
    .filter({ has: page.getByRole("link", { name: "Open the contract" }) });
  await expect(saved).toBeVisible();
  await saved.getByRole("link", { name: "Open the contract" }).click();
  await page.waitForURL(/\/app\/ViewContract\?id=/);
  const contractUrl = new URL(page.url()).pathname + new URL(page.url()).search;
  await waitForIslands(page);
  await expect(page.getByRole("heading", { name: "Kiran Shah · Draft" })).toBeVisible();
  // The section opens View Course, which lists this contract.
  const sectionLink = page.getByRole("link", { name: / · Section / }).first();
  const courseHref = await sectionLink.getAttribute("href");
  expect(courseHref).toMatch(/^\/app\/ViewCourse\?id=/);

  const contractId = new URL(page.url()).searchParams.get("id")!;
  const approvalMails = async () =>
    (await outbox(page, EXAM_OFFICE_EMAIL)).filter(
      (mail) => mail.subject === "Contract for approval: Kiran Shah" && mail.text.includes(contractId),
    );
  expect(await approvalMails()).toEqual([]);
  await page.getByRole("button", { name: "Send for area head approval", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Kiran Shah · Awaiting area head approval" })).toBeVisible();
  await expect.poll(async () => (await approvalMails()).length).toBe(1);
  expect((await approvalMails())[0]!.text).toContain(`/app/ViewContract?id=${contractId}`);

  // The area head (the exam office's user) approves it in their own browser.
  const head = await sharedSignedInPage(browser, baseURL, EXAM_OFFICE_EMAIL);
  await head.goto(contractUrl);
  await waitForIslands(head);
  await head.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(head.getByRole("heading", { name: "Kiran Shah · Approved" })).toBeVisible();
  await expectNoAxeViolations(head);

  // The office sends it to the faculty member, with the contract PDF.
  await page.reload();
  await waitForIslands(page);
  await expect(page.getByRole("heading", { name: "Kiran Shah · Approved" })).toBeVisible();
  await page.getByRole("button", { name: "Send to faculty" }).click();
  await expect(page.getByRole("heading", { name: "Kiran Shah · Sent" })).toBeVisible();
  await expect.poll(async () => (await outbox(page, facultyEmail)).length).toBe(1);
  expect((await outbox(page, facultyEmail))[0]!.text).toContain("Kiran Shah");
  const history = page.getByRole("table", { name: "History" });
  for (const step of ["Onboarded", "Send for area head approval", "Approve", "Send to faculty"]) {
    await expect(history.getByRole("row").filter({ hasText: step })).toHaveCount(1);
  }
  await expectNoAxeViolations(page);

  // View Course shows the contract covering the section, in its new state.
  await page.goto(courseHref!);
  await waitForIslands(page);
  const contracts = page.getByRole("table", { name: "Contracts covering this section" });
  await expect(contracts.getByRole("row").filter({ hasText: facultyEmail })).toContainText("Sent");
  await expectNoAxeViolations(page);
});
