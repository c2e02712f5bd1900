import { z } from "zod";
import { SPEC_MESSAGES } from "./messages.ts";

/**
 * Email pattern of the sign-in step 0 (spec §5): a local part, one "@", a domain with at least one
 * dot and a top-level part of two or more letters. No spaces anywhere.
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** True when `value` (trimmed) is a valid email under {@link EMAIL_PATTERN}. */
export function isValidEmail(value: string): boolean {
  return value.trim().length <= 254 && EMAIL_PATTERN.test(value.trim());
}

/** zod schema of an email field; the error message is the spec's 'Field should contain a valid e-mail'. */
export const ZEmail = z
  .string({ error: SPEC_MESSAGES.invalidEmail })
  .trim()
  .max(254, { error: SPEC_MESSAGES.invalidEmail })
  .regex(EMAIL_PATTERN, { error: SPEC_MESSAGES.invalidEmail })
  .transform((v) => v.toLowerCase());
