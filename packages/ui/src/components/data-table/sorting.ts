import { createSortedRowModel, rowSortingFeature } from "@tanstack/react-table";

/**
 * Turns on DataTable's sorting (pass it in `features`): TanStack Table's sorting feature and sorted
 * row model, about 2 KB gzip, which only the pages whose tables sort load.
 */
export const dataTableSorting = {
  name: "sorting",
  features: { rowSortingFeature, sortedRowModel: /* @__PURE__ */ createSortedRowModel() },
} as const;
