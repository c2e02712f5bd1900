import {
  ALL_ROWS_CAP,
  BATCH_SORT_COLUMNS,
  type BatchSortColumn,
  INTAKE_MONTHS,
  SORT_DIRECTIONS,
} from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { academicProgramme, campus, intake } from "../db/schema.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";
import { everyPage as everyPageOf, expectSortedPages } from "../test/sorted-pages.ts";

/**
 * Server-side sorting of the batches list (openapi listBatches `sortBy`, `sortDirection`)
 * and its All (count 0, capped): for every sort, the pages taken in turn hold each intake exactly
 * once, ordered by the column, and intakes with equal keys keep the list's own order (the stable
 * tie-break). 30 extra intakes without terms share a programme and campus, so ties abound.
 */

type Batch = {
  IntakeId: string;
  ProgramName: string;
  Batch: number;
  Intake: string;
  TermStartDate: string;
  TermEndDate: string;
  Semester: number;
  TermStatus: string;
  Campus: string;
};
type Page = { batchList: Batch[]; noOfRecords: number };

/** DD/MM/YYYY as YYYY-MM-DD (null when empty), so dates compare in time order. */
const day = (wire: string) => (wire ? wire.split("/").reverse().join("-") : null);

/** The value a row sorts by under `column` (null: no terms, last either way). */
function key(b: Batch, column: BatchSortColumn): string | number | null {
  switch (column) {
    case "program":
      return b.ProgramName;
    case "batch":
      return b.Batch;
    case "intake":
      return INTAKE_MONTHS.indexOf(b.Intake as never);
    case "startDate":
      return day(b.TermStartDate);
    case "endDate":
      return day(b.TermEndDate);
    case "terms":
      return b.Semester;
    case "termStatus":
      return b.TermStatus;
    case "campus":
      return b.Campus;
  }
}

/** Columns whose keys compare the same in JavaScript and in either database (no collation). */
const ORDERED: BatchSortColumn[] = ["batch", "intake", "startDate", "endDate", "terms"];

const sorts = BATCH_SORT_COLUMNS.flatMap((sortBy) =>
  SORT_DIRECTIONS.map((sortDirection) => ({ sortBy, sortDirection })),
);

describe.each(testTargets())("batches list sorting on $name", (target) => {
  let api: TestApi;
  let auth: Record<string, string>;

  beforeAll(async () => {
    api = await createTestApi(target);
    auth = await signInHeaders(api);
    const [programme] = await api.ctx.db
      .select({ id: academicProgramme.id })
      .from(academicProgramme)
      .limit(1);
    const [place] = await api.ctx.db.select({ id: campus.id }).from(campus).limit(1);
    if (!programme || !place) throw new Error("demo data without a programme or campus");
    await api.ctx.db.insert(intake).values(
      Array.from({ length: 30 }, (_, i) => ({
        programmeId: programme.id,
        campusId: place.id,
        name: `Sort check ${String(i).padStart(2, "0")}`,
        year: 2030 + (i % 3),
        month: INTAKE_MONTHS[i % 2] as string,
      })),
    );
  }, 300_000);
  afterAll(async () => {
    await api?.close();
  });

  async function page(body: Record<string, unknown>): Promise<Page> {
    const res = await api.call("POST", "/api/salesforce/CurrentPageFilter", { body, headers: auth });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Page;
  }

  /** Every page of one sort, 10 a page, concatenated. */
  const everyPage = (body: Record<string, unknown>) =>
    everyPageOf(10, async (pageNo, count) => {
      const answer = await page({ ...body, pageNo, count });
      return { rows: answer.batchList, total: answer.noOfRecords };
    });

  it.each(sorts)(
    "pages by $sortBy $sortDirection: each intake once, ties in the list's own order",
    async (sort) => {
      const plain = await everyPage({});
      expect(plain.total).toBeGreaterThanOrEqual(30);
      const sorted = await everyPage(sort);
      // An intake without terms has no dates (a null key): last either way.
      expectSortedPages(plain, sorted, {
        label: `${sort.sortBy} ${sort.sortDirection}`,
        id: (b) => b.IntakeId,
        key: (b) => key(b, sort.sortBy),
        direction: sort.sortDirection,
        ordered: ORDERED.includes(sort.sortBy),
      });
    },
  );

  it("answers All (count 0, and the old 1000) with the first ALL_ROWS_CAP rows and the whole count", async () => {
    const plain = await everyPage({});
    for (const count of [0, 1000]) {
      const all = await page({ count, pageNo: 3, sortBy: "batch", sortDirection: "desc" });
      expect(all.noOfRecords).toBe(plain.total);
      expect(all.batchList.length).toBe(Math.min(plain.total, ALL_ROWS_CAP));
    }
  });

  it("answers 400 naming the field for an unknown sort column or direction", async () => {
    for (const body of [{ sortBy: "IntakeId" }, { sortBy: "terms", sortDirection: "up" }]) {
      const res = await api.call("POST", "/api/salesforce/CurrentPageFilter", { body, headers: auth });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ field: Object.keys(body).at(-1) });
    }
  });
});
