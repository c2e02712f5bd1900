import { type ExamTimetableRow, examTimetableQueryOptions } from "@portal/api-client";
import { pageSizeCount, TIMETABLE_PAGE_SIZES } from "@portal/domain";
import type { DataTableColumn } from "@portal/ui";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { m } from "../../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../../shell/IslandRoot.tsx";
import { cycleFilter, useExamCycleUrlState, withExamCycle } from "../../kit/exam-cycle.ts";
import { EXAM_DATE_GROUP_FEATURES, timetableDateGroups } from "../../kit/exam-date-groups.ts";
import { pagerLabels } from "../../kit/pager-labels.ts";
import { QueryError } from "../../kit/QueryError.tsx";
import { PagedTable } from "../../PagedTable.tsx";
import * as styles from "./exams.css.ts";
import { parseTimetableState, serializeTimetableState, type TimetableState } from "./grid-state.ts";
import {
  EditActionsCell,
  EditableCell,
  TimetableEditorProvider,
  useInlineTimetableEditor,
} from "./TimetableEditor.tsx";
import { TimetableFilters } from "./TimetableFilters.tsx";

export type ExamTimetableProps = ScreenIslandProps;

/** The exam timetable island (/app/exam/examTimetable), inside its IslandRoot. */
export default function ExamTimetable({ search, ...root }: ExamTimetableProps) {
  return (
    <IslandRoot {...root}>
      <ExamTimetableScreen search={search} />
    </IslandRoot>
  );
}

/**
 * The timetable's first query, run on the server by its page: the cycles and the address's page of
 * the cycle shown (the address's, else the default one: exam-cycle.ts).
 */
export const examTimetableFirstQuery: FirstQuery = async (context) => {
  const state = parseTimetableState(context.search);
  await withExamCycle(context, state.cycle, (examCycleId) =>
    context.fetch(examTimetableQueryOptions(context.api, toTimetableQuery({ ...state, cycle: examCycleId }))),
  );
};

/** The query of GET /salesforce/TimeTable for a list state. */
export function toTimetableQuery(state: TimetableState) {
  return {
    examCycleId: cycleFilter(state.cycle),
    course: state.course,
    pageNo: state.page,
    count: pageSizeCount(state.pageSize),
  };
}

/**
 * The timetable columns (spec §3 exam timetable row). Made once per screen (headers in the page's
 * language): cells stay the same components while a row is edited, its state comes through context.
 */
export function timetableColumns(): DataTableColumn<ExamTimetableRow>[] {
  return [
    { id: "course", header: m.exam_col_course(), cell: (r) => r.course, rowHeader: true },
    { id: "section", header: m.exam_col_section(), cell: (r) => r.section },
    { id: "batch", header: m.exam_col_batch(), cell: (r) => r.batch },
    { id: "date", header: m.exam_col_date(), cell: (r) => <EditableCell row={r} field="dateOfExam" /> },
    {
      id: "startTime",
      header: m.exam_col_start_time(),
      cell: (r) => <EditableCell row={r} field="timeOfExam" />,
    },
    { id: "duration", header: m.exam_col_duration(), cell: (r) => <EditableCell row={r} field="duration" /> },
    {
      id: "examType",
      header: m.exam_col_exam_type(),
      cell: (r) => <EditableCell row={r} field="examType" />,
    },
    { id: "timeZone", header: m.exam_col_time_zone(), cell: (r) => r.examTimeZone },
    {
      id: "ratio",
      header: m.exam_col_ratio(),
      cell: (r) => <EditableCell row={r} field="studentFacultyRatio" />,
    },
    { id: "venue", header: m.exam_col_venue(), cell: (r) => <EditableCell row={r} field="venue" /> },
    { id: "edit", header: m.exam_col_edit(), cell: (r) => <EditActionsCell row={r} /> },
  ];
}

/**
 * The exam timetable (spec §2 /app/exam/examTimetable, §3, §4, §7, §9): exam cycle and course
 * filters, a server-paged table (10, 25, 50 or 100 a page, default 10) with course, section, batch,
 * date (DD-MM-YYYY), start time (24-hour, Asia/Kolkata), duration in minutes, exam type, time zone,
 * student faculty ratio, venue and edit. The rows sit under a header per exam date (its stored
 * date: a row being edited stays in its group until saved), repeated with "(continued)" at the top
 * of a page whose first date began on the page before. Rows edit inline (see
 * useInlineTimetableEditor). Filters and page live in the address, so a reload shows the same page.
 */
export function ExamTimetableScreen({ search }: { search: string }) {
  const api = useApi();
  const [state, navigateTo] = useExamCycleUrlState(search, parseTimetableState, serializeTimetableState);
  const columns = useMemo(timetableColumns, []);
  const editor = useInlineTimetableEditor();
  const { cancel } = editor;
  // Another page or filter drops an unsaved edit (its row may not be shown any more).
  const navigate = useCallback(
    (next: TimetableState) => {
      cancel();
      navigateTo(next);
    },
    [cancel, navigateTo],
  );
  const list = useQuery({
    ...examTimetableQueryOptions(api, toTimetableQuery(state)),
    placeholderData: keepPreviousData,
    enabled: state.cycle !== "",
  });
  const groups = useMemo(() => timetableDateGroups(list.data), [list.data]);

  return (
    <div className={styles.screen}>
      <TimetableFilters state={state} onChange={navigate} />
      <TimetableEditorProvider value={editor}>
        <PagedTable
          query={list}
          rows={(data) => data.timetable}
          state={state}
          navigate={navigate}
          pageSizes={TIMETABLE_PAGE_SIZES}
          pagerLabels={pagerLabels(m.exam_pager_nav())}
          errorView={<QueryError error={list.error} onRetry={() => void list.refetch()} />}
          caption={m.exam_timetable_table()}
          columns={columns}
          getRowId={(r) => r.id}
          emptyText={m.exam_no_data()}
          loadingLabel={m.exam_loading()}
          features={EXAM_DATE_GROUP_FEATURES}
          groupByDate={groups}
        />
      </TimetableEditorProvider>
    </div>
  );
}
