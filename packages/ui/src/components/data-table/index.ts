export type { DataTableCell, DataTableColumn, DataTableProps } from "./data-table.tsx";
export { DataTable } from "./data-table.tsx";
