import { type ExamInfo, examCyclesQueryOptions, examDataQueryOptions } from "@portal/api-client";
import { EXAM_DATA_SORT_COLUMNS, GRID_PAGE_SIZES } from "@portal/domain";
import { type DataTableColumn, dataTableDateGrouping, dataTableServerSorting, Select } from "@portal/ui";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { m } from "../../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../../shell/IslandRoot.tsx";
import { CycleSelect } from "../../kit/CycleSelect.tsx";
import { displayDate } from "../../kit/display-date.ts";
import { examDateGroups } from "../../kit/exam-date-groups.ts";
import { pagerLabels } from "../../kit/pager-labels.ts";
import { QueryError } from "../../kit/QueryError.tsx";
import { useUrlSort } from "../../kit/use-url-sort.ts";
import { useUrlState } from "../../kit/use-url-state.ts";
import { PagedTable } from "../../PagedTable.tsx";
import * as styles from "./exams.css.ts";
import {
  dayChoices,
  type ExamDataKind,
  type ExamDataState,
  parseExamDataState,
  serializeExamDataState,
  toExamDataRequest,
} from "./grid-state.ts";
import {
  completedAgoLabel,
  daysLeftLabel,
  daysOptionLabel,
  examTypeLabel,
  timeWithDuration,
} from "./labels.ts";
import { examLinks } from "./routes.ts";

export type ExamDataListProps = ScreenIslandProps & {
  /** Upcoming exams (`/app/exams/Upcoming`) or completed ones (`/app/exams/completedExams`). */
  kind: ExamDataKind;
};

/** The Upcoming or completed exams island (`?cycle=&days=&page=&pageSize=`), inside its IslandRoot. */
export default function ExamDataList({ kind, search, ...root }: ExamDataListProps) {
  return (
    <IslandRoot {...root}>
      <ExamDataListScreen kind={kind} search={search} />
    </IslandRoot>
  );
}

/**
 * The first query of the Upcoming (`kind` "upcoming") or completed exams list, run on the server by
 * its page: the address's page of POST /salesforce/ExamData and the cycles of the cycle filter.
 */
export function examDataFirstQuery(kind: ExamDataKind): FirstQuery {
  return async ({ api, search, fetch }) => {
    await Promise.all([
      fetch(examDataQueryOptions(api, toExamDataRequest(parseExamDataState(search, kind), kind))),
      fetch(examCyclesQueryOptions(api)),
    ]);
  };
}

/**
 * The table's headers sort on the server (EXAM_DATA_SORT_COLUMNS): the sort's state, not sorted rows;
 * in date order the rows sit under a header per exam date.
 */
const TABLE_FEATURES = [dataTableServerSorting, dataTableDateGrouping];

/** The order the exam dates run in for a list and its sort, or null when another column sorts it. */
export function examDateOrder(kind: ExamDataKind, sort: ExamDataState["sort"]): "asc" | "desc" | null {
  if (sort === null) return kind === "upcoming" ? "asc" : "desc";
  return sort.column === "date" ? sort.direction : null;
}

function examDataColumns(kind: ExamDataKind): DataTableColumn<ExamInfo>[] {
  return [
    { id: "courseCode", header: m.exam_col_course_code(), cell: (e) => e.Course_Code__c, sortable: true },
    {
      id: "courseName",
      header: m.exam_col_course_name(),
      // The exam's details page (its timetable row and seating plan).
      cell: (e) => (
        <a className={styles.link} href={examLinks.details(e.Id)}>
          {e.Course_Name__c}
        </a>
      ),
      rowHeader: true,
      sortable: true,
    },
    { id: "section", header: m.exam_col_section(), cell: (e) => e.Section__c, sortable: true },
    { id: "intake", header: m.exam_col_intake(), cell: (e) => e.Intake__c, sortable: true },
    { id: "term", header: m.exam_col_term(), cell: (e) => e.Term_Name__c, sortable: true },
    {
      id: "programme",
      header: m.exam_col_programme(),
      cell: (e) => e.Specialization_Name__c,
      sortable: true,
    },
    {
      id: "examType",
      header: m.exam_col_exam_type(),
      cell: (e) => examTypeLabel(e.Exam_Type__c),
      sortable: true,
    },
    { id: "date", header: m.exam_col_date(), cell: (e) => displayDate(e.Deadline), sortable: true },
    { id: "time", header: m.exam_col_time(), cell: (e) => timeWithDuration(e.startTimeOfExam, e.duration) },
    kind === "upcoming"
      ? { id: "daysLeft", header: m.exam_col_days_left(), cell: (e) => daysLeftLabel(e.daysFromToday) }
      : { id: "held", header: m.exam_col_held(), cell: (e) => completedAgoLabel(e.daysFromToday) },
  ];
}

