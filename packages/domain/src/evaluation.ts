/**
 * Evaluator assignment (spec Evaluation page; §3 evaluator assignment and evaluator option; §4
 * evaluator status; §5 Add Evaluator; §7 EvaluationDetails, EvaluatorDetails, /sf/exam/evaluatorList/{id},
 * /sf/exam/update/evaluation): a faculty member asked to evaluate (mark) an exam's answer sheets.
 */

/** Evaluator statuses of spec §4: a request starts Requested; the evaluator accepts or rejects it. */
export const EVALUATOR_STATUSES = ["Requested", "Accepted", "Rejected"] as const;
export type EvaluatorStatus = (typeof EVALUATOR_STATUSES)[number];
export const DEFAULT_EVALUATOR_STATUS: EvaluatorStatus = "Requested";

/** Which paper an evaluator marks (the spec's Assigned_Paper__c): one set, or both ("All"). */
export const ASSIGNED_PAPERS = ["All", "Set 1", "Set 2"] as const;
export type AssignedPaper = (typeof ASSIGNED_PAPERS)[number];

/** Most evaluator assignments one save call takes. */
export const MAX_EVALUATOR_ITEMS = 100;

/**
 * The status an evaluator row shows (spec §4): "Requested" when empty or missing, else the stored
 * status; an unknown text is also shown as "Requested".
 */
export function evaluatorStatusLabel(value: string | null | undefined): EvaluatorStatus {
  const v = value?.trim() ?? "";
  return (EVALUATOR_STATUSES as readonly string[]).includes(v)
    ? (v as EvaluatorStatus)
    : DEFAULT_EVALUATOR_STATUS;
}

/** A Rejected row shows a reason marker (spec §4). */
export function showsReasonMarker(status: EvaluatorStatus): boolean {
  return status === "Rejected";
}

/** Evaluators who still count towards marking: requested or accepted (not rejected). */
export function isActiveEvaluator(status: EvaluatorStatus): boolean {
  return status !== "Rejected";
}

/**
 * Answer sheets per evaluator: `answerSheets` shared among the active evaluators (Requested or
 * Accepted), rounded up; null while there is no active evaluator.
 */
export function sheetsPerEvaluator(answerSheets: number, activeEvaluators: number): number | null {
  if (activeEvaluators <= 0) return null;
  return Math.ceil(Math.max(0, answerSheets) / activeEvaluators);
}

/**
 * Add Evaluator (spec §5): the candidates are the faculty not yet assigned to the exam; Assign is
 * enabled only once one of them is chosen.
 */
export function evaluatorCandidates<T extends { facultyId: string }>(
  faculty: readonly T[],
  assignedFacultyIds: Iterable<string>,
): T[] {
  const assigned = new Set(assignedFacultyIds);
  return faculty.filter((f) => !assigned.has(f.facultyId));
}

/** Assign is enabled only when an evaluator is chosen (spec §5). */
export function canAssignEvaluator(chosenFacultyId: string | null | undefined): boolean {
  return Boolean(chosenFacultyId?.trim());
}
