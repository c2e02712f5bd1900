import { type EvaluationOverviewExam, evaluationOverviewQueryOptions } from "@portal/api-client";
import { GRID_PAGE_SIZES, pageSizeCount } from "@portal/domain";
import type { DataTableColumn } from "@portal/ui";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type ReactNode, useMemo } from "react";
import { m } from "../../../lib/i18n.ts";
import { type FirstQuery, useApi } from "../../../shell/IslandRoot.tsx";
import { CycleSelect } from "../../kit/CycleSelect.tsx";
import { cycleFilter, withExamCycle } from "../../kit/exam-cycle.ts";
import { EXAM_DATE_GROUP_FEATURES, examDateGroups } from "../../kit/exam-date-groups.ts";
import { QueryError } from "../../kit/QueryError.tsx";
import { PagedTable } from "../../PagedTable.tsx";
import * as styles from "./evaluation.css.ts";
import { evaluationPagerLabels } from "./labels.ts";
import { type EvaluationListState, parseEvaluationListState } from "./list-state.ts";
import { evaluationLinks } from "./routes.ts";

/** The evaluation overview request of a list state (cycle and page). */
function overviewRequest(state: EvaluationListState) {
  return { examCycleId: cycleFilter(state.cycle), pageNo: state.page, count: pageSizeCount(state.pageSize) };
}

/**
 * The first query of an {@link ExamPageGrid} page (the evaluation list and plan), run on the server
 * by its page: the address's page of the evaluation overview and the cycles of the cycle filter.
 */
export const examPageGridFirstQuery: FirstQuery = async (context) => {
  const state = parseEvaluationListState(context.search);
  await withExamCycle(context, state.cycle, (examCycleId) =>
    context.fetch(
      evaluationOverviewQueryOptions(context.api, overviewRequest({ ...state, cycle: examCycleId })),
    ),
  );
};

/**
 * A cycle's exams, one page at a time, each with its evaluation figures, from one call (GET
 * /sf/exam/evaluationOverview: the timetable's order and paging, each exam with its deadline,
 * subject faculty and the summary of its Evaluation page): the exam cycle Select (all cycles
 * allowed), the table with `columns`, and the pager (10, 25, 50; default 10). The page goes back to
 * the last one when the list shrank. The exams sit under a header per exam date (the exam's date at
 * its campus), repeated with "(continued)" at the top of a page whose first date began on the page
 * before (the answer's `firstDateContinued`). Shared by the evaluation list and the evaluation plan.
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
  columns: readonly DataTableColumn<EvaluationOverviewExam>[];
  /** Shown between the filters and the table (e.g. links to the other evaluation screens). */
  children?: ReactNode;
}) {
  const api = useApi();
  const query = useQuery({
    ...evaluationOverviewQueryOptions(api, overviewRequest(state)),
    placeholderData: keepPreviousData,
    enabled: state.cycle !== "",
  });
  const groups = useMemo(
    () => examDateGroups(query.data?.exams, examDate, "asc", query.data?.firstDateContinued),
    [query.data],
  );
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
      <PagedTable
        query={query}
        rows={(data) => data.exams}
        state={state}
        navigate={navigate}
        pageSizes={GRID_PAGE_SIZES}
        pagerLabels={evaluationPagerLabels()}
        caption={caption}
        columns={columns}
        getRowId={(exam) => exam.id}
        emptyText={m.ev_no_record()}
        loadingLabel={m.ev_loading()}
        errorView={<QueryError error={query.error} onRetry={() => void query.refetch()} />}
        features={EXAM_DATE_GROUP_FEATURES}
        groupByDate={groups}
      />
    </div>
  );
}

const examDate = (exam: EvaluationOverviewExam) => exam.dateOfExam;

/** The column linking an exam to its Evaluation page. */
export function openColumn<T>(exam: (row: T) => { id: string; courseName: string; section: string }) {
  return {
    id: "open",
    header: m.ev_col_evaluation(),
    cell: (row: T) => {
      const e = exam(row);
      return (
        <a
          className={styles.link}
          href={evaluationLinks.exam(e.id)}
          aria-label={m.ev_open_label({ course: e.courseName, section: e.section })}
        >
          {m.ev_open()}
        </a>
      );
    },
  } satisfies DataTableColumn<T>;
}
