/**
 * The grading area's public surface: what other areas (revaluation) may use of it: a course
 * offering and its students, and the recomputing of grades after marks change.
 */
export { loadOffering, loadStudents, recomputeGrades, regradeStudents } from "./setup.ts";
