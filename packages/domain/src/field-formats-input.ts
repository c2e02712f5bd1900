/**
 * zod schemas of the spec's generic field formats (exam management §5, academic planning §5), built
 * on the patterns and messages of field-formats.ts. The server parses requests with them and the
 * forms validate with the same schemas. Each trims its input; the optional variants take "" or a
 * missing value as "not given" (null).
 */
import { z } from "zod";
import {
  FIELD_FORMAT_MAX_LENGTH,
  FIELD_FORMAT_MESSAGES,
  FIELD_FORMAT_PATTERNS,
  type FieldFormat,
} from "./field-formats.ts";

/** A required trimmed string of `format`: empty → 'Field cannot be empty.', else the format's message. */
export function zFieldFormat(format: FieldFormat) {
  const message = FIELD_FORMAT_MESSAGES[format];
  return z
    .string({ error: FIELD_FORMAT_MESSAGES.required })
    .trim()
    .min(1, { error: FIELD_FORMAT_MESSAGES.required })
    .max(FIELD_FORMAT_MAX_LENGTH[format], { error: message })
    .regex(FIELD_FORMAT_PATTERNS[format], { error: message });
}

/** An optional field of `format`: "", null or missing is null; anything else must match. */
export function zOptionalFieldFormat(format: FieldFormat) {
  return z
    .string()
    .nullish()
    .transform((v) => (v == null || v.trim() === "" ? null : v.trim()))
    .pipe(zFieldFormat(format).nullable());
}

/** A person's name: letters and spaces only (spec §5). */
export const ZPersonName = zFieldFormat("name");
/** A mobile number: optional country code of 1-3 digits, optional dash or space, then 10 digits (spec §5). */
export const ZMobileNumber = zFieldFormat("mobile");
/** A number field: digits only (spec §5); stays a string so leading zeros are kept. */
export const ZDigits = zFieldFormat("number");
/** An alphanumeric field: letters and digits only (spec §5), e.g. a code. */
export const ZAlphanumeric = zFieldFormat("alphanumeric");
/** An email field (spec §5), lower-cased; the message is 'Field should contain a valid e-mail'. */
export const ZEmailField = zFieldFormat("email").transform((v) => v.toLowerCase());

/**
 * A whole number typed into a text field: blank is "not given" (undefined), anything else is read
 * as a number that must pass `schema` (its messages). Used by the timetabling panel and the period
 * scheme, whose number fields may be left empty.
 */
export function zTypedNumber<S extends z.ZodType<unknown, number | undefined>>(schema: S) {
  return z
    .string()
    .trim()
    .transform((text) => (text === "" ? undefined : Number(text)))
    .pipe(schema);
}
