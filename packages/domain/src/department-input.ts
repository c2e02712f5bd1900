import { z } from "zod";
import { ADMINISTRATION_MESSAGES, DEPARTMENT_LEVELS } from "./administration.ts";

/*
 * The zod schema of the department master's calls, apart from the events' schemas
 * (administration-input.ts), whose wall-time checks load Temporal: the department form needs none.
 */

/** A department's code: letters, digits, '-' and '_', 1 to 20 characters, kept upper case. */
export const ZDepartmentCode = z
  .string({ error: ADMINISTRATION_MESSAGES.codeRequired })
  .trim()
  .min(1, { error: ADMINISTRATION_MESSAGES.codeRequired })
  .regex(/^[A-Za-z0-9_-]{1,20}$/, { error: ADMINISTRATION_MESSAGES.codeFormat })
  .transform((v) => v.toUpperCase());

/** Body of POST /admin/departments: code (unique), name, level, active. */
export const ZDepartmentInput = z.strictObject({
  code: ZDepartmentCode,
  name: z
    .string({ error: ADMINISTRATION_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: ADMINISTRATION_MESSAGES.nameRequired })
    .max(200, { error: "At most 200 characters" }),
  level: z.enum(DEPARTMENT_LEVELS, { error: ADMINISTRATION_MESSAGES.levelRequired }),
  active: z.boolean().default(true),
});
