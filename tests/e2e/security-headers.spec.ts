/**
 * Every built screen runs under the portal's Content-Security-Policy (no inline script but the
 * ones Astro hashed, no eval, nothing from another origin): each page is opened signed in (the
 * login screen signed out), must hydrate every island without the error fallback, answer the
 * theme toggle, and raise no CSP violation, whether seen by the page (`securitypolicyviolation`
 * events), by the console, or reported to POST /api/csp-report (which also catches workers).
 * The headers themselves are checked on a page, an asset, a JSON answer and a PDF, and built
 * scripts are checked to be sent as the files compressed at build (brotli, gzip) with `Vary`.
 */
import { get as httpGet, type IncomingHttpHeaders } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import {
  ACADEMIC_OFFICE_EMAIL,
  demoExamCycle,
  EXAM_OFFICE_EMAIL,
  signIn,
  waitForIslands,
} from "./helpers.ts";

type Violation = { directive: string; blocked: string; sample: string; page: string };

declare global {
  interface Window {
    __cspViolations?: Violation[];
  }
}

/** Records the page's own CSP violation events before any of its scripts run. */
function recordViolations(): void {
  window.__cspViolations = [];
  document.addEventListener("securitypolicyviolation", (e) => {
    window.__cspViolations?.push({
      directive: e.effectiveDirective,
      blocked: e.blockedURI,
      sample: e.sample,
      page: location.pathname,
    });
  });
}

async function getJson<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

/** The exam office's screens, by area, with ids from the demo data. */
type ExamArea =
  | "home and question papers"
  | "exam operations"
  | "grading and results"
  | "revaluation, retest and moderation";

