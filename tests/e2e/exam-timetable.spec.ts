import { expect, type Page, test } from "@playwright/test";
import {
  EXAM_OFFICE_EMAIL,
  examRows,
  expectNoAxeViolations,
  SERVER_TODAY,
  signIn,
  waitForIslands,
} from "./helpers.ts";

/**
 * The exam office plans the exam schedule: from the exam dashboard (figures and clash report of the
 * current cycle) to the exam timetable, where a row is edited inline (date, time, duration), saved
 * with Done and still there after a reload; Revert restores a row; a bad duration is refused in the
 * browser without a call; a move onto the sitting of an exam with the same students saves with the
 * clash warning naming both exams, and is moved back. On the Exam Setup's details page the one row is changed and saved. The
 * Upcoming and completed exams lists show rows; the screens read in German, Hindi and the dark theme.
 * Every page gets an axe check.
 */

type ExamCycle = { id: string; name: string; startDate: string; endDate: string; exams: number };
type TimetableRow = {
  id: string;
  course: string;
  courseCode: string;
  section: string;
  batch: string;
  dateOfExam: string;
  startTimeOfExam: string;
  duration: number;
  venue: string;
  studentFacultyRatio: string;
};

async function examCycles(page: Page): Promise<ExamCycle[]> {
  const response = await page.request.get("/api/sf/exam/examCycles");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { examCycles: ExamCycle[] }).examCycles;
}

async function timetable(page: Page, examCycleId: string, course = ""): Promise<TimetableRow[]> {
  const query = new URLSearchParams({ examCycleId, course, count: "100" });
  const response = await page.request.get(`/api/salesforce/TimeTable?${query}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { timetable: TimetableRow[] }).timetable;
}

async function exam(page: Page, id: string): Promise<TimetableRow> {
  const response = await page.request.get(`/api/sf/exam/getExamSetupSPJ/${id}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { exam: TimetableRow }).exam;
}

/** The cycle's last day before `date` that differs from it (a date the save accepts). */
function anotherDateIn(cycle: ExamCycle, date: string): string {
  return date === cycle.endDate ? cycle.startDate : cycle.endDate;
}

const ddmmyyyy = (iso: string) => iso.split("-").reverse().join("-");

