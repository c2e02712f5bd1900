import { type BatchRow, batchFilterOptionsQueryOptions, batchListQueryOptions } from "@portal/api-client";
import {
  BATCH_SORT_COLUMNS,
  BATCH_YEARS,
  type BatchFilters,
  DEFAULT_TERM_STATUSES,
  intakeChoices,
} from "@portal/domain";
import { Button, ButtonLink, type DataTableColumn, dataTableServerSorting, Select } from "@portal/ui";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { formatNumber } from "../kit/format.ts";
import { pagerLabels } from "../kit/pager-labels.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { useUrlSort } from "../kit/use-url-sort.ts";
import { useUrlState } from "../kit/use-url-state.ts";
import { PagedTable } from "../PagedTable.tsx";
import * as styles from "../screen.css.ts";
import { planningLinks } from "./routes.ts";
import {
  BATCH_PAGE_SIZES,
  type BatchListState,
  changeBatchListFilter,
  clearBatchListFilters,
  parseBatchListState,
  serializeBatchListState,
  toBatchListRequest,
  wireToDisplay,
} from "./state.ts";

/**
 * The List of Batches island
 * (`/app/batches?program=&batch=&intake=&campus=&termStatus=&page=&pageSize=&sort=&direction=`).
 */
export default function BatchList({ search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <BatchListScreen search={search} />
    </IslandRoot>
  );
}

/** First query of the batches list, run on the server: the filter options and the address's page. */
export const batchListFirstQuery: FirstQuery = async ({ api, search, fetch }) => {
  await Promise.all([
    fetch(batchFilterOptionsQueryOptions(api)),
    fetch(batchListQueryOptions(api, toBatchListRequest(parseBatchListState(search)))),
  ]);
};

/** The headers sort on the server (BATCH_SORT_COLUMNS): the table keeps the sort's state, not sorted rows. */
const TABLE_FEATURES = [dataTableServerSorting];

/** Columns of the batches list (spec §2), in the page's language; the data columns sort. */
function batchColumns(): DataTableColumn<BatchRow>[] {
  return [
    {
      id: "program",
      header: m.intake_col_program(),
      cell: (b) => b.ProgramName,
      rowHeader: true,
      sortable: true,
    },
    { id: "batch", header: m.intake_col_batch(), cell: (b) => String(b.Batch), sortable: true },
    { id: "intake", header: m.intake_col_intake(), cell: (b) => b.Intake, sortable: true },
    {
      id: "startDate",
      header: m.intake_col_start_date(),
      cell: (b) => wireToDisplay(b.TermStartDate),
      sortable: true,
    },
    {
      id: "endDate",
      header: m.intake_col_end_date(),
      cell: (b) => wireToDisplay(b.TermEndDate),
      sortable: true,
    },
    { id: "terms", header: m.intake_col_terms(), cell: (b) => formatNumber(b.Semester), sortable: true },
    { id: "termStatus", header: m.intake_col_term_status(), cell: (b) => b.TermStatus, sortable: true },
    { id: "campus", header: m.intake_col_campus(), cell: (b) => b.Campus, sortable: true },
    {
      id: "action",
      header: m.intake_col_action(),
      cell: (b) => (
        <a
          className={styles.link}
          href={planningLinks.calendar(b.IntakeId)}
          aria-label={m.intake_view_details_of({ name: b.BatchName })}
        >
          {m.intake_view_details()}
        </a>
      ),
    },
  ];
}

/**
 * List of Batches (spec §2 Batches list, §4 batch filter reset rules, §7 Batch list and Batch filter
 * options, §9 years 2024-2040 and intakes JAN-DEC): 'Add New Intake' to /app/add-program; filters
 * academic program, batch, intake, campus and term status (values from the server, the defaults
 * Ongoing, Upcoming, All until it answers) with 'Clear All'; one row per intake, paged on the server
 * (10, 25, 50, All: the first ALL_ROWS_CAP rows, said under the table), the data columns' headers
 * sorting on the server, 'View Details' to the intake's academic calendar. A failed load empties the list
 * and shows the error with Try again. State lives in the address.
 */
