// @vitest-environment node
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { renderInLocale } from "../lib/request-locale.ts";
import { MENU, type MenuEntry } from "./menu.ts";
import {
  breadcrumbsOf,
  mayOpenRoute,
  ROUTES,
  type RouteId,
  route,
  routeHref,
  SPEC_ADDRESS_REDIRECTS,
  specAddressRedirect,
} from "./routes.ts";

const PAGES = fileURLToPath(new URL("../pages", import.meta.url));
/** Pages that only send the browser on (no title, no shell), so they have no route of their own. */
const REDIRECTS = [
  "/app/after-sign-in",
  "/app/exams/requests/RevaluationView",
  ...Object.keys(SPEC_ADDRESS_REDIRECTS),
];

/** The address of every page file under src/pages/app, and /dashboard (`[name]` segments kept). */
function pagePaths(): string[] {
  const files = readdirSync(join(PAGES, "app"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".astro"))
    .map((file) => `/${relative(PAGES, join(PAGES, "app", file))}`);
  return [...files, "/dashboard.astro"]
    .map((file) => file.replace(/\.astro$/, "").replace(/\/index$/, ""))
    .filter((path) => !REDIRECTS.includes(path))
    .sort();
}

const ids = Object.keys(ROUTES) as RouteId[];
const built = ids.filter((id) => route(id).built !== false);

function flatten(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.flatMap((e) => [e, ...flatten(e.children ?? [])]);
}

describe("the route table", () => {
  it("has one built route per page file, and a page file per built route", () => {
    expect(built.map((id) => route(id).path).sort()).toEqual(pagePaths());
  });

  it("has no page file for a route that is not built", () => {
    const pages = pagePaths();
    for (const id of ids.filter((id) => !built.includes(id))) expect(pages, id).not.toContain(route(id).path);
  });

  it("names a menu entry for every route, whose roles are the route's own", () => {
    const entries = flatten(MENU);
    for (const id of ids) {
      const entry = entries.find((e) => e.id === route(id).menu);
      expect(entry?.roles, id).toEqual(route(id).roles);
    }
  });

  it.each<[RouteId, string, { label: string; href?: string }[]]>([
    ["home", "Home", [{ label: "Home" }]],
    ["dashboard", "Dashboard", [{ label: "Dashboard" }]],
    [
      "add-program",
      "Add Intake/Specialization",
      [
        { label: "Academics" },
        { label: "List of Batches", href: "/app/batches" },
        { label: "Add Intake/Specialization" },
      ],
    ],
    ["session-time-table-new", "Time Table", [{ label: "Academics" }, { label: "Time Table" }]],
    [
      "question-paper-view",
      "Question paper",
      [
        { label: "Exam" },
        { label: "Question papers", href: "/app/exam/questionPaper" },
        { label: "Question paper" },
      ],
    ],
    [
      "seating-plan-exam",
      "Seating Plan",
      [{ label: "Exam" }, { label: "Seating Plan", href: "/app/exams/seatingPlan" }],
    ],
    [
      "grading-view",
      "Grading view",
      [{ label: "Exam" }, { label: "Grading", href: "/app/exams/grading" }, { label: "Grading view" }],
    ],
    [
      "requests-revaluation-assign",
      "Assign Evaluators",
      [
        { label: "Exam", href: "/app/exams/requests" },
        { label: "Revaluation", href: "/app/exams/requests/revaluation" },
        { label: "Assign Evaluators" },
      ],
    ],
    [
      "evaluation-assignment",
      "Assign Evaluators",
      [
        { label: "Exam" },
        { label: "Evaluation", href: "/app/exams/evaluation" },
        { label: "Assign Evaluators" },
      ],
    ],
  ])("gives %s its title and breadcrumbs", (id, title, trail) => {
    expect(route(id).title()).toBe(title);
    expect(breadcrumbsOf(id)).toEqual(trail);
  });

  it("links a parent with the page's ids", () => {
    expect(breadcrumbsOf("student-grading-component", { courseOfferingId: "co 1" })[1]).toEqual({
      label: "Grade Students",
      href: "/app/gradeStudents?courseOfferingId=co+1",
    });
    expect(breadcrumbsOf("evaluation-assignment", { id: "exam/7" })[1]).toEqual({
      label: "Evaluation",
      href: "/app/exams/evaluation/exam%2F7",
    });
  });

  it("refuses to build an address without the ids its path needs", () => {
    expect(() => routeHref("evaluation-exam")).toThrow("route evaluation-exam needs id");
  });

  it("keeps the exam planner's area crumb the menu's group label, which differs in German", () => {
    const labels = (id: RouteId) => breadcrumbsOf(id).map((crumb) => crumb.label);
    expect(
      renderInLocale("de", "http://portal.test", () => [labels("exam-planner")[0], labels("grading")[0]]),
    ).toEqual(["Prüfungen", "Prüfung"]);
  });

  it.each([
    ["question-papers", ["exam_office"], true],
    ["question-papers", ["academic_office"], false],
    ["question-papers", ["admin"], true],
    ["dashboard", ["academic_office"], false],
    ["home", ["academic_office"], true],
    ["home", ["staff"], false],
    // A page without a route is for the administrator only, never open by mistake.
    ["", ["exam_office"], false],
    ["no-such-entry", ["admin"], true],
  ])("decides whether route %s may open for %j: %s", (id, roles, expected) => {
    expect(mayOpenRoute(id, roles)).toBe(expected);
  });
});

describe("the spec's addresses that send the browser on", () => {
  it("each has its page file and lands on a built route", () => {
    const files = readdirSync(join(PAGES, "app"), { recursive: true, encoding: "utf8" }).map((file) =>
      `/app/${file}`.replace(/\.astro$/, "").replace(/\/index$/, ""),
    );
    for (const [address, { to }] of Object.entries(SPEC_ADDRESS_REDIRECTS)) {
      expect(files, address).toContain(address);
      expect(route(to).built, address).not.toBe(false);
    }
  });

  it("keep the query string, and open a question paper by its id", () => {
    expect(specAddressRedirect("/app/exams/questionPapers", "?status=Approved&page=2")).toBe(
      "/app/exam/questionPaper?status=Approved&page=2",
    );
    expect(specAddressRedirect("/app/exams/questionPapers", "")).toBe("/app/exam/questionPaper");
    expect(specAddressRedirect("/app/exams/ViewQuestionPaper", "?id=abc&x=1")).toBe(
      "/app/exam/questionPaper/question-paper-view/abc?x=1",
    );
    expect(specAddressRedirect("/app/exams/ViewQuestionPaper", "")).toBe("/app/exam/questionPaper");
    expect(specAddressRedirect("/app/exams/ViewQuestionPaper/[id]", "", { id: "a b" })).toBe(
      "/app/exam/questionPaper/question-paper-view/a%20b",
    );
    expect(specAddressRedirect("/app/exams/webCamScreen", "?a=1")).toBe(
      "/app/exams/invigilationProctoring?a=1",
    );
    expect(specAddressRedirect("/app/exams/Addd", "")).toBe("/app/exams/ExamSetup");
    expect(specAddressRedirect("/app/grading/newselect", "")).toBe("/app/exams/grading");
    expect(specAddressRedirect("/app/grading/newcomponent", "")).toBe("/app/grading-setup");
  });
});
