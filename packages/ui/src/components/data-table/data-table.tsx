import {
  type ColumnDef,
  functionalUpdate,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type TableFeatures,
  tableFeatures,
} from "@tanstack/react-table";
import { type CSSProperties, type ReactNode, useId, useMemo, useState } from "react";
import { cx } from "../../utils/cx.ts";
import type { DisplayNode } from "../../utils/display-node.ts";
import { visuallyHidden } from "../../utils/visually-hidden.css.ts";
import { Checkbox } from "../checkbox/checkbox.tsx";
import { Loader } from "../loader/loader.tsx";
import { useCoreTable } from "./core-table.ts";
import * as styles from "./data-table.css.ts";
import type { DataTableDateGroups, dataTableDateGrouping } from "./date-grouping.ts";
import type { DataTableRowActions, dataTableRowActions } from "./row-actions.tsx";
import type { dataTableSelection } from "./selection.ts";
import type { dataTableServerSorting } from "./server-sorting.ts";
import type { dataTableSorting } from "./sorting.ts";

/** What a cell may render: a formatted text or node, never a bare number ({@link DisplayNode}). */
export type DataTableCell = DisplayNode;

/** One column of a DataTable. */
export type DataTableColumn<TRow> = {
  /** Unique among the table's columns. */
  id: string;
  /** Header label (translated by the caller). */
  header: ReactNode;
  /** Renders the cell of one row; `index` is the row's position in `data`. */
  cell: (row: TRow, index: number) => DataTableCell;
  /** CSS width, e.g. 120 (px) or "20%". */
  width?: number | string;
  align?: "start" | "center" | "end";
  /** Render this column's cells as row headers (`<th scope="row">`), e.g. the student name. */
  rowHeader?: boolean;
  /**
   * The value this column sorts by; a column with one is sortable (its header becomes a button
   * cycling ascending, descending, unsorted). Numbers compare as numbers, texts by the table's
   * `locale` with digits as numbers ("Term 2" before "Term 10"); `null` and `undefined` always
   * come last. Rows that compare equal keep their order in `data`.
   */
  sortValue?: (row: TRow) => string | number | null | undefined;
  /**
   * The server sorts by this column (a paged list with controlled `sorting`): its header sorts
   * without a `sortValue`, and the table never reorders `data` by it.
   */
  sortable?: boolean;
};

/** The sorted column, at most one: `[{ id, desc }]`, or `[]` for the order of `data`. */
export type DataTableSorting = SortingState;

/** The checked rows by row id (`getRowId`), `true` when checked; ids of other pages are kept. */
export type DataTableRowSelection = RowSelectionState;

/** The texts of the row checkboxes, translated by the caller. */
export type DataTableSelectionLabels<TRow> = {
  /** Accessible name of the header checkbox that checks every row of this page, e.g. "Select all rows on this page". */
  selectPage: string;
  /** Accessible name of one row's checkbox, e.g. "Select Asha Rao". */
  selectRow: (row: TRow) => string;
  /** The count under the table, announced politely when it changes, e.g. "3 selected". */
  selectedCount: (count: number) => string;
};