/** Every page under apps/portal/src/pages behind the exam office's sign-in, by area, with ids from the demo data. */
async function signedInPages(page: Page): Promise<Record<ExamArea, string[]>> {
  const { examCycles } = await getJson<{ examCycles: Array<{ id: string; name: string }> }>(
    page,
    "/api/sf/exam/examCycles",
  );
  const cycle = demoExamCycle(examCycles).id;
  const { timetable: exams } = await getJson<{ timetable: Array<{ id: string; students: number }> }>(
    page,
    `/api/salesforce/TimeTable?examCycleId=${cycle}&count=100`,
  );
  const exam = (exams.find((e) => e.students > 0) ?? exams[0])!.id;
  const paperList = await page.request.post("/api/sf/exam/questionPaperList", {
    data: { course: "", status: "", term: "", faculty: "", batch: "", examCycle: "", pageNo: 1, count: 25 },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(paperList.status()).toBe(200);
  const paper = ((await paperList.json()) as { questionPapersList: Array<{ id: string }> })
    .questionPapersList[0]!.id;
  const grading = await page.request.post("/api/salesforce/GradingCourseDetails", {
    // The demo's published offering has components and students.
    data: { status: "Published", count: 5 },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(grading.status()).toBe(200);
  const offering = (
    (await grading.json()) as { courses: Array<{ id: string; students: number }> }
  ).courses.find((c) => c.students > 0)!.id;
  const marks = await getJson<{ components: Array<{ studentId: string; ComponentName: string }> }>(
    page,
    `/api/sf/exam/coursecomponent/${offering}`,
  );
  const { studentId, ComponentName } = marks.components[0]!;
  const studentDetails = `/app/exam/grading/details/${offering}/studentdetails/${studentId}`;
  const origin = { origin: new URL(page.url()).origin };
  const reval = await page.request.post("/api/salesforce/RetestRevaluationDetails", {
    data: { type: "Revaluation", pageNo: 1, count: 25 },
    headers: origin,
  });
  expect(reval.status()).toBe(200);
  const revalExam = ((await reval.json()) as { rows: Array<{ id: string; courseOfferingId: string }> })
    .rows[0]!;
  const retest = await page.request.post("/api/salesforce/RetestRevaluationDetails", {
    data: { type: "Retest", pageNo: 1, count: 25 },
    headers: origin,
  });
  expect(retest.status()).toBe(200);
  const retestExam = ((await retest.json()) as { rows: Array<{ id: string }> }).rows[0]!.id;
  const students = await page.request.post("/api/salesforce/ReetstData", {
    data: { CourseId: revalExam.id, type: "Revaluation" },
    headers: origin,
  });
  expect(students.status()).toBe(200);
  const request = ((await students.json()) as { StudentList: Array<{ id: string }> }).StudentList[0]!.id;
  return {
    "home and question papers": [
      "/app",
      "/dashboard",
      "/app/exam/questionPaper",
      `/app/exam/questionPaper/chat-history/${paper}`,
      `/app/exam/questionPaper/question-paper-view/${paper}`,
      "/no-such-page",
    ],
    "exam operations": [
      "/app/exam/examTimetable",
      "/app/exam/faculty-Proctoring",
      "/app/exam/invigilationProctoring",
      `/app/exam/seatingPlan/${exam}`,
      `/app/exam/studentEligibility?cycle=${cycle}`,
      `/app/exams/EvaluationAssignment?examId=${exam}`,
      "/app/exams/ExamSetup",
      `/app/exam/examPlanner?${await schedulerAddress(page)}`,
      `/app/exams/ExamSetup/ExamTimeTableDetails?id=${exam}`,
      `/app/exams/ExamSetup/student-status?id=${exam}`,
      `/app/exams/ExamSetup/seatingPlan/arrangement/${exam}`,
      "/app/exams/Upcoming?days=90",
      "/app/exams/completedExams",
      "/app/exams/evaluvationPlan",
      "/app/exams/examDashboard",
      "/app/exams/invigilationProctoringNotification",
      "/app/exams/evaluation",
      `/app/exams/evaluation/${exam}`,
      `/app/exams/evaluation/evaluationTable?cycle=${cycle}`,
      "/app/exams/invigilationProctoring",
      `/app/exams/invigilationProctoring/${exam}`,
      `/app/exams/invigilationProctoring/invigilationAssign?examId=${exam}`,
      "/app/exams/seatingPlan",
    ],
    "grading and results": [
      `/app/gradeStudents?courseOfferingId=${offering}`,
      studentDetails,
      `${studentDetails}/${encodeURIComponent(ComponentName)}`,
      `/app/grading/studentsBySection?courseOfferingId=${offering}`,
      `/app/grading/studentsByComponent?courseOfferingId=${offering}&componentName=${encodeURIComponent(ComponentName)}`,
      `/app/grading/studentsBySubComponent?courseOfferingId=${offering}`,
      `/app/grading/studentreport?courseOfferingId=${offering}&studentId=${studentId}`,
      "/app/exam/promotionCriteria",
      "/app/exams/grading",
      `/app/exams/grading/details/${offering}`,
      `/app/exam/grading?courseOfferingId=${offering}`,
      "/app/exams/grading/gradingSetting",
      `/app/exams/grading/gradingSetting?courseOfferingId=${offering}`,
      "/app/grading-setup",
      `/app/grading-setup?courseOfferingId=${offering}`,
      "/app/exams/GradingView",
      `/app/exams/GradingView?courseOfferingId=${offering}`,
    ],
    "revaluation, retest and moderation": [
      "/app/exam/revaluationRetest",
      `/app/exam/revaluation/${revalExam.id}`,
      `/app/exam/revaluation/requestStudentQuestionPaper/${request}`,
      "/app/exam/retest",
      `/app/exam/retest/${retestExam}`,
      "/app/exam/moderation",
      `/app/exam/moderation/details/${revalExam.courseOfferingId}`,
      "/app/exams/requests",
      "/app/exams/requests/revaluation",
      `/app/exams/requests/RevaluationView/${revalExam.id}`,
      `/app/exams/requests/AnswerSheetView?id=${revalExam.id}`,
      `/app/exams/requests/RevaluationAssign?id=${revalExam.id}`,
      `/app/exams/requests/RetestView?id=${retestExam}`,
    ],
  };
}

/** The academic planning pages (academic office), with an intake of the demo data. */
/**
 * The scheduler's address with a term chosen (the first programme by code, its JUL 2026 intake, the
 * intake's first term), so the FullCalendar timeline and its plugins load and draw the term.
 */
async function schedulerAddress(page: Page): Promise<string> {
  const { programs } = await getJson<{ programs: Array<{ name: string; code: string }> }>(
    page,
    "/api/salesforce/SchedulerFilterData",
  );
  const programme = [...programs].sort((a, b) => a.code.localeCompare(b.code))[0]!.name;
  const { terms } = await getJson<{ terms: Array<{ TermRecordId: string }> }>(
    page,
    `/api/salesforce/SchedulerFilterData?programName=${encodeURIComponent(programme)}&intake=JUL&year=2026`,
  );
  expect(terms.length, "the demo's JUL 2026 intake has terms").toBeGreaterThan(0);
  return `program=${encodeURIComponent(programme)}&year=2026&intake=JUL&term=${terms[0]!.TermRecordId}`;
}

async function planningPages(page: Page): Promise<string[]> {
  const setup = await getJson<{ "Academic Program": Array<{ name: string; code: string }> }>(
    page,
    "/api/salesforce/AcademicProgramsName",
  );
  const programme = [...setup["Academic Program"]].sort((a, b) => a.code.localeCompare(b.code))[0]!.name;
  const query = `program=${encodeURIComponent(programme)}&intake=JUL&year=2026`;
  const { intakeId } = await getJson<{ intakeId: string }>(
    page,
    `/api/salesforce/AcademicPlannerData?programName=${encodeURIComponent(programme)}&intake=JUL&year=2026`,
  );
  const scheduler = await schedulerAddress(page);
  const { courseOfferings } = await getJson<{
    courseOfferings: Array<{ id: string; facultyId: string | null }>;
  }>(page, "/api/salesforce/facultyOnboarding/courseOfferings?count=50");
  const taught = courseOfferings.find((o) => o.facultyId !== null);
  expect(taught, "the demo has a section with its faculty member").toBeDefined();
  return [
    // People and administration: enrolment, onboarding and contracts, course offerings, 360 profiles.
    "/app/enroll-student",
    "/app/enroll-faculty",
    "/app/FacultyOnBoarding",
    "/app/contract-management",
    "/app/ViewCourse",
    `/app/ViewCourse?id=${taught!.id}`,
    `/app/facultySection?contactId=${taught!.facultyId}`,
    "/app/my360",
    "/app/studentProfile",
    "/app/facultyProfile",
    `/app/facultyProfile/${taught!.facultyId}`,
    "/app/academics-planner",
    `/app/add-activity?${query}`,
    "/app/current-programmes",
    `/app/current-programmes/${intakeId}/details`,
    `/app/academicCalendar?intakeId=${intakeId}`,
    "/app/batches",
    "/app/add-program",
    "/app/term-subjects",
    "/app/faculty-management",
    "/app/faculty-details",
    "/app/faculty-calendar",
    "/app/time-table?program=EMBA&year=2026&intake=JUL&date=2026-11-04",
    "/app/tt",
    `/app/session-scheduler?${scheduler}`,
    `/app/session-planner?${scheduler}`,
    `/app/full-calendar?${scheduler}&resource=facility`,
    "/app/events",
    "/app/subject-documents",
    "/app/feedback/feedback-list",
    "/app/feedback/feedback-setup",
    "/app/notification",
  ];
}

/** Opens `path`, waits for its islands and its requests, and checks it is whole and interactive. */
async function checkScreen(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response, path).not.toBeNull();
  const csp = response!.headers()["content-security-policy"] ?? "";
  expect(csp, `${path}: CSP header`).toContain("frame-ancestors 'none'");
  expect(csp, `${path}: no inline scripts`).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(response!.headers()["x-content-type-options"], path).toBe("nosniff");
  await waitForIslands(page);
  await page.waitForLoadState("networkidle");
  await expect(page.getByText(/^An error occurred/), `${path}: error fallback`).toHaveCount(0);
  await expect(page.getByText("Error getting config"), `${path}: config`).toHaveCount(0);
  // The shell's own script (theme toggle) runs: its label flips on a click, and back.
  const toggle = page.locator("[data-theme-toggle]");
  if ((await toggle.count()) > 0) {
    const before = await toggle.getAttribute("aria-label");
    await toggle.click();
    await expect(toggle, `${path}: theme toggle`).not.toHaveAttribute("aria-label", before ?? "");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-label", before ?? "");
  }
}

/**
 * The exam office's screens, one test per area on one signed-in page (one sign-in for them all): a
 * failure names its area, and each test's cap is its own. The first test also shows the watch works.
 */
test.describe
  .serial("every exam office screen runs under the Content-Security-Policy without a violation", () => {
    let context: BrowserContext;
    let page: Page;
    let violations: string[] = [];
    let pages: Record<ExamArea, string[]>;

    /** Moves the page's recorded violation events into `violations` (and clears them there). */
    const collect = async () => {
      const seen = await page
        .evaluate(() => window.__cspViolations?.splice(0) ?? [])
        .catch(() => [] as Violation[]);
      for (const v of seen) violations.push(`event on ${v.page}: ${v.directive} ${v.blocked} ${v.sample}`);
    };

    /** Opens every page of `area` and expects no violation on any. */
    const checkArea = async (area: ExamArea) => {
      violations = [];
      for (const path of pages[area]) {
        await checkScreen(page, path);
        await collect();
      }
    };

    test.beforeAll(async ({ browser }, testInfo) => {
      context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
      await context.addInitScript(recordViolations);
      // Reports the browser sends itself (report-uri), including those of workers.
      context.on("request", (request) => {
        if (new URL(request.url()).pathname === "/api/csp-report") {
          violations.push(`report: ${request.postData() ?? ""}`);
        }
      });
      page = await context.newPage();
      page.on("console", (message) => {
        if (/Content[- ]Security[- ]Policy/i.test(message.text()))
          violations.push(`console: ${message.text()}`);
      });
      page.on("pageerror", (error) => violations.push(`page error: ${error.message}`));
    });

    test.afterAll(async () => {
      await context?.close();
    });

    test("the watch sees an injected script three ways; the login screen and sign-in raise none", async () => {
      test.setTimeout(120_000);
      await page.goto("/login");
      await waitForIslands(page);
      await page.evaluate(() => {
        const script = document.createElement("script");
        script.textContent = "document.body.dataset.injected = 'ran'";
        document.head.append(script);
      });
      await collect();
      await expect
        .poll(() => ["event", "console", "report"].filter((k) => violations.some((v) => v.startsWith(k))))
        .toEqual(["event", "console", "report"]);
      expect(await page.evaluate(() => document.body.dataset.injected)).toBeUndefined();
      violations = [];

      // Signed out: the login screen.
      await checkScreen(page, "/login");
      await collect();
      await signIn(page, EXAM_OFFICE_EMAIL);
      await collect();
      pages = await signedInPages(page);
      expect(violations).toEqual([]);
    });

    test("home, dashboard and question papers (the paper drawn by pdf.js and its worker)", async () => {
      // Caps, not waits: about a dozen pages each on a shared 2-core machine.
      test.setTimeout(180_000);
      await checkArea("home and question papers");
      const paperView = pages["home and question papers"].find((p) => p.includes("question-paper-view"))!;
      await page.goto(paperView);
      await expect(page.locator("canvas").first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      await collect();
      expect(violations).toEqual([]);
    });

    test("exam operations: timetable, seating, invigilation, evaluation, eligibility", async () => {
      test.setTimeout(240_000);
      await checkArea("exam operations");
      expect(violations).toEqual([]);
    });

    test("grading and results", async () => {
      test.setTimeout(240_000);
      await checkArea("grading and results");
      expect(violations).toEqual([]);
    });

    test("revaluation, retest and moderation", async () => {
      test.setTimeout(240_000);
      await checkArea("revaluation, retest and moderation");
      expect(violations).toEqual([]);
    });

    test("a cross-site write with the session cookie is refused, the page's own passes, and PDFs carry the headers", async () => {
      // The exam office's signed-in page of this block: no sign-in of its own.
      const origin = new URL(page.url()).origin;
      const body = {
        course: "",
        status: "",
        term: "",
        faculty: "",
        batch: "",
        examCycle: "",
        pageNo: 1,
        count: 25,
      };
      const refused = await page.request.post("/api/sf/exam/questionPaperList", {
        data: body,
        headers: { origin: "http://evil.example" },
      });
      expect(refused.status()).toBe(403);
      expect(await refused.json()).toMatchObject({ errorCode: "csrf" });
      const fromPage = await page.evaluate(async (b) => {
        const res = await fetch("/api/sf/exam/questionPaperList", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(b),
        });
        return res.status;
      }, body);
      expect(fromPage).toBe(200);
      const asText = await page.evaluate(async (b) => {
        const res = await fetch("/api/sf/exam/questionPaperList", {
          method: "POST",
          body: JSON.stringify(b),
        });
        return res.status;
      }, body);
      expect(asText).toBe(415);
      expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

      const list = await page.request.post("/api/sf/exam/questionPaperList", {
        data: body,
        headers: { origin },
      });
      const papers = ((await list.json()) as { questionPapersList: Array<{ id: string }> })
        .questionPapersList;
      for (const p of papers) {
        const pdf = await page.request.get(`/api/sf/exam/questionPaper/${p.id}/document/1`);
        if (pdf.status() !== 200) continue;
        expect(pdf.headers()["content-type"]).toBe("application/pdf");
        expect(pdf.headers()["content-security-policy"]).toMatch(/(^|; )sandbox(;|$)/);
        expect(pdf.headers()["content-disposition"]).toMatch(/^inline; filename=/);
        expect(pdf.headers()["x-content-type-options"]).toBe("nosniff");
        return;
      }
      throw new Error("no question paper with a PDF in the demo data");
    });
  });

test("the planning screens run under the Content-Security-Policy without a violation", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const violations: string[] = [];
  await context.addInitScript(recordViolations);
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  context.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/csp-report") {
      violations.push(`report: ${request.postData() ?? ""}`);
    }
  });
  page.on("pageerror", (error) => violations.push(`page error: ${error.message}`));
  // The planning screens belong to the academic office.
  await signIn(page, ACADEMIC_OFFICE_EMAIL);
  for (const path of await planningPages(page)) {
    await checkScreen(page, path);
    const seen = await page.evaluate(() => window.__cspViolations?.splice(0) ?? []);
    for (const v of seen) violations.push(`event on ${v.page}: ${v.directive} ${v.blocked} ${v.sample}`);
  }
  expect(violations).toEqual([]);
});

