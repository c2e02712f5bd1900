/**
 * zod schemas of the users and roles calls (openapi/admin.yaml); the Assign Roles form validates with
 * the same schema. Wire names are the admin URL's (`roleType`, `academicProgramId`, `programPlanId`,
 * `classSectionId`); the field's terms are used inside.
 */
import { z } from "zod";
import { PEOPLE_MESSAGES, USER_LIST_PAGE_SIZES } from "./people.ts";
import { ZId } from "./planning-input.ts";
import { PORTAL_ROLES } from "./roles.ts";

const optionalId = z
  .union([z.literal(""), ZId])
  .nullish()
  .transform((v) => (v ? v : null));

/**
 * Assign a role type to a contact (`POST /admin/assignRole`): contact and institute required (the
 * spec's 'Please Select a Contact', 'Please Select an Institute'); programme, programme plan and class
 * section optional, each needing the one before it.
 */
export const ZAssignRole = z
  .object({
    contactId: z
      .string({ error: PEOPLE_MESSAGES.selectContact })
      .pipe(ZId.or(z.literal("")))
      .refine((v) => v !== "", {
        error: PEOPLE_MESSAGES.selectContact,
      }),
    roleType: z.enum(PORTAL_ROLES, { error: "Select a role type" }),
    instituteId: z
      .string({ error: PEOPLE_MESSAGES.selectInstitute })
      .pipe(ZId.or(z.literal("")))
      .refine((v) => v !== "", {
        error: PEOPLE_MESSAGES.selectInstitute,
      }),
    academicProgramId: optionalId,
    programPlanId: optionalId,
    classSectionId: optionalId,
  })
  .superRefine((v, issue) => {
    if (v.programPlanId && !v.academicProgramId)
      issue.addIssue({
        code: "custom",
        path: ["academicProgramId"],
        message: "Select the programme of the plan",
      });
    if (v.classSectionId && !v.programPlanId)
      issue.addIssue({
        code: "custom",
        path: ["programPlanId"],
        message: "Select the programme plan of the section",
      });
  });

/** The users list's query (`GET /admin/users`): search in name or e-mail, role filter, page. */
export const ZUserListQuery = z.object({
  search: z.string().trim().max(200).default(""),
  roleType: z.union([z.literal(""), z.enum(PORTAL_ROLES)]).default(""),
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  count: z.coerce
    .number()
    .int()
    .refine((n) => (USER_LIST_PAGE_SIZES as readonly number[]).includes(n), {
      error: "count must be one of 25, 50, 100",
    })
    .default(25),
});

/** The contact search of Assign Roles (`GET /admin/contacts`): at most 20 matches of `search`. */
export const ZContactSearchQuery = z.object({ search: z.string().trim().max(200).default("") });
