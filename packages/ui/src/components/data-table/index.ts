export type {
  DataTableCell,
  DataTableColumn,
  DataTableFeature,
  DataTableProps,
  DataTableRowSelection,
  DataTableSelectionLabels,
  DataTableSorting,
} from "./data-table.tsx";
export { DataTable } from "./data-table.tsx";
export type { DataTableDateGroups } from "./date-grouping.ts";
export { dataTableDateGrouping } from "./date-grouping.ts";
export type { DataTableRowAction, DataTableRowActions } from "./row-actions.tsx";
export { dataTableRowActions } from "./row-actions.tsx";
export { dataTableSelection } from "./selection.ts";
export { dataTableServerSorting } from "./server-sorting.ts";
export { dataTableSorting } from "./sorting.ts";
