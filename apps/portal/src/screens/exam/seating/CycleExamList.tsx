import { type ExamTimetableRow, examTimetableQueryOptions } from "@portal/api-client";
import { DEFAULT_GRID_PAGE_SIZE, GRID_PAGE_SIZES, pageSizeCount } from "@portal/domain";
import type { DataTableColumn } from "@portal/ui";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { m } from "../../../lib/i18n.ts";
import { type FirstQuery, useApi } from "../../../shell/IslandRoot.tsx";
import { CycleSelect } from "../../kit/CycleSelect.tsx";
import { displayDate } from "../../kit/display-date.ts";
import { useExamCycleUrlState, withExamCycle } from "../../kit/exam-cycle.ts";
import { EXAM_DATE_GROUP_FEATURES, timetableDateGroups } from "../../kit/exam-date-groups.ts";
import { formatNumber } from "../../kit/format.ts";
import { pagerLabels } from "../../kit/pager-labels.ts";
import { QueryError } from "../../kit/QueryError.tsx";
import { PagedTable } from "../../PagedTable.tsx";
import { SearchForm } from "../../SearchForm.tsx";
import { type CycleListState, parseCycleListState, timeWithDuration, writeQuery } from "./common.tsx";
import * as styles from "./seating.css.ts";

/** The columns every exam list of a cycle starts with: course, section, batch, date, time, students. */
export function examColumns(): DataTableColumn<ExamTimetableRow>[] {
  return [
    { id: "course", header: m.seat_col_course(), cell: (r) => r.course, rowHeader: true },
    { id: "section", header: m.seat_col_section(), cell: (r) => r.section },
    { id: "batch", header: m.seat_col_batch(), cell: (r) => r.batch },
    { id: "date", header: m.seat_col_date(), cell: (r) => displayDate(r.dateOfExam) },
    { id: "time", header: m.seat_col_time(), cell: (r) => timeWithDuration(r.startTimeOfExam, r.duration) },
    { id: "students", header: m.seat_col_students(), cell: (r) => formatNumber(r.students), align: "end" },
  ];
}

/**
 * The first query of a {@link CycleExamList} page (the seating and invigilation lists), run on the
 * server by its page: the cycles and the address's page of the cycle shown (the address's cycle,
 * else the default one).
 */
export const cycleExamListFirstQuery: FirstQuery = async (context) => {
  const state = parseExamListState(context.search);
  await withExamCycle(context, state.cycle, (examCycleId) =>
    context.fetch(examTimetableQueryOptions(context.api, timetableQuery({ ...state, cycle: examCycleId }))),
  );
};

/** What an exam list of a cycle shows: the cycle and page, and a course search ("" for none). */
export type ExamListState = CycleListState & { course: string };

/** Reads `?cycle=&course=&page=&pageSize=` (a course text longer than 200 characters is ignored). */
export function parseExamListState(search: string): ExamListState {
  const course = (new URLSearchParams(search).get("course") ?? "").trim();
  return { ...parseCycleListState(search), course: course.length <= 200 ? course : "" };
}

/** Writes an exam list state, leaving out an empty search, page 1 and the default page size. */
export function serializeExamListState(state: ExamListState): string {
  return writeQuery([
    ["cycle", state.cycle],
    ["course", state.course],
    ["page", state.page > 1 ? state.page : null],
    ["pageSize", state.pageSize !== DEFAULT_GRID_PAGE_SIZE ? state.pageSize : null],
  ]);
}

/** The GET /salesforce/TimeTable query of a list state (the course matches name or code). */
function timetableQuery(state: ExamListState) {
  return {
    examCycleId: state.cycle,
    course: state.course,
    pageNo: state.page,
    count: pageSizeCount(state.pageSize),
  };
}

/**
 * The exams of one exam cycle (GET /salesforce/TimeTable?examCycleId=, by date, time and course),
 * server paged 10, 25 or 50 a page, with the columns of {@link examColumns} and `extraColumns` (made
 * once per screen), and a course search (name or code, applied with Search or Enter). Cycle, search
 * and page live in the address (`?cycle=&course=&page=&pageSize=`); without a cycle the exam
 * screens' default one is shown (kit/exam-cycle.ts). 'No Record' when nothing matches. The rows sit
 * under a header per exam date, repeated with "(continued)" at the top of a page whose first date
 * began on the page before (the answer's `firstDateContinued`).
 */
export function CycleExamList({
  search,
  caption,
  extraColumns,
}: {
  search: string;
  caption: string;
  extraColumns: () => DataTableColumn<ExamTimetableRow>[];
}) {
  const api = useApi();
  const [state, navigate] = useExamCycleUrlState(search, parseExamListState, serializeExamListState);
  const columns = useMemo(() => [...examColumns(), ...extraColumns()], [extraColumns]);
  const list = useQuery({
    ...examTimetableQueryOptions(api, timetableQuery(state)),
    enabled: state.cycle !== "",
    placeholderData: keepPreviousData,
  });
  const onCycle = useCallback((cycle: string) => navigate({ ...state, cycle, page: 1 }), [navigate, state]);
  const groups = useMemo(() => timetableDateGroups(list.data), [list.data]);

  return (
    <div className={styles.screen}>
      <div className={styles.filters}>
        <CycleSelect value={state.cycle} onChange={onCycle} />
        {/* Keyed by the applied text, so Back and Forward show the text they restore. */}
        <search aria-label={m.exam_filters()}>
          <SearchForm
            key={state.course}
            label={m.exam_course_search()}
            placeholder={m.exam_course_search_hint()}
            applied={state.course}
            onApply={(course) => navigate({ ...state, course, page: 1 })}
          />
        </search>
      </div>
      <PagedTable
        query={list}
        rows={(data) => data.timetable}
        state={state}
        navigate={navigate}
        pageSizes={GRID_PAGE_SIZES}
        pagerLabels={pagerLabels(m.seat_pager_nav())}
        errorView={<QueryError error={list.error} onRetry={() => void list.refetch()} />}
        caption={caption}
        columns={columns}
        getRowId={(r) => r.id}
        emptyText={m.seat_no_record()}
        loadingLabel={m.seat_loading()}
        features={EXAM_DATE_GROUP_FEATURES}
        groupByDate={groups}
      />
    </div>
  );
}
