import { GRADING_COURSE_SORT_COLUMNS, type GradingCourseSortColumn, SORT_DIRECTIONS } from "@portal/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_EXAM_OFFICE } from "../demo/seed.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";
import { everyPage as everyPageOf, expectSortedPages } from "../test/sorted-pages.ts";

/**
 * Server-side sorting of the grading list, which the moderation list shows (openapi listGradingCourses
 * `sortBy`, `sortDirection`): for every column and direction, the pages of 5 taken in turn
 * hold each course offering exactly once, ordered by the column, and offerings with equal keys keep
 * the list's own order (course name, section, id), the stable tie-break.
 */

type Row = {
  id: string;
  programme: string;
  term: string;
  courseName: string;
  section: string;
  batch: string;
  campus: string;
  students: number;
  typeOfGrading: string;
  status: string;
};
type Page = { courses: Row[]; noOfRecords: number };

/** The values a row is sorted by under `column`, compared in turn (as the server compares them). */
function keys(row: Row, column: GradingCourseSortColumn): (string | number)[] {
  switch (column) {
    case "program":
      return [row.programme];
    case "term":
      return [row.term];
    case "course":
      return [row.courseName, row.section];
    case "batch":
      return [row.batch];
    case "campus":
      return [row.campus];
    case "students":
      return [row.students];
    case "typeOfGrading":
      return [row.typeOfGrading];
    case "status":
      return [row.status];
  }
}

/** Columns whose order the test checks by value: numbers and the fixed words (names collate by the database's locale). */
const ORDERED_COLUMNS: GradingCourseSortColumn[] = ["students", "typeOfGrading", "status"];

const sorts = GRADING_COURSE_SORT_COLUMNS.flatMap((sortBy) =>
  SORT_DIRECTIONS.map((sortDirection) => ({ sortBy, sortDirection })),
);

describe.each(testTargets())("grading list sorting on $name", (target) => {
  let api: TestApi;
  let headers: Record<string, string>;

  beforeAll(async () => {
    api = await createTestApi(target);
    headers = await signInHeaders(api, DEMO_EXAM_OFFICE.email);
    // The demo enrols every class alike: withdraw 0-3 students of each offering so the enrolled
    // counts differ (and still tie across offerings).
    await api.ctx.db.execute(sql`
      update enrolment set status = 'Withdrawn' where id in (
        select id from (
          select id,
            row_number() over (partition by course_offering_id order by id) as n,
            dense_rank() over (order by course_offering_id) as k
          from enrolment where status = 'Enrolled'
        ) ranked where n <= k % 4
      )`);
  }, 300_000);
  afterAll(async () => {
    await api?.close();
  });

  async function page(body: Record<string, unknown>): Promise<Page> {
    const res = await api.call("POST", "/api/salesforce/GradingCourseDetails", { headers, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Page;
  }

  /** Every page of one sort, 5 a page, concatenated. */
  const everyPage = (body: Record<string, unknown>) =>
    everyPageOf(5, async (pageNo, count) => {
      const answer = await page({ ...body, pageNo, count });
      return { rows: answer.courses, total: answer.noOfRecords };
    });

  it.each(sorts)(
    "pages by $sortBy $sortDirection: each course offering once, ties in the list's own order",
    async ({ sortBy, sortDirection }) => {
      const plain = await everyPage({});
      expect(plain.total).toBeGreaterThan(5);
      const sorted = await everyPage({ sortBy, sortDirection });
      expectSortedPages(plain, sorted, {
        label: `${sortBy} ${sortDirection}`,
        id: (row) => row.id,
        key: (row) => keys(row, sortBy),
        direction: sortDirection,
        ordered: ORDERED_COLUMNS.includes(sortBy),
        distinct: true,
      });
    },
  );

  it("sorts within a filter and answers the same order for the same sort", async () => {
    const body = { sortBy: "students", sortDirection: "desc", course: "a" };
    const once = await everyPage(body);
    const plain = await everyPage({ course: "a" });
    expect(once.total).toBe(plain.total);
    expect((await everyPage(body)).rows.map((r) => r.id)).toEqual(once.rows.map((r) => r.id));
  });

  it("answers 400 naming the field for an unknown sort column or direction", async () => {
    for (const body of [{ sortBy: "id" }, { sortBy: "students", sortDirection: "up" }]) {
      const res = await api.call("POST", "/api/salesforce/GradingCourseDetails", { headers, body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ field: Object.keys(body).at(-1) });
    }
  });
});
