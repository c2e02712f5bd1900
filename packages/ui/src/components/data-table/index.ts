export type { DataTableCell, DataTableColumn, DataTableProps, DataTableSorting } from "./data-table.tsx";
export { DataTable } from "./data-table.tsx";
