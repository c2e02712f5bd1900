import {
  type PortalRole,
  ROLE_ACADEMIC_OFFICE,
  ROLE_ADMIN,
  ROLE_EXAM_OFFICE,
  rolesAllow,
} from "@portal/domain";
import { m } from "../lib/i18n.ts";

const EXAM: readonly PortalRole[] = [ROLE_EXAM_OFFICE];
const ACADEMIC: readonly PortalRole[] = [ROLE_ACADEMIC_OFFICE];
/** Administration of the portal itself: the administrator only. */
const ADMIN_ONLY: readonly PortalRole[] = [ROLE_ADMIN];
/** Any signed-in portal user. */
const ANYONE: readonly PortalRole[] = [];

/**
 * The side menu and the module cards as data (spec §1, §2). Every area of the portal is listed;
 * an entry whose screen is not built yet has `built: false` and is not rendered as a link (the menu
 * hides it, the home portal shows it as coming later), so there is never a dead link. When a screen
 * ships, flip its flag. Each entry names the roles that may see it (`roles`, read with `rolesAllow`:
 * the administrator sees everything, `[]` is any portal user); a group's own roles are ignored, it
 * shows when one of its children does. The roles match the `x-roles` of the API calls the screen makes.
 */
export type MenuEntry = {
  /** Stable id; a page passes it as `activeMenu` to highlight its entry. */
  id: string;
  /** Visible label, in the request's language. */
  label: () => string;
  /** Route of the screen (spec §2 literal paths). Groups have none. */
  href?: string;
  built: boolean;
  /** Roles that may see and open the screen (docs/security.md, role table). */
  roles: readonly PortalRole[];
  children?: MenuEntry[];
};

