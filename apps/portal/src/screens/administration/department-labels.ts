import { ADMINISTRATION_MESSAGES, type DepartmentLevel } from "@portal/domain";
import { m } from "../../lib/i18n.ts";
import type { MessageTranslations } from "../form-field.tsx";

/*
 * The department master's labels, apart from the events' (labels.ts): the department page then
 * loads none of the event types', audiences' and event refusals' messages (docs/performance.md,
 * "one page's JavaScript").
 */

/** The English messages of the department calls in the page's language. */
export const DEPARTMENT_TRANSLATIONS: MessageTranslations = {
  [ADMINISTRATION_MESSAGES.codeRequired]: m.dept_err_code_required,
  [ADMINISTRATION_MESSAGES.codeFormat]: m.dept_err_code_format,
  [ADMINISTRATION_MESSAGES.nameRequired]: m.dept_err_name_required,
  [ADMINISTRATION_MESSAGES.levelRequired]: m.dept_select_level,
  [ADMINISTRATION_MESSAGES.duplicateCode]: m.dept_err_duplicate_code,
};

/** A department level's label (UG, PG, Doctoral). */
export function departmentLevelLabel(level: DepartmentLevel): string {
  return { UG: m.dept_level_ug, PG: m.dept_level_pg, Doctoral: m.dept_level_doctoral }[level]();
}
