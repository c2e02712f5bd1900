import { expect, type Page, test } from "@playwright/test";
import { demoExamCycle, EXAM_OFFICE_EMAIL, examRows, expectNoAxeViolations, signIn } from "./helpers.ts";

/**
 * The exam office assigns evaluators to an exam and records their answers: from the evaluation list
 * to an exam's Evaluation page, where Add Evaluator keeps Assign disabled until an evaluator is
 * chosen (role and e-mail read-only), assigning mails the request and shows the row Requested, and
 * the evaluator is no longer offered. One evaluator is recorded Accepted; another is added and
 * recorded Rejected with a reason (the reason marker shows it). A reload shows everything. The exam's
 * evaluation deadline is refused before the exam date (the date typed stays), then set, and shows
 * after a reload. On the exam's student status, a student's eligibility is changed with a reason and
 * survives a reload. The evaluation table, filtered by that deadline ("due by"), lists the exam's
 * evaluators, and not for the day before. Every page gets an axe check.
 */

type ExamCycle = { id: string; name: string };
type TimetableRow = { id: string; course: string; section: string; dateOfExam: string };
type Candidate = { facultyId: string; facultyName: string; role: string | null; email: string };
type Student = { id: string; name: string; eligibility_status: string };
type OutboxMail = { to: string; subject: string; text: string };

/** `iso` (YYYY-MM-DD) moved by `days`. */
function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** YYYY-MM-DD as the portal shows it (DD-MM-YYYY). */
function shown(iso: string): string {
  return iso.split("-").reverse().join("-");
}

async function getJson<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