test("pages, assets and JSON carry the security headers, signed out", async ({ page }) => {
  const pageAnswer = await page.goto("/login");
  const pageHeaders = pageAnswer!.headers();
  const scriptSrc = pageHeaders["content-security-policy"]?.match(/script-src ([^;]*)/)?.[1] ?? "";
  expect(scriptSrc).toContain("'self'");
  expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  for (const directive of [
    "default-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "connect-src 'self'",
    "report-uri /api/csp-report",
  ]) {
    expect(pageHeaders["content-security-policy"]).toContain(directive);
  }
  const asset = await page
    .locator("script[src^='/_astro/'], link[rel=stylesheet][href^='/_astro/']")
    .first()
    .evaluate((el) => el.getAttribute("src") ?? el.getAttribute("href"));
  const answers = {
    page: pageHeaders,
    asset: (await page.request.get(asset!)).headers(),
    json: (await page.request.get("/api/config")).headers(),
    redirect: (await page.request.get("/", { maxRedirects: 0 })).headers(),
  };
  for (const [name, headers] of Object.entries(answers)) {
    expect(headers["x-content-type-options"], name).toBe("nosniff");
    expect(headers["x-frame-options"], name).toBe("DENY");
    expect(headers["referrer-policy"], name).toBe("same-origin");
    expect(headers["cross-origin-opener-policy"], name).toBe("same-origin");
    expect(headers["permissions-policy"], name).toContain("camera=()");
    expect(headers["content-security-policy"], name).toContain("frame-ancestors 'none'");
    // Development server: no HSTS.
    expect(headers["strict-transport-security"], name).toBeUndefined();
  }
  expect(answers.json["content-security-policy"]).toContain("sandbox");
});

