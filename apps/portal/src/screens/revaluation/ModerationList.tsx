import { type GradingCourse, gradingCoursesQueryOptions } from "@portal/api-client";
import { LIST_PAGE_SIZES } from "@portal/domain";
import type { DataTableColumn } from "@portal/ui";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { evaluationPagerLabels } from "../exam/evaluation/labels.ts";
import { formatNumber } from "../kit/format.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { useUrlState } from "../kit/use-url-state.ts";
import { PagedTable } from "../PagedTable.tsx";
import { SearchForm } from "../SearchForm.tsx";
import * as styles from "../screen.css.ts";
import { parseRequestListState, type RequestListState, serializeRequestListState } from "./list-state.ts";
import { revaluationLinks } from "./routes.ts";

/** The moderation list's state: the page and the course searched for (`?course=`, name or code); no sort. */
type ModerationListState = Omit<RequestListState, "sort"> & { course: string };

/** Reads `?course=&page=&pageSize=`. */
export function parseModerationListState(search: string): ModerationListState {
  const course = (new URLSearchParams(search).get("course") ?? "").trim().slice(0, 200);
  const { page, pageSize } = parseRequestListState(search);
  return { page, pageSize, course };
}

/** Writes the state as a query, leaving out defaults. */
export function serializeModerationListState(state: ModerationListState): string {
  const query = new URLSearchParams(serializeRequestListState({ ...state, sort: null }).replace(/^\?/, ""));
  if (state.course) query.set("course", state.course);
  const text = query.toString();
  return text === "" ? "" : `?${text}`;
}

/** The moderation list island (/app/exam/moderation?page=&pageSize=). */
export default function ModerationList({ search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <ModerationListScreen search={search} />
    </IslandRoot>
  );
}

/** First query, run on the server: the address's page of course offerings (GradingCourseDetails). */
export const moderationListFirstQuery: FirstQuery = async ({ api, search, fetch }) => {
  const state = parseModerationListState(search);
  await fetch(
    gradingCoursesQueryOptions(api, { course: state.course, pageNo: state.page, count: state.pageSize }),
  );
};

function columns(): DataTableColumn<GradingCourse>[] {
  return [
    { id: "program", header: m.reval_col_programs(), cell: (c) => c.programme },
    { id: "term", header: m.reval_col_term(), cell: (c) => c.term },
    {
      id: "course",
      header: m.reval_col_course(),
      rowHeader: true,
      cell: (c) => m.reval_course_section({ course: `${c.courseCode} ${c.courseName}`, section: c.section }),
    },
    { id: "batch", header: m.reval_col_batch(), cell: (c) => c.batch },
    { id: "students", header: m.reval_col_students(), align: "end", cell: (c) => formatNumber(c.students) },
    { id: "status", header: m.reval_col_status(), cell: (c) => c.status },
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
 * or code, paged 25, 50, 100 on the server, each with Moderate to its moderation details.
 */
export function ModerationListScreen({ search }: { search: string }) {
  const api = useApi();
  const [state, navigate] = useUrlState(search, parseModerationListState, serializeModerationListState);
  const query = useQuery({
    ...gradingCoursesQueryOptions(api, { course: state.course, pageNo: state.page, count: state.pageSize }),
    placeholderData: keepPreviousData,
  });
  const cols = useMemo(columns, []);
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
      />
    </div>
  );
}
