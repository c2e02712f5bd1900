import { ALL_ROWS_CAP } from "@portal/domain";
import {
  DataTable,
  type DataTableProps,
  Pager,
  type PagerLabels,
  type PageSize,
  pageRange,
} from "@portal/ui";
import { type ReactNode, useEffect } from "react";

/** The paging part of a list state kept in the address: 1-based page and page size. */
export type Paging<TSize extends PageSize> = { page: number; pageSize: TSize };

/**
 * What a paged list needs of its TanStack query: the answer of the shown page (`noOfRecords` is the
 * number of rows on the server) and whether the previous page stands in while the next one loads
 * (`placeholderData: keepPreviousData`).
 */
export type PagedQuery<TData extends { noOfRecords: number }> = {
  data: TData | undefined;
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  isError: boolean;
};

/** Where a list's state goes: `replace` replaces the address's history entry instead of adding one. */
export type Navigate<TState> = (next: TState, replace?: boolean) => void;

/**
 * Goes back to the last page when the list shrank under the page shown (rows deleted, a filter
 * narrowed elsewhere), once the server's answer for this page (not the placeholder) has arrived. The
 * correction replaces the history entry, so Back does not lead to the empty page again.
 */
export function useLastPageWhenShrunk<TSize extends PageSize, TState extends Paging<TSize>>(
  query: PagedQuery<{ noOfRecords: number }>,
  state: TState,
  navigate: Navigate<TState>,
): void {
  const total = query.data?.noOfRecords ?? 0;
  const loaded = query.data !== undefined && !query.isPlaceholderData;
  useEffect(() => {
    const { pageCount } = pageRange(state.page, state.pageSize, total);
    if (loaded && state.page > pageCount) navigate({ ...state, page: pageCount }, true);
  }, [loaded, total, state, navigate]);
}

export type ListPagerProps<TSize extends PageSize, TState extends Paging<TSize>> = {
  query: PagedQuery<{ noOfRecords: number }>;
  state: TState;
  navigate: Navigate<TState>;
  /** The page sizes offered (spec §9, e.g. grid 10, 25, 50). */
  pageSizes: readonly TSize[];
  /** The pager's texts in the page's language. */
  labels: PagerLabels;
};

/**
 * The pager under a server-paged list, shown once the first page has arrived and blocked while a
 * page loads. An All page holds at most the domain's ALL_ROWS_CAP rows; the pager says so when the
 * list has more (openapi common.yaml AllRowsPaging). Another page keeps the page size; another page size starts again at page 1.
 */
export function ListPager<TSize extends PageSize, TState extends Paging<TSize>>({
  query,
  state,
  navigate,
  pageSizes,
  labels,
}: ListPagerProps<TSize, TState>) {
  if (!query.data) return null;
  return (
    <Pager<TSize>
      page={state.page}
      pageSize={state.pageSize}
      total={query.data.noOfRecords}
      pageSizes={pageSizes}
      onPageChange={(page) => navigate({ ...state, page })}
      onPageSizeChange={(pageSize) => navigate({ ...state, pageSize, page: 1 })}
      labels={labels}
      disabled={query.isFetching}
      cappedAt={ALL_ROWS_CAP}
    />
  );
}

export type PagedTableProps<
  TData extends { noOfRecords: number },
  TRow extends object,
  TSize extends PageSize,
  TState extends Paging<TSize>,
> = Omit<DataTableProps<TRow>, "data" | "loading" | "maxHeight" | "captionHidden"> &
  Omit<ListPagerProps<TSize, TState>, "query" | "labels"> & {
    query: PagedQuery<TData>;
    /** The rows of the page in the query's answer. */
    rows: (data: TData) => readonly TRow[];
    pagerLabels: PagerLabels;
    /** Shown instead of table and pager when the list could not be loaded at all (spec §8 fallback). */
    errorView?: ReactNode;
  };

/**
 * A server-paged table (docs/architecture.md, "Paging on the server": big lists are paged on the server): the
 * DataTable of one page with a hidden caption, a loader row while the first page or another page loads, the
 * `emptyText` ('No Data' or 'No Record', spec §8) for an empty page and a body that scrolls past 900px (spec
 * §9 maximum grid height); then the pager. A page past the end after the list shrank leads to the last
 * page. `errorView` replaces both when the query failed without data.
 */
export function PagedTable<
  TData extends { noOfRecords: number },
  TRow extends object,
  TSize extends PageSize,
  TState extends Paging<TSize>,
>({
  query,
  rows,
  state,
  navigate,
  pageSizes,
  pagerLabels,
  errorView,
  ...table
}: PagedTableProps<TData, TRow, TSize, TState>) {
  useLastPageWhenShrunk(query, state, navigate);
  if (errorView !== undefined && query.isError && !query.data) return <>{errorView}</>;
  return (
    <>
      <DataTable<TRow>
        {...table}
        captionHidden
        data={query.data ? rows(query.data) : []}
        loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
        maxHeight="900px"
      />
      <ListPager query={query} state={state} navigate={navigate} pageSizes={pageSizes} labels={pagerLabels} />
    </>
  );
}
