import { FACULTY_SORT_COLUMNS, type FacultySortColumn, SORT_DIRECTIONS } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";
import { everyPage as everyPageOf, expectSortedPages } from "../test/sorted-pages.ts";

/**
 * Server-side sorting of the faculty table (openapi listFaculty `sortBy`, `sortDirection`;
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
  const everyPage = (query: Record<string, string>) =>
    everyPageOf(10, async (pageNo, count) => {
      const answer = await page({ ...query, pageNo, count });
      return { rows: answer.faculty, total: answer.noOfRecords };
    });

  it.each(sorts)(
    "pages by $sortBy $sortDirection: each faculty member once, ties in the list's own order",
    async ({ sortBy, sortDirection }) => {
      const plain = await everyPage({});
      expect(plain.total).toBeGreaterThan(10);
      const sorted = await everyPage({ sortBy, sortDirection });

      if (sortBy === "name") {
        // The name is the list's own order: ascending is it, descending its reverse.
        const own = plain.rows.map((r) => r.id);
        expect(sorted.rows.map((r) => r.id)).toEqual(sortDirection === "asc" ? own : [...own].reverse());
        return;
      }
      // Unrated faculty (a null key) come last either way.
      expectSortedPages(plain, sorted, {
        label: `${sortBy} ${sortDirection}`,
        id: (row) => row.id,
        key: (row) => key(row, sortBy),
        direction: sortDirection,
        ordered: ORDERED_COLUMNS.includes(sortBy),
        distinct: true,
      });
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
