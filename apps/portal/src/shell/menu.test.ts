import { PORTAL_ROLES } from "@portal/domain";
import { describe, expect, it } from "vitest";
import de from "../../messages/de.json";
import en from "../../messages/en.json";
import hi from "../../messages/hi.json";
import {
  AVAILABLE_SCREENS,
  containsEntry,
  HOME_MODULES,
  MENU,
  type MenuEntry,
  visibleCards,
  visibleMenu,
} from "./menu.ts";

const label = () => "x";

function flatten(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.flatMap((e) => [e, ...flatten(e.children ?? [])]);
}

describe("visibleMenu", () => {
  it("shows only built screens, never a dead link", () => {
    for (const entry of flatten(visibleMenu(["admin"]))) {
      if (entry.children) expect(entry.children.length).toBeGreaterThan(0);
      else expect(entry.built && Boolean(entry.href)).toBe(true);
    }
  });

  it("offers the administrator Home, Dashboard, Academics > the planning screens, Faculty and Exam > the exam screens, Question papers and the results screens", () => {
    const visible = visibleMenu(["admin"]);
    expect(visible.map((e) => e.id)).toEqual([
      "home",
      "dashboard",
      "academics",
      "faculty",
      "enrolment",
      "exam",
      "events",
      "communication",
      "role-management",
      "admin-management",
      "payroll",
    ]);
    expect(visible.find((e) => e.id === "enrolment")?.children?.map((e) => [e.id, e.href])).toEqual([
      ["enroll-student", "/app/enroll-student"],
      ["enroll-faculty", "/app/enroll-faculty"],
      ["users", "/app/users"],
    ]);
    expect(visible.find((e) => e.id === "academics")?.children?.map((e) => [e.id, e.href])).toEqual([
      ["academics-planner", "/app/academics-planner"],
      ["batches", "/app/batches"],
      ["term-subjects", "/app/term-subjects"],
      ["current-programmes", "/app/current-programmes"],
      ["add-program", "/app/add-program"],
      ["time-table", "/app/time-table"],
      ["session-scheduler", "/app/session-scheduler"],
      ["session-planner", "/app/session-planner"],
      ["academic-calendar", "/app/academicCalendar"],
      ["subject-documents", "/app/subject-documents"],
      ["feedbackList", "/app/feedback/feedback-list"],
    ]);
    expect(visible.find((e) => e.id === "faculty")?.children?.map((e) => [e.id, e.href])).toEqual([
      ["faculty-management", "/app/faculty-management"],
      ["faculty-onboarding", "/app/FacultyOnBoarding"],
      ["contract-management", "/app/contract-management"],
    ]);
    expect(visible.find((e) => e.id === "exam")?.children?.map((e) => [e.id, e.href])).toEqual([
      ["exam-dashboard", "/app/exams/examDashboard"],
      ["exam-setup", "/app/exams/ExamSetup"],
      ["exam-timetable", "/app/exam/examTimetable"],
      ["exam-planner", "/app/exam/examPlanner"],
      ["question-papers", "/app/exam/questionPaper"],
      ["seating-plan", "/app/exams/seatingPlan"],
      ["invigilation", "/app/exams/invigilationProctoring"],
      ["invigilation-notifications", "/app/exams/invigilationProctoringNotification"],
      ["faculty-proctoring", "/app/exam/faculty-Proctoring"],
      ["evaluation", "/app/exams/evaluation"],
      ["revaluation", "/app/exam/revaluationRetest"],
      ["retest", "/app/exam/retest"],
      ["moderation", "/app/exam/moderation"],
      ["grading", "/app/exams/grading"],
      ["grading-setup", "/app/grading-setup"],
      ["grading-view", "/app/exams/GradingView"],
      ["grade-students", "/app/gradeStudents"],
      ["marks-by-section", "/app/grading/studentsBySection"],
      ["marks-by-component", "/app/grading/studentsByComponent"],
      ["marks-by-sub-component", "/app/grading/studentsBySubComponent"],
      ["student-report", "/app/grading/studentreport"],
      ["promotion-criteria", "/app/exam/promotionCriteria"],
      ["student-eligibility", "/app/exam/studentEligibility"],
    ]);
  });

  it("drops a group whose children are all unbuilt, and keeps it once one ships", () => {
    const group = (built: boolean): MenuEntry => ({
      id: "g",
      label,
      built: true,
      roles: [],
      children: [{ id: "c", label, href: "/app/c", built, roles: [] }],
    });
    expect(visibleMenu(["admin"], [group(false)])).toEqual([]);
    expect(visibleMenu(["admin"], [group(true)]).map((e) => e.id)).toEqual(["g"]);
  });

  const ids = (roles: string[]) => flatten(visibleMenu(roles)).map((e) => e.id);
  const PLANNING_IDS = [
    "academics",
    "academics-planner",
    "batches",
    "term-subjects",
    "current-programmes",
    "add-program",
    "time-table",
    "session-scheduler",
    "session-planner",
    "academic-calendar",
    "subject-documents",
    "feedbackList",
    "faculty",
    "faculty-management",
    "faculty-onboarding",
    "contract-management",
    "enrolment",
    "enroll-student",
    "enroll-faculty",
    "events",
  ];

  /** The users and roles screens: the administrator's alone. */
  const ADMIN_ONLY_IDS = ["users", "role-management", "admin-management", "payroll"];

  it.each([
    // The exam office sees the administrator's built screens but the planning ones and users and roles.
    [
      "exam_office",
      ids(["admin"]).filter((id) => !PLANNING_IDS.includes(id) && !ADMIN_ONLY_IDS.includes(id)),
    ],
    // The academic office sees Home, the planning screens built so far and Communication Channels.
    ["academic_office", ["home", ...PLANNING_IDS, "communication"]],
    // A role the portal does not know sees nothing (such a user cannot sign in anyway).
    ["staff", []],
  ])("shows %s only the entries its role allows", (role, expected) => {
    expect(ids([role])).toEqual(expected);
  });

  it("shows a built academic screen to the academic office and the administrator, not to the exam office", () => {
    const menu: MenuEntry[] = [
      {
        id: "academics",
        label,
        built: false,
        roles: [],
        children: [{ id: "planner", label, href: "/app/p", built: true, roles: ["academic_office"] }],
      },
    ];
    expect(visibleMenu(["academic_office"], menu).map((e) => e.id)).toEqual(["academics"]);
    expect(visibleMenu(["admin"], menu).map((e) => e.id)).toEqual(["academics"]);
    expect(visibleMenu(["exam_office"], menu)).toEqual([]);
  });

  it("gives every entry roles that are portal roles", () => {
    for (const entry of flatten(MENU)) {
      expect(
        entry.roles.every((r) => (PORTAL_ROLES as readonly string[]).includes(r)),
        entry.id,
      ).toBe(true);
    }
  });

  it("finds the active entry inside its group", () => {
    const exam = MENU.find((e) => e.id === "exam")!;
    expect(containsEntry(exam, "question-papers")).toBe(true);
    expect(containsEntry(exam, "dashboard")).toBe(false);
  });
});

