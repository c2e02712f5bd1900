import { expect, type Page, test } from "@playwright/test";
import {
  expectNoAxeViolations,
  RESULTS_OFFICE_EMAIL,
  sharedSignedInPage,
  waitForIslands,
} from "./helpers.ts";

/**
 * The results officer works through the students' requests, signed in once (the tests run in order
 * on one page): on the Revaluation list an exam's student list is opened, an undecided request is
 * accepted, given an evaluator and completed with a revised mark, which the row shows (with the mark
 * it replaced) and still shows after a reload. On the Retest list the Create Retest Exam dialog
 * refuses empty fields, then schedules an accepted student in the demo's retest cycle; the new exam
 * is in that cycle's exam timetable. A course offering's sub-component is moderated: the preview
 * shows the distribution before and after, Apply with a reason keeps the moderation, listed after
 * a reload; then one student's mark is set on its own (per student), kept after a reload. The new
 * retest exam's seating plan has only the student it schedules. Fixed dates: the demo's retest cycle "Dec 2026 Retest" (2026-12-07 to 2026-12-19).
 */

test.describe.configure({ mode: "serial", timeout: 180_000 });

const RETEST_CYCLE = "Dec 2026 Retest";
let page: Page;

// The results office's page of the run (helpers.ts), shared with the grading stories.
test.beforeAll(async ({ browser }, testInfo) => {
  page = await sharedSignedInPage(browser, testInfo.project.use.baseURL, RESULTS_OFFICE_EMAIL);
});

test("a revaluation is accepted and completed, and the revised mark shows", async () => {
  await page.goto("/app/exam/revaluationRetest");
  await waitForIslands(page);
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Student Status");
  const table = page.getByRole("table", { name: "Exams with revaluation requests" });
  // The demo's first offering has five requests, one in each state.
  const row = table.getByRole("row").filter({ has: page.getByRole("cell", { name: "5", exact: true }) });
  await expect(row).toHaveCount(1);
  await expectNoAxeViolations(page);
  await row.getByRole("link", { name: /View \/ Edit/ }).click();
  await page.waitForURL(/\/app\/exam\/revaluation\/[0-9a-f-]{36}$/);
  await waitForIslands(page);
  await expect(page.getByTestId("student-count")).toHaveText("(5)");

  const students = page.getByRole("table", { name: "Students who asked" });
  const undecided = students.getByRole("row").filter({ hasText: "Not decided" });
  await expect(undecided).toHaveCount(1);
  const name =
    (await undecided.getByRole("rowheader").locator("span span").first().textContent())?.trim() ?? "";
  expect(name).not.toBe("");
  const marksText = (await undecided.getByRole("cell").nth(0).textContent()) ?? "";
  const [previous, total] = marksText.split("/").map((s) => Number(s.trim()));
  expect(Number.isFinite(previous) && Number.isFinite(total)).toBe(true);
  const revised =
    (previous as number) < (total as number) ? (previous as number) + 1 : (previous as number) - 1;

  const target = students.getByRole("row").filter({ hasText: name });
  await target.getByRole("button", { name: `Edit the request of ${name}` }).click();
  // Revert leaves the row as it was.
  await page.getByRole("combobox", { name: `Action for ${name}` }).selectOption("Accept");
  await page.getByRole("button", { name: `Revert the request of ${name}` }).click();
  await expect(target).toContainText("Not decided");

  await target.getByRole("button", { name: `Edit the request of ${name}` }).click();
  await page.getByRole("combobox", { name: `Action for ${name}` }).selectOption("Accept");
  const evaluator = page.getByRole("combobox", { name: `Evaluator for ${name}` });
  const firstEvaluator = await evaluator.locator("option").nth(1).getAttribute("value");
  await evaluator.selectOption(firstEvaluator ?? "");
  await page.getByRole("combobox", { name: `Revaluation status of ${name}` }).selectOption("Completed");
  await page.getByRole("textbox", { name: new RegExp(`^Revised marks of ${name}`) }).fill(String(revised));
  await page
    .getByRole("textbox", { name: `Reason for the change of ${name}'s mark` })
    .fill("Question 3 was re-marked");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: `Done, save the request of ${name}` }).click();
  await expect(page.getByText(`Request of ${name} saved`)).toBeVisible();
  await expect(target.getByTestId("revised-marks")).toHaveText(
    `${revised.toFixed(2)} / ${total} (was ${(previous as number).toFixed(2)})`,
  );
  await expect(target).toContainText("Completed");

  await page.reload();
  await waitForIslands(page);
  await expect(target.getByTestId("revised-marks")).toHaveText(
    `${revised.toFixed(2)} / ${total} (was ${(previous as number).toFixed(2)})`,
  );
  await expect(target).toContainText("Accept");
  await page.getByRole("link", { name: "Back" }).click();
  await page.waitForURL(/\/app\/exam\/revaluationRetest$/);
});

