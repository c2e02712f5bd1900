import { expect, type Page, test } from "@playwright/test";
import {
  expectNoAxeViolations,
  RESULTS_OFFICE_EMAIL,
  sharedSignedInPage,
  waitForIslands,
} from "./helpers.ts";

/**
 * The grading setup story (spec §2 Grading; §4 component rows; §5 weights, grade letters; §9
 * component names): the controller of examinations opens the grading list, picks the demo's Draft
 * course offering graded Absolute, opens its grading page (statistics from the API, the mark
 * histogram, the student table paged 5 by default), sets up a new component in Edit Grading Details
 * (Master Component), is refused while the weights do not total 100, saves once they do, then
 * switches Select Grading from Absolute to Relative and saves. After a reload the page shows the
 * grades the server recomputed, the same as the API's, and they are not the Absolute ones. Last, a
 * student's final grade is lowered with a penalty (Edit, Done) and kept by the header's Save.
 */

type Course = {
  id: string;
  courseCode: string;
  courseName: string;
  section: string;
  status: string;
  typeOfGrading: string;
  version: number;
};
type Scores = {
  typeOfGrading: string;
  noOfRecords: number;
  statistics: { mean: number; standardDeviation: number; size: number };
  students: Array<{ studentName: string; CalculatedGrade: string; penality: string }>;
};

