import { type RequestListRow, type RequestListType, requestListQueryOptions } from "@portal/api-client";
import { LIST_PAGE_SIZES, REQUEST_LIST_SORT_COLUMNS } from "@portal/domain";
import { Button, type DataTableColumn, dataTableServerSorting } from "@portal/ui";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { lazyDialog } from "../../shell/lazy-dialog.tsx";
import { evaluationPagerLabels } from "../exam/evaluation/labels.ts";
import { displayDate } from "../kit/display-date.ts";
import { formatNumber } from "../kit/format.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { useUrlSort } from "../kit/use-url-sort.ts";
import { useUrlState } from "../kit/use-url-state.ts";
import { PagedTable } from "../PagedTable.tsx";
import * as styles from "../screen.css.ts";
import { decisionText } from "./labels.ts";
import { parseRequestListState, serializeRequestListState, toRequestListPage } from "./list-state.ts";
import { revaluationLinks } from "./routes.ts";

/** The Create Retest Exam dialog (TanStack Form, the domain's zod schema) loads when first opened. */
const CreateRetestDialog = lazyDialog(() =>
  import("./CreateRetestDialog.tsx").then((x) => x.CreateRetestDialog),
);

/** Which list and where its View / Edit links lead. */
export type RequestListKind = "revaluation" | "retest" | "requestsRevaluation" | "requestsRetest";

const TYPE: Record<RequestListKind, RequestListType> = {
  revaluation: "Revaluation",
  retest: "Retest",
  requestsRevaluation: "Revaluation",
  requestsRetest: "Retest",
};

export type RequestListProps = ScreenIslandProps & { kind: RequestListKind };

/** The Revaluation list or Retest list island (`?page=&pageSize=&sort=&direction=`). */
export default function RequestList({ search, kind, ...root }: RequestListProps) {
  return (
    <IslandRoot {...root}>
      <RequestListScreen search={search} kind={kind} />
    </IslandRoot>
  );
}

/** First query of a list, run on the server: the address's page of RetestRevaluationDetails. */
export function requestListFirstQuery(kind: RequestListKind): FirstQuery {
  return async ({ api, search, fetch }) => {
    const state = parseRequestListState(search);
    await fetch(requestListQueryOptions(api, { type: TYPE[kind], ...toRequestListPage(state) }));
  };
}

function viewHref(kind: RequestListKind, id: string): string {
  if (kind === "retest") return revaluationLinks.retestStudents(id);
  if (kind === "requestsRevaluation") return revaluationLinks.requestsRevaluationView(id);
  if (kind === "requestsRetest") return revaluationLinks.requestsRetestView(id);
  return revaluationLinks.revaluationStudents(id);
}

/** The headers sort on the server: the table keeps the sort's state, not sorted rows. */
const TABLE_FEATURES = [dataTableServerSorting];

/** The list's columns (spec §2: programs, term, course, batch, action View / Edit; §3 row fields). */
function listColumns(kind: RequestListKind): DataTableColumn<RequestListRow>[] {
  const columns: DataTableColumn<RequestListRow>[] = [
    { id: "program", header: m.reval_col_programs(), cell: (r) => r.program, sortable: true },
    { id: "term", header: m.reval_col_term(), cell: (r) => r.termName, sortable: true },
    {
      id: "course",
      header: m.reval_col_course(),
      cell: (r) => m.reval_course_section({ course: r.courseName, section: r.section }),
      rowHeader: true,
      sortable: true,
    },
    { id: "batch", header: m.reval_col_batch(), cell: (r) => r.batch, sortable: true },
    { id: "examType", header: m.reval_col_exam_type(), cell: (r) => r.examType, sortable: true },
    {
      id: "examDate",
      header: m.reval_col_exam_date(),
      cell: (r) => displayDate(r.examDate),
      sortable: true,
    },
    { id: "examCycle", header: m.reval_col_exam_cycle(), cell: (r) => r.examCycle, sortable: true },
    {
      id: "requests",
      header: m.reval_col_requests(),
      align: "end",
      cell: (r) => formatNumber(r.requests),
      sortable: true,
    },
    {
      id: "pending",
      header: m.reval_col_open(),
      align: "end",
      cell: (r) => formatNumber(r.pending),
      sortable: true,
    },
    { id: "status", header: m.reval_col_status(), cell: (r) => decisionText(r.status), sortable: true },
  ];
  if (TYPE[kind] === "Revaluation") {
    columns.push(
      {
        id: "due",
        header: m.reval_col_due(),
        cell: (r) => (r.revalDueDate ? displayDate(r.revalDueDate) : m.ev_na()),
        sortable: true,
      },
      {
        id: "documents",
        header: m.reval_col_documents(),
        cell: (r) =>
          m.reval_documents_cell({
            status: decisionText(r.documentStatus),
            count: formatNumber(r.numberofDocuments),
            requests: formatNumber(r.requests),
          }),
        sortable: true,
      },
    );
  }
  columns.push({
    id: "action",
    header: m.reval_col_action(),
    cell: (r) => (
      <a
        className={styles.link}
        href={viewHref(kind, r.id)}
        aria-label={m.reval_view_edit_of({ course: r.courseName, section: r.section })}
      >
        {m.reval_view_edit()}
      </a>
    ),
  });
  return columns;
}

/**
 * The Revaluation list or the Retest list (spec §2, §3 list row, §9 paging 25, 50, 100): one row per
 * exam with requests (program, term, course and section, batch, exam type, date and cycle, requests,
 * open requests, status; for revaluations the earliest due date and the answer sheets on file), paged
 * on the server, View / Edit to the exam's student list. The Retest list has the Retest Exam button
 * that opens the Create Retest Exam dialog. The data columns' headers sort on the server
 * (REQUEST_LIST_SORT_COLUMNS); page and sort are kept in the address.
 */
export function RequestListScreen({ search, kind }: { search: string; kind: RequestListKind }) {
  const api = useApi();
  const [state, navigate] = useUrlState(search, parseRequestListState, serializeRequestListState);
  const [creating, setCreating] = useState(false);
  const query = useQuery({
    ...requestListQueryOptions(api, { type: TYPE[kind], ...toRequestListPage(state) }),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(() => listColumns(kind), [kind]);
  const { sorting, onSortingChange } = useUrlSort(REQUEST_LIST_SORT_COLUMNS, state, navigate);
  return (
    <div className={styles.screen}>
      {kind === "retest" ? (
        <div className={styles.toolbar}>
          <h2 className={styles.sectionTitle}>{m.reval_retest_requests()}</h2>
          <Button variant="primary" onClick={() => setCreating(true)}>
            {m.reval_retest_exam()}
          </Button>
        </div>
      ) : null}
      <PagedTable
        query={query}
        rows={(data) => data.rows}
        state={state}
        navigate={navigate}
        pageSizes={LIST_PAGE_SIZES}
        pagerLabels={evaluationPagerLabels()}
        caption={TYPE[kind] === "Retest" ? m.reval_retest_table() : m.reval_revaluation_table()}
        columns={columns}
        getRowId={(r) => r.id}
        emptyText={m.ev_no_record()}
        loadingLabel={m.ev_loading()}
        errorView={<QueryError error={query.error} onRetry={() => void query.refetch()} />}
        features={TABLE_FEATURES}
        sorting={sorting}
        onSortingChange={onSortingChange}
        manualSorting
      />
      {creating ? <CreateRetestDialog onClose={() => setCreating(false)} /> : null}
    </div>
  );
}