test("a retest exam is created for an accepted student and is in the exam timetable", async () => {
  await page.goto("/app/exam/retest");
  await waitForIslands(page);
  const table = page.getByRole("table", { name: "Exams with retest requests" });
  // The demo's first offering has three retest requests: Pending, Accept and Reject.
  const row = table.getByRole("row").filter({ has: page.getByRole("cell", { name: "3", exact: true }) });
  await expect(row).toHaveCount(1);
  const course = (await row.getByRole("rowheader").textContent())?.replace(/\s*\(.*\)$/, "").trim() ?? "";
  expect(course).not.toBe("");

  // The list's Retest Exam dialog refuses empty fields without a call.
  await page.getByRole("button", { name: "Retest Exam" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Retest Exam" });
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(dialog.getByText("Field cannot be empty.").first()).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  await row.getByRole("link", { name: /View \/ Edit/ }).click();
  await page.waitForURL(/\/app\/exam\/retest\/[0-9a-f-]{36}$/);
  await waitForIslands(page);
  const students = page.getByRole("table", { name: "Students who asked" });
  await expect(students.getByRole("row")).toHaveCount(4);
  const accepted = students.getByRole("checkbox");
  await expect(accepted).toHaveCount(1);
  await accepted.check();
  await page.getByRole("button", { name: "Create Retest Exam" }).click();
  const create = page.getByRole("dialog", { name: "Create Retest Exam" });
  await expect(create).toContainText("Schedules the 1 accepted student chosen.");
  await create.getByLabel("Exam cycle").selectOption(RETEST_CYCLE);
  await create.getByLabel("Date of exam").fill("2026-12-10");
  await create.getByLabel("Start time").fill("10:00");
  await create.getByLabel("Duration").selectOption("60");
  await create.getByLabel("Exam mode").selectOption("offline");
  await expect(create.getByLabel("Time zone")).toHaveValue("Asia/Kolkata");
  await expect(create.getByLabel("Student to faculty ratio")).toHaveValue("50:30");
  await create.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("Retest Exam Created Successfully")).toBeVisible();
  await expect(create).toBeHidden();
  await expect(students.getByText("In a retest exam")).toHaveCount(1);

  // The new exam is a real exam: the retest cycle's timetable lists it.
  const cycles = (await (await page.request.get("/api/sf/exam/examCycles")).json()) as {
    examCycles: Array<{ id: string; name: string }>;
  };
  const cycle = cycles.examCycles.find((c) => c.name === RETEST_CYCLE);
  expect(cycle, RETEST_CYCLE).toBeDefined();
  await page.goto(`/app/exam/examTimetable?cycle=${cycle?.id}`);
  await waitForIslands(page);
  await expect(
    page.getByRole("row").filter({ hasText: course }).filter({ hasText: "10-12-2026" }),
  ).toHaveCount(1);

  // Its seating plan has only the one student it schedules, not the offering's whole enrolment.
  const timetable = (await (
    await page.request.get(`/api/salesforce/TimeTable?examCycleId=${cycle?.id}&count=100`)
  ).json()) as { timetable: Array<{ id: string; dateOfExam: string; examType: string }> };
  const retestExam = timetable.timetable.find(
    (e) => e.dateOfExam === "2026-12-10" && e.examType === "Retest",
  );
  expect(retestExam, "the retest exam").toBeDefined();
  await page.goto(`/app/exam/seatingPlan/${retestExam?.id}`);
  await waitForIslands(page);
  await expect(page.getByText("0 of 1 student seated, 1 not seated")).toBeVisible();
});

test("a course offering is moderated: preview, apply with a reason, listed after a reload", async () => {
  // The offering whose exam has five revaluation requests has marks to moderate.
  await page.goto("/app/exam/revaluationRetest");
  await waitForIslands(page);
  const revalued = page
    .getByRole("table", { name: "Exams with revaluation requests" })
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: "5", exact: true }) });
  const course = (await revalued.getByRole("rowheader").textContent())?.trim() ?? "";
  // Columns: programs, term, then batch after the course (the row header).
  const term = (await revalued.getByRole("cell").nth(1).textContent())?.trim() ?? "";
  const batch = (await revalued.getByRole("cell").nth(2).textContent())?.trim() ?? "";
  expect([course, term, batch]).not.toContain("");
  await page.goto("/app/exam/moderation");
  await waitForIslands(page);
  await page.getByRole("searchbox", { name: "Course name or code" }).fill(course.replace(/\s*\(.*\)$/, ""));
  await page.getByRole("searchbox", { name: "Course name or code" }).press("Enter");
  await page.waitForURL(/\?course=/);
  await expectNoAxeViolations(page);
  const offering = page
    .getByRole("table", { name: "Course offerings" })
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: `Moderate ${course}`, exact: true }) })
    .filter({ has: page.getByRole("cell", { name: term, exact: true }) })
    .filter({ has: page.getByRole("cell", { name: batch, exact: true }) });
  await expect(offering).toHaveCount(1);
  await offering.getByRole("link", { name: `Moderate ${course}` }).click();
  await page.waitForURL(/\/app\/exam\/moderation\/details\/[0-9a-f-]{36}/);
  await waitForIslands(page);
  const distribution = page.getByTestId("distribution");
  await expect(distribution).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "After" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByLabel("Marks to add (may be negative)").fill("2");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("columnheader", { name: "After" })).toBeVisible();
  const changes = page.getByTestId("moderation-changes").getByRole("listitem");
  await expect(changes.first()).toBeVisible();
  const reason = `Paper was harder than the other sections ${test.info().repeatEachIndex}`;
  await page.getByLabel("Reason for the moderation").fill(reason);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText(/Moderation applied: \d+ marks? changed/)).toBeVisible();
  await expect(page.getByTestId("moderation-history")).toContainText(reason);

  await page.reload();
  await waitForIslands(page);
  await expect(page.getByTestId("moderation-history")).toContainText(reason);
  await expectNoAxeViolations(page);

  // Per student: one student's new mark, previewed, applied with a reason, kept after a reload.
  await page.getByRole("combobox", { name: "Adjustment" }).selectOption("individual");
  const perStudent = page.getByTestId("moderation-students");
  const first = perStudent.getByRole("row").nth(1);
  const student = (await first.getByRole("rowheader").textContent())?.trim() ?? "";
  const current = Number((await first.getByRole("cell").first().textContent())?.trim());
  const target = current >= 1 ? current - 1 : current + 1;
  await page.getByRole("textbox", { name: `New mark for ${student}` }).fill(String(target));
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("moderation-changes").getByRole("listitem")).toHaveCount(1);
  const why = `Marked against the wrong key ${test.info().repeatEachIndex}`;
  await page.getByLabel("Reason for the moderation").fill(why);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Moderation applied: 1 mark changed")).toBeVisible();
  await page.reload();
  await waitForIslands(page);
  await expect(page.getByTestId("moderation-history")).toContainText(`${why} (1 mark changed)`);
  await page.getByRole("combobox", { name: "Adjustment" }).selectOption("individual");
  await expect(
    page
      .getByTestId("moderation-students")
      .getByRole("row")
      .filter({ hasText: student })
      .getByRole("cell")
      .first(),
  ).toHaveText(target.toFixed(2));
});
