/**
 * The planning area's public surface: what other areas (scheduling) may use of it: the holidays
 * of an intake, and finding a programme and an intake from a request's names.
 */
export { holidaysOfIntake } from "./common.ts";
export { findProgramme, resolveIntake } from "./subjects.ts";
