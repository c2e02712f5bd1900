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
 * `sorting`): the sorting feature's state and headers without the sorted row model, so the table
 * never reorders `data` (as `manualSorting`) and the page loads less than {@link dataTableSorting}.
 */
export const dataTableServerSorting = { name: "serverSorting", features: { rowSortingFeature } } as const;
