import { expect, type Page, test } from "@playwright/test";
import { ADMIN_EMAIL, sharedSignedInPage, waitForIslands } from "./helpers.ts";

/**
 * Fast first load (docs/performance.md, "First query on the server"): the screens that declare a
 * first query come with their data in the server's HTML, and the island, hydrating, does not ask
 * the API for it again. The administrator (the run's shared page) opens the question-paper list, the exam
 * dashboard, the exam timetable, the Upcoming and completed exams lists, the Exam Setup list, the
 * grading list and a course offering's grading page: each
 * page's HTML (as the server sent it, before any script)
 * holds the first rows the API gives for the same query, and while the page loads and hydrates the
 * browser makes none of the page's first-query calls.
 */

type Paper = { courseName: string };
type TimetableRow = {
  id: string;
  course: string;
  section: string;
  dateOfExam: string;
  startTimeOfExam: string;
  duration: number;
  examType: string;
  venue: string;
  version: number;
};
type ExamInfo = { Course_Name__c: string };
type GradingCourse = { id: string; courseName: string; students: number };
type Cycle = { id: string; name: string; exams: number; startDate: string; endDate: string };
type Dashboard = { examCycle: { id: string; name: string; startDate: string; endDate: string } };

/** The text as it stands in HTML. */
function html(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** DD-MM-YYYY of an ISO date (spec §9 date format). */
function displayDate(iso: string): string {
  const [year, month, day] = iso.split("-");
  return `${day}-${month}-${year}`;
}

/**
 * The server's HTML of a page (no script runs), and the data rows of the first table with a body:
 * every body row of its row groups except a date group's header row (`th scope="rowgroup"`).
 */
async function serverHtml(page: Page, path: string): Promise<{ text: string; bodyRows: number }> {
  const response = await page.request.get(path, { maxRedirects: 0 });
  expect(response.status(), path).toBe(200);
  const text = await response.text();
  const start = text.search(/<tbody[\s>]/);
  const table = start < 0 ? "" : text.slice(start, text.indexOf("</table>", start));
  const bodies = table.match(/<tbody[^>]*>[\s\S]*?<\/tbody>/g)?.join("") ?? "";
  const groupHeaders = bodies.match(/scope="rowgroup"/g)?.length ?? 0;
  return { text, bodyRows: (bodies.match(/<tr[\s>]/g)?.length ?? 0) - groupHeaders };
}

/** API paths the browser asks while `path` loads and its islands hydrate. */
async function apiCallsWhileLoading(page: Page, path: string): Promise<string[]> {
  const calls: string[] = [];
  const record = (request: { url(): string }) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) calls.push(url.pathname);
  };
  page.on("request", record);
  try {
    await page.goto(path, { waitUntil: "networkidle" });
    await waitForIslands(page);
    await page.waitForLoadState("networkidle");
  } finally {
    page.off("request", record);
  }
  return calls;
}

