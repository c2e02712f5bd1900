/*
 * The audit's vocabulary (docs/architecture.md "Audit rows"): every action an audit row can name.
 * The server's writer takes only these (packages/server/src/audit.ts `AuditEntry.action`), so a new
 * action is added here first; the portal's catalogue has a label `audit_action_<action>` for each
 * (apps/portal/src/screens/kit/audit-labels.ts, whose test fails on a missing one).
 */

/** Every action an audit row names, in snake_case as stored in `audit_log.action`. */
export const AUDIT_ACTIONS = [
  // grading and results (grading/, revaluation/)
  "enter_mark",
  "change_mark",
  "delete_mark",
  "change_grade",
  "change_published_grade",
  "recalculate_grade",
  "save_grade_ranges",
  "save_components",
  "delete_component",
  "delete_sub_component",
  "send_marks",
  "publish_results",
  "create_promotion_criteria",
  "change_promotion_criteria",
  // revaluation, retest and moderation
  "create_revaluation_request",
  "update_revaluation_request",
  "create_retest_request",
  "update_retest_request",
  "schedule_retest",
  "apply_moderation",
  "upload_answer_sheet",
  "replace_answer_sheet",
  // question papers
  "start_review",
  "approve_set",
  "approve_paper",
  "publish_paper",
  "send_reminder",
  // exam schedule, seating and invigilation
  "create_exam",
  "delete_exam",
  "update_timetable",
  "lock_exam",
  "unlock_exam",
  "start_timetabling_job",
  "stop_timetabling_job",
  "discard_timetabling_job",
  "create_room",
  "assign_room",
  "generate_seating",
  "move_seats",
  "assign_invigilator",
  "remove_invigilator",
  "change_invigilator_room",
  "notify_invigilator",
  // evaluation and eligibility
  "request_evaluator",
  "record_evaluator_answer",
  "withdraw_evaluator",
  "update_evaluator_assignment",
  "set_evaluation_deadline",
  "clear_evaluation_deadline",
  "set_eligibility",
  "clear_eligibility",
  // academic planning
  "assign_faculty",
  "remove_faculty",
  "enrol_students",
  "send_invite",
  "send_newInvite",
  "send_email",
  "clone_planner",
  "import_planner",
  "import_curriculum",
  "update_dates",
  // faculty onboarding and contracts (contract-lifecycle.ts)
  "onboard_faculty",
  "update_contract",
  "delete_contract",
  "submit_contract",
  "approve_contract",
  "return_contract",
  "send_contract",
  "resend_contract",
  "revise_contract",
  "cancel_contract",
  // scheduling and shared records
  "create",
  "update",
  "delete",
  "swap",
  // users and roles
  "assign_role",
  "remove_role",
  // mail and imports
  "resend_mail",
  "resend_sms",
  "send_notification",
  "import",
] as const;

/** An action an audit row names (one of {@link AUDIT_ACTIONS}). */
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const ACTIONS: ReadonlySet<string> = new Set(AUDIT_ACTIONS);

/** Whether `action` is one of {@link AUDIT_ACTIONS} (a row read back from the database is a string). */
export function isAuditAction(action: string): action is AuditAction {
  return ACTIONS.has(action);
}