/**
 * Upcoming exams (spec §2 /app/exams/Upcoming; ExamData with dueDays: 7, 14, 30 or 90 days ahead,
 * default 30, soonest first, with the days left) or completed exams (/app/exams/completedExams;
 * completedIn: the last 30, 90, 180 or 365 days, default 90, latest first, "Completed N days ago").
 * Optional exam cycle filter; server paging 10, 25, 50 or All a page (spec §9), 'No Data' when empty;
 * the data columns' headers sort on the server (`?sort=&direction=`). In date order (the list's own,
 * or sorted by date) the rows sit under a header per exam date (kit examDateGroups; Deadline, the
 * exam's date at its campus), repeated with "(continued)" at the top of a page whose first date
 * began on the page before.
 * Each course name links to the exam's details page.
 * Days count from today in Asia/Kolkata, as the server counts them. State lives in the address.
 */
export function ExamDataListScreen({ kind, search }: { kind: ExamDataKind; search: string }) {
  const api = useApi();
  const parse = useMemo(() => (text: string) => parseExamDataState(text, kind), [kind]);
  const serialize = useMemo(() => (state: ExamDataState) => serializeExamDataState(state, kind), [kind]);
  const [state, navigate] = useUrlState(search, parse, serialize);
  const columns = useMemo(() => examDataColumns(kind), [kind]);
  const list = useQuery({
    ...examDataQueryOptions(api, toExamDataRequest(state, kind)),
    placeholderData: keepPreviousData,
  });
  const { choices } = dayChoices(kind);
  const { sorting, onSortingChange } = useUrlSort(EXAM_DATA_SORT_COLUMNS, state, navigate);
  const groups = useMemo(
    () =>
      examDateGroups(
        list.data?.exams,
        (e: ExamInfo) => e.Deadline,
        examDateOrder(kind, state.sort),
        list.data?.firstDateContinued,
      ),
    [list.data, kind, state.sort],
  );
  return (
    <div className={styles.screen}>
      <div className={styles.filters}>
        <Select
          className={styles.filterField}
          label={kind === "upcoming" ? m.exam_due_within() : m.exam_completed_within()}
          options={choices.map((days) => ({ value: String(days), label: daysOptionLabel(days) }))}
          value={String(state.days)}
          onChange={(value) => navigate({ ...state, days: Number(value), page: 1 })}
        />
        <CycleSelect
          allowAll
          value={state.cycle}
          onChange={(cycle) => navigate({ ...state, cycle, page: 1 })}
        />
      </div>
      <PagedTable
        query={list}
        rows={(data) => data.exams}
        state={state}
        navigate={navigate}
        pageSizes={GRID_PAGE_SIZES}
        pagerLabels={pagerLabels(m.exam_pager_nav())}
        errorView={<QueryError error={list.error} onRetry={() => void list.refetch()} />}
        caption={kind === "upcoming" ? m.exam_upcoming_table() : m.exam_completed_table()}
        columns={columns}
        getRowId={(e) => e.Id}
        emptyText={m.exam_no_data()}
        loadingLabel={m.exam_loading()}
        features={TABLE_FEATURES}
        sorting={sorting}
        onSortingChange={onSortingChange}
        manualSorting
        groupByDate={groups}
      />
    </div>
  );
}
