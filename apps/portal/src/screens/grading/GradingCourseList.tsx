import {
  type GradingCourse,
  type GradingCoursesRequest,
  gradingCoursesQueryOptions,
} from "@portal/api-client";
import {
  DEFAULT_GRID_PAGE_SIZE,
  GRADING_COURSE_SORT_COLUMNS,
  GRID_PAGE_SIZES,
  type GradingCourseSortColumn,
  type GridPageSize,
  pageSizeCount,
  parsePageSize,
  type SortDirection,
} from "@portal/domain";
import { Button, type DataTableColumn, dataTableServerSorting, Select, TextField } from "@portal/ui";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { formatNumber } from "../kit/format.ts";
import { pagerLabels } from "../kit/pager-labels.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { useUrlSort } from "../kit/use-url-sort.ts";
import { useUrlState } from "../kit/use-url-state.ts";
import { PagedTable } from "../PagedTable.tsx";
import { statusLabel } from "./GradingPage.tsx";
import * as styles from "./grading.css.ts";
import { type GradingTarget, gradingLinks, targetLink } from "./routes.ts";

const TEXT_FILTERS = ["course", "term", "batch", "examCycle", "campus"] as const;
type TextFilter = (typeof TEXT_FILTERS)[number];
const STATUSES = ["Draft", "Acknowledged", "Published"] as const;

/** A header sort of the grading list (server-side, `sortBy`/`sortDirection`); null is the list's own order. */
export type GradingListSort = { column: GradingCourseSortColumn; direction: SortDirection } | null;

/** The list's state in the address: the six filters of spec §3 (grading), page, page size and header sort. */
export type GradingListState = Record<TextFilter, string> & {
  status: "" | (typeof STATUSES)[number];
  page: number;
  pageSize: GridPageSize;
  sort: GradingListSort;
};

/**
 * Reads `?course=&status=&term=&batch=&examCycle=&campus=&page=&pageSize=&sort=&direction=` (bad
 * values: defaults; an unknown sort column is no sort, any direction but desc is asc).
 */
export function parseGradingListState(search: string): GradingListState {
  const q = new URLSearchParams(search);
  const text = (k: string) => (q.get(k) ?? "").trim().slice(0, 200);
  const status = q.get("status") ?? "";
  const column = GRADING_COURSE_SORT_COLUMNS.find((name) => name === q.get("sort"));
  return {
    course: text("course"),
    term: text("term"),
    batch: text("batch"),
    examCycle: text("examCycle"),
    campus: text("campus"),
    status: (STATUSES as readonly string[]).includes(status) ? (status as GradingListState["status"]) : "",
    page: Math.max(1, Math.trunc(Number(q.get("page") ?? "1")) || 1),
    pageSize: parsePageSize<GridPageSize>(q.get("pageSize"), GRID_PAGE_SIZES, DEFAULT_GRID_PAGE_SIZE),
    sort: column ? { column, direction: q.get("direction") === "desc" ? "desc" : "asc" } : null,
  };
}

/** Writes the state back (defaults and empty filters left out). */
export function serializeGradingListState(state: GradingListState): string {
  const q = new URLSearchParams();
  for (const k of [...TEXT_FILTERS, "status"] as const) if (state[k]) q.set(k, state[k]);
  if (state.page !== 1) q.set("page", String(state.page));
  if (state.pageSize !== 10) q.set("pageSize", String(state.pageSize));
  if (state.sort) {
    q.set("sort", state.sort.column);
    if (state.sort.direction === "desc") q.set("direction", "desc");
  }
  const text = q.toString();
  return text === "" ? "" : `?${text}`;
}

/** The GradingCourseDetails body of a state: filters, page and (only when a header sorts it) the sort. */
export function toGradingCoursesRequest(state: GradingListState): GradingCoursesRequest {
  return {
    course: state.course,
    term: state.term,
    batch: state.batch,
    examCycle: state.examCycle,
    campus: state.campus,
    status: state.status,
    pageNo: state.page,
    count: pageSizeCount(state.pageSize),
    ...(state.sort ? { sortBy: state.sort.column, sortDirection: state.sort.direction } : {}),
  };
}

/** The first query of the grading list, run on the server: the address's page of GradingCourseDetails. */
export const gradingListFirstQuery: FirstQuery = async ({ api, search, fetch }) => {
  await fetch(gradingCoursesQueryOptions(api, toGradingCoursesRequest(parseGradingListState(search))));
};

export type GradingCourseListProps = ScreenIslandProps & {
  /** Where a row leads: the grading page (default), the setting page, the setup page or the view. */
  target?: GradingTarget;
};

/** The grading list island, inside its IslandRoot. */
export default function GradingCourseList({ target = "grading", search, ...root }: GradingCourseListProps) {
  return (
    <IslandRoot {...root}>
      <GradingCourseListScreen target={target} search={search} />
    </IslandRoot>
  );
}

/** The headers sort on the server (GRADING_COURSE_SORT_COLUMNS): the table keeps the sort's state, not sorted rows. */
const TABLE_FEATURES = [dataTableServerSorting];

