/**
 * Turns on DataTable's sorting for a list the server sorts (pass it in `features` with controlled
 * `sorting`): sortable headers with `aria-sort` that report the next sort (ascending, descending,
 * unsorted), while the table never reorders `data`. It registers no part of TanStack Table: the
 * sort is one column and a direction the caller keeps, so its headers cost the page a few lines
 * rather than the sorting feature's 2 KB gzip (docs/performance.md, "list page JavaScript"). In a
 * module of its own: beside `dataTableSorting` it shared that feature's chunk, and a page whose
 * tables sort on the server loaded the library's sorting after all.
 */
export const dataTableServerSorting = { name: "serverSorting", features: {} } as const;
