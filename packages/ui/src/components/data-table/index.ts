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
export { dataTableSelection } from "./selection.ts";
export { dataTableServerSorting, dataTableSorting } from "./sorting.ts";
