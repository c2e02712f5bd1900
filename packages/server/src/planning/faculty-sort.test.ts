import { FACULTY_SORT_COLUMNS, type FacultySortColumn, SORT_DIRECTIONS } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";

/**
 * Server-side sorting of the faculty table (openapi listFaculty `sortBy`, `sortDirection`, issue 27;
 * Faculty Invitation and the section's faculty picker): for every column and direction, the pages of
 * 10 taken in turn hold each faculty member exactly once, ordered by the column, and members with
 * equal keys keep the list's own order (first name, last name, id), the stable tie-break.
 */

type Row = {
  id: string;
  name: string;
  phone: string;
  email: string;
  type: string;
  association: string;
  location: string;
  rating: number | null;
};
type Page = { faculty: Row[]; noOfRecords: number };

/** The value a row is sorted by under `column` (null: unrated, last either way). */
function key(row: Row, column: FacultySortColumn): string | number | null {
  switch (column) {
    case "name":
      return null;
    case "rating":
      return row.rating;
    default:
      return row[column];
  }
}

/**
 * Columns whose order the test checks by value: the rating (as the answer shows it, rounded to a half
 * star) and the association's two words. Names,
 * e-mails and the like collate by the database's locale, so for them the test checks grouping and
 * the tie-break only.
 */
const ORDERED_COLUMNS: FacultySortColumn[] = ["association", "rating"];

const sorts = FACULTY_SORT_COLUMNS.flatMap((sortBy) =>
  SORT_DIRECTIONS.map((sortDirection) => ({ sortBy, sortDirection })),
);

describe.each(testTargets())("faculty table sorting on $name", (target) => {
  let api: TestApi;
  let headers: Record<string, string>;

  beforeAll(async () => {
    api = await createTestApi(target);
    headers = await signInHeaders(api);
  }, 300_000);
  afterAll(async () => {
    await api?.close();
  });

  async function page(query: Record<string, string | number>): Promise<Page> {
    const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    const res = await api.call("GET", `/api/salesforce/FacultyList?${search}`, { headers });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Page;
  }

  /** Every page of one sort, 10 a page, concatenated. */
  async function everyPage(query: Record<string, string>): Promise<{ rows: Row[]; total: number }> {
    const first = await page({ ...query, pageNo: 1, count: 10 });
    const rows = [...first.faculty];
    for (let pageNo = 2; pageNo <= Math.ceil(first.noOfRecords / 10); pageNo++) {
      rows.push(...(await page({ ...query, pageNo, count: 10 })).faculty);
    }
    return { rows, total: first.noOfRecords };
  }

  it.each(sorts)(
    "pages by $sortBy $sortDirection: each faculty member once, ties in the list's own order",
    async ({ sortBy, sortDirection }) => {
      const plain = await everyPage({});
      expect(plain.total).toBeGreaterThan(10);
      const sorted = await everyPage({ sortBy, sortDirection });
      expect(sorted.total).toBe(plain.total);
      const ids = sorted.rows.map((r) => r.id);
      expect(new Set(ids).size).toBe(plain.total);
      expect([...ids].sort()).toEqual(plain.rows.map((r) => r.id).sort());

      if (sortBy === "name") {
        // The name is the list's own order: ascending is it, descending its reverse.
        const own = plain.rows.map((r) => r.id);
        expect(ids).toEqual(sortDirection === "asc" ? own : [...own].reverse());
        return;
      }

      // Equal keys sit together, and among them the list's own order holds (the stable tie-break).
      const position = new Map(plain.rows.map((r, i) => [r.id, i]));
      const seen = new Set<string>();
      let previous: string | undefined;
      for (const [i, row] of sorted.rows.entries()) {
        const text = JSON.stringify(key(row, sortBy));
        if (text !== previous) {
          expect(seen.has(text), `${sortBy} ${text} split`).toBe(false);
          seen.add(text);
        } else {
          const before = sorted.rows[i - 1] as Row;
          expect(position.get(row.id)).toBeGreaterThan(position.get(before.id) as number);
        }
        previous = text;
      }
      expect(seen.size, `${sortBy} has a single value: the sort is not tested`).toBeGreaterThan(1);

      if (ORDERED_COLUMNS.includes(sortBy)) {
        const keys = sorted.rows.map((r) => key(r, sortBy));
        const present = keys.filter((k) => k !== null) as (string | number)[];
        const ordered = [...present].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(present).toEqual(sortDirection === "asc" ? ordered : ordered.reverse());
        // Unrated faculty come last either way.
        expect(keys.slice(present.length).every((k) => k === null)).toBe(true);
      }
    },
  );

  it("answers 400 naming the field for an unknown sort column or direction", async () => {
    for (const query of ["sortBy=id", "sortBy=rating&sortDirection=up"]) {
      const res = await api.call("GET", `/api/salesforce/FacultyList?${query}`, { headers });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ field: query.includes("up") ? "sortDirection" : "sortBy" });
    }
  });
});
