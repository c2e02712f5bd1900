/**
 * Addresses of the evaluation screens (spec §2 /app/exams/ routes: evaluation, evaluation/{id},
 * evaluation/evaluationTable, EvaluationAssignment, evaluvationPlan, spelled so). Ids are
 * URL-encoded; empty values are left out so the plain screen has a plain address.
 */

function withQuery(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  const text = query.toString();
  return text === "" ? path : `${path}?${text}`;
}

export const evaluationLinks = {
  /** The exams of a cycle with their evaluator counts (`?cycle=`). */
  list: (cycle?: string) => withQuery("/app/exams/evaluation", { cycle }),
  /** The Evaluation page of one exam. */
  exam: (examId: string) => `/app/exams/evaluation/${encodeURIComponent(examId)}`,
  /** Every evaluator assignment of a cycle's exams, filterable (`?cycle=`). */
  table: (cycle?: string) => withQuery("/app/exams/evaluation/evaluationTable", { cycle }),
  /** Rooms of an exam and their evaluators ("Assign Evaluators"). */
  assignment: (examId: string) => withQuery("/app/exams/EvaluationAssignment", { examId }),
  /** The evaluation plan of a cycle (`?cycle=`). */
  plan: (cycle?: string) => withQuery("/app/exams/evaluvationPlan", { cycle }),
};
