import type { EvaluatorAssignment, ExamTimetableRow, PublicConfig } from "@portal/api-client";
import { evaluatorStatusLabel, type Locale, showsReasonMarker } from "@portal/domain";
import { Button, DataTable, type DataTableColumn, Pager, Select, StatusChip, TextField } from "@portal/ui";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { m } from "../../lib/i18n.ts";
import { IslandRoot, type IslandRootProps } from "../../shell/IslandRoot.tsx";
import { CycleSelect } from "../exams/shared.tsx";
import { useUrlState } from "../exams/use-url-state.ts";
import * as styles from "./evaluation.css.ts";
import {
  displayDate,
  errorText,
  evaluatorStatusText,
  evaluatorStatusTone,
  orNa,
  pagerLabels,
  paperText,
  roomText,
} from "./labels.ts";
import {
  EVALUATION_PAGE_SIZES,
  type EvaluationFilters,
  type EvaluationListState,
  type EvaluationPageSize,
  pageCount,
  parseEvaluationListState,
  serializeEvaluationListState,
} from "./list-state.ts";
import { QueryError } from "./QueryError.tsx";
import { ReasonMarker } from "./ReasonMarker.tsx";
import { evaluationLinks } from "./routes.ts";
import { type ExamWithEvaluators, useExamEvaluators } from "./use-exam-evaluators.ts";

export type EvaluationTableProps = {
  locale: Locale;
  /** The request's query string (`?cycle=&page=&pageSize=&date=&faculty=&allocatedTo=`). */
  search: string;
  config?: PublicConfig | null;
} & Pick<IslandRootProps, "fetch" | "navigate">;

/** The evaluation table island (/app/exams/evaluation/evaluationTable), inside its IslandRoot. */
export default function EvaluationTable({ locale, search, ...rest }: EvaluationTableProps) {
  return (
    <IslandRoot locale={locale} {...rest}>
      <EvaluationTableScreen search={search} />
    </IslandRoot>
  );
}

/** One evaluator assignment with its exam and the exam's subject faculty. */
export type AssignmentRow = {
  exam: ExamTimetableRow;
  subjectFaculty: string | null;
  assignment: EvaluatorAssignment;
};

/**
 * The assignments of the loaded exams that match the filters (spec §3 evaluation filters): date of
 * exam (YYYY-MM-DD, exact), subject faculty (exact name) and allocated to (part of the evaluator's
 * name or e-mail, without regard to case). Empty filters keep everything.
 */
export function filterAssignments(
  items: readonly ExamWithEvaluators[],
  filters: EvaluationFilters,
): AssignmentRow[] {
  const allocated = filters.allocatedTo.toLowerCase();
  const rows: AssignmentRow[] = [];
  for (const item of items) {
    const subjectFaculty = item.evaluation?.exam.subjectFaculty ?? null;
    if (filters.date && item.exam.dateOfExam !== filters.date) continue;
    if (filters.faculty && subjectFaculty !== filters.faculty) continue;
    for (const assignment of item.evaluation?.data ?? []) {
      if (
        allocated &&
        !assignment.name.toLowerCase().includes(allocated) &&
        !assignment.email.toLowerCase().includes(allocated)
      )
        continue;
      rows.push({ exam: item.exam, subjectFaculty, assignment });
    }
  }
  return rows;
}

function tableColumns(): DataTableColumn<AssignmentRow>[] {
  return [
    { id: "evaluator", header: m.ev_col_allocated_to(), cell: (r) => r.assignment.name, rowHeader: true },
    { id: "role", header: m.ev_col_role(), cell: (r) => orNa(r.assignment.role) },
    { id: "course", header: m.ev_col_course(), cell: (r) => `${r.exam.course} (${r.exam.section})` },
    { id: "date", header: m.ev_col_date_of_exam(), cell: (r) => displayDate(r.exam.dateOfExam) },
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
    {
      id: "open",
      header: m.ev_col_evaluation(),
      cell: (r) => (
        <a
          className={styles.link}
          href={evaluationLinks.exam(r.exam.id)}
          aria-label={m.ev_open_label({ course: r.exam.course, section: r.exam.section })}
        >
          {m.ev_open()}
        </a>
      ),
    },
  ];
}

