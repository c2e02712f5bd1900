import {
  type EvaluatorListAnswer,
  type ExamTimetableRow,
  evaluatorListQueryOptions,
  examTimetableQueryOptions,
} from "@portal/api-client";
import { keepPreviousData, useQueries, useQuery } from "@tanstack/react-query";
import { useApi } from "../../shell/IslandRoot.tsx";
import type { EvaluationListState } from "./list-state.ts";

/** One exam of the page with its Evaluation page data (undefined while it loads or when it failed). */
export type ExamWithEvaluators = {
  exam: ExamTimetableRow;
  evaluation: EvaluatorListAnswer | undefined;
  failed: boolean;
};

/**
 * One page of a cycle's exams (GET /salesforce/TimeTable, by date, start time and course) and, for
 * each exam of that page, its evaluators and summary (GET /sf/exam/evaluatorList/{id}, one call per
 * exam: at most 50). The API has no list of evaluator assignments across exams, so the evaluation
 * list, table and plan screens read one page of exams at a time this way.
 */
export function useExamEvaluators(state: Pick<EvaluationListState, "cycle" | "page" | "pageSize">) {
  const api = useApi();
  const exams = useQuery({
    ...examTimetableQueryOptions(api, {
      examCycleId: state.cycle,
      pageNo: state.page,
      count: state.pageSize,
    }),
    placeholderData: keepPreviousData,
  });
  const rows = exams.data?.timetable ?? [];
  const evaluations = useQueries({
    queries: rows.map((row) => evaluatorListQueryOptions(api, row.id)),
  });
  const items: ExamWithEvaluators[] = rows.map((exam, index) => ({
    exam,
    evaluation: evaluations[index]?.data,
    failed: evaluations[index]?.isError ?? false,
  }));
  return {
    exams,
    items,
    total: exams.data?.noOfRecords ?? 0,
    /** True while an exam of the page still loads its evaluators. */
    evaluatorsLoading: evaluations.some((q) => q.isPending),
  };
}
