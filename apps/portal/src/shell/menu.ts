import { m } from "../lib/i18n.ts";

/**
 * The side menu and the module cards as data (spec §1, §2). Every area of the portal is listed;
 * an entry whose screen is not built yet has `built: false` and is not rendered as a link (the menu
 * hides it, the home portal shows it as coming later), so there is never a dead link. When a screen
 * ships, flip its flag.
 */
export type MenuEntry = {
  /** Stable id; a page passes it as `activeMenu` to highlight its entry. */
  id: string;
  /** Visible label, in the request's language. */
  label: () => string;
  /** Route of the screen (spec §2 literal paths). Groups have none. */
  href?: string;
  built: boolean;
  children?: MenuEntry[];
};

export const MENU: readonly MenuEntry[] = [
  { id: "home", label: m.menu_home, href: "/app", built: true },
  { id: "dashboard", label: m.menu_dashboard, href: "/dashboard", built: true },
  {
    id: "academics",
    label: m.menu_academics,
    built: false,
    children: [
      {
        id: "academics-planner",
        label: m.menu_academics_planner,
        href: "/app/academics-planner",
        built: false,
      },
      {
        id: "current-programmes",
        label: m.menu_current_programmes,
        href: "/app/current-programmes",
        built: false,
      },
      { id: "add-program", label: m.menu_add_program, href: "/app/add-program", built: false },
      { id: "time-table", label: m.menu_time_table, href: "/app/time-table", built: false },
      {
        id: "session-scheduler",
        label: m.menu_session_scheduler,
        href: "/app/session-scheduler",
        built: false,
      },
      { id: "session-planner", label: m.menu_session_planner, href: "/app/session-planner", built: false },
      {
        id: "academic-calendar",
        label: m.menu_academic_calendar,
        href: "/app/academicCalendar",
        built: false,
      },
      {
        id: "subject-documents",
        label: m.menu_subject_documents,
        href: "/app/subject-documents",
        built: false,
      },
      { id: "feedback", label: m.menu_feedback, href: "/app/feedback/feedback-list", built: false },
    ],
  },
  {
    id: "faculty",
    label: m.menu_faculty,
    built: false,
    children: [
      {
        id: "faculty-management",
        label: m.menu_faculty_management,
        href: "/app/faculty-management",
        built: false,
      },
      {
        id: "faculty-onboarding",
        label: m.menu_faculty_onboarding,
        href: "/app/FacultyOnBoarding",
        built: false,
      },
      {
        id: "contract-management",
        label: m.menu_contract_management,
        href: "/app/contract-management",
        built: false,
      },
    ],
  },
  {
    id: "enrolment",
    label: m.menu_enrolment,
    built: false,
    children: [
      { id: "enroll-student", label: m.menu_enroll_student, href: "/app/enroll-student", built: false },
      { id: "enroll-faculty", label: m.menu_enroll_faculty, href: "/app/enroll-faculty", built: false },
      { id: "users", label: m.menu_users, href: "/app/users", built: false },
    ],
  },
  {
    id: "exam",
    label: m.menu_exam,
    built: true,
    children: [
      { id: "exam-dashboard", label: m.menu_exam_dashboard, href: "/app/exams/examDashboard", built: true },
      { id: "exam-setup", label: m.menu_exam_setup, href: "/app/exams/ExamSetup", built: true },
      { id: "exam-timetable", label: m.menu_exam_timetable, href: "/app/exam/examTimetable", built: true },
      { id: "exam-planner", label: m.menu_exam_planner, href: "/app/exam/examPlanner", built: false },
      { id: "question-papers", label: m.menu_question_papers, href: "/app/exam/questionPaper", built: true },
      { id: "seating-plan", label: m.menu_seating_plan, href: "/app/exams/seatingPlan", built: true },
      {
        id: "invigilation",
        label: m.menu_invigilation,
        href: "/app/exams/invigilationProctoring",
        built: true,
      },
      {
        id: "invigilation-notifications",
        label: m.menu_invigilation_notifications,
        href: "/app/exams/invigilationProctoringNotification",
        built: true,
      },
      {
        id: "faculty-proctoring",
        label: m.menu_faculty_proctoring,
        href: "/app/exam/faculty-Proctoring",
        built: true,
      },
      { id: "evaluation", label: m.menu_evaluation, href: "/app/exams/evaluation", built: true },
      { id: "revaluation", label: m.menu_revaluation, href: "/app/exam/revaluationRetest", built: false },
      { id: "retest", label: m.menu_retest, href: "/app/exam/retest", built: false },
      { id: "moderation", label: m.menu_moderation, href: "/app/exam/moderation", built: false },
      { id: "grading", label: m.menu_grading, href: "/app/exam/grading", built: false },
      {
        id: "promotion-criteria",
        label: m.menu_promotion_criteria,
        href: "/app/exam/promotionCriteria",
        built: false,
      },
      {
        id: "student-eligibility",
        label: m.menu_student_eligibility,
        href: "/app/exam/studentEligibility",
        built: true,
      },
    ],
  },
  { id: "events", label: m.menu_events, href: "/app/events", built: false },
  { id: "communication", label: m.menu_communication, href: "/app/notification", built: false },
  { id: "role-management", label: m.menu_role_management, href: "/app/assignRoles", built: false },
  { id: "admin-management", label: m.menu_admin_management, href: "/app/admin-management", built: false },
  { id: "payroll", label: m.menu_payroll, href: "/app/setup/master/department", built: false },
  { id: "learning-management", label: m.menu_learning_management, built: false },
  { id: "fees", label: m.menu_fees, built: false },
  { id: "hr", label: m.menu_hr, built: false },
  { id: "library", label: m.menu_library, built: false },
  { id: "transport", label: m.menu_transport, built: false },
  { id: "reports", label: m.menu_reports, built: false },
  { id: "ecommerce", label: m.menu_ecommerce, built: false },
];

