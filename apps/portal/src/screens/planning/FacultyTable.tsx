import { type FacultyRow, facultyListQueryOptions } from "@portal/api-client";
import { GRID_PAGE_SIZES, type GridPageSize, pageSizeCount } from "@portal/domain";
import {
  Button,
  DataTable,
  type DataTableColumn,
  type DataTableSorting,
  dataTableServerSorting,
  TextField,
} from "@portal/ui";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { m } from "../../lib/i18n.ts";
import { useApi } from "../../shell/IslandRoot.tsx";
import { pagerLabels } from "../kit/pager-labels.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { ListPager } from "../PagedTable.tsx";
import * as styles from "../screen.css.ts";
import { type FacultySort, facultySortFrom, facultySortRequest, sortingOf } from "./faculty-sort.ts";

type TableState = { page: number; pageSize: GridPageSize };

/** The headers sort on the server: the table keeps the sort's state, not sorted rows. */
const FEATURES = [dataTableServerSorting];

/**
 * The shared faculty table (spec §2 Faculty table): name, phone, email, type, availability and an
 * 'Add Faculty' button per row, searchable by name or email, paged on the server (GET
 * /salesforce/FacultyList). `onAdd` receives the row whose button was pressed; `addedIds` marks the
 * rows already chosen (their button reads as pressed). The name, phone, email and type headers sort
 * on the server (FACULTY_SORT_COLUMNS); a new sort starts again at page 1.
 */
export function FacultyTable({
  onAdd,
  addedIds = [],
}: {
  onAdd: (faculty: FacultyRow) => void;
  addedIds?: readonly string[];
}) {
  const api = useApi();
  const [search, setSearch] = useState("");
  const [state, setState] = useState<TableState>({ page: 1, pageSize: 10 });
  const [sort, setSort] = useState<FacultySort>(null);
  const list = useQuery({
    ...facultyListQueryOptions(api, {
      search,
      pageNo: state.page,
      count: pageSizeCount(state.pageSize),
      ...facultySortRequest(sort),
    }),
    placeholderData: keepPreviousData,
  });
  const sorting = useMemo(() => sortingOf(sort), [sort]);
  const onSortingChange = (next: DataTableSorting) => {
    setSort(facultySortFrom(next));
    setState((now) => ({ ...now, page: 1 }));
  };
  const columns: DataTableColumn<FacultyRow>[] = [
    { id: "name", header: m.intake_col_name(), cell: (f) => f.name, rowHeader: true, sortable: true },
    { id: "phone", header: m.intake_col_phone(), cell: (f) => f.phone, sortable: true },
    { id: "email", header: m.intake_col_email(), cell: (f) => f.email, sortable: true },
    { id: "type", header: m.intake_col_type(), cell: (f) => f.type || f.association, sortable: true },
    { id: "availability", header: m.intake_col_availability(), cell: (f) => f.availability },
    {
      id: "add",
      header: m.intake_col_action(),
      cell: (f) => (
        <Button
          size="sm"
          variant={addedIds.includes(f.id) ? "primary" : "secondary"}
          aria-pressed={addedIds.includes(f.id)}
          aria-label={m.intake_add_faculty_named({ name: f.name })}
          onClick={() => onAdd(f)}
        >
          {m.intake_add_faculty()}
        </Button>
      ),
    },
  ];
  if (list.isError && !list.data) {
    return <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  }
  return (
    <div className={styles.screen}>
      <TextField
        label={m.intake_search_faculty()}
        value={search}
        onChange={(value) => {
          setSearch(value);
          setState((s) => ({ ...s, page: 1 }));
        }}
      />
      <DataTable
        columns={columns}
        data={list.data?.faculty ?? []}
        getRowId={(f) => f.id}
        caption={m.intake_faculty_table()}
        captionHidden
        emptyText={m.intake_no_record()}
        loading={list.isPending || list.isPlaceholderData}
        loadingLabel={m.intake_loading()}
        features={FEATURES}
        sorting={sorting}
        onSortingChange={onSortingChange}
        manualSorting
      />
      <ListPager
        query={list}
        state={state}
        navigate={(next) => setState(next)}
        pageSizes={GRID_PAGE_SIZES}
        labels={pagerLabels(m.exam_pager_nav())}
      />
    </div>
  );
}
