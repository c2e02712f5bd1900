import { type PortalRole, rolesAllow } from "@portal/domain";
import { m } from "../lib/i18n.ts";
import { ACADEMIC, ADMIN_ONLY, EXAM, type RouteId, route } from "./routes.ts";

/**
 * The side menu and the module cards as data (spec §1, §2). Every area of the portal is listed;
 * an entry whose screen is not built yet has `built: false` and is not rendered (the menu and the
 * home portal both leave it out; nothing is shown as "coming later"), so there is never a dead link. A leaf's label,
 * address, roles and flag come from its route in the route table (shell/routes.ts, where a screen
 * that ships loses its `built: false`); the grouping and order are this file's. Roles are read with
 * `rolesAllow` (the administrator sees everything, `[]` is any portal user); a group's own roles are
 * ignored, it shows when one of its children does.
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

/** The menu entry of route `id`: the entry's id is the route's. */
function leaf(id: RouteId): MenuEntry {
  const own = route(id);
  return {
    id,
    label: own.menuLabel ?? own.title,
    href: own.path,
    built: own.built ?? true,
    roles: own.roles,
  };
}

export const MENU: readonly MenuEntry[] = [
  leaf("home"),
  leaf("dashboard"),
  {
    id: "academics",
    label: m.menu_academics,
    built: true,
    roles: ACADEMIC,
    children: [
      leaf("academics-planner"),
      leaf("batches"),
      leaf("term-subjects"),
      leaf("current-programmes"),
      leaf("add-program"),
      leaf("time-table"),
      leaf("session-scheduler"),
      leaf("session-planner"),
      leaf("academic-calendar"),
      leaf("subject-documents"),
      leaf("feedbackList"),
    ],
  },
  {
    id: "faculty",
    label: m.menu_faculty,
    built: false,
    roles: ACADEMIC,
    children: [leaf("faculty-management"), leaf("faculty-onboarding"), leaf("contract-management")],
  },
  {
    id: "enrolment",
    label: m.menu_enrolment,
    built: false,
    roles: ACADEMIC,
    children: [leaf("enroll-student"), leaf("enroll-faculty"), leaf("users")],
  },
  {
    id: "exam",
    label: m.menu_exam,
    built: true,
    roles: EXAM,
    children: [
      leaf("exam-dashboard"),
      leaf("exam-setup"),
      leaf("exam-timetable"),
      leaf("exam-planner"),
      leaf("question-papers"),
      leaf("seating-plan"),
      leaf("invigilation"),
      leaf("invigilation-notifications"),
      leaf("faculty-proctoring"),
      leaf("evaluation"),
      leaf("revaluation"),
      leaf("retest"),
      leaf("moderation"),
      leaf("grading"),
      leaf("grading-setup"),
      leaf("grading-view"),
      leaf("grade-students"),
      leaf("marks-by-section"),
      leaf("marks-by-component"),
      leaf("marks-by-sub-component"),
      leaf("student-report"),
      leaf("promotion-criteria"),
      leaf("student-eligibility"),
    ],
  },
  leaf("events"),
  leaf("communication"),
  leaf("role-management"),
  leaf("admin-management"),
  leaf("payroll"),
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
 * route; `built` says whether that screen exists yet (the home portal leaves unbuilt cards out).
 */
export type ModuleCard = {
  id: string;
  title: () => string;
  text: () => string;
  href: string | null;
  built: boolean;
  /** Roles that may see the card (as {@link MenuEntry.roles}). */
  roles: readonly PortalRole[];
  /**
   * For a module outside the spec's scope: says on the card that it opens the nearest working
   * screen (`href`) instead.
   */
  note?: () => string;
};

/** The card of route `id` with its text (its id is the route's unless `cardId` says otherwise). */
function card(id: RouteId, text: () => string, cardId: string = id): ModuleCard {
  const own = route(id);
  return {
    id: cardId,
    title: own.menuLabel ?? own.title,
    text,
    href: own.path,
    built: own.built ?? true,
    roles: own.roles,
  };
}

export const HOME_MODULES: readonly ModuleCard[] = [
  // Outside the spec's scope (no route of its own): the nearest working screen, and the card says so.
  {
    ...card("admin-management", m.home_admin_notification_text, "admin-notification"),
    title: m.menu_admin_notification,
    note: m.home_admin_notification_note,
  },
  card("payroll", m.home_payroll_text),
  card("events", m.home_events_text),
  card("tt", m.home_time_table_text, "time-table"),
  card("communication", m.home_communication_text),
  card("role-management", m.home_role_management_text),
  card("academics-planner", m.home_academics_planner_text),
  card("admin-management", m.home_admin_management_text),
];

/** Screens that exist today, offered on the home portal and in the mobile apps popover. */
export const AVAILABLE_SCREENS: readonly ModuleCard[] = [
  card("dashboard", m.home_dashboard_text),
  card("question-papers", m.home_question_papers_text),
  card("grading", m.home_grading_text),
  card("grading-setup", m.home_grading_setup_text),
  card("grade-students", m.home_grade_students_text),
  card("promotion-criteria", m.home_promotion_criteria_text),
  card("batches", m.intake_home_batches_text),
  card("add-program", m.intake_home_add_program_text),
  card("term-planner", m.home_planner_text),
  card("current-programmes", m.home_current_programmes_text),
  card("academic-calendar", m.home_academic_calendar_text),
  card("faculty-management", m.intake_home_faculty_text),
];