/**
 * The entries to render: built leaves, and groups that keep at least one built child (a group's own
 * flag is ignored when it has children). Never returns an entry without a link or built children.
 */
export function visibleMenu(entries: readonly MenuEntry[] = MENU): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const entry of entries) {
    if (entry.children) {
      const children = visibleMenu(entry.children);
      if (children.length > 0) out.push({ ...entry, children });
    } else if (entry.built && entry.href) {
      out.push(entry);
    }
  }
  return out;
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
};

export const HOME_MODULES: readonly ModuleCard[] = [
  {
    id: "admin-notification",
    title: m.menu_admin_notification,
    text: m.home_admin_notification_text,
    href: null,
    built: false,
  },
  {
    id: "payroll",
    title: m.menu_payroll,
    text: m.home_payroll_text,
    href: "/app/setup/master/department",
    built: false,
  },
  { id: "events", title: m.menu_events, text: m.home_events_text, href: "/app/events", built: false },
  { id: "time-table", title: m.menu_time_table, text: m.home_time_table_text, href: "/app/tt", built: false },
  {
    id: "communication",
    title: m.menu_communication,
    text: m.home_communication_text,
    href: "/app/notification",
    built: false,
  },
  {
    id: "role-management",
    title: m.menu_role_management,
    text: m.home_role_management_text,
    href: "/app/assignRoles",
    built: false,
  },
  {
    id: "academics-planner",
    title: m.menu_academics_planner,
    text: m.home_academics_planner_text,
    href: "/app/academics-planner",
    built: false,
  },
  {
    id: "admin-management",
    title: m.menu_admin_management,
    text: m.home_admin_management_text,
    href: "/app/admin-management",
    built: false,
  },
];

/** Screens that exist today, offered on the home portal and in the mobile apps popover. */
export const AVAILABLE_SCREENS: readonly ModuleCard[] = [
  { id: "dashboard", title: m.menu_dashboard, text: m.home_dashboard_text, href: "/dashboard", built: true },
  {
    id: "question-papers",
    title: m.menu_question_papers,
    text: m.home_question_papers_text,
    href: "/app/exam/questionPaper",
    built: true,
  },
];
