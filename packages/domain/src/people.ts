/**
 * Users and roles (spec, Exam management §6 "Role types can be fetched and roles assigned to users by
 * institute, academic programme, programme plan and class section"; academic planning §8 texts).
 * Pure rules and texts; the zod schemas are in people-input.ts.
 */
import type { RoleScope } from "./roles.ts";

/** Texts of the users and roles screens, spelled exactly as the spec writes them. */
export const PEOPLE_MESSAGES = {
  /** exam management §5: Assign Roles without an institute */
  selectInstitute: "Please Select an Institute",
  /** exam management §5: Assign Roles without a contact */
  selectContact: "Please Select a Contact",
  /** academic planning §8: the contact search failed */
  contactsFetchFailed: "Error while fetching the Contacts",
  /** academic planning §8: the assignment was refused */
  rolesCreateFailed: "Errors creating the Roles",
  /** academic planning §8: an institute without programmes */
  noProgramsFound: "No Programs Found",
} as const;

/** Page sizes of the users list (the question-paper list's sizes, spec §9). */
export const USER_LIST_PAGE_SIZES = [25, 50, 100] as const;

/** The chosen scope of an assignment: the institute and, optionally, narrower records under it. */
export type RoleScopeChoice = {
  instituteId: string;
  programmeId?: string | null;
  programmePlanId?: string | null;
  classSectionId?: string | null;
};

/**
 * The scope an assignment is stored at: the narrowest record chosen (class section, then programme
 * plan, then programme, then institute). A narrower choice without its parent is not a scope: the
 * caller refuses it (a plan needs its programme, a class section its plan).
 */
export function narrowestScope(choice: RoleScopeChoice): { kind: RoleScope; id: string } {
  if (choice.classSectionId) return { kind: "class_section", id: choice.classSectionId };
  if (choice.programmePlanId) return { kind: "programme_plan", id: choice.programmePlanId };
  if (choice.programmeId) return { kind: "programme", id: choice.programmeId };
  return { kind: "institute", id: choice.instituteId };
}
