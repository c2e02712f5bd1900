import { facultyProctoringQueryOptions, type InvigilationNotification } from "@portal/api-client";
import { GRID_PAGE_SIZES, pageSizeCount } from "@portal/domain";
import { DataTable, type DataTableColumn, Loader } from "@portal/ui";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type ReactNode, useCallback, useMemo } from "react";
import { m } from "../../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../../shell/IslandRoot.tsx";
import { CycleSelect } from "../../kit/CycleSelect.tsx";
import { displayDate } from "../../kit/display-date.ts";
import { useExamCycleUrlState, withExamCycle } from "../../kit/exam-cycle.ts";
import { EXAM_DATE_GROUP_FEATURES, examDateGroups } from "../../kit/exam-date-groups.ts";
import { pagerLabels } from "../../kit/pager-labels.ts";
import { QueryError } from "../../kit/QueryError.tsx";
import { ListPager, useLastPageWhenShrunk } from "../../PagedTable.tsx";
import { parseCycleListState, serializeCycleListState, timeWithDuration } from "./common.tsx";
import * as styles from "./seating.css.ts";

/** The island's props; `search` is `?cycle=&page=&pageSize=` (the page counts faculty members). */
export type FacultyProctoringProps = ScreenIslandProps;

/** The faculty proctoring island (/app/exam/faculty-Proctoring), inside its IslandRoot. */
export default function FacultyProctoring({ search, ...root }: FacultyProctoringProps) {
  return (
    <IslandRoot {...root}>
      <FacultyProctoringScreen search={search} />
    </IslandRoot>
  );
}

/**
 * The faculty proctoring page's first query, run on the server by its page: the cycles and the
 * address's page of faculty members of the cycle shown (the address's, else the default one).
 */
export const facultyProctoringFirstQuery: FirstQuery = async (context) => {
  const { cycle, page, pageSize } = parseCycleListState(context.search);
  await withExamCycle(context, cycle, (examCycle) =>
    context.fetch(
      facultyProctoringQueryOptions(context.api, { examCycle, pageNo: page, count: pageSizeCount(pageSize) }),
    ),
  );
};

function dutyColumns(): DataTableColumn<InvigilationNotification>[] {
  return [
    {
      id: "exam",
      header: m.invig_col_exam(),
      cell: (r) => `${r.courseName} (${r.section})`,
      rowHeader: true,
    },
    { id: "room", header: m.seat_col_room(), cell: (r) => r.roomNo },
    { id: "date", header: m.seat_col_date(), cell: (r) => displayDate(r.dateOfExam) },
    { id: "time", header: m.seat_col_time(), cell: (r) => timeWithDuration(r.startTimeOfExam, r.duration) },
  ];
}

/** A duty's exam date (YYYY-MM-DD, its date at the exam's campus). */
const dutyDate = (duty: InvigilationNotification) => duty.dateOfExam;

/**
 * The invigilation duties of an exam cycle grouped per faculty member (name and email, then each
 * duty's exam, room, date DD-MM-YYYY and time, Asia/Kolkata), read-only. GET
 * /sf/exam/facultyProctoring pages over the faculty members on the server (by name; 10, 25, 50
 * members a page) and gives each member all of their duties in the cycle, so a member is never
 * split across pages. A member's duties come by date and sit under a header per exam date, grouped
 * in the browser (all of a member's duties are on the page, so no group continues from another).
 */
export function FacultyProctoringScreen({ search }: { search: string }) {
  const api = useApi();
  const [state, navigate] = useExamCycleUrlState(search, parseCycleListState, serializeCycleListState);
  const list = useQuery({
    ...facultyProctoringQueryOptions(api, {
      examCycle: state.cycle,
      pageNo: state.page,
      count: pageSizeCount(state.pageSize),
    }),
    enabled: state.cycle !== "",
    placeholderData: keepPreviousData,
  });
  useLastPageWhenShrunk(list, state, navigate);
  const onCycle = useCallback((cycle: string) => navigate({ ...state, cycle, page: 1 }), [navigate, state]);
  const columns = useMemo(dutyColumns, []);
  const groups = list.data?.faculty ?? [];

  let body: ReactNode;
  if (list.isError && !list.data) {
    body = <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  } else if (state.cycle === "" || list.isPending || (list.isFetching && list.isPlaceholderData)) {
    body = <Loader label={m.seat_loading()} variant="block" />;
  } else if (groups.length === 0) {
    body = (
      <p className={styles.muted} role="status">
        {m.seat_no_record()}
      </p>
    );
  } else {
    body = groups.map((group) => (
      <section
        key={group.facultyId}
        className={styles.section}
        aria-labelledby={`faculty-${group.facultyId}`}
      >
        <h2 id={`faculty-${group.facultyId}`} className={styles.sectionTitle}>
          {group.facultyName}
        </h2>
        <p className={styles.muted}>{group.facEmail}</p>
        <DataTable
          caption={group.facultyName}
          captionHidden
          columns={columns}
          data={group.duties}
          getRowId={(r) => r.id}
          emptyText={m.seat_no_record()}
          features={EXAM_DATE_GROUP_FEATURES}
          groupByDate={examDateGroups(group.duties, dutyDate, "asc")}
        />
      </section>
    ));
  }

  return (
    <div className={styles.screen}>
      <div className={styles.filters}>
        <CycleSelect value={state.cycle} onChange={onCycle} />
      </div>
      {body}
      <ListPager
        query={list}
        state={state}
        navigate={navigate}
        pageSizes={GRID_PAGE_SIZES}
        labels={pagerLabels(m.seat_pager_nav())}
      />
    </div>
  );
}
