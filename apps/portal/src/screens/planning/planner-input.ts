/**
 * The planner activity schema the Term Academic Planner checks a row with before saving (spec
 * academic-planning.md §5), in a module of its own so the planner imports it (and zod) on the first
 * save instead of with the page.
 */
export { ZPlannerActivity } from "@portal/domain";
