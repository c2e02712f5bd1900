import { expect } from "vitest";

/**
 * The shared checks of the server-sorted lists ("every page of every sort, concatenated,
 * holds each row once", with a stable tie-break), so each list's sort test says only how to ask for a
 * page and what a row sorts by.
 */

/** Rows of a list, in the order the pages gave them, and the list's own total. */
export type PagedRows<Row> = { rows: Row[]; total: number };

/** What a row sorts by: a value, several compared in turn, or null (sorted last either way). */
export type SortKey = string | number | null | readonly (string | number)[];

/** Every page of one list call, `size` rows a page from page 1, concatenated. */
export async function everyPage<Row>(
  size: number,
  pageAt: (pageNo: number, count: number) => Promise<PagedRows<Row>>,
): Promise<PagedRows<Row>> {
  const first = await pageAt(1, size);
  const rows = [...first.rows];
  for (let pageNo = 2; pageNo <= Math.ceil(first.total / size); pageNo++) {
    rows.push(...(await pageAt(pageNo, size)).rows);
  }
  return { rows, total: first.total };
}

/** Orders two non-null keys by value (JavaScript's order; arrays element by element). */
function compareKeys(a: Exclude<SortKey, null>, b: Exclude<SortKey, null>): number {
  const left = Array.isArray(a) ? a : [a];
  const right = Array.isArray(b) ? b : [b];
  for (const [i, x] of left.entries()) {
    const y = right[i] as string | number;
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return 0;
}

/**
 * Checks one server sort against the list's own order. `sorted` must hold each row of `plain` once;
 * rows with equal keys sit together and keep their order in `plain` (the stable tie-break). With
 * `ordered`, the keys also run by value in `direction` with null keys last either way (only for keys
 * that compare alike in JavaScript and the database: numbers, dates, fixed words; names collate by
 * the database's locale). With `distinct`, a sort whose column holds a single value fails, since it
 * would test nothing.
 */
export function expectSortedPages<Row>(
  plain: PagedRows<Row>,
  sorted: PagedRows<Row>,
  check: {
    label: string;
    id: (row: Row) => string;
    key: (row: Row) => SortKey;
    direction: "asc" | "desc";
    ordered: boolean;
    distinct?: boolean;
  },
): void {
  const { label, id, key } = check;
  expect(sorted.total, label).toBe(plain.total);
  const ids = sorted.rows.map(id);
  expect(new Set(ids).size, `${label}: a row repeated or missing`).toBe(plain.total);
  expect([...ids].sort(), label).toEqual(plain.rows.map(id).sort());

  const position = new Map(plain.rows.map((row, i) => [id(row), i]));
  const seen = new Set<string>();
  let previous: string | undefined;
  for (const [i, row] of sorted.rows.entries()) {
    const text = JSON.stringify(key(row));
    if (text !== previous) {
      expect(seen.has(text), `${label}: ${text} split`).toBe(false);
      seen.add(text);
    } else {
      const before = sorted.rows[i - 1] as Row;
      expect(position.get(id(row)), `${label}: tie-break`).toBeGreaterThan(
        position.get(id(before)) as number,
      );
    }
    previous = text;
  }
  if (check.distinct)
    expect(seen.size, `${label} has a single value: the sort is not tested`).toBeGreaterThan(1);

  if (check.ordered) {
    const keys = sorted.rows.map(key);
    const present = keys.filter((k) => k !== null) as Exclude<SortKey, null>[];
    const byValue = [...present].sort(compareKeys);
    expect(present, label).toEqual(check.direction === "asc" ? byValue : byValue.reverse());
    expect(
      keys.slice(present.length).every((k) => k === null),
      `${label}: null keys last`,
    ).toBe(true);
  }
}
