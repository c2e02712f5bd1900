/**
 * The exam area's public surface: what other areas (revaluation, scheduling) may use of it. Its
 * folders (question papers, schedule, seating, evaluation, eligibility) are otherwise its own.
 */
export { examHeaderColumns, withExamHeaderJoins } from "./header.ts";
export { documentUrl } from "./question-papers/question-papers.ts";
export { ensureExamPeriod, type PeriodSlot } from "./schedule/periods.ts";
export {
  addPlannerExam,
  movePlannerExam,
  type PlannerExam,
  removePlannerExam,
} from "./schedule/planner-exams.ts";
