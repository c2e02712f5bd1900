import { z } from "zod";
import { ELIGIBILITY_STATUSES, eligibilityNeedsReason, REASON_MAX_LENGTH } from "./eligibility.ts";

/*
 * The eligibility update's zod schema, apart from eligibility.ts's labels and rules: a screen that
 * shows the labels then loads no zod (docs/performance.md, exam list JavaScript).
 */

const requiredId = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, { error: `${name} is required` })
    .max(100, { error: `${name} is longer than 100 characters` });

/**
 * One item of PATCH /sf/exam/update/eligibily: the office's decision on a student's eligibility for
 * an exam. `eligibility_status` is one of the four labels, or null to withdraw the decision (the
 * computed status applies again). "Not eligible" and "At Risk" need a non-empty reason (trimmed,
 * at most 500 characters); for other labels the reason is optional.
 */
export const ZEligibilityUpdateItem = z
  .object({
    examId: requiredId("examId"),
    studentId: requiredId("studentId"),
    eligibility_status: z
      .enum(ELIGIBILITY_STATUSES, {
        error: `eligibility_status must be one of ${ELIGIBILITY_STATUSES.join(", ")}, or null`,
      })
      .nullable(),
    reason: z
      .string({ error: "reason must be text" })
      .trim()
      .max(REASON_MAX_LENGTH, { error: `reason is longer than ${REASON_MAX_LENGTH} characters` })
      .default(""),
  })
  .refine(
    (item) =>
      item.eligibility_status === null ||
      !eligibilityNeedsReason(item.eligibility_status) ||
      item.reason !== "",
    { error: 'A reason is required for "Not eligible" and "At Risk"', path: ["reason"] },
  );
export type EligibilityUpdateItem = z.output<typeof ZEligibilityUpdateItem>;
