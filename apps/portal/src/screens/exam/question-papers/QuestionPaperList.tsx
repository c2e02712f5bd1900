import {
  type QuestionPaper,
  questionPaperFiltersQueryOptions,
  questionPaperListQueryOptions,
} from "@portal/api-client";
import {
  canOfferApproval,
  canViewQuestionPaper,
  LIST_PAGE_SIZES,
  type ListPageSize,
  normalizeQuestionPaperStatus,
  QUESTION_PAPER_SORT_COLUMNS,
} from "@portal/domain";
import {
  Button,
  DataTable,
  type DataTableColumn,
  dataTableServerSorting,
  Pager,
  StatusChip,
} from "@portal/ui";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { m } from "../../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../../shell/IslandRoot.tsx";
import { lazyDialog } from "../../../shell/lazy-dialog.tsx";
import { markPureServerRender } from "../../../shell/pure-server-render.ts";
import { pagerLabels } from "../../kit/pager-labels.ts";
import { useUrlSort } from "../../kit/use-url-sort.ts";
import { displayValue, errorText, statusLabel, statusTone } from "./labels.ts";
import {
  activeFilterCount,
  pageCount,
  parseListState,
  type QuestionPaperFilters,
  type QuestionPaperListState,
  serializeListState,
  toListRequest,
} from "./list-state.ts";
import * as styles from "./question-papers.css.ts";
import { paperLinks } from "./routes.ts";
import { offersPublish, useApprovePaper, usePublishPaper } from "./use-paper-actions.ts";

/** The Filter panel and its selects load when it is first opened (docs/performance.md, lazyDialog). */
const QuestionPaperFilterPanel = lazyDialog(() =>
  import("./QuestionPaperFilterPanel.tsx").then((module) => module.QuestionPaperFilterPanel),
);
/** The table's headers sort on the server: the sort's state, not the library's sorted rows. */
const TABLE_FEATURES = [dataTableServerSorting];

/** The record-changed notice loads when an approval is first refused on a stale version. */
const ConflictNotice = lazyDialog(() =>
  import("../../ConflictNotice.tsx").then((module) => module.ConflictNotice),
);

export type QuestionPaperListProps = ScreenIslandProps;

/** The question paper list island (spec "Question paper list"), inside its IslandRoot. */
export default function QuestionPaperList({ search, ...root }: QuestionPaperListProps) {
  return (
    <IslandRoot {...root}>
      <QuestionPaperListScreen search={search} />
    </IslandRoot>
  );
}
// Its server HTML follows from its props (the first page's rows, address, language): kept per props.
markPureServerRender(QuestionPaperList);

/** The list's first query, run on the server by its page: the page of the address's filters. */
export const questionPaperListFirstQuery: FirstQuery = async ({ api, search, fetch }) => {
  await fetch(questionPaperListQueryOptions(api, toListRequest(parseListState(search))));
};

/**
 * The question paper list (spec "Question paper list", §3, §4, §9): Filter, a server-paged table
 * (25/50/100 a page, default 25) with course name, term, faculty, exam cycle, batch, status,
 * actions (View, Approve) and chat history, and the pager. The six data columns' headers sort the
 * list on the server. Filters, page and sort live in the address
 * (`?course=&status=&term=&faculty=&batch=&examCycle=&page=&pageSize=&sort=&direction=`), so
 * reloading shows the same page and the browser's Back returns to the previous one.
 */
