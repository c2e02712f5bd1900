/**
 * The schemas the planning screens check an inline row with before saving (spec, Academic planning
 * §5 "Validation rules"): a planner activity (Term Academic Planner) and a term subject's dates (a
 * programme's details, the Term-Wise Subject List), in a module of their own so the screens import them (and
 * zod) on the first save instead of with the page.
 */
export { ZAddTermSubject, ZPlannerActivity } from "@portal/domain";
