import { DataTable, type DataTableColumn, Pager, visuallyHidden } from "@portal/ui";
import { type ReactNode, useEffect } from "react";
import { m } from "../../lib/i18n.ts";
import { CycleSelect } from "../exams/shared.tsx";
import * as styles from "./evaluation.css.ts";
import { errorText, pagerLabels } from "./labels.ts";
import {
  EVALUATION_PAGE_SIZES,
  type EvaluationListState,
  type EvaluationPageSize,
  pageCount,
} from "./list-state.ts";
import { QueryError } from "./QueryError.tsx";
import { type ExamWithEvaluators, useExamEvaluators } from "./use-exam-evaluators.ts";

/**
 * A cycle's exams, one page at a time, each with its evaluation data: the exam cycle Select (all
 * cycles allowed), the table with `columns`, and the pager (10, 25, 50; default 10). The page goes
 * back to the last one when the list shrank. Shared by the evaluation list and the evaluation plan.
 */
export function ExamPageGrid({
  state,
  navigate,
  caption,
  columns,
  children,
}: {
  state: EvaluationListState;
  navigate: (next: EvaluationListState) => void;
  caption: string;
  columns: readonly DataTableColumn<ExamWithEvaluators>[];
  /** Shown between the filters and the table (e.g. links to the other evaluation screens). */
  children?: ReactNode;
}) {
  const { exams, items, total } = useExamEvaluators(state);
  useEffect(() => {
    if (exams.data && !exams.isPlaceholderData && state.page > pageCount(total, state.pageSize)) {
      navigate({ ...state, page: pageCount(total, state.pageSize) });
    }
  }, [exams.data, exams.isPlaceholderData, total, state, navigate]);
  return (
    <div className={styles.screen}>
      <div className={styles.filters}>
        <CycleSelect
          allowAll
          value={state.cycle}
          onChange={(cycle) => navigate({ ...state, cycle, page: 1 })}
        />
      </div>
      {children}
      {exams.isError && !exams.data ? (
        <QueryError message={errorText(exams.error)} onRetry={() => void exams.refetch()} />
      ) : (
        <>
          <DataTable
            caption={caption}
            captionHidden
            columns={columns}
            data={items}
            getRowId={(item) => item.exam.id}
            emptyText={m.ev_no_record()}
            loading={exams.isPending || (exams.isFetching && exams.isPlaceholderData)}
            loadingLabel={m.ev_loading()}
            maxHeight="900px"
          />
          {exams.data ? (
            <Pager<EvaluationPageSize>
              page={state.page}
              pageSize={state.pageSize}
              total={total}
              pageSizes={EVALUATION_PAGE_SIZES}
              onPageChange={(page) => navigate({ ...state, page })}
              onPageSizeChange={(pageSize) => navigate({ ...state, pageSize, page: 1 })}
              labels={pagerLabels()}
              disabled={exams.isFetching}
            />
          ) : null}
        </>
      )}
    </div>
  );
}

/** A figure of an exam's evaluation data: "…" while it loads, "NA" when its call failed. */
export function evaluationFigure(
  item: ExamWithEvaluators,
  pick: (evaluation: NonNullable<ExamWithEvaluators["evaluation"]>) => ReactNode,
): ReactNode {
  if (item.evaluation) return pick(item.evaluation);
  if (item.failed) return m.ev_na();
  return (
    <>
      <span aria-hidden="true">…</span>
      <span className={visuallyHidden}>{m.ev_loading()}</span>
    </>
  );
}
