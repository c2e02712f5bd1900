import { createSortedRowModel, rowSortingFeature } from "@tanstack/react-table";

/**
 * Turns on DataTable's sorting (pass it in `features`): TanStack Table's sorting feature and sorted
 * row model, about 2 KB gzip, which only the pages whose tables sort load.
 */
export const dataTableSorting = {
  name: "sorting",
  features: { rowSortingFeature, sortedRowModel: /* @__PURE__ */ createSortedRowModel() },
} as const;

/**
 * Turns on DataTable's sorting for a list the server sorts (pass it in `features` with controlled
 * `sorting`): sortable headers with `aria-sort` that report the next sort (ascending, descending,
 * unsorted), while the table never reorders `data`. It registers no part of TanStack Table: the
 * sort is one column and a direction the caller keeps, so its headers cost the page a few lines
 * rather than the sorting feature's 1.2 KB gzip (docs/performance.md, "list page JavaScript").
 */
export const dataTableServerSorting = { name: "serverSorting", features: {} } as const;
