/**
 * The planning area's public surface: what other areas (scheduling) may use of it: the holidays
 * of an intake (as days, and by name for the scheduler), and finding a programme and an intake
 * from a request's names.
 */

export { existingIntakes } from "./batches.ts";
export { holidaysOfIntake, namedHolidaysOfIntake } from "./common.ts";
export { findProgramme, resolveIntake } from "./subjects.ts";