export type DataTableProps<TRow> = {
  /** The columns in display order; each renders its own cells. */
  columns: readonly DataTableColumn<TRow>[];
  /** The rows of the current page (paging happens on the server, outside the table). */
  data: readonly TRow[];
  /** A stable id per row (e.g. the record id), used as the React key. */
  getRowId: (row: TRow, index: number) => string;
  /** Names the table for assistive technology; visible unless `captionHidden`. */
  caption: ReactNode;
  captionHidden?: boolean;
  /** Text of the single row shown when `data` is empty, e.g. 'No Data' or 'No Record' (spec §8). */
  emptyText: ReactNode;
  /** While true a Loader row replaces the rows and the table is marked busy. */
  loading?: boolean;
  /** Accessible label of the Loader row. */
  loadingLabel?: string;
  /** Maximum height (CSS length) after which the body scrolls under a sticky header, e.g. "900px". */
  maxHeight?: string;
  className?: string;
  /**
   * Controlled sorting: the current sort, with `onSortingChange`. Without it the table keeps its
   * own sort (client-side, for a short list that is all in `data`).
   */
  sorting?: DataTableSorting;
  /** Called with the next sort when a sortable header is activated (controlled mode). */
  onSortingChange?: (sorting: DataTableSorting) => void;
  /**
   * The rows arrive already sorted (by the server, from `sorting`): the headers show and change
   * the sort but the table does not reorder `data`. For a paged list.
   */
  manualSorting?: boolean;
  /** BCP 47 language tag by whose rules texts are sorted, e.g. "de"; English when absent. */
  locale?: string;
  /**
   * The features this table uses beyond rendering rows: `dataTableSorting` for `sortValue` and
   * `sorting`, `dataTableServerSorting` for `sortable` columns of a list the server sorts (controlled
   * `sorting`, never reordering `data`), `dataTableSelection` for `selection`. Each loads its part of TanStack Table only on
   * the pages that pass it. Using a prop without its feature is an Error.
   */
  features?: readonly DataTableFeature[];
  /**
   * Row checkboxes (spec academic-planning.md, shared components): a first column of checkboxes,
   * one in its header for every row of this page (mixed when only some are checked), and the
   * count of checked rows under the table. Absent: no checkboxes.
   */
  selection?: DataTableSelectionLabels<TRow>;
  /**
   * Controlled selection: the checked rows by id, with `onRowSelectionChange`. Without it the table
   * keeps its own. Ids not in `data` (rows of other pages) stay checked and count.
   */
  rowSelection?: DataTableRowSelection;
  /** Called with the next checked rows when a checkbox changes (controlled mode). */
  onRowSelectionChange?: (rowSelection: DataTableRowSelection) => void;
  /**
   * A per-row action menu (spec academic-planning.md, shared components; needs
   * `dataTableRowActions`): a last column whose cells hold a menu button named after the row.
   */
  rowActions?: DataTableRowActions<TRow>;
  /**
   * Grouping by date (spec academic-planning.md, shared components; needs `dataTableDateGrouping`):
   * one row group per date that occurs, headed by the formatted date, groups in date order and
   * rows inside in the table's sort.
   */
  groupByDate?: DataTableDateGroups<TRow>;
  /**
   * The caller's upload control (e.g. an upload button or file picker; spec academic-planning.md,
   * shared components), shown in a toolbar above the table. Absent: no toolbar.
   */
  uploadAction?: ReactNode;
};

/**
 * What a DataTable may add to rendering its rows: `dataTableSorting`, `dataTableServerSorting`,
 * `dataTableSelection`, `dataTableRowActions`, `dataTableDateGrouping`.
 */
export type DataTableFeature =
  | typeof dataTableSorting
  | typeof dataTableServerSorting
  | typeof dataTableSelection
  | typeof dataTableRowActions
  | typeof dataTableDateGrouping;

/** The widest feature set, for types only: at run time a table registers just the ones it is given. */
type Features = TableFeatures &
  (typeof dataTableSorting)["features"] &
  Partial<(typeof dataTableSelection)["features"]>;

const featureSets = new Map<string, Features>();

/**
 * The TanStack Table feature set of a list of DataTable features, one object per combination so
 * the table's features stay stable across renders.
 */
function featureSet(list: readonly DataTableFeature[]): Features {
  const key = list
    .map((feature) => feature.name)
    .sort()
    .join();
  let set = featureSets.get(key);
  if (!set) {
    set = tableFeatures(Object.assign({}, ...list.map((feature) => feature.features))) as Features;
    featureSets.set(key, set);
  }
  return set;
}

const ariaSort = { asc: "ascending", desc: "descending" } as const;

/**
 * An accessible data table (caption, `<th scope="col">`, optional row headers) built on TanStack
 * Table 9 (its core, with React owning the state: {@link useCoreTable}), the table library the product standardises on (spec
 * academic-planning.md, shared components). It renders what it is given: one page of rows, a Loader
 * row while `loading`, or the `emptyText` row when there are no rows. Paging is the server's.
 */
