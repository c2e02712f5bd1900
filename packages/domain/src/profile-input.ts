/**
 * zod schemas of the 360 profile calls (openapi/profiles.yaml; spec exam management §7 "contact
 * details, address, relationship, education history, additional info create/delete; adminNotes").
 * The spec shows none of their payloads: the fields here are the portal's design,
 * with the generic field formats of field-formats.ts (names, mobile numbers, digits, emails). The
 * server parses requests with these schemas and the profile's edit dialogs validate with the same.
 */
import { z } from "zod";
import { LIST_PAGE_SIZES } from "./constants.ts";
import { FIELD_FORMAT_MESSAGES } from "./field-formats.ts";
import { zFieldFormat, zOptionalFieldFormat } from "./field-formats-input.ts";
import { isIsoDate } from "./iso-date.ts";
import { ADDRESS_KINDS, GENDERS, RELATIONSHIP_TYPES } from "./profile.ts";

/** A required free text of at most `max` characters, trimmed; empty → 'Field cannot be empty.'. */
function zText(max: number) {
  return z
    .string({ error: FIELD_FORMAT_MESSAGES.required })
    .trim()
    .min(1, { error: FIELD_FORMAT_MESSAGES.required })
    .max(max, { error: `At most ${max} characters` });
}

/** An optional free text of at most `max` characters: missing or null is "". */
function zOptionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: `At most ${max} characters` })
    .nullish()
    .transform((v) => v ?? "");
}

/** The row version an edit read (0 for a record not saved yet where the call creates it). */
const zRowVersion = z
  .number({ error: "version is required: send the version of the record you read" })
  .int({ error: "version must be a whole number" })
  .min(0, { error: "version must be 0 or more" })
  .max(2_147_483_647, { error: "version is too large" });

/**
 * Contact details (`PUT /sf/profile/{contactId}/contactDetails`): first and last name (name format),
 * email (email format, unique among contacts), mobile number (mobile format, optional), date of birth
 * (YYYY-MM-DD, optional), gender (optional), nationality (name format, optional), and the version of
 * the details read (0 before the first save).
 */
export const ZContactDetails = z.object({
  firstName: zFieldFormat("name"),
  lastName: zFieldFormat("name"),
  email: zFieldFormat("email").transform((v) => v.toLowerCase()),
  mobile: zOptionalFieldFormat("mobile"),
  dateOfBirth: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isIsoDate(v), { error: "Date must be a real date written YYYY-MM-DD" }),
  gender: z
    .union([z.literal(""), z.enum(GENDERS, { error: "Choose Female, Male or Other" })])
    .nullish()
    .transform((v) => (v ? v : null)),
  nationality: zOptionalFieldFormat("name"),
  version: zRowVersion,
});
export type ContactDetailsInput = z.output<typeof ZContactDetails>;

/** An address: kind, two lines, city, state and country (name format), postal code (digits). */
export const ZAddress = z.object({
  kind: z.enum(ADDRESS_KINDS, { error: "Choose Permanent, Current or Mailing" }),
  line1: zText(200),
  line2: zOptionalText(200),
  city: zFieldFormat("name"),
  state: zFieldFormat("name"),
  postalCode: zFieldFormat("number"),
  country: zFieldFormat("name"),
});

/** A related person: name (name format), relationship type, optional mobile and email. */
export const ZRelationship = z.object({
  relatedName: zFieldFormat("name"),
  relationshipType: z.enum(RELATIONSHIP_TYPES, { error: "Choose a relationship" }),
  mobile: zOptionalFieldFormat("mobile"),
  email: zOptionalFieldFormat("email").transform((v) => v?.toLowerCase() ?? null),
});

/** A school or degree: institution and qualification, year of passing (4 digits), optional score text. */
export const ZEducationHistory = z.object({
  institutionName: zText(200),
  qualification: zText(100),
  yearOfPassing: zFieldFormat("number").refine((v) => /^(19|20)\d\d$/.test(v), {
    error: "Enter a year between 1900 and 2099",
  }),
  score: zOptionalText(20),
});

/** Additional information: a label and its value (free text). */
export const ZAdditionalInfo = z.object({
  label: zText(100),
  value: zText(1000),
});

/** An administrator's or office's note on a contact (`POST /sf/profile/{contactId}/adminNotes`). */
export const ZAdminNote = z.object({ note: zText(2000) });

/** The four repeatable parts of a profile, by their path segment. */
export const PROFILE_PART_SCHEMAS = {
  addresses: ZAddress,
  relationships: ZRelationship,
  educationHistory: ZEducationHistory,
  additionalInfo: ZAdditionalInfo,
} as const;
/** A repeatable part's path segment. */
export type ProfilePart = keyof typeof PROFILE_PART_SCHEMAS;
/** Every repeatable part, in the order the profile shows them. */
export const PROFILE_PARTS = Object.keys(PROFILE_PART_SCHEMAS) as ProfilePart[];

/** An update of a part: its fields and the version read. */
export function zPartUpdate<S extends z.ZodObject>(schema: S) {
  return schema.extend({ version: zRowVersion });
}

/** The contact list of the student and faculty profile screens: kind, a search text and the page. */
export const ZProfileContactQuery = z.object({
  kind: z.enum(["student", "faculty"], { error: "kind must be student or faculty" }),
  search: z.string().trim().max(100).default(""),
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  count: z.coerce
    .number()
    .int()
    .refine((n) => (LIST_PAGE_SIZES as readonly number[]).includes(n), {
      error: `count must be one of ${LIST_PAGE_SIZES.join(", ")}`,
    })
    .default(LIST_PAGE_SIZES[0]),
});
