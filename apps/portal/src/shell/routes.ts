import {
  type PortalRole,
  ROLE_ACADEMIC_OFFICE,
  ROLE_ADMIN,
  ROLE_EXAM_OFFICE,
  rolesAllow,
} from "@portal/domain";
import { m } from "../lib/i18n.ts";

/** The exam screens: the exam office (and the administrator, as everywhere). */
export const EXAM: readonly PortalRole[] = [ROLE_EXAM_OFFICE];
/** The academic planning screens: the academic office. */
export const ACADEMIC: readonly PortalRole[] = [ROLE_ACADEMIC_OFFICE];
/** Administration of the portal itself: the administrator only. */
export const ADMIN_ONLY: readonly PortalRole[] = [ROLE_ADMIN];
/** Any signed-in portal user. */
const ANYONE: readonly PortalRole[] = [];

/** A label of its own in a breadcrumb trail, without a link: the area a page belongs to. */
export type AreaCrumb = { label: () => string };
/**
 * A breadcrumb parent that is a route: its link is the route's address, its label the route's
 * breadcrumb label unless `label` says otherwise. `query` names the page's ids that the parent's
 * address carries in its query string (e.g. the course offering of the grade students page).
 */
export type RouteCrumb<Id extends string = RouteId> = {
  route: Id;
  label?: () => string;
  query?: readonly string[];
};
export type Parent<Id extends string = RouteId> = AreaCrumb | RouteCrumb<Id>;

/**
 * One route of the portal (spec, Exam management §2 "Route table of the admin shell"; Academic
 * planning §2 "Screens and routes").
 */
export type Route<Id extends string = RouteId> = {
  /** Address; a parameterised route names its path segments `[name]`, as its Astro page file does. */
  path: string;
  /** Document and page title, in the request's language. */
  title: () => string;
  /**
   * The route's last breadcrumb, and its label when it is another page's parent; defaults to the
   * title. `null`: the trail ends with the parents (the page is known by its parent's name).
   */
  crumb?: (() => string) | null;
  /**
   * The breadcrumbs before the page's own, outermost first. A function when they depend on the
   * page's ids (a parent that exists only for some of them).
   */
  parents: readonly Parent<Id>[] | ((params: RouteParams) => readonly Parent<Id>[]);
  /** The side menu entry highlighted on the page (an id of the MENU in shell/menu.ts). */
  menu: string;
  /** Label of the route in the side menu and on its home card, when not the title. */
  menuLabel?: () => string;
  /** Roles that may see and open the route (read with `rolesAllow`: `[]` is any portal user). */
  roles: readonly PortalRole[];
  /** False for a route of the spec whose screen is not built yet: it has no page, and no link to it is shown. */
  built?: false;
};

/** The ids a page gives its route: path segments and the query parameters its parents carry. */
export type RouteParams = Readonly<Record<string, string | undefined>>;

const ACADEMICS: AreaCrumb = { label: m.menu_academics };
const FACULTY: AreaCrumb = { label: m.menu_faculty };
/** The exam area's breadcrumb ("Exam"; the menu's group is "Exams" in German, the trail is not). */
const EXAM_AREA: AreaCrumb = { label: m.exam_breadcrumb_exam };

/**
 * Every route of the portal, keyed by id. A route in the side menu has the menu entry's id; the
 * others are named by their screen. The routes of unbuilt screens keep the spec's address so that
 * the menu and the home portal can name them.
 */
/** The table as written, its parents checked against its own ids. */
function routeTable<T extends { [Id in keyof T]: Route<Extract<keyof T, string>> }>(routes: T): T {
  return routes;
}