export function QuestionPaperListScreen({ search }: { search: string }) {
  const api = useApi();
  const [state, setState] = useState<QuestionPaperListState>(() => parseListState(search));
  const [filterOpen, setFilterOpen] = useState(false);
  const panelId = useId();
  const filterButton = useRef<HTMLButtonElement>(null);
  const closeFilter = useCallback(() => {
    setFilterOpen(false);
    // The panel's buttons disappear with it: give the focus back to the Filter button.
    requestAnimationFrame(() => filterButton.current?.focus());
  }, []);

  useEffect(() => {
    const onPop = () => setState(parseListState(window.location.search));
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  const navigate = useCallback((next: QuestionPaperListState) => {
    setState(next);
    const url = `${window.location.pathname}${serializeListState(next)}`;
    if (url !== `${window.location.pathname}${window.location.search}`)
      window.history.pushState(null, "", url);
  }, []);

  const list = useQuery({
    ...questionPaperListQueryOptions(api, toListRequest(state)),
    placeholderData: keepPreviousData,
  });
  const filterOptions = useQuery({ ...questionPaperFiltersQueryOptions(api), enabled: filterOpen });
  const { approve, pendingId, conflict, reload } = useApprovePaper();
  const publication = usePublishPaper();

  const total = list.data?.noOfRecords ?? 0;
  // A page past the end (e.g. after a filter shrank the list, or a stale address) goes to the last page.
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && state.page > pageCount(total, state.pageSize)) {
      navigate({ ...state, page: pageCount(total, state.pageSize) });
    }
  }, [list.data, list.isPlaceholderData, total, state, navigate]);

  const columns = useMemo<DataTableColumn<QuestionPaper>[]>(
    () => [
      {
        id: "courseName",
        header: m.qp_col_course_name(),
        cell: (p) => displayValue(p.courseName),
        rowHeader: true,
        sortable: true,
      },
      { id: "term", header: m.qp_field_term(), cell: (p) => displayValue(p.term), sortable: true },
      { id: "faculty", header: m.qp_field_faculty(), cell: (p) => displayValue(p.faculty), sortable: true },
      {
        id: "examCycle",
        header: m.qp_field_exam_cycle(),
        cell: (p) => displayValue(p.examCycle),
        sortable: true,
      },
      { id: "batch", header: m.qp_field_batch(), cell: (p) => displayValue(p.batch), sortable: true },
      {
        id: "status",
        header: m.qp_field_status(),
        cell: (p) => <StatusChip tone={statusTone(p.status)}>{statusLabel(p.status)}</StatusChip>,
        sortable: true,
      },
      {
        id: "actions",
        header: m.qp_col_actions(),
        cell: (p) => (
          <RowActions
            paper={p}
            approving={pendingId === p.id}
            onApprove={approve}
            publishing={publication.pendingId === p.id}
            onPublish={publication.publish}
          />
        ),
      },
      {
        id: "chat",
        header: m.qp_col_chat_history(),
        cell: (p) => (
          <a
            className={styles.link}
            href={paperLinks.chat(p.id)}
            aria-label={m.qp_chat_link_label({ course: displayValue(p.courseName) })}
          >
            {m.qp_chat_link()}
          </a>
        ),
      },
    ],
    [approve, pendingId, publication.publish, publication.pendingId],
  );

  const { sorting, onSortingChange } = useUrlSort(QUESTION_PAPER_SORT_COLUMNS, state, navigate);

  const applied = activeFilterCount(state.filters);
  return (
    <div className={styles.screen}>
      <div className={styles.toolbarEnd}>
        <Button
          ref={filterButton}
          variant="secondary"
          aria-expanded={filterOpen}
          aria-controls={filterOpen ? panelId : undefined}
          onClick={() => setFilterOpen((open) => !open)}
        >
          {applied > 0 ? m.qp_filter_with_count({ count: applied }) : m.qp_filter()}
        </Button>
      </div>
      {filterOpen ? (
        <QuestionPaperFilterPanel
          id={panelId}
          options={filterOptions.data}
          optionsError={filterOptions.isError ? errorText(filterOptions.error) : null}
          applied={state.filters}
          onApply={(filters: QuestionPaperFilters) => {
            navigate({ ...state, filters, page: 1 });
            closeFilter();
          }}
          onClose={closeFilter}
        />
      ) : null}
      {list.isError && !list.data ? (
        <div role="alert" className={styles.errorBox}>
          <p className={styles.errorText}>{m.qp_error({ message: errorText(list.error) })}</p>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            {m.qp_try_again()}
          </Button>
        </div>
      ) : (
        <>
          {conflict ? <ConflictNotice onReload={reload} /> : null}
          {publication.conflict ? <ConflictNotice onReload={publication.reload} /> : null}
          <DataTable
            caption={m.qp_table_label()}
            captionHidden
            columns={columns}
            data={list.data?.questionPapersList ?? []}
            getRowId={(p) => p.id}
            emptyText={m.qp_no_record()}
            loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
            loadingLabel={m.qp_loading()}
            maxHeight="900px"
            features={TABLE_FEATURES}
            sorting={sorting}
            onSortingChange={onSortingChange}
            manualSorting
          />
          {list.data ? (
            <Pager<ListPageSize>
              page={state.page}
              pageSize={state.pageSize}
              total={total}
              pageSizes={LIST_PAGE_SIZES}
              onPageChange={(page) => navigate({ ...state, page })}
              onPageSizeChange={(pageSize) => navigate({ ...state, pageSize, page: 1 })}
              labels={pagerLabels(m.qp_pager_nav())}
              disabled={list.isFetching}
            />
          ) : null}
        </>
      )}
    </div>
  );
}

/**
 * A row's actions: View (spec §4 viewable statuses), Approve (statuses that offer approval), and
 * Publish for an Approved paper not yet published, or the word Published once it is.
 */
function RowActions({
  paper,
  approving,
  onApprove,
  publishing,
  onPublish,
}: {
  paper: QuestionPaper;
  approving: boolean;
  onApprove: (paper: QuestionPaper) => void;
  publishing: boolean;
  onPublish: (paper: QuestionPaper) => void;
}) {
  const status = normalizeQuestionPaperStatus(paper.status);
  const course = displayValue(paper.courseName);
  const canView = status !== null && canViewQuestionPaper(status);
  const canApprove = status !== null && canOfferApproval(status);
  const canPublish = offersPublish(paper);
  const published = paper.publishedAt !== null;
  if (!canView && !canApprove && !canPublish && !published) return displayValue("");
  return (
    <span className={styles.actions}>
      {canView ? (
        <a className={styles.link} href={paperLinks.view(paper.id)} aria-label={m.qp_view_label({ course })}>
          {m.qp_view()}
        </a>
      ) : null}
      {canApprove ? (
        <Button
          size="sm"
          loading={approving}
          aria-label={m.qp_approve_label({ course })}
          onClick={() => onApprove(paper)}
        >
          {m.qp_approve()}
        </Button>
      ) : null}
      {canPublish ? (
        <Button
          size="sm"
          loading={publishing}
          aria-label={m.qp_publish_label({ course })}
          onClick={() => onPublish(paper)}
        >
          {m.qp_publish()}
        </Button>
      ) : null}
      {published ? <StatusChip tone="success">{m.qp_published()}</StatusChip> : null}
    </span>
  );
}