/** One GET over plain HTTP, with no decoding: the status, headers and raw body bytes as sent. */
function rawGet(
  url: string,
  acceptEncoding: string,
): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    }).on("error", reject);
  });
}

test("built scripts are sent as the brotli or gzip file written at build, with Vary", async ({
  page,
  baseURL,
}) => {
  await page.goto("/login");
  await waitForIslands(page);
  // Every script the page loaded (islands' components and renderers included).
  const sizes = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.startsWith("/_astro/") && path.endsWith(".js")),
  );
  const candidates = await Promise.all(
    sizes.map(async (src) => ({ src, raw: await rawGet(new URL(src, baseURL).href, "identity") })),
  );
  const largest = candidates.sort((a, b) => b.raw.body.length - a.raw.body.length)[0]!;
  const url = new URL(largest.src, baseURL).href;
  expect(largest.raw.headers["content-encoding"]).toBeUndefined();

  const br = await rawGet(url, "gzip, deflate, br");
  expect(br.headers["content-encoding"]).toBe("br");
  expect(br.headers.vary).toContain("Accept-Encoding");
  expect(br.headers["cache-control"]).toContain("immutable");
  expect(Number(br.headers["content-length"])).toBe(br.body.length);
  expect(brotliDecompressSync(br.body).equals(largest.raw.body)).toBe(true);

  const gzip = await rawGet(url, "gzip");
  expect(gzip.headers["content-encoding"]).toBe("gzip");
  expect(gzip.headers.vary).toContain("Accept-Encoding");
  expect(gunzipSync(gzip.body).equals(largest.raw.body)).toBe(true);
  // Really compressed (brotli quality 11 at build), not an identity copy under another name.
  expect(br.body.length).toBeLessThan(largest.raw.body.length / 2);
});
