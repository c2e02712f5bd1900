import { z } from "zod";
import { REASON_MAX_LENGTH } from "./eligibility.ts";
import {
  ASSIGNED_PAPERS,
  type AssignedPaper,
  EVALUATOR_STATUSES,
  type EvaluatorStatus,
} from "./evaluation.ts";

/*
 * The evaluator assignment and response schemas, apart from evaluation.ts's labels and rules: a
 * screen that shows the labels then loads no zod (docs/performance.md, exam list JavaScript).
 */

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
