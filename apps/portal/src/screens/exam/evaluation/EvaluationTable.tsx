import { type EvaluationAssignmentRow, evaluationAssignmentsQueryOptions } from "@portal/api-client";
import {
  EVALUATOR_STATUSES,
  evaluatorStatusLabel,
  GRID_PAGE_SIZES,
  pageSizeCount,
  showsReasonMarker,
} from "@portal/domain";
import { type DataTableColumn, Select, StatusChip, TextField } from "@portal/ui";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { m } from "../../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../../shell/IslandRoot.tsx";
import { CycleSelect } from "../../kit/CycleSelect.tsx";
import { displayDate } from "../../kit/display-date.ts";
import { cycleFilter, useExamCycleUrlState, withExamCycle } from "../../kit/exam-cycle.ts";
import { QueryError } from "../../kit/QueryError.tsx";
import { PagedTable } from "../../PagedTable.tsx";
import { SearchForm } from "../../SearchForm.tsx";
import { openColumn } from "./ExamPageGrid.tsx";
import * as styles from "./evaluation.css.ts";
import {
  deadlineText,
  evaluationPagerLabels,
  evaluatorStatusText,
  evaluatorStatusTone,
  orNa,
  paperText,
  roomText,
} from "./labels.ts";
import {
  type EvaluationFilters,
  type EvaluationListState,
  parseEvaluationListState,
  serializeEvaluationListState,
} from "./list-state.ts";
import { ReasonMarker } from "./ReasonMarker.tsx";

/** The island's props; `search` is `?cycle=&page=&pageSize=&date=&deadline=&faculty=&allocatedTo=&status=`. */
export type EvaluationTableProps = ScreenIslandProps;

/** The evaluation table island (/app/exams/evaluation/evaluationTable), inside its IslandRoot. */
export default function EvaluationTable({ search, ...root }: EvaluationTableProps) {
  return (
    <IslandRoot {...root}>
      <EvaluationTableScreen search={search} />
    </IslandRoot>
  );
}

/**
 * The evaluation table page's first query, run on the server by its page: the address's page of
 * evaluator assignments (with its filters) and the cycles of the cycle filter.
 */
export const evaluationTableFirstQuery: FirstQuery = async (context) => {
  const state = parseEvaluationListState(context.search);
  await withExamCycle(context, state.cycle, (examCycleId) =>
    context.fetch(
      evaluationAssignmentsQueryOptions(context.api, assignmentsRequest({ ...state, cycle: examCycleId })),
    ),
  );
};

/** The evaluator assignments request of a list state (cycle, filters, page). */
function assignmentsRequest(state: EvaluationListState) {
  return {
    examCycleId: cycleFilter(state.cycle),
    dateOfExam: state.date,
    deadline: state.deadline,
    subjectFaculty: state.faculty,
    allocatedTo: state.allocatedTo,
    status: state.status,
    pageNo: state.page,
    count: pageSizeCount(state.pageSize),
  };
}

function tableColumns(): DataTableColumn<EvaluationAssignmentRow>[] {
  return [
    { id: "evaluator", header: m.ev_col_allocated_to(), cell: (r) => r.assignment.name, rowHeader: true },
    { id: "role", header: m.ev_col_role(), cell: (r) => orNa(r.assignment.role) },
    { id: "course", header: m.ev_col_course(), cell: (r) => `${r.exam.courseName} (${r.exam.section})` },
    { id: "date", header: m.ev_col_date_of_exam(), cell: (r) => displayDate(r.exam.dateOfExam) },
    { id: "deadline", header: m.ev_col_deadline(), cell: (r) => deadlineText(r.exam.deadline) },
    { id: "faculty", header: m.ev_col_subject_faculty(), cell: (r) => orNa(r.subjectFaculty) },
    { id: "room", header: m.ev_col_room(), cell: (r) => roomText(r.assignment.room) },
    { id: "paper", header: m.ev_col_paper(), cell: (r) => paperText(r.assignment.Assigned_Paper__c) },
    {
      id: "status",
      header: m.ev_col_status(),
      cell: (r) => (
        <span className={styles.statusCell}>
          <StatusChip tone={evaluatorStatusTone(r.assignment.status)}>
            {evaluatorStatusText(r.assignment.status)}
          </StatusChip>
          {showsReasonMarker(evaluatorStatusLabel(r.assignment.status)) ? (
            <ReasonMarker reason={r.assignment.reason} />
          ) : null}
        </span>
      ),
    },
    openColumn((r: EvaluationAssignmentRow) => r.exam),
  ];
}

