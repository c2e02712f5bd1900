import {
  changePlanningSelection,
  INTAKE_MONTHS,
  PLANNER_YEARS,
  type PlanningSelection,
} from "@portal/domain";

/**
 * The Term Academic Planner's selection in the address (`?program=&intake=&year=`), as
 * /app/add-program passes it (spec, Academic planning §2 "Add Intake": "navigates to
 * /app/add-activity, passing the filters"). `program` is the programme's name, code or id.
 */
export type PlannerSelection = Pick<PlanningSelection, "program" | "intake" | "year">;

/** Reads the selection from a query string; unknown months and years are dropped. */
export function parsePlannerSelection(search: string): PlannerSelection {
  const params = new URLSearchParams(search);
  const program = (params.get("program") ?? params.get("programName") ?? "").trim().slice(0, 200);
  const intake = (params.get("intake") ?? "").toUpperCase();
  const year = params.get("year") ?? params.get("batch") ?? "";
  return {
    program,
    intake: (INTAKE_MONTHS as readonly string[]).includes(intake) ? intake : "",
    year: PLANNER_YEARS.includes(Number(year)) ? year : "",
  };
}

/** The query string of a selection (empty fields left out). */
export function serializePlannerSelection(s: PlannerSelection): string {
  const params = new URLSearchParams();
  if (s.program) params.set("program", s.program);
  if (s.intake) params.set("intake", s.intake);
  if (s.year) params.set("year", s.year);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** §4: changing the programme resets year and intake. */
export function changePlannerSelection(
  s: PlannerSelection,
  key: keyof PlannerSelection,
  value: string,
): PlannerSelection {
  const next = changePlanningSelection({ ...s, term: "" }, key, value);
  return { program: next.program, intake: next.intake, year: next.year };
}

/** The planner query of a complete selection. */
export function plannerQueryOf(s: PlannerSelection) {
  return { programName: s.program, intake: s.intake, year: Number(s.year) };
}