/** Adds `candidate` through the Add Evaluator dialog and waits for the Requested row. */
async function addEvaluator(page: Page, candidate: Candidate): Promise<void> {
  await page.getByRole("button", { name: "Add Evaluator" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Evaluator" });
  await expect(dialog).toBeVisible();
  const assign = dialog.getByRole("button", { name: "Assign" });
  await expect(assign).toBeDisabled();
  const evaluator = dialog.getByRole("combobox", { name: "Evaluator" });
  await expect(evaluator).toBeEnabled();
  await evaluator.selectOption(candidate.facultyId);
  await expect(assign).toBeEnabled();
  const email = dialog.getByRole("textbox", { name: "Email" });
  await expect(email).toHaveValue(candidate.email);
  await expect(email).toHaveAttribute("readonly", "");
  await expect(dialog.getByRole("textbox", { name: "Role" })).toHaveAttribute("readonly", "");
  await expectNoAxeViolations(page);
  await assign.click();
  await expect(page.getByText(`Evaluation request sent to ${candidate.facultyName}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page
    .getByRole("table", { name: "Evaluators of the exam" })
    .getByRole("row")
    .filter({ hasText: candidate.email });
  await expect(row).toContainText("Requested");
}

test("assign evaluators, record their answers and change a student's eligibility", async ({ page }) => {
  // A cap, not a wait: a dozen pages, each hydrated before it is used, on a shared 2-core machine.
  test.setTimeout(180_000);
  await signIn(page, EXAM_OFFICE_EMAIL);
  const { examCycles } = await getJson<{ examCycles: ExamCycle[] }>(page, "/api/sf/exam/examCycles");
  const cycle = demoExamCycle(examCycles);
  const { timetable } = await getJson<{ timetable: TimetableRow[] }>(
    page,
    `/api/salesforce/TimeTable?examCycleId=${cycle.id}&count=10`,
  );
  const exam = timetable[0]!;
  const { data: candidates } = await getJson<{ data: Candidate[] }>(
    page,
    `/api/salesforce/EvaluatorDetails?examId=${exam.id}`,
  );
  expect(candidates.length).toBeGreaterThanOrEqual(2);
  const [first, second] = [candidates[0]!, candidates[1]!];

  // The evaluation list, from the side menu: the cycle's exams with their evaluator counts.
  await page.getByRole("link", { name: "Evaluation", exact: true }).first().click();
  await page.waitForURL(/\/app\/exams\/evaluation$/);
  await page.getByRole("combobox", { name: "Exam cycle" }).selectOption(cycle.id);
  await expect(page).toHaveURL(new RegExp(`cycle=${cycle.id}`));
  const list = page.getByRole("table", { name: "Exams and their evaluators" });
  await expect(examRows(list).nth(1)).toBeVisible();
  await expectNoAxeViolations(page);
  await list.getByRole("link", { name: `Open the evaluation of ${exam.course} (${exam.section})` }).click();
  await page.waitForURL(new RegExp(`/app/exams/evaluation/${exam.id}$`));
  await expect(page.getByRole("heading", { name: "Evaluation", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back" })).toBeVisible();
  await expect(page.getByText("Answer sheets", { exact: true }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // Add the first evaluator: Requested, mailed, and no longer a candidate.
  await addEvaluator(page, first);
  await expect
    .poll(async () => {
      const { mails } = await getJson<{ mails: OutboxMail[] }>(
        page,
        `/api/dev/outbox?to=${encodeURIComponent(first.email)}`,
      );
      return mails.some((mail) => mail.subject.startsWith("Evaluation request:"));
    })
    .toBe(true);
  await page.getByRole("button", { name: "Add Evaluator" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Evaluator" });
  await expect(dialog.getByRole("combobox", { name: "Evaluator" })).toBeEnabled();
  await expect(dialog.locator(`option[value="${first.facultyId}"]`)).toHaveCount(0);
  await expect(dialog.locator(`option[value="${second.facultyId}"]`)).toHaveCount(1);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  // Record the first evaluator's answer: Accepted.
  const table = page.getByRole("table", { name: "Evaluators of the exam" });
  await page.getByRole("button", { name: `Record that ${first.facultyName} accepted` }).click();
  await expect(page.getByText(`${first.facultyName} accepted the evaluation`)).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: first.email })).toContainText("Accepted");

  // Add the second and record a rejection: the reason is required, then shown by the marker.
  await addEvaluator(page, second);
  await page.getByRole("button", { name: `Record that ${second.facultyName} rejected` }).click();
  const reject = page.getByRole("dialog", { name: "Record a rejection" });
  await reject.getByRole("button", { name: "Rejected" }).click();
  await expect(reject.getByText("Enter the reason for the rejection.")).toBeVisible();
  await reject
    .getByRole("textbox", { name: "Reason for rejection" })
    .fill("Marking another programme that week");
  await expectNoAxeViolations(page);
  await reject.getByRole("button", { name: "Rejected" }).click();
  await expect(page.getByText(`Rejection by ${second.facultyName} recorded`)).toBeVisible();
  const marker = page.getByRole("button", {
    name: "Reason for rejection: Marking another programme that week",
  });
  await expect(marker).toBeVisible();
  await marker.focus();
  await expect(page.getByRole("tooltip")).toHaveText("Marking another programme that week");
  await expectNoAxeViolations(page);

  // A reload shows both answers.
  await page.reload();
  await expect(table.getByRole("row").filter({ hasText: first.email })).toContainText("Accepted");
  await expect(table.getByRole("row").filter({ hasText: second.email })).toContainText("Rejected");
  await expect(marker).toBeVisible();

  // The evaluation deadline: refused before the exam date (the date typed stays), then saved.
  const deadline = addDays(exam.dateOfExam, 7);
  const deadlineField = page.getByLabel("Evaluation deadline", { exact: true });
  const deadlineTile = page
    .locator("dt", { hasText: "Evaluation deadline" })
    .locator("xpath=..")
    .locator("dd");
  await expect(deadlineTile).toHaveText("Not set");
  await deadlineField.fill(addDays(exam.dateOfExam, -1));
  await page.getByRole("button", { name: "Save" }).click();
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: `cannot be before the exam date (${shown(exam.dateOfExam)})` })
      .first(),
  ).toBeVisible();
  await expect(deadlineField).toHaveValue(addDays(exam.dateOfExam, -1));
  await deadlineField.fill(deadline);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Evaluation deadline saved")).toBeVisible();
  await expect(deadlineTile).toHaveText(shown(deadline));
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(deadlineTile).toHaveText(shown(deadline));
  await expect(deadlineField).toHaveValue(deadline);

  // The exam's student status: change a student's eligibility with a reason.
  await page.getByRole("link", { name: "Student status", exact: true }).click();
  await page.waitForURL(/\/app\/exams\/ExamSetup\/student-status\?id=/);
  await expect(page.getByRole("heading", { name: "Student Status", level: 1 })).toBeVisible();
  const { students } = await getJson<{ students: Student[] }>(page, `/api/sf/exam/studentStatus/${exam.id}`);
  const student = students.find((s) => s.eligibility_status !== "At Risk") ?? students[0]!;
  const studentRows = page.getByRole("table", { name: "Students of the exam" });
  const studentRow = studentRows.getByRole("row").filter({ hasText: student.name });
  await expect(studentRow).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: `Edit the eligibility of ${student.name}` }).click();
  await page.getByRole("combobox", { name: `Eligibility of ${student.name}` }).selectOption("At Risk");
  await page.getByRole("button", { name: `Done, save the eligibility of ${student.name}` }).click();
  await expect(page.getByText('A reason is required for "Not eligible" and "At Risk"')).toBeVisible();
  await page
    .getByRole("textbox", { name: `Reason for ${student.name}` })
    .fill("Attendance below the requirement");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: `Done, save the eligibility of ${student.name}` }).click();
  await expect(page.getByText(`Eligibility of ${student.name} saved`)).toBeVisible();
  await expect(studentRow).toContainText("At Risk");
  await expect(studentRow).toContainText("Attendance below the requirement");
  await page.reload();
  await expect(studentRow).toContainText("At Risk");
  await expect(studentRow).toContainText("Attendance below the requirement");
  await expectNoAxeViolations(page);

  // The eligibility overview links back to the exam's student status.
  await page.goto(`/app/exam/studentEligibility?cycle=${cycle.id}`);
  await expect(page.getByRole("heading", { name: "Student Eligibility", level: 1 })).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Eligibility per exam" }).getByRole("row").nth(1),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // The evaluation table, filtered by the deadline ("due by"), lists the exam's evaluators.
  await page.goto(`/app/exams/evaluation/evaluationTable?cycle=${cycle.id}`);
  await expect(page.getByRole("heading", { name: "Evaluation table", level: 1 })).toBeVisible();
  const assignments = page.getByRole("table", { name: "Evaluation table" });
  const filter = page.getByLabel("Deadline", { exact: true });
  await filter.fill(deadline);
  await expect(page).toHaveURL(new RegExp(`deadline=${deadline}`));
  // The evaluator is the row's header (the subject faculty may share a name with another evaluator).
  const rowOf = (name: string) =>
    assignments.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
  const firstRow = rowOf(first.facultyName);
  await expect(firstRow).toContainText(shown(deadline));
  await expect(rowOf(second.facultyName)).toContainText("Rejected");
  await expectNoAxeViolations(page);
  await filter.fill(addDays(deadline, -1));
  await expect(page).toHaveURL(new RegExp(`deadline=${addDays(deadline, -1)}`));
  await expect(firstRow).toHaveCount(0);
});
