import { Temporal } from "temporal-polyfill";
import { z } from "zod";
import { REASON_MAX_LENGTH } from "./eligibility.ts";

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

const requiredId = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, { error: `${name} is required` })
    .max(100, { error: `${name} is longer than 100 characters` });

const optionalText = (name: string, max: number) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .max(max, { error: `${name} is longer than ${max} characters` })
    .default("");

const ZReason = optionalText("reason", REASON_MAX_LENGTH);

/** An evaluator status; empty ("" or null) means "not given" (absent). */
const ZEvaluatorStatus = z
  .union([z.enum(EVALUATOR_STATUSES), z.literal(""), z.null()], {
    error: `status must be one of ${EVALUATOR_STATUSES.join(", ")}`,
  })
  .optional()
  .transform((v): EvaluatorStatus | undefined => v || undefined);

const rejectionNeedsReason = {
  error: "A reason is required to reject an evaluation request",
  path: ["reason"],
};

/**
 * The evaluation deadline (YYYY-MM-DD) once an exam moves from `fromDate` to `toDate`: kept while it
 * still falls on or after the new exam date (the office may have set a calendar date), otherwise
 * moved by as many days as the exam moved, so the evaluators keep the time they had, and never
 * before the new exam date. Null stays null (no deadline set).
 */
export function evaluationDeadlineAfterMove(
  deadline: string | null,
  fromDate: string,
  toDate: string,
): string | null {
  if (deadline === null || deadline >= toDate) return deadline;
  const moved = Temporal.PlainDate.from(fromDate).until(Temporal.PlainDate.from(toDate)).days;
  const shifted = Temporal.PlainDate.from(deadline).add({ days: moved }).toString();
  return shifted >= toDate ? shifted : toDate;
}

/**
 * One item of the evaluator assignment save (spec §7 EvaluationDetails post): `evaluation` is the
 * faculty member's id, `exam` the exam's id; without `id` it asks a new evaluator (status must then
 * be Requested or not given), with `id` it changes that assignment (status not given, "" or null
 * keeps the current status). `Assigned_Paper__c` "All" ("" and null too), "Set 1" or "Set 2";
 * `room` a room (facility) id, or null / "" for all rooms. Absent paper or room: "All" and all rooms
 * for a new assignment, unchanged for an existing one (they are undefined in the output).
 * `Course_Offering__c`, when given, must be the exam's course offering. `role` is read-only (the
 * faculty member's type of faculty) and ignored. Rejected needs a non-empty reason.
 */
export const ZEvaluatorAssignmentItem = z
  .object({
    id: z
      .string({ error: "id must be text" })
      .trim()
      .max(100)
      .optional()
      .transform((v) => v || undefined),
    evaluation: requiredId("evaluation"),
    exam: requiredId("exam"),
    status: ZEvaluatorStatus,
    reason: ZReason,
    Course_Offering__c: optionalText("Course_Offering__c", 100),
    Assigned_Paper__c: z
      .union([z.enum(ASSIGNED_PAPERS), z.literal(""), z.null()], {
        error: `Assigned_Paper__c must be one of ${ASSIGNED_PAPERS.join(", ")}`,
      })
      .optional()
      .transform((v): AssignedPaper | undefined => (v === undefined ? undefined : v || "All")),
    role: optionalText("role", 100),
    room: z
      .string({ error: "room must be a room id or null" })
      .trim()
      .max(100)
      .nullable()
      .optional()
      .transform((v) => (v === undefined ? undefined : v || null)),
  })
  .refine((item) => item.id !== undefined || item.status === undefined || item.status === "Requested", {
    error: "A new evaluator assignment starts as Requested",
    path: ["status"],
  })
  .refine((item) => item.status !== "Rejected" || item.reason !== "", rejectionNeedsReason);
export type EvaluatorAssignmentItem = z.output<typeof ZEvaluatorAssignmentItem>;

/**
 * One item of PATCH /sf/exam/update/evaluation: the evaluator's answer as the exam office records it
 * (`status` Accepted, Rejected, or Requested to ask again; Rejected needs a non-empty reason), or
 * `remove: true` to withdraw the request (then `status` is not read). An empty status counts as not given.
 */
export const ZEvaluatorResponseItem = z
  .object({
    id: requiredId("id"),
    status: ZEvaluatorStatus,
    reason: ZReason,
    remove: z.boolean({ error: "remove must be true or false" }).default(false),
  })
  .refine((item) => item.remove || item.status !== undefined, {
    error: "status is required unless remove is true",
    path: ["status"],
  })
  .refine((item) => item.remove || item.status !== "Rejected" || item.reason !== "", rejectionNeedsReason);
export type EvaluatorResponseItem = z.output<typeof ZEvaluatorResponseItem>;
