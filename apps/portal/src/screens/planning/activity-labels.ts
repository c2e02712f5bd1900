import { m } from "../../lib/i18n.ts";

/** The visible name of an activity type (spec §3 types). */
export function activityTypeLabel(type: string): string {
  const labels: Record<string, () => string> = {
    Lecture: m.planning_type_lecture,
    Exam: m.planning_type_exam,
    Lab: m.planning_type_lab,
    Tutorial: m.planning_type_tutorial,
    Practical: m.planning_type_practical,
    Workshop: m.planning_type_workshop,
    Travel: m.planning_type_travel,
    "Term Break": m.planning_type_term_break,
    Holiday: m.planning_type_holiday,
    Other: m.planning_type_other,
  };
  return labels[type]?.() ?? type;
}