export const MENU: readonly MenuEntry[] = [
  { id: "home", label: m.menu_home, href: "/app", built: true, roles: ANYONE },
  { id: "dashboard", label: m.menu_dashboard, href: "/dashboard", built: true, roles: EXAM },
  {
    id: "academics",
    label: m.menu_academics,
    built: true,
    roles: ACADEMIC,
    children: [
      {
        id: "academics-planner",
        label: m.menu_academics_planner,
        href: "/app/academics-planner",
        built: true,
        roles: ACADEMIC,
      },
      {
        id: "batches",
        label: m.intake_menu_batches,
        href: "/app/batches",
        built: true,
        roles: ACADEMIC,
      },
      {
        id: "term-subjects",
        label: m.intake_menu_term_subjects,
        href: "/app/term-subjects",
        built: true,
        roles: ACADEMIC,
      },
      {
        id: "current-programmes",
        label: m.menu_current_programmes,
        href: "/app/current-programmes",
        built: true,
        roles: ACADEMIC,
      },
      {
        id: "add-program",
        label: m.menu_add_program,
        href: "/app/add-program",
        built: true,
        roles: ACADEMIC,
      },
      { id: "time-table", label: m.menu_time_table, href: "/app/time-table", built: true, roles: ACADEMIC },
      {
        id: "session-scheduler",
        label: m.menu_session_scheduler,
        href: "/app/session-scheduler",
        built: true,
        roles: ACADEMIC,
      },
      {
        id: "session-planner",
        label: m.menu_session_planner,
        href: "/app/session-planner",
        built: true,
        roles: ACADEMIC,
      },
      {
        id: "academic-calendar",
        label: m.menu_academic_calendar,
        href: "/app/academicCalendar",
        built: true,
        roles: ACADEMIC,
      },
      {
        id: "subject-documents",
        label: m.menu_subject_documents,
        href: "/app/subject-documents",
        built: false,
        roles: ACADEMIC,
      },
      {
        id: "feedback",
        label: m.menu_feedback,
        href: "/app/feedback/feedback-list",
        built: false,
        roles: ACADEMIC,
      },
    ],
  },
  {
    id: "faculty",
    label: m.menu_faculty,
    built: false,
    roles: ACADEMIC,
    children: [
      {
        id: "faculty-management",
        label: m.menu_faculty_management,
        href: "/app/faculty-management",
        built: true,
        roles: ACADEMIC,
      },
      {
        id: "faculty-onboarding",
        label: m.menu_faculty_onboarding,
        href: "/app/FacultyOnBoarding",
        built: false,
        roles: ACADEMIC,
      },
      {
        id: "contract-management",
        label: m.menu_contract_management,
        href: "/app/contract-management",
        built: false,
        roles: ACADEMIC,
      },
    ],
  },
  {
    id: "enrolment",
    label: m.menu_enrolment,
    built: false,
    roles: ACADEMIC,
    children: [
      {
        id: "enroll-student",
        label: m.menu_enroll_student,
        href: "/app/enroll-student",
        built: false,
        roles: ACADEMIC,
      },
      {
        id: "enroll-faculty",
        label: m.menu_enroll_faculty,
        href: "/app/enroll-faculty",
        built: false,
        roles: ACADEMIC,
      },
      { id: "users", label: m.menu_users, href: "/app/users", built: false, roles: ADMIN_ONLY },
    ],
  },
  {
    id: "exam",
    label: m.menu_exam,
    built: true,
    roles: EXAM,
    children: [
      {
        id: "exam-dashboard",
        label: m.menu_exam_dashboard,
        href: "/app/exams/examDashboard",
        built: true,
        roles: EXAM,
      },
      { id: "exam-setup", label: m.menu_exam_setup, href: "/app/exams/ExamSetup", built: true, roles: EXAM },
      {
        id: "exam-timetable",
        label: m.menu_exam_timetable,
        href: "/app/exam/examTimetable",
        built: true,
        roles: EXAM,
      },
      {
        id: "exam-planner",
        label: m.menu_exam_planner,
        href: "/app/exam/examPlanner",
        built: true,
        roles: EXAM,
      },
      {
        id: "question-papers",
        label: m.menu_question_papers,
        href: "/app/exam/questionPaper",
        built: true,
        roles: EXAM,
      },
      {
        id: "seating-plan",
        label: m.menu_seating_plan,
        href: "/app/exams/seatingPlan",
        built: true,
        roles: EXAM,
      },
      {
        id: "invigilation",
        label: m.menu_invigilation,
        href: "/app/exams/invigilationProctoring",
        built: true,
        roles: EXAM,
      },
      {
        id: "invigilation-notifications",
        label: m.menu_invigilation_notifications,
        href: "/app/exams/invigilationProctoringNotification",
        built: true,
        roles: EXAM,
      },
      {
        id: "faculty-proctoring",
        label: m.menu_faculty_proctoring,
        href: "/app/exam/faculty-Proctoring",
        built: true,
        roles: EXAM,
      },
      { id: "evaluation", label: m.menu_evaluation, href: "/app/exams/evaluation", built: true, roles: EXAM },
      {
        id: "revaluation",
        label: m.menu_revaluation,
        href: "/app/exam/revaluationRetest",
        built: true,
        roles: EXAM,
      },
      { id: "retest", label: m.menu_retest, href: "/app/exam/retest", built: true, roles: EXAM },
      { id: "moderation", label: m.menu_moderation, href: "/app/exam/moderation", built: true, roles: EXAM },
      { id: "grading", label: m.menu_grading, href: "/app/exams/grading", built: true, roles: EXAM },
      {
        id: "grading-setup",
        label: m.menu_grading_setup,
        href: "/app/grading-setup",
        built: true,
        roles: EXAM,
      },
      {
        id: "grading-view",
        label: m.menu_grading_view,
        href: "/app/exams/GradingView",
        built: true,
        roles: EXAM,
      },
      {
        id: "grade-students",
        label: m.menu_grade_students,
        href: "/app/gradeStudents",
        built: true,
        roles: EXAM,
      },
      {
        id: "marks-by-section",
        label: m.menu_marks_by_section,
        href: "/app/grading/studentsBySection",
        built: true,
        roles: EXAM,
      },
      {
        id: "marks-by-component",
        label: m.menu_marks_by_component,
        href: "/app/grading/studentsByComponent",
        built: true,
        roles: EXAM,
      },
      {
        id: "marks-by-sub-component",
        label: m.menu_marks_by_sub_component,
        href: "/app/grading/studentsBySubComponent",
        built: true,
        roles: EXAM,
      },
      {
        id: "student-report",
        label: m.menu_student_report,
        href: "/app/grading/studentreport",
        built: true,
        roles: EXAM,
      },
      {
        id: "promotion-criteria",
        label: m.menu_promotion_criteria,
        href: "/app/exam/promotionCriteria",
        built: true,
        roles: EXAM,
      },
      {
        id: "student-eligibility",
        label: m.menu_student_eligibility,
        href: "/app/exam/studentEligibility",
        built: true,
        roles: EXAM,
      },
    ],
  },
  { id: "events", label: m.menu_events, href: "/app/events", built: false, roles: ACADEMIC },
  {
    id: "communication",
    label: m.menu_communication,
    href: "/app/notification",
    built: false,
    roles: ADMIN_ONLY,
  },
  {
    id: "role-management",
    label: m.menu_role_management,
    href: "/app/assignRoles",
    built: false,
    roles: ADMIN_ONLY,
  },
  {
    id: "admin-management",
    label: m.menu_admin_management,
    href: "/app/admin-management",
    built: false,
    roles: ADMIN_ONLY,
  },
  {
    id: "payroll",
    label: m.menu_payroll,
    href: "/app/setup/master/department",
    built: false,
    roles: ADMIN_ONLY,
  },
  { id: "learning-management", label: m.menu_learning_management, built: false, roles: ACADEMIC },
  { id: "fees", label: m.menu_fees, built: false, roles: ADMIN_ONLY },
  { id: "hr", label: m.menu_hr, built: false, roles: ADMIN_ONLY },
  { id: "library", label: m.menu_library, built: false, roles: ADMIN_ONLY },
  { id: "transport", label: m.menu_transport, built: false, roles: ADMIN_ONLY },
  { id: "reports", label: m.menu_reports, built: false, roles: ADMIN_ONLY },
  { id: "ecommerce", label: m.menu_ecommerce, built: false, roles: ADMIN_ONLY },
];