export const ROUTES = routeTable({
  home: {
    path: "/app",
    title: m.home_title,
    parents: [],
    menu: "home",
    menuLabel: m.menu_home,
    roles: ANYONE,
  },
  dashboard: {
    path: "/dashboard",
    title: m.dashboard_title,
    parents: [],
    menu: "dashboard",
    menuLabel: m.menu_dashboard,
    roles: EXAM,
  },

  // Academic planning.
  "academics-planner": {
    path: "/app/academics-planner",
    title: m.menu_academics_planner,
    parents: [ACADEMICS],
    menu: "academics-planner",
    roles: ACADEMIC,
  },
  batches: {
    path: "/app/batches",
    title: m.intake_batches_title,
    parents: [ACADEMICS],
    menu: "batches",
    menuLabel: m.intake_menu_batches,
    roles: ACADEMIC,
  },
  "term-subjects": {
    path: "/app/term-subjects",
    title: m.intake_term_subjects_title,
    parents: [ACADEMICS],
    menu: "term-subjects",
    menuLabel: m.intake_menu_term_subjects,
    roles: ACADEMIC,
  },
  "current-programmes": {
    path: "/app/current-programmes",
    title: m.planning_current_programmes,
    parents: [ACADEMICS],
    menu: "current-programmes",
    menuLabel: m.menu_current_programmes,
    roles: ACADEMIC,
  },
  "current-programme-details": {
    path: "/app/current-programmes/[id]/details",
    title: m.planning_programme_details,
    parents: [ACADEMICS, { route: "current-programmes" }],
    menu: "current-programmes",
    roles: ACADEMIC,
  },
  "add-program": {
    path: "/app/add-program",
    title: m.intake_add_program_title,
    parents: [ACADEMICS, { route: "batches" }],
    menu: "add-program",
    menuLabel: m.menu_add_program,
    roles: ACADEMIC,
  },
  "term-planner": {
    path: "/app/add-activity",
    title: m.planning_planner_title,
    parents: [ACADEMICS, { route: "academics-planner" }],
    menu: "academics-planner",
    roles: ACADEMIC,
  },
  "academic-calendar": {
    path: "/app/academicCalendar",
    title: m.planning_academic_calendar,
    parents: [ACADEMICS],
    menu: "academic-calendar",
    menuLabel: m.menu_academic_calendar,
    roles: ACADEMIC,
  },
  "time-table": {
    path: "/app/time-table",
    title: m.tt_title,
    parents: [ACADEMICS],
    menu: "time-table",
    menuLabel: m.menu_time_table,
    roles: ACADEMIC,
  },
  tt: {
    path: "/app/tt",
    title: m.tt_title,
    parents: [ACADEMICS],
    menu: "time-table",
    menuLabel: m.menu_time_table,
    roles: ACADEMIC,
  },
  "session-time-table": {
    path: "/app/session-time-table",
    title: m.tt_title,
    parents: [ACADEMICS],
    menu: "time-table",
    roles: ACADEMIC,
  },
  "session-time-table-new": {
    path: "/app/session-time-table-new",
    title: m.tt_title,
    parents: [ACADEMICS],
    menu: "time-table",
    roles: ACADEMIC,
  },
  "session-scheduler": {
    path: "/app/session-scheduler",
    title: m.schedr_title_scheduler,
    parents: [ACADEMICS],
    menu: "session-scheduler",
    menuLabel: m.menu_session_scheduler,
    roles: ACADEMIC,
  },
  "session-scheduler-old": {
    path: "/app/session-scheduler-old",
    title: m.schedr_title_old,
    parents: [ACADEMICS],
    menu: "session-scheduler",
    roles: ACADEMIC,
  },
  "full-calendar": {
    path: "/app/full-calendar",
    title: m.schedr_title_full,
    parents: [ACADEMICS],
    menu: "session-scheduler",
    roles: ACADEMIC,
  },
  "full-calendar-premium": {
    path: "/app/full-calendar-premium",
    title: m.schedr_title_full_premium,
    parents: [ACADEMICS],
    menu: "session-scheduler",
    roles: ACADEMIC,
  },
  "session-planner": {
    path: "/app/session-planner",
    title: m.schedr_title_planner,
    parents: [ACADEMICS],
    menu: "session-planner",
    menuLabel: m.menu_session_planner,
    roles: ACADEMIC,
  },
  "subject-documents": {
    path: "/app/subject-documents",
    title: m.menu_subject_documents,
    parents: [ACADEMICS],
    menu: "subject-documents",
    roles: ACADEMIC,
  },
  // Course feedback (spec routes feedbackList, feedbackSetup, studentList): forms of course
  // offerings with rating and free-text questions, answered anonymously through single-use mailed
  // links (the public page /feedback/answer), results per question. See openapi/feedback.yaml.
  feedbackList: {
    path: "/app/feedback/feedback-list",
    title: m.feedback_list_title,
    parents: [ACADEMICS],
    menu: "feedbackList",
    menuLabel: m.menu_feedback,
    roles: ACADEMIC,
  },
  feedbackSetup: {
    path: "/app/feedback/feedback-setup",
    title: m.feedback_setup_title,
    parents: [ACADEMICS, { route: "feedbackList" }],
    menu: "feedbackList",
    roles: ACADEMIC,
  },
  studentList: {
    path: "/app/feedback/Student-list",
    title: m.feedback_students_title,
    parents: [ACADEMICS, { route: "feedbackList" }],
    menu: "feedbackList",
    roles: ACADEMIC,
  },

  // Faculty.
  "faculty-management": {
    path: "/app/faculty-management",
    title: m.intake_faculty_invitation_title,
    parents: [FACULTY],
    menu: "faculty-management",
    menuLabel: m.menu_faculty_management,
    roles: ACADEMIC,
  },
  "faculty-details": {
    path: "/app/faculty-details",
    title: m.intake_faculty_details_title,
    parents: [FACULTY, { route: "faculty-management" }],
    menu: "faculty-management",
    roles: ACADEMIC,
  },
  "faculty-calendar": {
    path: "/app/faculty-calendar",
    title: m.sched_faculty_calendar_title,
    parents: [FACULTY],
    menu: "faculty-management",
    roles: ACADEMIC,
  },
  "faculty-onboarding": {
    path: "/app/FacultyOnBoarding",
    title: m.menu_faculty_onboarding,
    parents: [FACULTY],
    menu: "faculty-onboarding",
    roles: ACADEMIC,
  },
  "contract-management": {
    path: "/app/contract-management",
    title: m.menu_contract_management,
    parents: [FACULTY],
    menu: "contract-management",
    roles: ACADEMIC,
  },
  // Any portal user: the contract's area head opens it from the approval mail (the server lets
  // only the office and that area head read it), so it highlights Home, the menu entry all may see.
  "view-contract": {
    path: "/app/ViewContract",
    title: m.menu_view_contract,
    parents: [FACULTY, { route: "contract-management" }],
    menu: "home",
    roles: ANYONE,
  },
  // One course offering as the contract office needs it (`?id=`), or the list to pick one from.
  "view-course": {
    path: "/app/ViewCourse",
    title: m.menu_view_course,
    parents: [FACULTY, { route: "contract-management" }],
    menu: "contract-management",
    roles: ACADEMIC,
  },
  /**
   * facultySection (the spec's route table names the screen, not its meaning): the sections (course
   * offerings) one faculty member teaches (`?contactId=`), with term, students enrolled and capacity;
   * reached from the faculty member's 360 profile, faculty details and View Course.
   */
  "faculty-section": {
    path: "/app/facultySection",
    title: m.menu_faculty_section,
    parents: [FACULTY],
    menu: "faculty-management",
    roles: ACADEMIC,
  },

  // Enrolment.
  "enroll-student": {
    path: "/app/enroll-student",
    title: m.menu_enroll_student,
    parents: [],
    menu: "enroll-student",
    roles: ACADEMIC,
  },
  "enroll-faculty": {
    path: "/app/enroll-faculty",
    title: m.menu_enroll_faculty,
    parents: [],
    menu: "enroll-faculty",
    roles: ACADEMIC,
  },
  users: {
    path: "/app/users",
    title: m.menu_users,
    parents: [],
    menu: "users",
    roles: ADMIN_ONLY,
  },

  // 360 profiles: one's own for everyone; the lists and others' profiles for the
  // offices (every portal role is one), the server deciding who may edit (openapi/profiles.yaml).
  my360: {
    path: "/app/my360",
    title: m.profile_my360_title,
    parents: [],
    menu: "home",
    roles: ANYONE,
  },
  "my360-contact": {
    path: "/app/my360/[contactId]",
    title: m.profile_my360_title,
    parents: [],
    menu: "home",
    roles: ANYONE,
  },
  "student-profiles": {
    path: "/app/studentProfile",
    title: m.profile_student_title,
    parents: [],
    menu: "home",
    roles: ANYONE,
  },
  "student-profile": {
    path: "/app/studentProfile/[contactId]",
    title: m.profile_student_title,
    crumb: m.profile_crumb_profile,
    parents: [{ route: "student-profiles" }],
    menu: "home",
    roles: ANYONE,
  },
  "faculty-profiles": {
    path: "/app/facultyProfile",
    title: m.profile_faculty_title,
    parents: [],
    menu: "home",
    roles: ANYONE,
  },
  "faculty-profile": {
    path: "/app/facultyProfile/[contactId]",
    title: m.profile_faculty_title,
    crumb: m.profile_crumb_profile,
    parents: [{ route: "faculty-profiles" }],
    menu: "home",
    roles: ANYONE,
  },

  // Exam schedule.
  "exam-dashboard": {
    path: "/app/exams/examDashboard",
    title: m.exam_dashboard_title,
    parents: [EXAM_AREA],
    menu: "exam-dashboard",
    menuLabel: m.menu_exam_dashboard,
    roles: EXAM,
  },
  "exams-upcoming": {
    path: "/app/exams/Upcoming",
    title: m.exam_upcoming_title,
    parents: [EXAM_AREA, { route: "exam-dashboard" }],
    menu: "exam-dashboard",
    roles: EXAM,
  },
  "exams-completed": {
    path: "/app/exams/completedExams",
    title: m.exam_completed_title,
    parents: [EXAM_AREA, { route: "exam-dashboard" }],
    menu: "exam-dashboard",
    roles: EXAM,
  },
  "exam-setup": {
    path: "/app/exams/ExamSetup",
    title: m.exam_setup_title,
    parents: [EXAM_AREA],
    menu: "exam-setup",
    menuLabel: m.menu_exam_setup,
    roles: EXAM,
  },
  "exam-details": {
    path: "/app/exams/ExamSetup/ExamTimeTableDetails",
    title: m.exam_details_title,
    parents: [EXAM_AREA, { route: "exam-setup" }],
    menu: "exam-setup",
    roles: EXAM,
  },
  "exam-timetable": {
    path: "/app/exam/examTimetable",
    title: m.exam_timetable_title,
    parents: [EXAM_AREA],
    menu: "exam-timetable",
    menuLabel: m.menu_exam_timetable,
    roles: EXAM,
  },
  "exam-planner": {
    path: "/app/exam/examPlanner",
    title: m.schedr_title_exam,
    parents: [{ label: m.menu_exam }],
    menu: "exam-planner",
    menuLabel: m.menu_exam_planner,
    roles: EXAM,
  },

  // Question papers.
  "question-papers": {
    path: "/app/exam/questionPaper",
    title: m.qp_list_title,
    parents: [EXAM_AREA],
    menu: "question-papers",
    menuLabel: m.menu_question_papers,
    roles: EXAM,
  },
  "question-paper-view": {
    path: "/app/exam/questionPaper/question-paper-view/[id]",
    title: m.qp_view_title,
    parents: [EXAM_AREA, { route: "question-papers" }],
    menu: "question-papers",
    roles: EXAM,
  },
  "question-paper-chat": {
    path: "/app/exam/questionPaper/chat-history/[id]",
    title: m.qp_chat_title,
    parents: [EXAM_AREA, { route: "question-papers" }],
    menu: "question-papers",
    roles: EXAM,
  },

  // Seating and invigilation.
  "seating-plan": {
    path: "/app/exams/seatingPlan",
    title: m.seat_list_title,
    parents: [EXAM_AREA],
    menu: "seating-plan",
    menuLabel: m.menu_seating_plan,
    roles: EXAM,
  },
  "seating-plan-exam": {
    path: "/app/exam/seatingPlan/[id]",
    title: m.seat_list_title,
    crumb: null,
    parents: [EXAM_AREA, { route: "seating-plan" }],
    menu: "seating-plan",
    roles: EXAM,
  },
  "exam-setup-seating-plan": {
    path: "/app/exams/ExamSetup/seatingPlan/arrangement/[id]",
    title: m.seat_list_title,
    parents: [EXAM_AREA, { route: "exam-setup" }],
    menu: "exam-setup",
    roles: EXAM,
  },
  invigilation: {
    path: "/app/exams/invigilationProctoring",
    title: m.invig_title,
    parents: [EXAM_AREA],
    menu: "invigilation",
    menuLabel: m.menu_invigilation,
    roles: EXAM,
  },
  "invigilation-exam": {
    path: "/app/exam/invigilationProctoring",
    title: m.invig_title,
    parents: [EXAM_AREA],
    menu: "invigilation",
    roles: EXAM,
  },
  "invigilation-assign-exam": {
    path: "/app/exams/invigilationProctoring/[id]",
    title: m.invig_heading,
    crumb: m.invig_assign_title,
    parents: [EXAM_AREA, { route: "invigilation" }],
    menu: "invigilation",
    roles: EXAM,
  },
  "invigilation-assign": {
    path: "/app/exams/invigilationProctoring/invigilationAssign",
    title: m.invig_heading,
    crumb: m.invig_assign_title,
    parents: [EXAM_AREA, { route: "invigilation" }],
    menu: "invigilation",
    roles: EXAM,
  },
  "invigilation-notifications": {
    path: "/app/exams/invigilationProctoringNotification",
    title: m.invig_notify_title,
    parents: [EXAM_AREA, { route: "invigilation" }],
    menu: "invigilation-notifications",
    menuLabel: m.menu_invigilation_notifications,
    roles: EXAM,
  },
  "faculty-proctoring": {
    path: "/app/exam/faculty-Proctoring",
    title: m.invig_faculty_title,
    parents: [EXAM_AREA],
    menu: "faculty-proctoring",
    menuLabel: m.menu_faculty_proctoring,
    roles: EXAM,
  },

  // Evaluation.
  evaluation: {
    path: "/app/exams/evaluation",
    title: m.ev_list_title,
    crumb: m.ev_breadcrumb_evaluation,
    parents: [EXAM_AREA],
    menu: "evaluation",
    menuLabel: m.menu_evaluation,
    roles: EXAM,
  },
  "evaluation-exam": {
    path: "/app/exams/evaluation/[id]",
    title: m.ev_page_title,
    parents: [EXAM_AREA, { route: "evaluation" }],
    menu: "evaluation",
    roles: EXAM,
  },
  "evaluation-table": {
    path: "/app/exams/evaluation/evaluationTable",
    title: m.ev_table_title,
    parents: [EXAM_AREA, { route: "evaluation" }],
    menu: "evaluation",
    roles: EXAM,
  },
  "evaluation-plan": {
    path: "/app/exams/evaluvationPlan",
    title: m.ev_plan_title,
    parents: [EXAM_AREA, { route: "evaluation" }],
    menu: "evaluation",
    roles: EXAM,
  },
  "evaluation-assignment": {
    path: "/app/exams/EvaluationAssignment",
    title: m.ev_assign_title,
    crumb: m.ev_breadcrumb_assign,
    // With an exam (`?examId=`), the evaluation crumb leads back to that exam's evaluation page.
    parents: ({ id }: RouteParams) => [
      EXAM_AREA,
      id ? { route: "evaluation-exam", label: m.ev_breadcrumb_evaluation } : { route: "evaluation" },
    ],
    menu: "evaluation",
    roles: EXAM,
  },

  // Eligibility.
  "student-eligibility": {
    path: "/app/exam/studentEligibility",
    title: m.elig_overview_title,
    parents: [EXAM_AREA],
    menu: "student-eligibility",
    menuLabel: m.menu_student_eligibility,
    roles: EXAM,
  },
  "student-status": {
    path: "/app/exams/ExamSetup/student-status",
    title: m.elig_status_title,
    parents: [EXAM_AREA, { route: "exam-setup" }],
    menu: "student-eligibility",
    roles: EXAM,
  },

  // Revaluation, retest and moderation.
  revaluation: {
    path: "/app/exam/revaluationRetest",
    title: m.reval_revaluation_title,
    crumb: m.reval_breadcrumb_student_status,
    parents: [EXAM_AREA],
    menu: "revaluation",
    menuLabel: m.menu_revaluation,
    roles: EXAM,
  },
  "revaluation-students": {
    path: "/app/exam/revaluation/[id]",
    title: m.reval_student_list,
    parents: [EXAM_AREA, { route: "revaluation", label: m.reval_breadcrumb_revaluation }],
    menu: "revaluation",
    roles: EXAM,
  },
  "revaluation-answer-sheet": {
    path: "/app/exam/revaluation/requestStudentQuestionPaper/[id]",
    title: m.reval_answer_sheet,
    crumb: m.reval_breadcrumb_answer_sheets,
    parents: [EXAM_AREA],
    menu: "revaluation",
    roles: EXAM,
  },
  retest: {
    path: "/app/exam/retest",
    title: m.reval_retest_title,
    crumb: m.reval_breadcrumb_retest,
    parents: [EXAM_AREA],
    menu: "retest",
    menuLabel: m.menu_retest,
    roles: EXAM,
  },
  "retest-students": {
    path: "/app/exam/retest/[id]",
    title: m.reval_student_list,
    parents: [EXAM_AREA, { route: "retest" }],
    menu: "retest",
    roles: EXAM,
  },
  requests: {
    path: "/app/exams/requests",
    title: m.reval_requests_title,
    parents: [EXAM_AREA],
    menu: "revaluation",
    roles: EXAM,
  },
  "requests-revaluation": {
    path: "/app/exams/requests/revaluation",
    title: m.reval_revaluation_title,
    crumb: m.reval_breadcrumb_revaluation,
    parents: [EXAM_AREA],
    menu: "revaluation",
    roles: EXAM,
  },
  "requests-revaluation-students": {
    path: "/app/exams/requests/RevaluationView/[id]",
    title: m.reval_student_list,
    parents: [EXAM_AREA, { route: "requests-revaluation" }],
    menu: "revaluation",
    roles: EXAM,
  },
  "requests-revaluation-assign": {
    path: "/app/exams/requests/RevaluationAssign",
    title: m.reval_assign_title,
    crumb: m.reval_breadcrumb_assign,
    parents: [{ route: "requests", label: EXAM_AREA.label }, { route: "requests-revaluation" }],
    menu: "revaluation",
    roles: EXAM,
  },
  "requests-answer-sheets": {
    path: "/app/exams/requests/AnswerSheetView",
    title: m.reval_answer_sheets_title,
    crumb: m.reval_breadcrumb_answer_sheets,
    parents: [{ route: "requests", label: EXAM_AREA.label }],
    menu: "revaluation",
    roles: EXAM,
  },
  "requests-retest": {
    path: "/app/exams/requests/RetestView",
    title: m.reval_retest_students_title,
    crumb: m.reval_breadcrumb_retest,
    parents: [{ route: "requests", label: EXAM_AREA.label }],
    menu: "retest",
    roles: EXAM,
  },
  moderation: {
    path: "/app/exam/moderation",
    title: m.reval_moderation_title,
    parents: [EXAM_AREA],
    menu: "moderation",
    menuLabel: m.menu_moderation,
    roles: EXAM,
  },
  "moderation-details": {
    path: "/app/exam/moderation/details/[id]",
    title: m.reval_moderation_details_title,
    parents: [EXAM_AREA, { route: "moderation" }],
    menu: "moderation",
    roles: EXAM,
  },

  // Grading.
  grading: {
    path: "/app/exams/grading",
    title: m.grading_list_title,
    parents: [EXAM_AREA],
    menu: "grading",
    menuLabel: m.menu_grading,
    roles: EXAM,
  },
  "grading-page": {
    path: "/app/exam/grading",
    title: m.grading_title,
    parents: [EXAM_AREA, { route: "grading" }],
    menu: "grading",
    roles: EXAM,
  },
  "grading-details": {
    path: "/app/exams/grading/details/[id]",
    title: m.grading_title,
    parents: [EXAM_AREA, { route: "grading" }],
    menu: "grading",
    roles: EXAM,
  },
  "grading-setting": {
    path: "/app/exams/grading/gradingSetting",
    title: m.grading_setting_title,
    parents: [EXAM_AREA, { route: "grading" }],
    menu: "grading",
    roles: EXAM,
  },
  "grading-setup": {
    path: "/app/grading-setup",
    title: m.grading_setup_title,
    parents: [EXAM_AREA],
    menu: "grading-setup",
    menuLabel: m.menu_grading_setup,
    roles: EXAM,
  },
  "grading-view": {
    path: "/app/exams/GradingView",
    title: m.grading_view_title,
    parents: [EXAM_AREA, { route: "grading" }],
    menu: "grading-view",
    menuLabel: m.menu_grading_view,
    roles: EXAM,
  },
  "grade-students": {
    path: "/app/gradeStudents",
    title: m.gres_grade_students_title,
    parents: [EXAM_AREA],
    menu: "grade-students",
    menuLabel: m.menu_grade_students,
    roles: EXAM,
  },
  "student-grading-details": {
    path: "/app/exam/grading/details/[courseOfferingId]/studentdetails/[studentId]",
    title: m.gres_student_details_title,
    parents: [EXAM_AREA, { route: "grade-students", query: ["courseOfferingId"] }],
    menu: "grade-students",
    roles: EXAM,
  },
  "student-grading-component": {
    path: "/app/exam/grading/details/[courseOfferingId]/studentdetails/[studentId]/[componentName]",
    title: m.gres_student_details_title,
    parents: [EXAM_AREA, { route: "grade-students", query: ["courseOfferingId"] }],
    menu: "grade-students",
    roles: EXAM,
  },
  "marks-by-section": {
    path: "/app/grading/studentsBySection",
    title: m.gres_by_section_title,
    parents: [EXAM_AREA],
    menu: "marks-by-section",
    menuLabel: m.menu_marks_by_section,
    roles: EXAM,
  },
  "marks-by-component": {
    path: "/app/grading/studentsByComponent",
    title: m.gres_by_component_title,
    parents: [EXAM_AREA],
    menu: "marks-by-component",
    menuLabel: m.menu_marks_by_component,
    roles: EXAM,
  },
  "marks-by-sub-component": {
    path: "/app/grading/studentsBySubComponent",
    title: m.gres_by_sub_component_title,
    parents: [EXAM_AREA],
    menu: "marks-by-sub-component",
    menuLabel: m.menu_marks_by_sub_component,
    roles: EXAM,
  },
  "student-report": {
    path: "/app/grading/studentreport",
    title: m.gres_report_title,
    parents: [EXAM_AREA],
    menu: "student-report",
    menuLabel: m.menu_student_report,
    roles: EXAM,
  },
  "promotion-criteria": {
    path: "/app/exam/promotionCriteria",
    title: m.gres_promotion_title,
    parents: [EXAM_AREA],
    menu: "promotion-criteria",
    menuLabel: m.menu_promotion_criteria,
    roles: EXAM,
  },

  // The rest of the administration.
  events: {
    path: "/app/events",
    title: m.menu_events,
    parents: [],
    menu: "events",
    roles: ACADEMIC,
  },
  // Mail and SMS to classes or contacts: the exam office and the academic office (their x-roles).
  communication: {
    path: "/app/notification",
    title: m.menu_communication,
    parents: [],
    menu: "communication",
    roles: [ROLE_EXAM_OFFICE, ROLE_ACADEMIC_OFFICE],
  },
  "role-management": {
    path: "/app/assignRoles",
    title: m.menu_role_management,
    parents: [],
    menu: "role-management",
    roles: ADMIN_ONLY,
  },
  "admin-management": {
    path: "/app/admin-management",
    title: m.menu_admin_management,
    parents: [],
    menu: "admin-management",
    roles: ADMIN_ONLY,
  },
  "admin-management-import": {
    path: "/app/admin-management/import",
    title: m.etl_title,
    parents: [{ route: "admin-management" }],
    menu: "admin-management",
    roles: ADMIN_ONLY,
  },
  "admin-management-exam": {
    path: "/app/admin-management/exam",
    title: m.admin_exam_management_route,
    parents: [{ route: "admin-management" }],
    menu: "admin-management",
    roles: ADMIN_ONLY,
  },
  // The home portal's payroll card: the department master (payroll runs are outside the spec's scope).
  payroll: {
    path: "/app/setup/master/department",
    title: m.dept_title,
    parents: [],
    menu: "payroll",
    menuLabel: m.menu_payroll,
    roles: ADMIN_ONLY,
  },
});

