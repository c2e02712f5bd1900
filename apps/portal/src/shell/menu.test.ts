import { describe, expect, it } from "vitest";
import { containsEntry, HOME_MODULES, MENU, type MenuEntry, visibleMenu } from "./menu.ts";

const label = () => "x";

function flatten(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.flatMap((e) => [e, ...flatten(e.children ?? [])]);
}

describe("visibleMenu", () => {
  it("shows only built screens, never a dead link", () => {
    for (const entry of flatten(visibleMenu())) {
      if (entry.children) expect(entry.children.length).toBeGreaterThan(0);
      else expect(entry.built && Boolean(entry.href)).toBe(true);
    }
  });

  it("today offers Home, Dashboard and Exam > the exam schedule screens and Question papers", () => {
    const visible = visibleMenu();
    expect(visible.map((e) => e.id)).toEqual(["home", "dashboard", "exam"]);
    expect(visible[2]?.children?.map((e) => [e.id, e.href])).toEqual([
      ["exam-dashboard", "/app/exams/examDashboard"],
      ["exam-setup", "/app/exams/ExamSetup"],
      ["exam-timetable", "/app/exam/examTimetable"],
      ["question-papers", "/app/exam/questionPaper"],
      ["seating-plan", "/app/exams/seatingPlan"],
      ["invigilation", "/app/exams/invigilationProctoring"],
      ["invigilation-notifications", "/app/exams/invigilationProctoringNotification"],
      ["faculty-proctoring", "/app/exam/faculty-Proctoring"],
      ["evaluation", "/app/exams/evaluation"],
      ["student-eligibility", "/app/exam/studentEligibility"],
    ]);
  });

  it("drops a group whose children are all unbuilt, and keeps it once one ships", () => {
    const group = (built: boolean): MenuEntry => ({
      id: "g",
      label,
      built: true,
      children: [{ id: "c", label, href: "/app/c", built }],
    });
    expect(visibleMenu([group(false)])).toEqual([]);
    expect(visibleMenu([group(true)]).map((e) => e.id)).toEqual(["g"]);
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
    null,
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
