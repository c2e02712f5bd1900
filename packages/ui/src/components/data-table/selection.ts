import { rowSelectionFeature } from "@tanstack/react-table";

/**
 * Turns on DataTable's row checkboxes (pass it in `features`): TanStack Table's row selection
 * feature, about 2 KB gzip, which only the pages whose tables check rows load.
 */
export const dataTableSelection = { name: "selection", features: { rowSelectionFeature } } as const;