async function scores(page: Page, id: string): Promise<Scores> {
  const res = await page.request.post("/api/salesforce/SubjectScores", {
    headers: { origin: new URL(page.url()).origin },
    data: { gradingId: id },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as Scores;
}

/** The Calculated Grade column of the student table (4th data cell; the student is the row header). */
async function shownGrades(page: Page): Promise<string[]> {
  const table = page.getByRole("table", { name: "Students and their grades" });
  await expect(table.locator("tbody tr").first()).toBeVisible();
  // The Calculated Grade column, found by its header: the component columns before it vary by offering.
  const headers = await table.locator("thead th").allTextContents();
  const column = headers.indexOf("Calculated Grade");
  expect(column, "the Calculated Grade column").toBeGreaterThan(0);
  return table.locator(`tbody tr > :nth-child(${column + 1})`).allTextContents();
}

test("sets up components and switches Absolute to Relative; the reloaded page shows the recomputed grades", async ({
  browser,
}, testInfo) => {
  // Two saves each recompute the class's grades on the embedded database: more than the default 90 s on a busy machine.
  test.setTimeout(180_000);
  // The results office's page of the run (helpers.ts): one sign-in for the grading and revaluation stories.
  const page = await sharedSignedInPage(browser, testInfo.project.use.baseURL, RESULTS_OFFICE_EMAIL);
  // The demo's Draft offering with a saved setup, wherever it is in the list (pages of 100).
  let draft: Course | undefined;
  for (let pageNo = 1; !draft && pageNo <= 50; pageNo++) {
    const list = await page.request.post("/api/salesforce/GradingCourseDetails", {
      headers: { origin: new URL(page.url()).origin },
      data: { status: "Draft", count: 100, pageNo },
    });
    expect(list.status()).toBe(200);
    const { courses } = (await list.json()) as { courses: Course[] };
    if (courses.length === 0) break;
    draft = courses.find((c) => c.version > 0 && c.typeOfGrading === "Absolute");
  }
  expect(draft, "the demo's Draft offering graded Absolute").toBeDefined();
  const id = draft!.id;

  // The list: its rows are in the server's HTML; the offering's row leads to its grading page.
  await page.goto(`/app/exams/grading?status=Draft&course=${encodeURIComponent(draft!.courseCode)}`);
  await waitForIslands(page);
  await expect(page.getByRole("table", { name: "Course offerings to grade" })).toBeVisible();
  await page.locator(`a[href="/app/exams/grading/details/${id}"]`).click();
  await page.waitForURL(`**/app/exams/grading/details/${id}`);
  await waitForIslands(page);

  const before = await scores(page, id);
  await expect(page.getByTestId("student-count")).toHaveText(String(before.noOfRecords));
  await expect(page.getByTestId("grading-mean")).toHaveText(before.statistics.mean.toFixed(2));
  await expect(page.getByTestId("grading-sd")).toHaveText(before.statistics.standardDeviation.toFixed(2));
  await expect(page.getByTestId("grading-size")).toHaveText(String(before.statistics.size));
  await expect(page.getByTestId("grading-type")).toHaveText("Absolute");
  await expect(page.getByTestId("mark-histogram")).toBeVisible();
  // Paging 5 by default (spec §9).
  expect(await shownGrades(page)).toHaveLength(Math.min(5, before.noOfRecords));
  await expectNoAxeViolations(page);

  // Master Component: a new component, refused until the weights total 100, then saved.
  await page.getByRole("button", { name: "Edit Grading Details" }).click();
  const dialog = page.getByRole("dialog", { name: "Grading Setting" });
  await dialog.getByRole("tab", { name: "Master Component" }).click();
  await dialog.getByRole("button", { name: "Add component" }).click();
  const added = dialog.getByRole("region", { name: "Class Participation" });
  await expect(added.getByText("New")).toBeVisible();
  await added.getByLabel("Weightage (%)").fill("10");
  await added.getByLabel("Weightage of sub-component 1 (%)").fill("100");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("alert")).toContainText(
    "The component weights must total 100 (they total 110)",
  );
  await dialog.getByRole("region", { name: "Quiz" }).getByLabel("Weightage (%)").fill("10");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();

  // Select Grading: Relative, saved from the Grading Setting tab.
  await page.getByRole("button", { name: "Edit Grading Details" }).click();
  await expect(dialog.getByRole("tab", { name: "Grading Setting" })).toHaveAttribute("aria-selected", "true");
  await dialog.getByLabel("Select Grading").selectOption("Relative");
  await expect(dialog.getByText("Grade ranges by percentile of the class (Relative)")).toBeVisible();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();

  // After a reload: Relative, with the grades the server recomputed.
  await page.goto(`/app/exams/grading/details/${id}?pageSize=all`);
  await waitForIslands(page);
  await expect(page.getByTestId("grading-type")).toHaveText("Relative");
  const after = await scores(page, id);
  expect(after.typeOfGrading).toBe("Relative");
  const components = await page.request.get(
    `/api/salesforce/CourseEvaluationComponentSubcomponent?courseOfferingId=${id}`,
  );
  const names = (
    (await components.json()) as { components: Array<{ componentName: string }> }
  ).components.map((c) => c.componentName);
  expect(names).toContain("Class Participation");
  // The student table has a column per component (Quiz and the new one too), so they reconcile with the total.
  const studentTable = page.getByRole("table", { name: "Students and their grades" });
  for (const name of names) {
    await expect(studentTable.getByRole("columnheader", { name, exact: true })).toBeVisible();
  }
  const grades = await shownGrades(page);
  expect(grades).toEqual(after.students.map((s) => s.CalculatedGrade));
  expect(grades).not.toEqual(before.students.map((s) => s.CalculatedGrade));

  // Edit a student's grade: Done keeps it on the page, the header's Save stores it.
  const target = after.students.find((st) => st.CalculatedGrade !== "F" && st.penality === "")!;
  expect(target, "a student above F without a penalty").toBeDefined();
  const lower = { A: "B", B: "C", C: "F" }[target.CalculatedGrade as "A" | "B" | "C"];
  const table = page.getByRole("table", { name: "Students and their grades" });
  await table.getByRole("button", { name: `Edit the grades of ${target.studentName}` }).click();
  const gradeDialog = page.getByRole("dialog", { name: `Grade of ${target.studentName}` });
  await gradeDialog.getByLabel("Final Grade").selectOption(lower);
  await gradeDialog.getByLabel("Penalty").fill("Missed the viva");
  await gradeDialog.getByRole("button", { name: "Done" }).click();
  await expect(gradeDialog).toBeHidden();
  await expect(table.getByRole("row").filter({ hasText: target.studentName })).toContainText(
    `${lower} (not saved)`,
  );
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Grades saved: 1")).toBeVisible();
  await page.reload();
  await waitForIslands(page);
  const saved = page
    .getByRole("table", { name: "Students and their grades" })
    .getByRole("row")
    .filter({ hasText: target.studentName });
  await expect(saved).toContainText("Missed the viva");
  await expect(saved).not.toContainText("not saved");
});
