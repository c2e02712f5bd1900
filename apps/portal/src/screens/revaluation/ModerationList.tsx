import { type GradingCourse, gradingCoursesQueryOptions } from "@portal/api-client";
import {
  GRADING_COURSE_SORT_COLUMNS,
  type GradingCourseSortColumn,
  LIST_PAGE_SIZES,
  type SortDirection,
} from "@portal/domain";
import { type DataTableColumn, dataTableServerSorting } from "@portal/ui";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { evaluationPagerLabels } from "../exam/evaluation/labels.ts";
import { formatNumber } from "../kit/format.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { useUrlSort } from "../kit/use-url-sort.ts";
import { useUrlState } from "../kit/use-url-state.ts";
import { PagedTable } from "../PagedTable.tsx";
import { SearchForm } from "../SearchForm.tsx";
import * as styles from "../screen.css.ts";
import { parseRequestListState, type RequestListState, serializeRequestListState } from "./list-state.ts";
import { revaluationLinks } from "./routes.ts";

/** A header sort of the moderation list (server-side, `sortBy`/`sortDirection`); null is the list's own order. */
type ModerationListSort = { column: GradingCourseSortColumn; direction: SortDirection } | null;

/** The moderation list's state: the page, the course searched for (`?course=`, name or code) and the header sort. */
type ModerationListState = Omit<RequestListState, "sort"> & { course: string; sort: ModerationListSort };

/**
 * Reads `?course=&page=&pageSize=&sort=&direction=`: an unknown sort column is no sort, any direction
 * but desc is asc.
 */
export function parseModerationListState(search: string): ModerationListState {
  const query = new URLSearchParams(search);
  const course = (query.get("course") ?? "").trim().slice(0, 200);
  const { page, pageSize } = parseRequestListState(search);
  const column = GRADING_COURSE_SORT_COLUMNS.find((name) => name === query.get("sort"));
  const sort: ModerationListSort = column
    ? { column, direction: query.get("direction") === "desc" ? "desc" : "asc" }
    : null;
  return { page, pageSize, course, sort };
}

/** Writes the state as a query, leaving out defaults. */
export function serializeModerationListState(state: ModerationListState): string {
  const query = new URLSearchParams(serializeRequestListState({ ...state, sort: null }).replace(/^\?/, ""));
  if (state.course) query.set("course", state.course);
  if (state.sort) {
    query.set("sort", state.sort.column);
    if (state.sort.direction === "desc") query.set("direction", "desc");
  }
  const text = query.toString();
  return text === "" ? "" : `?${text}`;
}

/** The list call for a state: search, page and (only when a header sorts it) the sort. */
function moderationListRequest(state: ModerationListState) {
  return {
    course: state.course,
    pageNo: state.page,
    count: state.pageSize,
    ...(state.sort ? { sortBy: state.sort.column, sortDirection: state.sort.direction } : {}),
  };
}

/** The moderation list island (/app/exam/moderation?course=&page=&pageSize=&sort=&direction=). */
export default function ModerationList({ search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <ModerationListScreen search={search} />
    </IslandRoot>
  );
}

/** First query, run on the server: the address's page of course offerings (GradingCourseDetails). */
export const moderationListFirstQuery: FirstQuery = async ({ api, search, fetch }) => {
  await fetch(gradingCoursesQueryOptions(api, moderationListRequest(parseModerationListState(search))));
};

/** The headers sort on the server: the table keeps the sort's state, not sorted rows. */
const TABLE_FEATURES = [dataTableServerSorting];

function columns(): DataTableColumn<GradingCourse>[] {
  return [
    { id: "program", header: m.reval_col_programs(), cell: (c) => c.programme, sortable: true },
    { id: "term", header: m.reval_col_term(), cell: (c) => c.term, sortable: true },
    {
      id: "course",
      header: m.reval_col_course(),
      rowHeader: true,
      cell: (c) => m.reval_course_section({ course: `${c.courseCode} ${c.courseName}`, section: c.section }),
      sortable: true,
    },
    { id: "batch", header: m.reval_col_batch(), cell: (c) => c.batch, sortable: true },
    {
      id: "students",
      header: m.reval_col_students(),
      align: "end",
      cell: (c) => formatNumber(c.students),
      sortable: true,
    },
    { id: "status", header: m.reval_col_status(), cell: (c) => c.status, sortable: true },
    {
      id: "action",
      header: m.reval_col_action(),
      cell: (c) => (
        <a
          className={styles.link}
          href={revaluationLinks.moderationDetails(c.id)}
          aria-label={m.reval_moderate_of({ course: c.courseName, section: c.section })}
        >
          {m.reval_moderate()}
        </a>
      ),
    },
  ];
}

/**
 * Moderation (spec §2 route table moderation): the course offerings (the grading list's rows:
 * program, term, course and section, batch, students, grading status), searchable by course name
 * or code, paged 25, 50, 100 on the server, each with Moderate to its moderation details. The data
 * columns' headers sort on the server (GRADING_COURSE_SORT_COLUMNS); search, page and sort
 * are kept in the address, and a new sort starts again at page 1.
 */
export function ModerationListScreen({ search }: { search: string }) {
  const api = useApi();
  const [state, navigate] = useUrlState(search, parseModerationListState, serializeModerationListState);
  const query = useQuery({
    ...gradingCoursesQueryOptions(api, moderationListRequest(state)),
    placeholderData: keepPreviousData,
  });
  const cols = useMemo(columns, []);
  const { sorting, onSortingChange } = useUrlSort(GRADING_COURSE_SORT_COLUMNS, state, navigate);
  return (
    <div className={styles.screen}>
      <search aria-label={m.reval_filters()} className={styles.filters}>
        <SearchForm
          label={m.reval_search_course()}
          key={state.course}
          applied={state.course}
          onApply={(course) => navigate({ ...state, course, page: 1 })}
        />
      </search>
      <PagedTable
        query={query}
        rows={(data) => data.courses}
        state={state}
        navigate={navigate}
        pageSizes={LIST_PAGE_SIZES}
        pagerLabels={evaluationPagerLabels()}
        caption={m.reval_moderation_table()}
        columns={cols}
        getRowId={(c) => c.id}
        emptyText={m.ev_no_record()}
        loadingLabel={m.ev_loading()}
        errorView={<QueryError error={query.error} onRetry={() => void query.refetch()} />}
        features={TABLE_FEATURES}
        sorting={sorting}
        onSortingChange={onSortingChange}
        manualSorting
      />
    </div>
  );
}
