/**
 * zod schemas of faculty onboarding and contract calls (openapi/contracts.yaml).
 * The server parses requests with them and the Faculty Onboarding form validates with the same
 * schemas. Names, phone and email use the spec's generic field formats (field-formats.ts).
 */
import { z } from "zod";
import {
  CONTRACT_HOURS_MAX,
  CONTRACT_MESSAGES,
  CONTRACT_PAGE_SIZES,
  CONTRACT_RATE_MAX,
  CONTRACT_STATES,
} from "./contract-lifecycle.ts";
import { ZEmailField, ZMobileNumber, ZPersonName } from "./field-formats-input.ts";
import { FACULTY_ASSOCIATIONS } from "./planning.ts";
import { ZId, ZIsoDate } from "./planning-input.ts";

/** A whole number from `min` to `max`, given as a number (API) or as the digits a form field holds. */
function zWholeNumber(min: number, max: number) {
  const range = `Must be a whole number from ${min} to ${max}`;
  return z
    .union([z.number({ error: range }), z.string().trim().min(1, { error: "Field cannot be empty." })])
    .transform((v, ctx) => {
      const n = typeof v === "number" ? v : /^\d+$/.test(v) ? Number(v) : Number.NaN;
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message: range });
        return z.NEVER;
      }
      return n;
    });
}

/** The terms of a contract: term, sections taught, hours, hourly rate (INR), dates, area head. */
const contractTermsShape = {
  termId: ZId,
  /** Course offerings (sections) of the term the contract covers; may be empty (hours only). */
  courseOfferingIds: z.array(ZId).max(20).default([]),
  hours: zWholeNumber(1, CONTRACT_HOURS_MAX),
  ratePerHour: zWholeNumber(1, CONTRACT_RATE_MAX),
  startDate: ZIsoDate,
  endDate: ZIsoDate,
  /** The portal user who approves the contract (its area head). */
  areaHeadEmail: ZEmailField,
};

const endNotBeforeStart = (v: { startDate: string; endDate: string }) => v.endDate >= v.startDate;
const endRule = { error: CONTRACT_MESSAGES.endBeforeStart, path: ["endDate"] };

/** A contract's terms (update of a draft, revision of a sent contract). */
export const ZContractTerms = z.object(contractTermsShape).refine(endNotBeforeStart, endRule);

/**
 * Faculty onboarding (facultyOnboarding save): the faculty member's contact and profile and the
 * first draft of their contract.
 */
export const ZFacultyOnboarding = z
  .object({
    firstName: ZPersonName,
    lastName: ZPersonName,
    email: ZEmailField,
    phone: ZMobileNumber,
    designation: z.string().trim().max(100).default(""),
    association: z.enum(FACULTY_ASSOCIATIONS).default("Visiting"),
    ...contractTermsShape,
  })
  .refine(endNotBeforeStart, endRule);

/** Input of faculty onboarding (the form's values). */
export type FacultyOnboardingInput = z.input<typeof ZFacultyOnboarding>;

/** The version a transition acts on (optimistic concurrency). */
export const ZContractVersion = z.object({ version: z.number().int().min(1) });

/** Update of a draft or revision: the terms and the version read. */
export const ZContractUpdate = z
  .object({ ...contractTermsShape, version: z.number().int().min(1) })
  .refine(endNotBeforeStart, endRule);

/** The contract list's query: state filter, search by faculty name or email, page. */
export const ZContractListQuery = z.object({
  state: z.union([z.literal(""), z.enum(CONTRACT_STATES)]).default(""),
  search: z.string().trim().max(100).default(""),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  count: z.coerce
    .number()
    .int()
    .refine((n) => (CONTRACT_PAGE_SIZES as readonly number[]).includes(n), {
      error: `Must be one of ${CONTRACT_PAGE_SIZES.join(", ")}`,
    })
    .default(CONTRACT_PAGE_SIZES[0]),
});
