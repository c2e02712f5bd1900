import type { DataTableSorting } from "@portal/ui";
import { useCallback, useMemo } from "react";

/** A server-side list sort as the screens keep it in the address: one column and its direction, or none. */
export type ListSort<C extends string> = { column: C; direction: "asc" | "desc" } | null;

/**
 * The DataTable sorting of a server-sorted list whose sort lives in the address state (useUrlState):
 * `sorting` for the table, and `onSortingChange`, which keeps only a column of `columns` (the
 * server's sort columns), clears the sort for any other, and goes back to page 1 (a new order makes
 * the old page number meaningless).
 */
export function useUrlSort<C extends string, S extends { sort: ListSort<C>; page: number }>(
  columns: readonly C[],
  state: S,
  navigate: (next: S) => void,
): { sorting: DataTableSorting; onSortingChange: (next: DataTableSorting) => void } {
  const sorting = useMemo<DataTableSorting>(
    () => (state.sort ? [{ id: state.sort.column, desc: state.sort.direction === "desc" }] : []),
    [state.sort],
  );
  const onSortingChange = useCallback(
    (next: DataTableSorting) => {
      const column = columns.find((name) => name === next[0]?.id);
      const sort: ListSort<C> = column ? { column, direction: next[0]?.desc ? "desc" : "asc" } : null;
      navigate({ ...state, sort, page: 1 });
    },
    [columns, navigate, state],
  );
  return { sorting, onSortingChange };
}