test("plan the exam timetable from the dashboard to the details page", async ({ page }) => {
  await signIn(page, EXAM_OFFICE_EMAIL);

  // The exam dashboard, from the side menu: figures of the current cycle and its clash report.
  await page.getByRole("link", { name: "Exam Dashboard" }).first().click();
  await page.waitForURL(/\/app\/exams\/examDashboard/);
  await waitForIslands(page);
  await expect(page.getByRole("heading", { name: "Exam Dashboard", level: 1 })).toBeVisible();
  const examsCard = page.getByRole("link", { name: /^Exams\s*[\d,]+$/ });
  await expect(examsCard).toBeVisible();
  expect(Number(((await examsCard.textContent()) ?? "").replace(/\D/g, ""))).toBeGreaterThan(0);
  await expect(page.getByText("Seated / unseated")).toBeVisible();
  await expect(page.getByText("Invigilators assigned / needed")).toBeVisible();
  const clashes = page.getByRole("region", { name: "Clash report" });
  await expect(clashes.getByText("Students with two exams at once", { exact: true }).first()).toBeVisible();
  await expect(clashes.getByRole("tab", { name: /^Faculty in two rooms at once \(\d+\)$/ })).toBeVisible();
  await expect(clashes.getByRole("table").first()).toBeVisible();
  await expectNoAxeViolations(page);

  // The cycle the dashboard shows is the one the exam timetable link opens.
  const cycleId = await page.getByLabel("Exam cycle").inputValue();
  const cycle = (await examCycles(page)).find((c) => c.id === cycleId);
  expect(cycle, "the dashboard's cycle").toBeTruthy();
  const rows = await timetable(page, cycleId);
  const target = rows[0]!;
  const names = `${target.course} (${target.section}, ${target.batch})`;
  const upcomingCard = page.getByRole("link", { name: /^Upcoming exams\s*[\d,]+$/ });
  const upcomingBefore = Number(((await upcomingCard.textContent()) ?? "").replace(/\D/g, ""));
  const dashboardAnswer = await page.request.get(`/api/sf/exam/examDashboard?examCycleId=${cycleId}`);
  const { today } = (await dashboardAnswer.json()) as { today: string };
  // "Today" comes from one place, the server's clock (PORTAL_CLOCK_START 26-11-2026 04:30Z): the
  // dashboard names the day the faculty calendar marks as today (faculty-calendar.spec.ts).
  expect(today).toBe(SERVER_TODAY);
  await expect(page.getByText(`Today: ${ddmmyyyy(SERVER_TODAY)}`)).toBeVisible();
  const resources = (await (await page.request.get("/api/salesforce/FacilityFacultyAllData")).json()) as {
    faculty: Array<{ id: string }>;
  };
  const calendar = await page.request.get(
    `/api/salesforce/FacultyBookingsData?contactId=${resources.faculty[0]?.id ?? ""}`,
  );
  expect(calendar.status()).toBe(200);
  expect(((await calendar.json()) as { today: string }).today).toBe(today);

  await page
    .getByRole("navigation", { name: "Exam screens" })
    .getByRole("link", { name: "Exam Timetable" })
    .click();
  await page.waitForURL(/\/app\/exam\/examTimetable\?cycle=/);
  await waitForIslands(page);
  await expect(page.getByRole("heading", { name: "Exam Timetable", level: 1 })).toBeVisible();
  const table = page.getByRole("table", { name: "Exam timetable" });
  // The first exam, under its date group's header row.
  await expect(examRows(table).nth(1)).toBeVisible();
  await expect(page.getByText(/^1–10 of \d+$/)).toBeVisible();
  await expectNoAxeViolations(page);

  // Narrow the timetable to the course, then edit its row inline and save it with Done.
  await page.getByRole("searchbox", { name: "Course" }).fill(target.courseCode);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`course=${target.courseCode}`));
  const row = table
    .getByRole("row")
    .filter({ has: page.getByRole("button", { name: `Edit the exam of ${names}` }) });
  await expect(row).toBeVisible();

  const newDate = anotherDateIn(cycle!, target.dateOfExam);
  await row.getByRole("button", { name: `Edit the exam of ${names}` }).click();
  await page.getByLabel(`Date of exam, ${names}`).fill(newDate);
  await page.getByLabel(`Start time, ${names}`).fill("16:15");
  await page.getByLabel(`Duration (minutes), ${names}`).fill("135");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: `Done, save the exam of ${names}` }).click();
  await expect(page.getByText(/^Exam timetable saved/).first()).toBeVisible();
  const saved = table
    .getByRole("row")
    .filter({ has: page.getByRole("button", { name: `Edit the exam of ${names}` }) });
  await expect(saved).toContainText(ddmmyyyy(newDate));
  await expect(saved).toContainText("16:15");
  await expect(saved).toContainText("135");
  await expect(page.getByLabel(`Duration (minutes), ${names}`)).toBeHidden();

  await page.reload();
  await expect(saved).toContainText(ddmmyyyy(newDate));
  await expect(saved).toContainText("16:15");
  await expect(saved).toContainText("135");
  const stored = await exam(page, target.id);
  expect([stored.dateOfExam, stored.startTimeOfExam, stored.duration]).toEqual([newDate, "16:15", 135]);

  // The dashboard opened right after the edit counts the moved exam where it now lies (no stale
  // figures kept from before the write).
  const upcomingAfter = upcomingBefore + (newDate >= today ? 1 : 0) - (target.dateOfExam >= today ? 1 : 0);
  expect(upcomingAfter, "the edit moves the exam across today").not.toBe(upcomingBefore);
  await page.goto(`/app/exams/examDashboard?cycle=${cycleId}`);
  await waitForIslands(page);
  await expect(
    page.getByRole("link", { name: new RegExp(`^Upcoming exams\\s*${upcomingAfter}$`) }),
  ).toBeVisible();
  await page.goBack();
  await waitForIslands(page);

  // Revert restores the row; nothing is saved.
  await saved.getByRole("button", { name: `Edit the exam of ${names}` }).click();
  await page.getByLabel(`Duration (minutes), ${names}`).fill("200");
  await page.getByRole("button", { name: `Revert the exam of ${names}` }).click();
  await expect(page.getByLabel(`Duration (minutes), ${names}`)).toBeHidden();
  await expect(saved).toContainText("135");
  expect((await exam(page, target.id)).duration).toBe(135);

  // A bad duration shows the rule under the input and sends nothing.
  let saveCalls = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/api/salesforce/TimeTable")) saveCalls++;
  });
  await saved.getByRole("button", { name: `Edit the exam of ${names}` }).click();
  const duration = page.getByLabel(`Duration (minutes), ${names}`);
  await duration.fill("5");
  await page.getByRole("button", { name: `Done, save the exam of ${names}` }).click();
  await expect(page.getByText("Enter a whole number of minutes from 15 to 600")).toBeVisible();
  await expect(duration).toHaveAttribute("aria-invalid", "true");
  await expect(duration).toHaveValue("5");
  expect(saveCalls).toBe(0);
  await duration.press("Escape");
  await expect(duration).toBeHidden();
  expect((await exam(page, target.id)).duration).toBe(135);

  // Moving the exam onto the sitting of another exam of its intake and section (the same students,
  // every one enrolled in each offering of their section) saves and warns of the clash it makes,
  // one line per overlapping exam; it then goes back to where it was.
  const other = rows.find(
    (r) =>
      r.id !== target.id &&
      r.batch === target.batch &&
      r.section === target.section &&
      r.courseCode !== target.courseCode,
  );
  expect(other, "another exam of the same intake and section").toBeTruthy();
  await saved.getByRole("button", { name: `Edit the exam of ${names}` }).click();
  await page.getByLabel(`Date of exam, ${names}`).fill(other!.dateOfExam);
  await page.getByLabel(`Start time, ${names}`).fill(other!.startTimeOfExam);
  await page.getByRole("button", { name: `Done, save the exam of ${names}` }).click();
  const clashToast = page.getByRole("status").filter({ hasText: /^This move makes \d+ student clash(es)?/ });
  await expect(clashToast).toBeVisible();
  await expect(clashToast).toContainText(
    new RegExp(
      `${target.courseCode} \\(${target.section}\\) overlaps ${other!.courseCode} \\(${other!.section}\\) ` +
        `on ${ddmmyyyy(other!.dateOfExam)} at ${other!.startTimeOfExam}: [1-9]\\d* students? sits? both`,
    ),
  );
  const moved = await exam(page, target.id);
  expect([moved.dateOfExam, moved.startTimeOfExam]).toEqual([other!.dateOfExam, other!.startTimeOfExam]);
  await saved.getByRole("button", { name: `Edit the exam of ${names}` }).click();
  await page.getByLabel(`Date of exam, ${names}`).fill(newDate);
  await page.getByLabel(`Start time, ${names}`).fill("16:15");
  await page.getByRole("button", { name: `Done, save the exam of ${names}` }).click();
  await expect(saved).toContainText(ddmmyyyy(newDate));
  await expect
    .poll(async () => {
      const back = await exam(page, target.id);
      return [back.dateOfExam, back.startTimeOfExam, back.duration];
    })
    .toEqual([newDate, "16:15", 135]);

  // The Exam Setup list leads to the exam's details: one editable row, Back and Save.
  await page.getByRole("link", { name: "Exam Setup" }).first().click();
  await page.waitForURL(/\/app\/exams\/ExamSetup/);
  await waitForIslands(page);
  await expect(page.getByRole("heading", { name: "Exam Setup", level: 1 })).toBeVisible();
  await page.getByRole("searchbox", { name: "Course" }).fill(target.courseCode);
  await page.getByRole("button", { name: "Search" }).click();
  await page
    .getByRole("link", { name: `Exam details of ${names}` })
    .first()
    .click();
  await page.waitForURL(/\/app\/exams\/ExamSetup\/ExamTimeTableDetails\?id=/);
  const detailsId = new URL(page.url()).searchParams.get("id")!;
  await expect(
    page.getByRole("heading", { name: "Exam timetable and seating plan details", level: 1 }),
  ).toBeVisible();
  const crumbs = page.getByRole("navigation", { name: "Breadcrumbs" });
  await expect(crumbs).toContainText("Exam");
  await expect(crumbs.getByRole("link", { name: "Exam Setup" })).toBeVisible();
  await expect(crumbs).toContainText("Exam Details");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/app/exams/ExamSetup");
  await expect(main.getByRole("link", { name: "Seating Plan" })).toHaveAttribute(
    "href",
    `/app/exam/seatingPlan/${detailsId}`,
  );
  const details = await exam(page, detailsId);
  const detailNames = `${details.course} (${details.section}, ${details.batch})`;
  const venue = page.getByLabel(`Venue, ${detailNames}`);
  await expect(venue).toHaveValue(details.venue);
  await expectNoAxeViolations(page);
  await venue.fill("Block E, hall 2");
  await page.getByLabel(`Student faculty ratio, ${detailNames}`).fill("25:1");
  await main.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText(/^Exam timetable saved/).first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(`Venue, ${detailNames}`)).toHaveValue("Block E, hall 2");
  await expect(page.getByLabel(`Student faculty ratio, ${detailNames}`)).toHaveValue("25:1");
  const afterSave = await exam(page, detailsId);
  expect([afterSave.venue, afterSave.studentFacultyRatio]).toEqual(["Block E, hall 2", "25:1"]);

  // Upcoming and completed exams show rows.
  await page.goto("/app/exams/Upcoming?days=90");
  await waitForIslands(page);
  await expect(page.getByRole("heading", { name: "Upcoming exams", level: 1 })).toBeVisible();
  // Rows sit under a header row per exam date; row 0 is the column headers.
  const upcoming = examRows(page.getByRole("table", { name: "Upcoming exams" }));
  await expect(upcoming.nth(1)).toBeVisible();
  await expect(upcoming.nth(1)).toContainText(/Today|\d+ days?/);
  await expectNoAxeViolations(page);

  await page.goto("/app/exams/completedExams");
  await waitForIslands(page);
  await page.getByLabel("Completed in the last").selectOption("365");
  await expect(page).toHaveURL(/days=365/);
  const completed = examRows(page.getByRole("table", { name: "Completed exams" }));
  await expect(completed.nth(1)).toContainText(/Completed \d+ days? ago/);
  await expectNoAxeViolations(page);

  // The same screens in the dark theme, in German and in Hindi (one sign-in per story: the demo
  // administrator may ask for 5 one-time passwords in 15 minutes, shared by every browser story).
  await page.goto("/app/exam/examTimetable");
  await waitForIslands(page);
  await expect(examRows(page.getByRole("table", { name: "Exam timetable" })).nth(1)).toBeVisible();
  const html = page.locator("html");
  const before = await html.getAttribute("class");
  await page.getByRole("button", { name: /Switch to (dark|light) theme/ }).click();
  await expect(html).not.toHaveAttribute("class", before ?? "");
  await expectNoAxeViolations(page);

  await page.getByLabel("Language").selectOption("de");
  await expect(html).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { name: "Prüfungsplan", level: 1 })).toBeVisible();
  await page.goto("/app/exams/examDashboard");
  await waitForIslands(page);
  await expect(page.getByRole("region", { name: "Konfliktbericht" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel("Sprache").selectOption("hi");
  await expect(html).toHaveAttribute("lang", "hi");
  await expect(page.getByRole("heading", { name: "परीक्षा डैशबोर्ड", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("भाषा").selectOption("en");
  await expect(html).toHaveAttribute("lang", "en");
  await page.getByRole("button", { name: /Switch to (dark|light) theme/ }).click();
});
