/** Labels of promotion criteria shared by the criteria list and its dialog (spec §7 CriteriaWithFilterData). */
import { m } from "../../lib/i18n.ts";

/** The label of a record type (Master, Default). */
export function recordTypeLabel(type: string): string {
  return type === "Master" ? m.gres_crit_master() : m.gres_crit_default();
}

/** The label of a criteria type (Promotion, Probation). */
export function criteriaTypeLabel(type: string): string {
  return type === "Probation" ? m.gres_crit_probation() : m.gres_crit_promotion();
}