/** The evaluator statuses as filter options (spec §4). */
function statusOptions() {
  return EVALUATOR_STATUSES.map((status) => ({ value: status, label: evaluatorStatusText(status) }));
}

/**
 * The evaluation table (spec §2 /app/exams/evaluation/evaluationTable): the evaluator assignments of
 * a cycle's exams, filtered and paged on the server (GET /sf/exam/evaluationAssignments; 10, 25 or
 * 50 assignments a page, by exam then evaluator) with the filters of spec §3 (date of exam, deadline
 * "due by", subject faculty from the server's list for the cycle, allocated to) and the evaluator
 * status. Filters and page live in the address; a filter change goes back to page 1.
 */
export function EvaluationTableScreen({ search }: { search: string }) {
  const api = useApi();
  const [state, navigate] = useExamCycleUrlState(
    search,
    parseEvaluationListState,
    serializeEvaluationListState,
  );
  const query = useQuery({
    ...evaluationAssignmentsQueryOptions(api, assignmentsRequest(state)),
    placeholderData: keepPreviousData,
    enabled: state.cycle !== "",
  });
  const columns = useMemo(tableColumns, []);
  const subjectFaculties = query.data?.subjectFaculties;
  const facultyOptions = useMemo(() => {
    const names = new Set(subjectFaculties ?? []);
    if (state.faculty) names.add(state.faculty);
    return [...names].sort().map((name) => ({ value: name, label: name }));
  }, [subjectFaculties, state.faculty]);
  const setFilters = (filters: Partial<EvaluationFilters & { cycle: string }>) =>
    navigate({ ...state, ...filters, page: 1 });

  return (
    <div className={styles.screen}>
      <search aria-label={m.ev_filters()} className={styles.filters}>
        <CycleSelect allowAll value={state.cycle} onChange={(cycle) => setFilters({ cycle })} />
        <TextField
          className={styles.filterField}
          label={m.ev_col_date_of_exam()}
          type="date"
          value={state.date}
          onChange={(date) => setFilters({ date })}
        />
        <TextField
          className={styles.filterField}
          label={m.ev_col_deadline()}
          type="date"
          value={state.deadline}
          onChange={(deadline) => setFilters({ deadline })}
          helper={m.ev_deadline_filter_helper()}
        />
        <Select
          className={styles.filterField}
          label={m.ev_col_subject_faculty()}
          options={facultyOptions}
          value={state.faculty}
          onChange={(faculty) => setFilters({ faculty })}
          placeholder={m.ev_all()}
        />
        <Select
          className={styles.filterField}
          label={m.ev_col_status()}
          options={statusOptions()}
          value={state.status}
          onChange={(status) => setFilters({ status: status as EvaluationFilters["status"] })}
          placeholder={m.ev_all()}
        />
        <SearchForm
          label={m.ev_col_allocated_to()}
          key={state.allocatedTo}
          applied={state.allocatedTo}
          onApply={(allocatedTo) => setFilters({ allocatedTo })}
        />
      </search>
      <PagedTable
        query={query}
        rows={(data) => data.data}
        state={state}
        navigate={navigate}
        pageSizes={GRID_PAGE_SIZES}
        pagerLabels={evaluationPagerLabels()}
        caption={m.ev_table_title()}
        columns={columns}
        getRowId={(r) => r.assignment.id}
        emptyText={m.ev_no_record()}
        loadingLabel={m.ev_loading()}
        errorView={<QueryError error={query.error} onRetry={() => void query.refetch()} />}
      />
    </div>
  );
}