/** The columns; a column whose id is a GRADING_COURSE_SORT_COLUMNS name sorts on the server. */
function columns(target: GradingTarget): DataTableColumn<GradingCourse>[] {
  return [
    { id: "code", header: m.grading_col_course_code(), cell: (c) => c.courseCode },
    {
      id: "course",
      header: m.grading_col_course(),
      rowHeader: true,
      cell: (c) => (
        <a className={styles.link} href={targetLink(target, c.id)}>
          {c.courseName}
        </a>
      ),
      // The server sorts "course" by the name, then the section.
      sortable: true,
    },
    { id: "section", header: m.grading_col_section(), cell: (c) => c.section },
    { id: "term", header: m.grading_filter_term(), cell: (c) => c.term, sortable: true },
    { id: "batch", header: m.grading_filter_batch(), cell: (c) => c.batch, sortable: true },
    { id: "campus", header: m.grading_filter_campus(), cell: (c) => c.campus, sortable: true },
    {
      id: "students",
      header: m.grading_col_students(),
      align: "end",
      cell: (c) => formatNumber(c.students),
      sortable: true,
    },
    {
      id: "typeOfGrading",
      header: m.grading_type_label(),
      cell: (c) => (c.typeOfGrading === "Absolute" ? m.grading_type_absolute() : m.grading_type_relative()),
      sortable: true,
    },
    {
      id: "status",
      header: m.grading_status_label(),
      cell: (c) => statusLabel(c.status),
      sortable: true,
    },
    {
      id: "actions",
      header: m.grading_col_actions(),
      cell: (c) => (
        <span className={styles.actions}>
          <a
            className={styles.link}
            href={gradingLinks.setup(c.id)}
            aria-label={m.grading_setup_of({ name: `${c.courseName} ${c.section}` })}
          >
            {m.grading_setup_link()}
          </a>
          <a
            className={styles.link}
            href={gradingLinks.view(c.id)}
            aria-label={m.grading_view_of({ name: `${c.courseName} ${c.section}` })}
          >
            {m.grading_view_link()}
          </a>
        </span>
      ),
    },
  ];
}

/**
 * The course offerings to grade (spec §2 /app/exams/grading; §7 GradingCourseDetails; §3 grading
 * filters course, status, term, batch, examCycle, campus): paged on the server 10, 25 or 50 a page,
 * 'No Data' when empty; each course links to its grading page (or, with `target`, to the page the
 * entry point is about), with links to its setup and read-only view. The course, term, batch,
 * campus, students, grading type and status headers sort on the server (GRADING_COURSE_SORT_COLUMNS,
 * as the moderation list); filters, page and sort live in the address, and a new sort starts again
 * at page 1.
 */
export function GradingCourseListScreen({ target, search }: { target: GradingTarget; search: string }) {
  const api = useApi();
  const [state, navigate] = useUrlState(search, parseGradingListState, serializeGradingListState);
  const [typed, setTyped] = useState<Record<TextFilter, string>>(() => ({
    course: state.course,
    term: state.term,
    batch: state.batch,
    examCycle: state.examCycle,
    campus: state.campus,
  }));
  const list = useQuery({
    ...gradingCoursesQueryOptions(api, toGradingCoursesRequest(state)),
    placeholderData: keepPreviousData,
  });
  const cols = useMemo(() => columns(target), [target]);
  const { sorting, onSortingChange } = useUrlSort(GRADING_COURSE_SORT_COLUMNS, state, navigate);
  const label: Record<TextFilter, string> = {
    course: m.grading_filter_course(),
    term: m.grading_filter_term(),
    batch: m.grading_filter_batch(),
    examCycle: m.grading_filter_exam_cycle(),
    campus: m.grading_filter_campus(),
  };
  return (
    <div className={styles.screen}>
      <form
        className={styles.filters}
        aria-label={m.grading_filters()}
        onSubmit={(event) => {
          event.preventDefault();
          navigate({ ...state, ...typed, page: 1 });
        }}
      >
        {TEXT_FILTERS.map((k) => (
          <TextField
            key={k}
            className={styles.filterField}
            label={label[k]}
            name={k}
            value={typed[k]}
            onChange={(v) => setTyped((t) => ({ ...t, [k]: v }))}
            maxLength={200}
          />
        ))}
        <Select
          className={styles.filterField}
          label={m.grading_status_label()}
          placeholder={m.grading_status_all()}
          options={STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
          value={state.status}
          onChange={(v) => navigate({ ...state, ...typed, status: v as GradingListState["status"], page: 1 })}
        />
        <Button type="submit">{m.grading_search()}</Button>
      </form>
      <PagedTable
        query={list}
        rows={(data) => data.courses}
        state={state}
        navigate={navigate}
        pageSizes={GRID_PAGE_SIZES}
        pagerLabels={pagerLabels(m.exam_pager_nav())}
        errorView={<QueryError error={list.error} onRetry={() => void list.refetch()} />}
        caption={m.grading_courses_table()}
        columns={cols}
        getRowId={(c) => c.id}
        emptyText={m.grading_no_data()}
        loadingLabel={m.grading_loading()}
        features={TABLE_FEATURES}
        sorting={sorting}
        onSortingChange={onSortingChange}
        manualSorting
      />
    </div>
  );
}
