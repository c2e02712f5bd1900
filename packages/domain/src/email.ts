/*
 * The email rule without zod, so that screens which only check an address do not load zod
 * (the schema is in email-schema.ts).
 */

/**
 * Email pattern of the sign-in step 0 (spec §5): a local part, one "@", a domain with at least one
 * dot and a top-level part of two or more letters. No spaces anywhere.
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** True when `value` (trimmed) is a valid email under {@link EMAIL_PATTERN}. */
export function isValidEmail(value: string): boolean {
  return value.trim().length <= 254 && EMAIL_PATTERN.test(value.trim());
}
