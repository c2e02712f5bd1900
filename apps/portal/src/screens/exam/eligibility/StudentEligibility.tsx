import { type StudentRiskExam, studentRiskDataQueryOptions } from "@portal/api-client";
import { GRID_PAGE_SIZES, pageSizeCount } from "@portal/domain";
import { type DataTableColumn, StatTile, StatTileGroup } from "@portal/ui";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { m } from "../../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../../shell/IslandRoot.tsx";
import { CycleSelect } from "../../kit/CycleSelect.tsx";
import { displayDate } from "../../kit/display-date.ts";
import { cycleFilter, useExamCycleUrlState, withExamCycle } from "../../kit/exam-cycle.ts";
import { formatNumber } from "../../kit/format.ts";
import { QueryError } from "../../kit/QueryError.tsx";
import { PagedTable } from "../../PagedTable.tsx";
import { SearchForm } from "../../SearchForm.tsx";
import * as styles from "../evaluation/evaluation.css.ts";
import { evaluationPagerLabels } from "../evaluation/labels.ts";
import { eligibilityText, progressText } from "./labels.ts";
import { studentStatusLink } from "./routes.ts";
import { type OverviewState, parseOverviewState, serializeOverviewState } from "./state.ts";

/** The island's props; `search` is `?cycle=&search=&page=&pageSize=`. */
export type StudentEligibilityProps = ScreenIslandProps;

/** The student eligibility overview island (/app/exam/studentEligibility), inside its IslandRoot. */
export default function StudentEligibility({ search, ...root }: StudentEligibilityProps) {
  return (
    <IslandRoot {...root}>
      <StudentEligibilityScreen search={search} />
    </IslandRoot>
  );
}

/**
 * The student eligibility page's first query, run on the server by its page: the address's page of
 * exams with their eligibility counts and the cycles of the cycle filter.
 */
export const studentEligibilityFirstQuery: FirstQuery = async (context) => {
  const state = parseOverviewState(context.search);
  await withExamCycle(context, state.cycle, (examCycleId) =>
    context.fetch(
      studentRiskDataQueryOptions(context.api, riskDataRequest({ ...state, cycle: examCycleId })),
    ),
  );
};

/** The StudentRiskData request of an overview state (cycle, course search, page). */
function riskDataRequest(state: OverviewState) {
  return {
    examCycleId: cycleFilter(state.cycle),
    search: state.search,
    pageNo: state.page,
    count: pageSizeCount(state.pageSize),
  };
}

function overviewColumns(): DataTableColumn<StudentRiskExam>[] {
  return [
    {
      id: "course",
      header: m.ev_col_course(),
      cell: (e) => `${e.courseName} (${e.courseCode})`,
      rowHeader: true,
    },
    { id: "section", header: m.ev_col_section(), cell: (e) => e.section },
    { id: "batch", header: m.ev_col_batch(), cell: (e) => e.batch },
    { id: "date", header: m.ev_col_date_of_exam(), cell: (e) => displayDate(e.dateOfExam) },
    { id: "status", header: m.elig_col_status(), cell: (e) => progressText(e.status) },
    {
      id: "students",
      header: m.elig_card_students(),
      cell: (e) => formatNumber(e.summary.students),
      align: "end",
    },
    {
      id: "eligible",
      header: eligibilityText("Eligible"),
      cell: (e) => formatNumber(e.summary.eligible),
      align: "end",
    },
    {
      id: "notEligible",
      header: eligibilityText("Not eligible"),
      cell: (e) => formatNumber(e.summary.notEligible),
      align: "end",
    },
    {
      id: "atRisk",
      header: eligibilityText("At Risk"),
      cell: (e) => formatNumber(e.summary.atRisk),
      align: "end",
    },
    {
      id: "underReview",
      header: eligibilityText("Under Review"),
      cell: (e) => formatNumber(e.summary.underReview),
      align: "end",
    },
    {
      id: "open",
      header: m.elig_col_student_status(),
      cell: (e) => (
        <a
          className={styles.link}
          href={studentStatusLink(e.examId)}
          aria-label={m.elig_open_label({ course: e.courseName, section: e.section })}
        >
          {m.elig_open()}
        </a>
      ),
    },
  ];
}

/**
 * The student eligibility overview (spec §2 /app/exam/studentEligibility; POST StudentRiskData): a
 * cycle Select (all cycles allowed) and a course search, summary cards with the totals per label
 * over the matching exams, and one server page of exams (10, 25, 50) with their counts per label
 * and a link to each exam's student status.
 */
export function StudentEligibilityScreen({ search }: { search: string }) {
  const api = useApi();
  const [state, navigate] = useExamCycleUrlState(search, parseOverviewState, serializeOverviewState);
  const columns = useMemo(overviewColumns, []);
  const query = useQuery({
    ...studentRiskDataQueryOptions(api, riskDataRequest(state)),
    placeholderData: keepPreviousData,
    enabled: state.cycle !== "",
  });
  const totals = query.data?.totals;
  return (
    <div className={styles.screen}>
      <search aria-label={m.ev_filters()} className={styles.filters}>
        <CycleSelect
          allowAll
          value={state.cycle}
          onChange={(cycle) => navigate({ ...state, cycle, page: 1 })}
        />
        <SearchForm
          label={m.elig_course_search()}
          key={state.search}
          applied={state.search}
          onApply={(text) => navigate({ ...state, search: text, page: 1 })}
        />
      </search>
      {totals ? (
        <StatTileGroup>
          <StatTile label={m.elig_card_exams()} value={formatNumber(query.data?.noOfRecords ?? 0)} />
          <StatTile label={m.elig_card_students()} value={formatNumber(totals.students)} />
          <StatTile label={eligibilityText("Eligible")} value={formatNumber(totals.eligible)} />
          <StatTile label={eligibilityText("Not eligible")} value={formatNumber(totals.notEligible)} />
          <StatTile label={eligibilityText("At Risk")} value={formatNumber(totals.atRisk)} />
          <StatTile label={eligibilityText("Under Review")} value={formatNumber(totals.underReview)} />
        </StatTileGroup>
      ) : null}
      <PagedTable
        query={query}
        rows={(data) => data.exams}
        state={state}
        navigate={navigate}
        pageSizes={GRID_PAGE_SIZES}
        pagerLabels={evaluationPagerLabels()}
        errorView={<QueryError error={query.error} onRetry={() => void query.refetch()} />}
        caption={m.elig_overview_table()}
        columns={columns}
        getRowId={(e) => e.examId}
        emptyText={m.ev_no_data()}
        loadingLabel={m.ev_loading()}
      />
    </div>
  );
}
