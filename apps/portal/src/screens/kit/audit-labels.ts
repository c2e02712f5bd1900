import { type AuditAction, isAuditAction } from "@portal/domain";
import { m } from "../../lib/i18n.ts";

/**
 * The catalogue's label of every audit action the server writes (packages/domain/src/audit.ts
 * AUDIT_ACTIONS): typed by the domain's list, so an action added there without a label here fails
 * the type check, and audit-labels.test.ts fails when a language lacks one.
 */
export const AUDIT_ACTION_LABELS: Record<AuditAction, () => string> = {
  enter_mark: m.audit_action_enter_mark,
  change_mark: m.audit_action_change_mark,
  delete_mark: m.audit_action_delete_mark,
  change_grade: m.audit_action_change_grade,
  change_published_grade: m.audit_action_change_published_grade,
  recalculate_grade: m.audit_action_recalculate_grade,
  save_grade_ranges: m.audit_action_save_grade_ranges,
  save_components: m.audit_action_save_components,
  delete_component: m.audit_action_delete_component,
  delete_sub_component: m.audit_action_delete_sub_component,
  send_marks: m.audit_action_send_marks,
  publish_results: m.audit_action_publish_results,
  create_promotion_criteria: m.audit_action_create_promotion_criteria,
  change_promotion_criteria: m.audit_action_change_promotion_criteria,
  create_revaluation_request: m.audit_action_create_revaluation_request,
  update_revaluation_request: m.audit_action_update_revaluation_request,
  create_retest_request: m.audit_action_create_retest_request,
  update_retest_request: m.audit_action_update_retest_request,
  schedule_retest: m.audit_action_schedule_retest,
  apply_moderation: m.audit_action_apply_moderation,
  upload_answer_sheet: m.audit_action_upload_answer_sheet,
  replace_answer_sheet: m.audit_action_replace_answer_sheet,
  start_review: m.audit_action_start_review,
  approve_set: m.audit_action_approve_set,
  approve_paper: m.audit_action_approve_paper,
  publish_paper: m.audit_action_publish_paper,
  send_reminder: m.audit_action_send_reminder,
  create_exam: m.audit_action_create_exam,
  delete_exam: m.audit_action_delete_exam,
  update_timetable: m.audit_action_update_timetable,
  lock_exam: m.audit_action_lock_exam,
  unlock_exam: m.audit_action_unlock_exam,
  start_timetabling_job: m.audit_action_start_timetabling_job,
  stop_timetabling_job: m.audit_action_stop_timetabling_job,
  discard_timetabling_job: m.audit_action_discard_timetabling_job,
  create_room: m.audit_action_create_room,
  assign_room: m.audit_action_assign_room,
  generate_seating: m.audit_action_generate_seating,
  move_seats: m.audit_action_move_seats,
  assign_invigilator: m.audit_action_assign_invigilator,
  remove_invigilator: m.audit_action_remove_invigilator,
  change_invigilator_room: m.audit_action_change_invigilator_room,
  notify_invigilator: m.audit_action_notify_invigilator,
  request_evaluator: m.audit_action_request_evaluator,
  record_evaluator_answer: m.audit_action_record_evaluator_answer,
  withdraw_evaluator: m.audit_action_withdraw_evaluator,
  update_evaluator_assignment: m.audit_action_update_evaluator_assignment,
  set_evaluation_deadline: m.audit_action_set_evaluation_deadline,
  clear_evaluation_deadline: m.audit_action_clear_evaluation_deadline,
  set_eligibility: m.audit_action_set_eligibility,
  clear_eligibility: m.audit_action_clear_eligibility,
  assign_faculty: m.audit_action_assign_faculty,
  remove_faculty: m.audit_action_remove_faculty,
  enrol_students: m.audit_action_enrol_students,
  send_invite: m.audit_action_send_invite,
  send_newInvite: m.audit_action_send_newInvite,
  send_email: m.audit_action_send_email,
  clone_planner: m.audit_action_clone_planner,
  import_planner: m.audit_action_import_planner,
  import_curriculum: m.audit_action_import_curriculum,
  update_dates: m.audit_action_update_dates,
  onboard_faculty: m.audit_action_onboard_faculty,
  update_contract: m.audit_action_update_contract,
  delete_contract: m.audit_action_delete_contract,
  submit_contract: m.audit_action_submit_contract,
  approve_contract: m.audit_action_approve_contract,
  return_contract: m.audit_action_return_contract,
  send_contract: m.audit_action_send_contract,
  resend_contract: m.audit_action_resend_contract,
  revise_contract: m.audit_action_revise_contract,
  cancel_contract: m.audit_action_cancel_contract,
  create: m.audit_action_create,
  update: m.audit_action_update,
  delete: m.audit_action_delete,
  swap: m.audit_action_swap,
  resend_mail: m.audit_action_resend_mail,
  resend_sms: m.audit_action_resend_sms,
  send_notification: m.audit_action_send_notification,
  assign_role: m.audit_action_assign_role,
  remove_role: m.audit_action_remove_role,
  import: m.audit_action_import,
};

/**
 * An audit row's action as people read it ("Grade recalculated", "Notenbereiche gespeichert"); an
 * action this portal does not know yet (a newer server) reads "Other change", never the stored key.
 */
export function auditActionLabel(action: string): string {
  return isAuditAction(action) ? AUDIT_ACTION_LABELS[action]() : m.audit_action_other();
}

/** The catalogue's label of the fields audit rows keep in their before and after, by stored name. */
const FIELD_LABELS: Record<string, () => string> = {
  marksObtained: m.audit_field_marksObtained,
  totalMarks: m.audit_field_totalMarks,
  finalGrade: m.audit_field_finalGrade,
  calculatedGrade: m.audit_field_calculatedGrade,
  penalty: m.audit_field_penalty,
  gradePoint: m.audit_field_gradePoint,
  totalPercent: m.audit_field_totalPercent,
  reason: m.audit_field_reason,
  status: m.audit_field_status,
  source: m.audit_field_source,
  typeOfGrading: m.audit_field_typeOfGrading,
  bands: m.audit_field_bands,
  components: m.audit_field_components,
  mail: m.audit_field_mail,
  mails: m.audit_field_mails,
  studentId: m.audit_field_studentId,
  subComponentId: m.audit_field_subComponentId,
  id: m.audit_field_id,
  adjustment: m.audit_field_adjustment,
  changed: m.audit_field_changed,
  distribution: m.audit_field_distribution,
};

/**
 * A stored field's label ("Marks obtained", "Endnote"); a field without one in the catalogue shows
 * its stored name with its words apart ("sentAt" → "sent at"), which names what it is.
 */
export function auditFieldLabel(field: string): string {
  const label = FIELD_LABELS[field];
  if (label) return label();
  return field
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase();
}
