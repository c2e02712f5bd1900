import type { ReactNode } from "react";

/** Grouping a DataTable's rows by date (`groupByDate`), its labels formatted by the caller. */
export type DataTableDateGroups<TRow> = {
  /** The row's date as an ISO 8601 calendar date, "YYYY-MM-DD" (e.g. the exam date). */
  dateKey: (row: TRow) => string;
  /** The group header's text for a date key, e.g. "Monday, 2 March 2026" in the page's language. */
  label: (dateKey: string) => ReactNode;
  /** Order of the groups: earliest date first ("asc", the default) or latest first ("desc"). */
  order?: "asc" | "desc";
};

/** One group of rows that share a date key, in the order the rows were given. */
export type DateGroup<TItem> = { dateKey: string; items: TItem[] };

/**
 * Splits items into groups by date key, ordered by the key ("YYYY-MM-DD" texts sort as dates);
 * inside a group the items keep their given order (the table's sort). Only keys that occur make
 * a group, so there is never an empty one.
 */
export function groupByDateKey<TItem>(
  items: readonly TItem[],
  dateKey: (item: TItem) => string,
  order: "asc" | "desc" = "asc",
): DateGroup<TItem>[] {
  const groups = new Map<string, TItem[]>();
  for (const item of items) {
    const key = dateKey(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  const keys = [...groups.keys()].sort();
  if (order === "desc") keys.reverse();
  return keys.map((key) => ({ dateKey: key, items: groups.get(key) ?? [] }));
}

/**
 * Turns on DataTable's grouping by date (pass it in `features`, with `groupByDate`; spec
 * academic-planning.md, shared components): one `<tbody>` per date with a header row naming it
 * (`<th scope="rowgroup">` spanning all columns), groups in date order, rows inside in the
 * table's sort. It registers no part of TanStack Table.
 */
export const dataTableDateGrouping = { name: "dateGrouping", features: {}, groupByDateKey } as const;