export type RouteId = keyof typeof ROUTES;

/** The route with this id (typed as the general {@link Route}). */
export function route(id: RouteId): Route {
  return ROUTES[id];
}

/** Whether `id` is a route of the table (a page's route id comes from the page, not typed there). */
export function isRouteId(id: string): id is RouteId {
  return Object.hasOwn(ROUTES, id);
}

/**
 * The address of route `id`: its path with each `[name]` segment replaced by `params[name]`
 * (URI-encoded), then the `query` names that have a value in `params` as a query string. Throws
 * when a path segment's id is missing, so a broken link is never rendered.
 */
export function routeHref(id: RouteId, params: RouteParams = {}, query: readonly string[] = []): string {
  const path = route(id).path.replace(/\[(\w+)\]/g, (_, name: string) => {
    const value = params[name];
    if (!value) throw new Error(`route ${id} needs ${name}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const name of query) {
    const value = params[name];
    if (value) search.set(name, value);
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The label route `id` has in a breadcrumb trail (its crumb, else its title). */
function crumbLabel(id: RouteId): string {
  const own = route(id);
  return (own.crumb ?? own.title)();
}

/** One breadcrumb as the shell renders it (the last is the current page). */
export type Breadcrumb = { label: string; href?: string };

/**
 * The breadcrumbs of route `id` (spec §2 Application shell): its parents, outermost first, each
 * route parent linked with the page's `params`, then the route's own crumb (none when `crumb` is
 * `null`).
 */
export function breadcrumbsOf(id: RouteId, params: RouteParams = {}): Breadcrumb[] {
  const own = route(id);
  const parents = typeof own.parents === "function" ? own.parents(params) : own.parents;
  const trail: Breadcrumb[] = parents.map((parent) =>
    "route" in parent
      ? {
          label: parent.label ? parent.label() : crumbLabel(parent.route),
          href: routeHref(parent.route, params, parent.query),
        }
      : { label: parent.label() },
  );
  if (own.crumb !== null) trail.push({ label: crumbLabel(id) });
  return trail;
}

/**
 * Whether a user holding `roles` may open route `id`. An id that is not a route is refused unless
 * the user is the administrator, so a new page is never open by mistake.
 */
export function mayOpenRoute(id: string, roles: readonly string[]): boolean {
  return rolesAllow(isRouteId(id) ? route(id).roles : ADMIN_ONLY, roles);
}

/**
 * Addresses the specification names whose screens live under another address here, or that it
 * names without showing a screen (Exam management §2 route table). Each page of these paths only
 * sends the browser on, with a 302 (temporary: a screen of its own may take the address later) and
 * the query string kept ({@link specAddressRedirect}); the target route checks the roles as usual.
 */
export const SPEC_ADDRESS_REDIRECTS = {
  /** The spec's /app/exams/questionPapers: the question paper list, built at /app/exam/questionPaper (filters kept). */
  "/app/exams/questionPapers": { to: "question-papers" },
  /**
   * The spec's /app/exams/ViewQuestionPaper: one paper's view. With an id (`?id=` or a last path
   * segment) it opens /app/exam/questionPaper/question-paper-view/{id}; without one, the list.
   */
  "/app/exams/ViewQuestionPaper": { to: "question-papers" },
  "/app/exams/ViewQuestionPaper/[id]": { to: "question-paper-view" },
  /**
   * webCamScreen (route table, no path or screen shown): the proctoring camera check. Camera
   * proctoring is followed on the invigilation and proctoring screen, so its address opens that list.
   */
  "/app/exams/webCamScreen": { to: "invigilation" },
  /**
   * Addd (route table, between the evaluation plan and Upcoming; no screen shown): adding an exam.
   * Exams are added on Exam setup, so its address opens it.
   */
  "/app/exams/Addd": { to: "exam-setup" },
  /**
   * newselect (route table, among the marks views; no screen shown): choosing the course offering
   * whose marks to see. The grading list is where an offering is chosen, so its address opens it.
   */
  "/app/grading/newselect": { to: "grading" },
  /**
   * newcomponent (route table, among the marks views; no screen shown): adding an evaluation
   * component. Components and sub-components are set on Grading setup, so its address opens it.
   */
  "/app/grading/newcomponent": { to: "grading-setup" },
} as const satisfies Record<string, { to: RouteId }>;

/** A path of {@link SPEC_ADDRESS_REDIRECTS}. */
export type SpecAddress = keyof typeof SPEC_ADDRESS_REDIRECTS;

/**
 * Where a spec address sends the browser: the target route's address with `search` (the request's
 * query string, with or without its `?`) kept. For the question paper view an id (`params.id`, or
 * `id` in the query, which is then dropped from it) opens that paper; without one, the list.
 */
export function specAddressRedirect(address: SpecAddress, search: string, params: RouteParams = {}): string {
  const query = new URLSearchParams(search.startsWith("?") ? search.slice(1) : search);
  let target: RouteId = SPEC_ADDRESS_REDIRECTS[address].to;
  let id = params.id;
  if (address === "/app/exams/ViewQuestionPaper" && query.get("id")) {
    id = query.get("id") ?? undefined;
    query.delete("id");
    target = "question-paper-view";
  }
  const path = routeHref(target, id ? { id } : {});
  const rest = query.toString();
  return rest ? `${path}?${rest}` : path;
}
