/**
 * The grading area's public surface: what other areas (revaluation) may use of it: a course
 * offering and its students, the recomputing of grades after marks change, and the regrading after
 * retest decisions (the downgrading rules).
 */
export { regradeRetestDecisions } from "./downgrading.ts";
export { RETEST_STATES_THAT_DOWNGRADE } from "./downgrading-rules.ts";
export { loadOffering, loadStudents, recomputeGrades, regradeStudents } from "./setup.ts";
