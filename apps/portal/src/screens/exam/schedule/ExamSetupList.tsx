import { type ExamTimetableRow, examTimetableQueryOptions } from "@portal/api-client";
import { TIMETABLE_PAGE_SIZES } from "@portal/domain";
import type { DataTableColumn } from "@portal/ui";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { m } from "../../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../../shell/IslandRoot.tsx";
import { displayDate } from "../../kit/display-date.ts";
import { useExamCycleUrlState } from "../../kit/exam-cycle.ts";
import { EXAM_DATE_GROUP_FEATURES, timetableDateGroups } from "../../kit/exam-date-groups.ts";
import { pagerLabels } from "../../kit/pager-labels.ts";
import { QueryError } from "../../kit/QueryError.tsx";
import { PagedTable } from "../../PagedTable.tsx";
import { examTimetableFirstQuery, toTimetableQuery } from "./ExamTimetable.tsx";
import * as styles from "./exams.css.ts";
import { parseTimetableState, serializeTimetableState } from "./grid-state.ts";
import { examTypeLabel, timeWithDuration } from "./labels.ts";
import { examLinks } from "./routes.ts";
import { TimetableFilters } from "./TimetableFilters.tsx";

export type ExamSetupListProps = ScreenIslandProps;

/** The Exam Setup island (/app/exams/ExamSetup, `?cycle=&course=&page=&pageSize=`), inside its IslandRoot. */
export default function ExamSetupList({ search, ...root }: ExamSetupListProps) {
  return (
    <IslandRoot {...root}>
      <ExamSetupListScreen search={search} />
    </IslandRoot>
  );
}

/**
 * The Exam Setup list's first query, run on the server by its page: the same calls as the exam
 * timetable's (the address's page of GET /salesforce/TimeTable and the cycles of its filters).
 */
export const examSetupListFirstQuery: FirstQuery = examTimetableFirstQuery;

function setupColumns(): DataTableColumn<ExamTimetableRow>[] {
  return [
    { id: "course", header: m.exam_col_course(), cell: (r) => r.course, rowHeader: true },
    { id: "courseCode", header: m.exam_col_course_code(), cell: (r) => r.courseCode },
    { id: "section", header: m.exam_col_section(), cell: (r) => r.section },
    { id: "batch", header: m.exam_col_batch(), cell: (r) => r.batch },
    { id: "term", header: m.exam_col_term(), cell: (r) => r.term },
    { id: "examCycle", header: m.exam_col_exam_cycle(), cell: (r) => r.examCycle },
    { id: "date", header: m.exam_col_date(), cell: (r) => displayDate(r.dateOfExam) },
    { id: "time", header: m.exam_col_time(), cell: (r) => timeWithDuration(r.startTimeOfExam, r.duration) },
    { id: "examType", header: m.exam_col_exam_type(), cell: (r) => examTypeLabel(r.examType) },
    {
      id: "seated",
      header: m.exam_col_seated_students(),
      cell: (r) => m.exam_pair({ first: r.seated, second: r.students }),
    },
    {
      id: "invigilators",
      header: m.exam_card_invigilators(),
      cell: (r) => m.exam_pair({ first: r.invigilatorsAssigned, second: r.invigilatorsNeeded }),
    },
    {
      id: "details",
      header: m.exam_col_details(),
      cell: (r) => (
        <a
          className={styles.link}
          href={examLinks.details(r.id)}
          aria-label={m.exam_details_link_label({ course: r.course, section: r.section, batch: r.batch })}
        >
          {m.exam_details_link()}
        </a>
      ),
    },
  ];
}

/**
 * The Exam Setup list (spec §2 /app/exams/ExamSetup, breadcrumb Exam > Exam Setup): the exam
 * timetable's exams (GET /salesforce/TimeTable, same filters and paging as the timetable) with how
 * far their seating and invigilation are (seated / students, invigilators assigned / needed), each
 * with a link to its "Exam timetable and seating plan details" page. The rows sit under a header per
 * exam date, repeated with "(continued)" at the top of a page whose first date began on the page before.
 */
export function ExamSetupListScreen({ search }: { search: string }) {
  const api = useApi();
  const [state, navigate] = useExamCycleUrlState(search, parseTimetableState, serializeTimetableState);
  const columns = useMemo(setupColumns, []);
  const list = useQuery({
    ...examTimetableQueryOptions(api, toTimetableQuery(state)),
    placeholderData: keepPreviousData,
    enabled: state.cycle !== "",
  });
  const groups = useMemo(() => timetableDateGroups(list.data), [list.data]);

  return (
    <div className={styles.screen}>
      <TimetableFilters state={state} onChange={navigate} />
      <PagedTable
        query={list}
        rows={(data) => data.timetable}
        state={state}
        navigate={navigate}
        pageSizes={TIMETABLE_PAGE_SIZES}
        pagerLabels={pagerLabels(m.exam_pager_nav())}
        errorView={<QueryError error={list.error} onRetry={() => void list.refetch()} />}
        caption={m.exam_setup_table()}
        columns={columns}
        getRowId={(r) => r.id}
        emptyText={m.exam_no_data()}
        loadingLabel={m.exam_loading()}
        features={EXAM_DATE_GROUP_FEATURES}
        groupByDate={groups}
      />
    </div>
  );
}