export function DataTable<TRow extends RowData>({
  columns,
  data,
  getRowId,
  caption,
  captionHidden = false,
  emptyText,
  loading = false,
  loadingLabel,
  maxHeight,
  className,
  sorting,
  onSortingChange,
  manualSorting: manualSortingProp = false,
  locale = "en",
  selection,
  rowSelection,
  onRowSelectionChange,
  rowActions,
  groupByDate,
  uploadAction,
  features = [],
}: DataTableProps<TRow>) {
  const clientSorting = features.some((feature) => feature.name === "sorting");
  const sortingOn = clientSorting || features.some((feature) => feature.name === "serverSorting");
  // Without the sorted row model the rows are always the server's order.
  const manualSorting = manualSortingProp || !clientSorting;
  const selectionOn = features.some((feature) => feature.name === "selection");
  if (
    !sortingOn &&
    (sorting !== undefined || columns.some((column) => column.sortValue || column.sortable))
  ) {
    throw new Error("DataTable: sortValue, sortable and sorting need features={[dataTableSorting]}");
  }
  if (!selectionOn && (selection !== undefined || rowSelection !== undefined)) {
    throw new Error("DataTable: selection needs features={[dataTableSelection]}");
  }
  // The row menu and the grouping come with their features, so a table without them loads neither.
  const rowActionsFeature = features.find(
    (feature): feature is typeof dataTableRowActions => feature.name === "rowActions",
  );
  const groupingFeature = features.find(
    (feature): feature is typeof dataTableDateGrouping => feature.name === "dateGrouping",
  );
  if (!rowActionsFeature && rowActions !== undefined) {
    throw new Error("DataTable: rowActions needs features={[dataTableRowActions]}");
  }
  if (!groupingFeature && groupByDate !== undefined) {
    throw new Error("DataTable: groupByDate needs features={[dataTableDateGrouping]}");
  }
  const captionId = useId();
  const collator = useMemo(() => new Intl.Collator(locale, { numeric: true }), [locale]);
  const byId = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);
  const columnDefs = useMemo<ColumnDef<Features, TRow>[]>(
    () =>
      columns.map((column) => {
        const { sortValue } = column;
        const def: ColumnDef<Features, TRow> = {
          id: column.id,
          enableSorting: sortValue !== undefined || column.sortable === true,
        };
        // A column the server sorts needs an accessor to be sortable; its value is never compared.
        if (!sortValue) return column.sortable ? { ...def, accessorFn: () => undefined } : def;
        return {
          ...def,
          accessorFn: (row: TRow) => sortValue(row) ?? undefined,
          sortUndefined: "last",
          sortFn: (rowA, rowB, columnId) => {
            const a = rowA.getValue<string | number>(columnId);
            const b = rowB.getValue<string | number>(columnId);
            return typeof a === "number" && typeof b === "number"
              ? a - b
              : collator.compare(String(a), String(b));
          },
        };
      }),
    [columns, collator],
  );
  // React owns the table's state: the caller's (controlled) or this component's own.
  const [ownSorting, setOwnSorting] = useState<DataTableSorting>([]);
  const [ownSelection, setOwnSelection] = useState<DataTableRowSelection>({});
  const sortingState = sorting ?? ownSorting;
  const selectionState = rowSelection ?? ownSelection;
  const onSortingState = (next: DataTableSorting) => {
    if (sorting === undefined) setOwnSorting(next);
    else onSortingChange?.(next);
  };
  /** How a column is sorted now: "asc", "desc" or false (the library's `getIsSorted`). */
  const sortedAs = (id: string): false | "asc" | "desc" => {
    const entry = sortingState.find((sort) => sort.id === id);
    return entry ? (entry.desc ? "desc" : "asc") : false;
  };
  const table = useCoreTable<Features, TRow>({
    features: featureSet(features),
    columns: columnDefs,
    data: data as TRow[],
    getRowId: (row, index) => getRowId(row, index),
    enableMultiSort: false,
    sortDescFirst: false,
    manualSorting,
    enableRowSelection: selection !== undefined,
    enableSubRowSelection: false,
    state: { sorting: sortingState, rowSelection: selectionState },
    onSortingChange: (updater) => onSortingState(functionalUpdate(updater, sortingState)),
    onRowSelectionChange: (updater) => {
      const next = functionalUpdate(updater, selectionState);
      if (rowSelection === undefined) setOwnSelection(next);
      else onRowSelectionChange?.(next);
    },
  });
  const checkedCount = Object.values(selectionState).filter(Boolean).length;
  const columnCount = Math.max(columns.length + (selection ? 1 : 0) + (rowActions ? 1 : 0), 1);
  const widthStyle = (width: number | string | undefined): CSSProperties | undefined =>
    width === undefined ? undefined : { width: typeof width === "number" ? `${width}px` : width };

  let body: ReactNode;
  if (loading) {
    body = (
      <tr>
        <td colSpan={columnCount} className={styles.messageCell}>
          <Loader label={loadingLabel} variant="block" />
        </td>
      </tr>
    );
  } else if (data.length === 0) {
    body = (
      <tr>
        <td colSpan={columnCount} className={styles.messageCell}>
          {emptyText}
        </td>
      </tr>
    );
  }
  const RowActionsMenu = rowActionsFeature?.RowActionsMenu;
  const renderRow = (row: ReturnType<typeof table.getRowModel>["rows"][number]) => (
    <tr key={row.id} className={styles.row}>
      {selection && (
        <td className={cx(styles.cell, styles.selectCell)}>
          <Checkbox
            label={<span className={visuallyHidden}>{selection.selectRow(row.original)}</span>}
            checked={row.getIsSelected()}
            onChange={(checked) => row.toggleSelected(checked)}
          />
        </td>
      )}
      {row.getAllCells().map((cell) => {
        const column = byId.get(cell.column.id);
        const cellClass = cx(styles.cell, styles.align[column?.align ?? "start"]);
        const content = column?.cell(row.original, row.index);
        return column?.rowHeader ? (
          <th key={cell.id} scope="row" className={cellClass}>
            {content}
          </th>
        ) : (
          <td key={cell.id} className={cellClass}>
            {content}
          </td>
        );
      })}
      {rowActions && RowActionsMenu && (
        <td className={cx(styles.cell, styles.selectCell, styles.align.end)}>
          <RowActionsMenu row={row.original} rowActions={rowActions} />
        </td>
      )}
    </tr>
  );
  let bodies: ReactNode;
  if (loading || data.length === 0) bodies = <tbody>{body}</tbody>;
  else if (groupByDate && groupingFeature) {
    // WAI-ARIA table pattern: a row group per date, its first row a header for the group's rows.
    bodies = groupingFeature
      .groupByDateKey(table.getRowModel().rows, (row) => groupByDate.dateKey(row.original), groupByDate.order)
      .map((group) => (
        <tbody key={group.dateKey}>
          <tr>
            <th colSpan={columnCount} scope="rowgroup" className={styles.groupHeader}>
              {groupByDate.label(group.dateKey)}
            </th>
          </tr>
          {group.items.map(renderRow)}
        </tbody>
      ));
  } else bodies = <tbody>{table.getRowModel().rows.map(renderRow)}</tbody>;

  const wrapped = (
    // The wrapper scrolls a wide or tall table: keyboard users can focus it and scroll with the
    // arrow keys, even when no cell holds a link or button. A named group, not a landmark, so a
    // table inside a section of the same name does not repeat a landmark.
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would announce a form group; this wraps a table
    <div
      className={cx(styles.wrapper, className)}
      style={maxHeight ? { maxHeight } : undefined}
      role="group"
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
    >
      <table className={styles.table} aria-busy={loading || undefined}>
        <caption id={captionId} className={captionHidden ? visuallyHidden : styles.caption}>
          {caption}
        </caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {selection && (
                <th scope="col" className={cx(styles.headerCell, styles.selectCell)}>
                  <Checkbox
                    label={<span className={visuallyHidden}>{selection.selectPage}</span>}
                    checked={table.getIsAllPageRowsSelected()}
                    indeterminate={table.getIsSomePageRowsSelected() && !table.getIsAllPageRowsSelected()}
                    disabled={loading || data.length === 0}
                    onChange={(checked) => table.toggleAllPageRowsSelected(checked)}
                  />
                </th>
              )}
              {group.headers.map((header) => {
                const column = byId.get(header.column.id);
                const sortable = clientSorting
                  ? header.column.getCanSort()
                  : sortingOn && (column?.sortable === true || column?.sortValue !== undefined);
                const sorted = sortable && sortedAs(header.column.id);
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={cx(styles.headerCell, styles.align[column?.align ?? "start"])}
                    style={widthStyle(column?.width)}
                    aria-sort={sortable ? (sorted ? ariaSort[sorted] : "none") : undefined}
                  >
                    {sortable ? (
                      <button
                        type="button"
                        className={styles.sortButton}
                        onClick={() =>
                          clientSorting
                            ? header.column.toggleSorting(undefined, false)
                            : onSortingState(nextServerSort(header.column.id, sorted))
                        }
                      >
                        {column?.header}
                        <SortIcon direction={sorted} />
                      </button>
                    ) : (
                      column?.header
                    )}
                  </th>
                );
              })}
              {rowActions && (
                <th scope="col" className={cx(styles.headerCell, styles.selectCell)}>
                  <span className={visuallyHidden}>{rowActions.header}</span>
                </th>
              )}
            </tr>
          ))}
        </thead>
        {bodies}
      </table>
    </div>
  );
  if (!selection && uploadAction === undefined) return wrapped;
  return (
    <>
      {uploadAction !== undefined && <div className={styles.toolbar}>{uploadAction}</div>}
      {wrapped}
      {/* A status is a polite live region: the new count is read out after the checkbox's own state. */}
      {selection && (
        <p role="status" className={styles.selectedCount}>
          {selection.selectedCount(checkedCount)}
        </p>
      )}
    </>
  );
}

/**
 * The next sort of a list the server sorts when a header is activated: ascending, descending, then
 * unsorted, one column at a time (the cycle of the sorting feature with `sortDescFirst: false`).
 */
function nextServerSort(id: string, sorted: false | "asc" | "desc"): DataTableSorting {
  if (sorted === false) return [{ id, desc: false }];
  return sorted === "asc" ? [{ id, desc: true }] : [];
}

/** The decorative sort mark of a sortable header: both arrows when unsorted, one when sorted. */
function SortIcon({ direction }: { direction: false | "asc" | "desc" }) {
  const up = "M8 10l4-4 4 4";
  const down = "M8 14l4 4 4-4";
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={direction ? undefined : styles.sortIconIdle}
    >
      <path d={direction === "asc" ? up : direction === "desc" ? down : `${up}M8 14l4 4 4-4`} />
    </svg>
  );
}
