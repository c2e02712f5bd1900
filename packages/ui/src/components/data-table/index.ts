export type {
  DataTableCell,
  DataTableColumn,
  DataTableProps,
  DataTableRowSelection,
  DataTableSelectionLabels,
  DataTableSorting,
} from "./data-table.tsx";
export { DataTable } from "./data-table.tsx";
