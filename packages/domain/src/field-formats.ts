/**
 * The spec's generic field formats (exam management §5 "Field formats", academic planning §5
 * "Generic field rules available in shared widgets"): name, mobile number, number, alphanumeric and
 * email. The patterns and messages live here without zod, so a screen that only checks a value does
 * not load zod; the zod schemas are in field-formats-input.ts. Pure, no I/O.
 */
import { EMAIL_PATTERN } from "./email.ts";
import { SPEC_MESSAGES } from "./messages.ts";

/**
 * Texts of a refused field. 'Field cannot be empty.' and the email text are the spec's; the spec
 * names the other formats without a message, so these are the portal's own wording.
 */
export const FIELD_FORMAT_MESSAGES = {
  /** spec §5: a required text input left empty */
  required: "Field cannot be empty.",
  /** name: letters and spaces only */
  name: "Only letters and spaces are allowed",
  /** mobile: optional country code of 1-3 digits, optional dash or space, exactly 10 digits */
  mobile: "Enter a 10-digit mobile number, optionally after a country code of 1-3 digits",
  /** number: digits only */
  number: "Only digits are allowed",
  /** alphanumeric: letters and digits only */
  alphanumeric: "Only letters and digits are allowed",
  /** spec §5 email rule */
  email: SPEC_MESSAGES.invalidEmail,
} as const;

/** The formats of {@link FIELD_FORMAT_MESSAGES} a field can have (every one but `required`). */
export const FIELD_FORMATS = ["name", "mobile", "number", "alphanumeric", "email"] as const;

/** One of {@link FIELD_FORMATS}. */
export type FieldFormat = (typeof FIELD_FORMATS)[number];

/**
 * Patterns of the formats, applied to the trimmed value.
 *
 * - `name`: letters (any script, with their combining marks, so "José" and "अनन्या" are names) and
 *   single spaces between words.
 * - `mobile`: an optional country code of 1 to 3 digits (a leading "+" is accepted too), then an
 *   optional dash or space, then exactly 10 digits: "9876543210", "91-9876543210",
 *   "+91 9876543210".
 * - `number`: ASCII digits only.
 * - `alphanumeric`: ASCII letters and digits only.
 * - `email`: {@link EMAIL_PATTERN}, the sign-in rule.
 */
export const FIELD_FORMAT_PATTERNS: Record<FieldFormat, RegExp> = {
  name: /^[\p{L}\p{M}]+( [\p{L}\p{M}]+)*$/u,
  mobile: /^(\+?[0-9]{1,3}[- ]?)?[0-9]{10}$/,
  number: /^[0-9]+$/,
  alphanumeric: /^[A-Za-z0-9]+$/,
  email: EMAIL_PATTERN,
};

/** Longest value a format accepts, in characters (names and emails are kept short enough to show). */
export const FIELD_FORMAT_MAX_LENGTH: Record<FieldFormat, number> = {
  name: 100,
  mobile: 15,
  number: 18,
  alphanumeric: 50,
  email: 254,
};

/**
 * Why `value` is not a valid `format` field, as the message to show, or null when it is. The value is
 * trimmed first; an empty value is `required`'s message when the field is required and fine
 * otherwise.
 */
export function fieldFormatProblem(format: FieldFormat, value: string, required = true): string | null {
  const trimmed = value.trim();
  if (trimmed === "") return required ? FIELD_FORMAT_MESSAGES.required : null;
  if (trimmed.length > FIELD_FORMAT_MAX_LENGTH[format]) return FIELD_FORMAT_MESSAGES[format];
  return FIELD_FORMAT_PATTERNS[format].test(trimmed) ? null : FIELD_FORMAT_MESSAGES[format];
}