export function BatchListScreen({ search }: { search: string }) {
  const api = useApi();
  const [state, navigate] = useUrlState(search, parseBatchListState, serializeBatchListState);
  const options = useQuery(batchFilterOptionsQueryOptions(api));
  const list = useQuery({
    ...batchListQueryOptions(api, toBatchListRequest(state)),
    placeholderData: keepPreviousData,
  });
  const change = (key: keyof BatchFilters) => (value: string) =>
    navigate(changeBatchListFilter(state, key, value));
  const all = m.intake_all();
  const columns = useMemo(() => batchColumns(), []);
  const { sorting, onSortingChange } = useUrlSort(BATCH_SORT_COLUMNS, state, navigate);
  const termStatuses = options.data?.termStatus ?? DEFAULT_TERM_STATUSES;
  // Only the batch years and intake months that exist (the spec's lists before they load).
  const choices = intakeChoices(
    options.data?.intakes ?? [],
    { program: state.program, year: String(state.batch ?? ""), intake: state.intake },
    options.data?.batch ?? BATCH_YEARS,
  );
  return (
    <div className={styles.screen}>
      <div className={styles.toolbar}>
        <h2 className={styles.sectionTitle}>{m.intake_batches_title()}</h2>
        <ButtonLink variant="primary" href={planningLinks.addProgram()}>
          {m.intake_add_new_intake()}
        </ButtonLink>
      </div>
      <div className={styles.filters}>
        <Select
          className={styles.filterField}
          label={m.intake_academic_program()}
          placeholder={all}
          placeholderSelectable
          options={(options.data?.programs ?? []).map((p) => ({ value: p.name, label: p.name }))}
          value={state.program}
          onChange={change("program")}
        />
        <Select
          className={styles.filterField}
          label={m.intake_batch()}
          placeholder={all}
          placeholderSelectable
          options={choices.years.map((y) => ({ value: y, label: y }))}
          value={state.batch}
          onChange={change("batch")}
        />
        <Select
          className={styles.filterField}
          label={m.intake_intake()}
          placeholder={all}
          placeholderSelectable
          options={choices.months.map((v) => ({ value: v, label: v }))}
          value={state.intake}
          onChange={change("intake")}
        />
        <Select
          className={styles.filterField}
          label={m.intake_campus()}
          placeholder={all}
          placeholderSelectable
          options={(options.data?.campus ?? []).map((v) => ({ value: v, label: v }))}
          value={state.campus}
          onChange={change("campus")}
        />
        <Select
          className={styles.filterField}
          label={m.intake_term_status()}
          placeholder={all}
          placeholderSelectable
          options={termStatuses.map((v) => ({ value: v, label: v }))}
          value={state.termStatus}
          onChange={change("termStatus")}
        />
        <Button variant="secondary" onClick={() => navigate(clearBatchListFilters(state))}>
          {m.intake_clear_all()}
        </Button>
      </div>
      <PagedTable<NonNullable<typeof list.data>, BatchRow, (typeof BATCH_PAGE_SIZES)[number], BatchListState>
        query={list}
        rows={(data) => data.batchList}
        state={state}
        navigate={navigate}
        pageSizes={BATCH_PAGE_SIZES}
        pagerLabels={pagerLabels(m.exam_pager_nav())}
        errorView={<QueryError error={list.error} onRetry={() => void list.refetch()} />}
        caption={m.intake_batches_title()}
        columns={columns}
        getRowId={(b) => b.IntakeId}
        emptyText={m.intake_no_data()}
        loadingLabel={m.intake_loading()}
        features={TABLE_FEATURES}
        sorting={sorting}
        onSortingChange={onSortingChange}
        manualSorting
      />
    </div>
  );
}