/**
 * The evaluation table (spec §2 /app/exams/evaluation/evaluationTable): the evaluator assignments of
 * a cycle's exams with the filters of spec §3 (date of exam, subject faculty, allocated to). The API
 * lists evaluators per exam only, so the screen pages over exams (10, 25 or 50 exams a page, one
 * evaluator call each) and the filters apply to the exams of the page shown; the filters live in
 * the address.
 */
export function EvaluationTableScreen({ search }: { search: string }) {
  const [state, navigate] = useUrlState(search, parseEvaluationListState, serializeEvaluationListState);
  const { exams, items, total, evaluatorsLoading } = useExamEvaluators(state);
  const columns = useMemo(tableColumns, []);
  const rows = useMemo(() => filterAssignments(items, state), [items, state]);
  const facultyOptions = useMemo(() => {
    const names = new Set<string>();
    for (const item of items)
      if (item.evaluation?.exam.subjectFaculty) names.add(item.evaluation.exam.subjectFaculty);
    if (state.faculty) names.add(state.faculty);
    return [...names].sort().map((name) => ({ value: name, label: name }));
  }, [items, state.faculty]);
  useEffect(() => {
    if (exams.data && !exams.isPlaceholderData && state.page > pageCount(total, state.pageSize)) {
      navigate({ ...state, page: pageCount(total, state.pageSize) });
    }
  }, [exams.data, exams.isPlaceholderData, total, state, navigate]);
  const setFilters = (filters: Partial<EvaluationListState>) => navigate({ ...state, ...filters });

  return (
    <div className={styles.screen}>
      <search aria-label={m.ev_filters()} className={styles.filters}>
        <CycleSelect allowAll value={state.cycle} onChange={(cycle) => setFilters({ cycle, page: 1 })} />
        <TextField
          className={styles.filterField}
          label={m.ev_col_date_of_exam()}
          type="date"
          value={state.date}
          onChange={(date) => setFilters({ date })}
        />
        <Select
          className={styles.filterField}
          label={m.ev_col_subject_faculty()}
          options={facultyOptions}
          value={state.faculty}
          onChange={(faculty) => setFilters({ faculty })}
          placeholder={m.ev_all()}
        />
        <AllocatedToSearch
          key={state.allocatedTo}
          applied={state.allocatedTo}
          onApply={(allocatedTo) => setFilters({ allocatedTo })}
        />
      </search>
      <p className={styles.muted}>{m.ev_table_scope()}</p>
      {exams.isError && !exams.data ? (
        <QueryError message={errorText(exams.error)} onRetry={() => void exams.refetch()} />
      ) : (
        <>
          <DataTable
            caption={m.ev_table_title()}
            captionHidden
            columns={columns}
            data={rows}
            getRowId={(r) => r.assignment.id}
            emptyText={m.ev_no_record()}
            loading={
              exams.isPending ||
              (exams.isFetching && exams.isPlaceholderData) ||
              (rows.length === 0 && evaluatorsLoading)
            }
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
              labels={{
                ...pagerLabels(),
                range: ({ from, to, total: all }) => m.ev_exam_page_summary({ from, to, total: all }),
              }}
              disabled={exams.isFetching}
            />
          ) : null}
        </>
      )}
    </div>
  );
}

function AllocatedToSearch({ applied, onApply }: { applied: string; onApply: (text: string) => void }) {
  const [text, setText] = useState(applied);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(text.trim());
  };
  return (
    <form className={styles.filters} onSubmit={submit}>
      <TextField
        className={styles.filterField}
        label={m.ev_col_allocated_to()}
        type="search"
        value={text}
        onChange={setText}
        maxLength={200}
      />
      <Button type="submit" variant="secondary">
        {m.ev_search()}
      </Button>
      {applied !== "" ? (
        <Button variant="ghost" onClick={() => onApply("")}>
          {m.ev_clear()}
        </Button>
      ) : null}
    </form>
  );
}