/**
 * The entries `roles` may see: built leaves whose roles allow the user, and groups that keep at
 * least one such child (a group's own flag and roles are ignored when it has children). Never
 * returns an entry without a link or visible children.
 */
export function visibleMenu(roles: readonly string[], entries: readonly MenuEntry[] = MENU): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const entry of entries) {
    if (entry.children) {
      const children = visibleMenu(roles, entry.children);
      if (children.length > 0) out.push({ ...entry, children });
    } else if (entry.built && entry.href && rolesAllow(entry.roles, roles)) {
      out.push(entry);
    }
  }
  return out;
}

/** The entry with this id anywhere in `entries`, or undefined. */
export function findEntry(id: string, entries: readonly MenuEntry[] = MENU): MenuEntry | undefined {
  for (const entry of entries) {
    if (entry.id === id) return entry;
    const inner = findEntry(id, entry.children ?? []);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * Whether a user holding `roles` may open a page whose menu entry is `activeMenu` (the id a page
 * gives the shell). A page without an entry, or with an unknown id, is refused unless the user is
 * the administrator, so a new page is never open by mistake.
 */
export function mayOpenPage(activeMenu: string, roles: readonly string[]): boolean {
  const entry = findEntry(activeMenu);
  return rolesAllow(entry ? entry.roles : [ROLE_ADMIN], roles);
}

/** The cards of `cards` a user holding `roles` may see. */
export function visibleCards(roles: readonly string[], cards: readonly ModuleCard[]): ModuleCard[] {
  return cards.filter((card) => rolesAllow(card.roles, roles));
}

/** Whether `id` names `entry` or one of its descendants (to open the active group). */
export function containsEntry(entry: MenuEntry, id: string): boolean {
  return entry.id === id || (entry.children ?? []).some((child) => containsEntry(child, id));
}

/**
 * The eight module cards of the home portal (spec §1), in the spec's order. `href` is the module's
 * route; `built` says whether that screen exists yet (unbuilt cards are shown without a link).
 */
export type ModuleCard = {
  id: string;
  title: () => string;
  text: () => string;
  href: string | null;
  built: boolean;
  /** Roles that may see the card (as {@link MenuEntry.roles}). */
  roles: readonly PortalRole[];
};

export const HOME_MODULES: readonly ModuleCard[] = [
  {
    id: "admin-notification",
    title: m.menu_admin_notification,
    text: m.home_admin_notification_text,
    href: null,
    built: false,
    roles: ADMIN_ONLY,
  },
  {
    id: "payroll",
    title: m.menu_payroll,
    text: m.home_payroll_text,
    href: "/app/setup/master/department",
    built: false,
    roles: ADMIN_ONLY,
  },
  {
    id: "events",
    title: m.menu_events,
    text: m.home_events_text,
    href: "/app/events",
    built: false,
    roles: ACADEMIC,
  },
  {
    id: "time-table",
    title: m.menu_time_table,
    text: m.home_time_table_text,
    href: "/app/tt",
    built: true,
    roles: ACADEMIC,
  },
  {
    id: "communication",
    title: m.menu_communication,
    text: m.home_communication_text,
    href: "/app/notification",
    built: false,
    roles: ADMIN_ONLY,
  },
  {
    id: "role-management",
    title: m.menu_role_management,
    text: m.home_role_management_text,
    href: "/app/assignRoles",
    built: false,
    roles: ADMIN_ONLY,
  },
  {
    id: "academics-planner",
    title: m.menu_academics_planner,
    text: m.home_academics_planner_text,
    href: "/app/academics-planner",
    built: true,
    roles: ACADEMIC,
  },
  {
    id: "admin-management",
    title: m.menu_admin_management,
    text: m.home_admin_management_text,
    href: "/app/admin-management",
    built: false,
    roles: ADMIN_ONLY,
  },
];

/** Screens that exist today, offered on the home portal and in the mobile apps popover. */
export const AVAILABLE_SCREENS: readonly ModuleCard[] = [
  {
    id: "dashboard",
    title: m.menu_dashboard,
    text: m.home_dashboard_text,
    href: "/dashboard",
    built: true,
    roles: EXAM,
  },
  {
    id: "question-papers",
    title: m.menu_question_papers,
    text: m.home_question_papers_text,
    href: "/app/exam/questionPaper",
    built: true,
    roles: EXAM,
  },
  {
    id: "grading",
    title: m.menu_grading,
    text: m.home_grading_text,
    href: "/app/exams/grading",
    built: true,
    roles: EXAM,
  },
  {
    id: "grading-setup",
    title: m.menu_grading_setup,
    text: m.home_grading_setup_text,
    href: "/app/grading-setup",
    built: true,
    roles: EXAM,
  },
  {
    id: "grade-students",
    title: m.menu_grade_students,
    text: m.home_grade_students_text,
    href: "/app/gradeStudents",
    built: true,
    roles: EXAM,
  },
  {
    id: "promotion-criteria",
    title: m.menu_promotion_criteria,
    text: m.home_promotion_criteria_text,
    href: "/app/exam/promotionCriteria",
    built: true,
    roles: EXAM,
  },
  {
    id: "batches",
    title: m.intake_menu_batches,
    text: m.intake_home_batches_text,
    href: "/app/batches",
    built: true,
    roles: ACADEMIC,
  },
  {
    id: "add-program",
    title: m.menu_add_program,
    text: m.intake_home_add_program_text,
    href: "/app/add-program",
    built: true,
    roles: ACADEMIC,
  },
  {
    id: "term-planner",
    title: m.planning_planner_title,
    text: m.home_planner_text,
    href: "/app/add-activity",
    built: true,
    roles: ACADEMIC,
  },
  {
    id: "current-programmes",
    title: m.menu_current_programmes,
    text: m.home_current_programmes_text,
    href: "/app/current-programmes",
    built: true,
    roles: ACADEMIC,
  },
  {
    id: "academic-calendar",
    title: m.menu_academic_calendar,
    text: m.home_academic_calendar_text,
    href: "/app/academicCalendar",
    built: true,
    roles: ACADEMIC,
  },
  {
    id: "faculty-management",
    title: m.menu_faculty_management,
    text: m.intake_home_faculty_text,
    href: "/app/faculty-management",
    built: true,
    roles: ACADEMIC,
  },
];