test("the converted screens come with their first rows and ask the API nothing while hydrating", async ({
  browser,
}, testInfo) => {
  // The run's administrator page (no code request of its own when an earlier story signed them in).
  const page = await sharedSignedInPage(browser, testInfo.project.use.baseURL, ADMIN_EMAIL);
  const origin = new URL(page.url()).origin;

  // The question-paper list: the first 25 papers of the unfiltered list.
  const listAnswer = await page.request.post("/api/sf/exam/questionPaperList", {
    headers: { origin },
    data: { course: "", status: "", term: "", faculty: "", batch: "", examCycle: "", pageNo: 1, count: 25 },
  });
  expect(listAnswer.status()).toBe(200);
  const papers = ((await listAnswer.json()) as { questionPapersList: Paper[] }).questionPapersList;
  expect(papers.length).toBeGreaterThan(0);
  const list = await serverHtml(page, "/app/exam/questionPaper");
  expect(list.bodyRows).toBe(papers.length);
  expect(list.text).toContain(html(papers[0]!.courseName));

  // The exam timetable: the first page (10 rows) of the exam screens' default cycle.
  const cyclesAnswer = await page.request.get("/api/sf/exam/examCycles");
  expect(cyclesAnswer.status()).toBe(200);
  const { examCycles, defaultExamCycleId } = (await cyclesAnswer.json()) as {
    examCycles: Cycle[];
    defaultExamCycleId: string;
  };
  const timetableAnswer = await page.request.get(
    `/api/salesforce/TimeTable?examCycleId=${defaultExamCycleId}&pageNo=1&count=10`,
  );
  expect(timetableAnswer.status()).toBe(200);
  const rows = ((await timetableAnswer.json()) as { timetable: TimetableRow[] }).timetable;
  expect(rows.length).toBeGreaterThan(0);
  const timetable = await serverHtml(page, "/app/exam/examTimetable");
  expect(timetable.bodyRows).toBe(rows.length);
  expect(timetable.text).toContain(html(rows[0]!.course));

  // Exam Setup: the same first page of the timetable, with its course names.
  const setup = await serverHtml(page, "/app/exams/ExamSetup");
  expect(setup.bodyRows).toBe(rows.length);
  expect(setup.text).toContain(html(rows[0]!.course));

  // Upcoming needs an exam after today. The demo's exams end the day before the stories' clock
  // starts; the exam timetable story moves one past today, but this story must not rely on running
  // after it: when none is upcoming, it moves the default cycle's last exam to the cycle's last day.
  const upcomingNow = await page.request.post("/api/salesforce/ExamData", {
    headers: { origin },
    data: { dueDays: 30, examCycleId: "", pageNo: 1, count: 10 },
  });
  const { exams: upcomingExams, today } = (await upcomingNow.json()) as { exams: ExamInfo[]; today: string };
  if (upcomingExams.length === 0) {
    const cycle = examCycles.find((c) => c.id === defaultExamCycleId);
    expect(cycle && cycle.endDate > today, "the default cycle ends after today").toBe(true);
    const all = await page.request.get(
      `/api/salesforce/TimeTable?examCycleId=${defaultExamCycleId}&pageNo=1&count=100`,
    );
    const last = ((await all.json()) as { timetable: TimetableRow[] }).timetable
      .slice()
      .sort((a, b) => a.dateOfExam.localeCompare(b.dateOfExam))
      .at(-1);
    expect(last, "an exam of the default cycle").toBeDefined();
    const moved = await page.request.post("/api/salesforce/TimeTable", {
      headers: { origin },
      data: [
        {
          id: last!.id,
          dateOfExam: cycle!.endDate,
          timeOfExam: last!.startTimeOfExam,
          duration: last!.duration,
          examType: last!.examType,
          venue: last!.venue,
          version: last!.version,
        },
      ],
    });
    expect(moved.status()).toBe(200);
  }

  // Upcoming (the next 30 days) and completed exams (the last 90 days): the first 10 of every cycle.
  for (const [path, window] of [
    ["/app/exams/Upcoming", { dueDays: 30 }],
    ["/app/exams/completedExams", { completedIn: 90 }],
  ] as const) {
    const answer = await page.request.post("/api/salesforce/ExamData", {
      headers: { origin },
      data: { ...window, examCycleId: "", pageNo: 1, count: 10 },
    });
    expect(answer.status(), path).toBe(200);
    const exams = ((await answer.json()) as { exams: ExamInfo[] }).exams;
    expect(exams.length, path).toBeGreaterThan(0);
    const listPage = await serverHtml(page, path);
    expect(listPage.bodyRows, path).toBe(exams.length);
    expect(listPage.text, path).toContain(html(exams[0]!.Course_Name__c));
  }

  // The exam dashboard: the figures of the cycle the server picks, with its dates.
  const dashboardAnswer = await page.request.get("/api/sf/exam/examDashboard");
  expect(dashboardAnswer.status()).toBe(200);
  const { examCycle } = (await dashboardAnswer.json()) as Dashboard;
  const dashboard = await serverHtml(page, "/app/exams/examDashboard");
  expect(dashboard.text).toContain(displayDate(examCycle.startDate));
  expect(dashboard.text).toContain(html(examCycle.name));

  // The grading list (the first 10 course offerings) and a grading page (its first 5 students).
  const gradingAnswer = await page.request.post("/api/salesforce/GradingCourseDetails", {
    headers: { origin },
    data: { pageNo: 1, count: 10 },
  });
  expect(gradingAnswer.status()).toBe(200);
  const offerings = ((await gradingAnswer.json()) as { courses: GradingCourse[] }).courses;
  expect(offerings.length).toBeGreaterThan(0);
  const grading = await serverHtml(page, "/app/exams/grading");
  expect(grading.bodyRows).toBe(offerings.length);
  expect(grading.text).toContain(html(offerings[0]!.courseName));
  const graded = offerings.find((c) => c.students > 0) ?? offerings[0]!;
  const scoresAnswer = await page.request.post("/api/salesforce/SubjectScores", {
    headers: { origin },
    data: { gradingId: graded.id },
  });
  expect(scoresAnswer.status()).toBe(200);
  const students = ((await scoresAnswer.json()) as { students: Array<{ studentName: string }> }).students;
  const gradingPath = `/app/exams/grading/details/${graded.id}`;
  const gradingPage = await serverHtml(page, gradingPath);
  expect(gradingPage.bodyRows).toBe(Math.max(1, Math.min(5, students.length)));
  if (students.length > 0) expect(gradingPage.text).toContain(html(students[0]!.studentName));

  // The lists of one exam cycle, opened without a cycle: the server shows the exam screens' default
  // cycle (never the demo's newest cycle, a retest without exams) and its first page.
  const cycleId = defaultExamCycleId;
  const shown = examCycles.find((c) => c.id === cycleId);
  expect(shown?.exams, "the default cycle has exams").toBeGreaterThan(0);
  const cycleRowsAnswer = await page.request.get(
    `/api/salesforce/TimeTable?examCycleId=${cycleId}&pageNo=1&count=10`,
  );
  expect(cycleRowsAnswer.status()).toBe(200);
  const cycleRows = ((await cycleRowsAnswer.json()) as { timetable: TimetableRow[] }).timetable;
  expect(cycleRows.length).toBeGreaterThan(0);
  for (const path of [
    "/app/exams/seatingPlan",
    "/app/exams/invigilationProctoring",
    "/app/exam/invigilationProctoring",
  ]) {
    const cycleList = await serverHtml(page, path);
    expect(cycleList.bodyRows, path).toBe(cycleRows.length);
    expect(cycleList.text, path).toContain(html(cycleRows[0]!.course));
    expect(cycleList.text, path).toContain(html(shown!.name));
  }

  // Faculty proctoring and the notification list of the same cycle: its first faculty member and duty
  // (or 'No Record' when the cycle has no invigilation duties).
  const proctoringAnswer = await page.request.get(
    `/api/sf/exam/facultyProctoring?examCycle=${cycleId}&pageNo=1&count=10`,
  );
  expect(proctoringAnswer.status()).toBe(200);
  const faculty = ((await proctoringAnswer.json()) as { faculty: Array<{ facultyName: string }> }).faculty;
  const proctoring = await serverHtml(page, "/app/exam/faculty-Proctoring");
  expect(proctoring.text).toContain(faculty.length > 0 ? html(faculty[0]!.facultyName) : "No Record");
  const dutiesAnswer = await page.request.get(
    `/api/sf/exam/invigilationNotifications?examCycle=${cycleId}&pageNo=1&count=10`,
  );
  expect(dutiesAnswer.status()).toBe(200);
  const duties = ((await dutiesAnswer.json()) as { notifications: Array<{ facultyName: string }> })
    .notifications;
  const notifications = await serverHtml(page, "/app/exams/invigilationProctoringNotification");
  expect(notifications.bodyRows).toBe(Math.max(1, duties.length));
  if (duties.length > 0) expect(notifications.text).toContain(html(duties[0]!.facultyName));

  // The evaluation list and plan (the first 10 exams of the default cycle), the evaluation table (its
  // first 10 evaluator assignments) and the eligibility overview (its first 10 exams with their counts).
  const overviewAnswer = await page.request.get(
    `/api/sf/exam/evaluationOverview?examCycleId=${defaultExamCycleId}&pageNo=1&count=10`,
  );
  expect(overviewAnswer.status()).toBe(200);
  const overview = ((await overviewAnswer.json()) as { exams: Array<{ courseName: string }> }).exams;
  expect(overview.length).toBeGreaterThan(0);
  for (const path of ["/app/exams/evaluation", "/app/exams/evaluvationPlan"]) {
    const evaluation = await serverHtml(page, path);
    expect(evaluation.bodyRows, path).toBe(overview.length);
    expect(evaluation.text, path).toContain(html(overview[0]!.courseName));
  }
  const assignmentsAnswer = await page.request.get(
    `/api/sf/exam/evaluationAssignments?examCycleId=${defaultExamCycleId}&pageNo=1&count=10`,
  );
  expect(assignmentsAnswer.status()).toBe(200);
  const assignments = ((await assignmentsAnswer.json()) as { data: Array<{ assignment: { name: string } }> })
    .data;
  const evaluationTable = await serverHtml(page, "/app/exams/evaluation/evaluationTable");
  expect(evaluationTable.bodyRows).toBe(Math.max(1, assignments.length));
  if (assignments.length > 0) expect(evaluationTable.text).toContain(html(assignments[0]!.assignment.name));
  const riskAnswer = await page.request.post("/api/salesforce/StudentRiskData", {
    headers: { origin },
    data: { examCycleId: defaultExamCycleId, search: "", pageNo: 1, count: 10 },
  });
  expect(riskAnswer.status()).toBe(200);
  const riskExams = ((await riskAnswer.json()) as { exams: Array<{ courseName: string }> }).exams;
  expect(riskExams.length).toBeGreaterThan(0);
  const eligibility = await serverHtml(page, "/app/exam/studentEligibility");
  expect(eligibility.bodyRows).toBe(riskExams.length);
  expect(eligibility.text).toContain(html(riskExams[0]!.courseName));

  // Loaded in the browser, none of them asks for what the server already gave.
  const firstQueryCalls: Record<string, string[]> = {
    "/app/exams/grading": ["/api/salesforce/GradingCourseDetails"],
    [gradingPath]: ["/api/salesforce/SubjectScores"],
    "/app/exam/questionPaper": ["/api/sf/exam/questionPaperList"],
    "/app/exam/examTimetable": ["/api/salesforce/TimeTable", "/api/sf/exam/examCycles"],
    "/app/exams/ExamSetup": ["/api/salesforce/TimeTable", "/api/sf/exam/examCycles"],
    "/app/exams/Upcoming": ["/api/salesforce/ExamData", "/api/sf/exam/examCycles"],
    "/app/exams/completedExams": ["/api/salesforce/ExamData", "/api/sf/exam/examCycles"],
    "/app/exams/seatingPlan": ["/api/salesforce/TimeTable", "/api/sf/exam/examCycles"],
    "/app/exams/invigilationProctoring": ["/api/salesforce/TimeTable", "/api/sf/exam/examCycles"],
    "/app/exam/invigilationProctoring": ["/api/salesforce/TimeTable", "/api/sf/exam/examCycles"],
    "/app/exam/faculty-Proctoring": ["/api/sf/exam/facultyProctoring", "/api/sf/exam/examCycles"],
    "/app/exams/invigilationProctoringNotification": [
      "/api/sf/exam/invigilationNotifications",
      "/api/sf/exam/examCycles",
    ],
    "/app/exams/evaluation": ["/api/sf/exam/evaluationOverview", "/api/sf/exam/examCycles"],
    "/app/exams/evaluvationPlan": ["/api/sf/exam/evaluationOverview", "/api/sf/exam/examCycles"],
    "/app/exams/evaluation/evaluationTable": [
      "/api/sf/exam/evaluationAssignments",
      "/api/sf/exam/examCycles",
    ],
    "/app/exam/studentEligibility": ["/api/salesforce/StudentRiskData", "/api/sf/exam/examCycles"],
    "/app/exams/examDashboard": [
      "/api/sf/exam/examDashboard",
      "/api/sf/exam/clashReport",
      "/api/sf/exam/examCycles",
    ],
  };
  for (const [path, firstCalls] of Object.entries(firstQueryCalls)) {
    const calls = await apiCallsWhileLoading(page, path);
    expect(page.url(), "still on the page (not sent to login)").toContain(path);
    expect(
      calls.filter((call) => firstCalls.includes(call)),
      `first-query calls while ${path} hydrates`,
    ).toEqual([]);
    // A table, or faculty proctoring's 'No Record' for a cycle without duties.
    await expect(page.getByRole("table").or(page.getByText("No Record")).first()).toBeVisible();
  }
});
