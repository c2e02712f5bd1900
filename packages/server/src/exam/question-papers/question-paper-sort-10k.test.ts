import { randomUUID } from "node:crypto";
import { QUESTION_PAPER_SORT_COLUMNS, SORT_DIRECTIONS } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertRowsByColumn } from "../../db/bulk-insert.ts";
import {
  courseOffering,
  examCycle,
  QUESTION_PAPER_STATUS_VALUES,
  questionPaper,
  questionPaperSet,
  SET_STATUS_VALUES,
} from "../../db/schema.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../../test/harness.ts";

/**
 * The sorting budget: "Sorting over 10,000 papers: every page of every sort, concatenated, holds
 * each paper once". 10,000 papers over a few exam cycles (so thousands share a cycle, a status, a
 * faculty member, a term), then every page (100 a page, the list's largest size) of every sortable
 * column in both directions.
 */

const PAPERS = 10_000;
const PAGE = 100;

type Page = { questionPapersList: { id: string }[]; noOfRecords: number };

const sorts = QUESTION_PAPER_SORT_COLUMNS.flatMap((sortBy) =>
  SORT_DIRECTIONS.map((sortDirection) => ({ sortBy, sortDirection })),
);

describe.each(testTargets())("question paper list sorting over 10,000 papers on $name", (target) => {
  let api: TestApi;
  let auth: Record<string, string>;
  let allIds: string[];

  beforeAll(async () => {
    api = await createTestApi(target);
    const offerings = await api.ctx.db
      .select({ id: courseOffering.id, facultyId: courseOffering.facultyId })
      .from(courseOffering);
    expect(offerings.length).toBeGreaterThan(0);
    const cycles = Array.from({ length: Math.ceil(PAPERS / offerings.length) }, (_, i) => ({
      id: randomUUID(),
      name: `Sort budget cycle ${i + 1}`,
      examType: "EndTerm" as const,
      startDate: "2027-02-01",
      endDate: "2027-02-20",
    }));
    const papers = Array.from({ length: PAPERS }, (_, i) => {
      const offering = offerings[i % offerings.length] as (typeof offerings)[number];
      return {
        id: randomUUID(),
        courseOfferingId: offering.id,
        examCycleId: (cycles[Math.floor(i / offerings.length)] as (typeof cycles)[number]).id,
        facultyId: offering.facultyId,
        status: QUESTION_PAPER_STATUS_VALUES[i % QUESTION_PAPER_STATUS_VALUES.length] as string,
      };
    }) as (typeof questionPaper.$inferInsert)[];
    const sets = papers.flatMap((paper, i) =>
      ([1, 2] as const).map((setNumber) => ({
        questionPaperId: paper.id as string,
        setNumber,
        status: SET_STATUS_VALUES[(i + setNumber) % SET_STATUS_VALUES.length] as string,
      })),
    ) as (typeof questionPaperSet.$inferInsert)[];
    await api.ctx.db.transaction(async (tx) => {
      await insertRowsByColumn(tx, examCycle, cycles);
      await insertRowsByColumn(tx, questionPaper, papers);
      await insertRowsByColumn(tx, questionPaperSet, sets);
    });
    allIds = (await api.ctx.db.select({ id: questionPaper.id }).from(questionPaper)).map((r) => r.id).sort();
    expect(allIds.length).toBeGreaterThanOrEqual(PAPERS);
    auth = await signInHeaders(api);
  }, 300_000);
  afterAll(async () => {
    await api?.close();
  });

  async function page(body: Record<string, unknown>): Promise<Page> {
    const res = await api.call("POST", "/api/sf/exam/questionPaperList", { body, headers: auth });
    expect(res.status).toBe(200);
    return res.body as Page;
  }

  it.each(sorts)(
    "every page by $sortBy $sortDirection, concatenated, holds each paper once",
    async (sort) => {
      const first = await page({ ...sort, pageNo: 1, count: PAGE });
      expect(first.noOfRecords).toBe(allIds.length);
      const ids = first.questionPapersList.map((paper) => paper.id);
      const pages = Math.ceil(first.noOfRecords / PAGE);
      for (let pageNo = 2; pageNo <= pages; pageNo++) {
        const next = await page({ ...sort, pageNo, count: PAGE });
        expect(next.noOfRecords).toBe(allIds.length);
        ids.push(...next.questionPapersList.map((paper) => paper.id));
      }
      expect(ids).toHaveLength(allIds.length);
      expect(new Set(ids).size).toBe(allIds.length);
      expect([...ids].sort()).toEqual(allIds);
    },
  );
});