it("lists the eight module cards of spec §1 with their routes", () => {
  expect(HOME_MODULES).toHaveLength(8);
  expect(HOME_MODULES.map((c) => c.href)).toEqual([
    "/app/admin-management",
    "/app/setup/master/department",
    "/app/events",
    "/app/tt",
    "/app/notification",
    "/app/assignRoles",
    "/app/academics-planner",
    "/app/admin-management",
  ]);
  expect(HOME_MODULES.every((c) => c.title().length > 0)).toBe(true);
});

it("opens a working screen from every home card, saying so where the card opens another module's screen", () => {
  expect(HOME_MODULES.every((c) => c.built && c.href !== null)).toBe(true);
  expect(HOME_MODULES.filter((c) => c.note).map((c) => [c.id, c.title()])).toEqual([
    ["admin-notification", "Admin and Notification"],
  ]);
  const note = (id: string) => HOME_MODULES.find((c) => c.id === id)?.note?.();
  expect(note("admin-notification")).toMatch(/^Outside the portal's scope: opens /);
  // Communication Channels opens its own screen, so its card needs no note.
  expect(HOME_MODULES.find((c) => c.id === "communication")).toMatchObject({
    href: "/app/notification",
    built: true,
  });
  expect(note("communication")).toBeUndefined();
});

it("shows each role only the home cards its roles allow", () => {
  const cards = (roles: string[]) => [
    ...visibleCards(roles, AVAILABLE_SCREENS).map((c) => c.id),
    ...visibleCards(roles, HOME_MODULES).map((c) => c.id),
  ];
  expect(cards(["admin"])).toHaveLength(AVAILABLE_SCREENS.length + HOME_MODULES.length);
  expect(cards(["exam_office"])).toEqual([
    "dashboard",
    "question-papers",
    "grading",
    "grading-setup",
    "grade-students",
    "promotion-criteria",
    "communication",
  ]);
  // The academics planner is a module card already: it is not offered twice.
  expect(cards(["academic_office"])).toEqual([
    "batches",
    "add-program",
    "term-planner",
    "current-programmes",
    "academic-calendar",
    "faculty-management",
    "events",
    "time-table",
    "communication",
    "academics-planner",
  ]);
  expect(cards([])).toEqual([]);
});

describe("nothing is shown as coming later", () => {
  it("links all eight home cards to built screens, and the catalogues hold no 'Coming later' text", () => {
    expect(HOME_MODULES).toHaveLength(8);
    expect(HOME_MODULES.filter((card) => !card.built || !card.href).map((card) => card.id)).toEqual([]);
    // Every leaf the menu can show is a built screen; unbuilt groups have no leaf that is not.
    const leaves = flatten(MENU).filter((entry) => entry.href);
    expect(leaves.filter((entry) => !entry.built).map((entry) => entry.id)).toEqual([]);
    for (const catalogue of [en, de, hi] as Record<string, string>[]) {
      expect(Object.keys(catalogue).filter((key) => key.includes("coming_later"))).toEqual([]);
    }
  });
});
