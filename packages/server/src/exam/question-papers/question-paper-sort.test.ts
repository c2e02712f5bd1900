import { QUESTION_PAPER_SORT_COLUMNS, QUESTION_PAPER_STATUSES, SORT_DIRECTIONS } from "@portal/domain";
import { asc, eq, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { personName } from "../../db/person-name.ts";
import { contact, course, courseOffering, examCycle, intake, questionPaper, term } from "../../db/schema.ts";
import { createBenchmarkPapers } from "../../demo/seed.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../../test/harness.ts";

/**
 * Server-side sorting of the paged question paper list (openapi listQuestionPapers `sortBy`,
 * `sortDirection`): for every sort, the pages taken in turn hold each matching paper exactly once,
 * in the sort's order, however many papers share a sort key (300 benchmark papers share one exam
 * cycle, and many share a faculty member, a term or a status).
 */

type Paper = { id: string; status: string; examCycle: string; faculty: string; courseName: string };
type Page = { questionPapersList: Paper[]; noOfRecords: number };

const sorts = QUESTION_PAPER_SORT_COLUMNS.flatMap((sortBy) =>
  SORT_DIRECTIONS.map((sortDirection) => ({ sortBy, sortDirection })),
);

describe.each(testTargets())("question paper list sorting on $name", (target) => {
  let api: TestApi;
  let auth: Record<string, string>;

  beforeAll(async () => {
    api = await createTestApi(target);
    await createBenchmarkPapers(api.ctx, 300);
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

  /** Every page of one sort and filter, 25 a page, concatenated. */
  async function everyPage(body: Record<string, unknown>): Promise<{ papers: Paper[]; total: number }> {
    const first = await page({ ...body, pageNo: 1, count: 25 });
    const papers = [...first.questionPapersList];
    const pages = Math.ceil(first.noOfRecords / 25);
    for (let pageNo = 2; pageNo <= pages; pageNo++) {
      papers.push(...(await page({ ...body, pageNo, count: 25 })).questionPapersList);
    }
    return { papers, total: first.noOfRecords };
  }

  /**
   * Every paper's id in the order a sort defines, as one ORDER BY over every paper joined to its
   * names (the sort's key in its direction with empty keys last, a course name's ties by term name;
   * then the list's own order, course name and term name ascending; then id): the reference the
   * list's paged plans must follow.
   */
  async function referenceOrder(
    sort: { sortBy: string; sortDirection: string },
    courseName?: string,
  ): Promise<string[]> {
    const direction = sql.raw(sort.sortDirection === "desc" ? "desc" : "asc");
    const statuses = sql.raw(`array[${QUESTION_PAPER_STATUSES.map((s) => `'${s}'`).join(", ")}]::text[]`);
    const keys: Record<string, SQL> = {
      courseName: sql`${course.name}`,
      term: sql`${term.name}`,
      batch: sql`${intake.name}`,
      examCycle: sql`${examCycle.name}`,
      status: sql`array_position(${statuses}, ${questionPaper.status}::text)`,
      faculty: sql`nullif(${personName(contact, { trim: true })}, '')`,
    };
    const rows = await api.ctx.db
      .select({ id: questionPaper.id })
      .from(questionPaper)
      .innerJoin(courseOffering, eq(courseOffering.id, questionPaper.courseOfferingId))
      .innerJoin(course, eq(course.id, courseOffering.courseId))
      .innerJoin(term, eq(term.id, courseOffering.termId))
      .innerJoin(intake, eq(intake.id, term.intakeId))
      .innerJoin(examCycle, eq(examCycle.id, questionPaper.examCycleId))
      .leftJoin(contact, eq(contact.id, questionPaper.facultyId))
      .where(courseName === undefined ? undefined : eq(course.name, courseName))
      .orderBy(
        sql`${keys[sort.sortBy]} ${direction} nulls last`,
        sql`${sort.sortBy === "courseName" ? term.name : sql`null::text`} ${direction}`,
        asc(course.name),
        asc(term.name),
        asc(questionPaper.id),
      );
    return rows.map((row) => row.id);
  }

  it.each(sorts)(
    "pages by $sortBy $sortDirection hold each paper exactly once, in the sort's order",
    async (sort) => {
      const { papers: unsorted, total } = await everyPage({});
      expect(total).toBeGreaterThanOrEqual(300);
      const { papers, total: sortedTotal } = await everyPage(sort);
      expect(sortedTotal).toBe(total);
      const ids = papers.map((paper) => paper.id);
      expect(ids).toHaveLength(total);
      expect(new Set(ids).size).toBe(total);
      expect([...ids].sort()).toEqual(unsorted.map((paper) => paper.id).sort());
      expect(ids).toEqual(await referenceOrder(sort));
    },
  );

  it("orders by status in the workflow's order, descending reversed", async () => {
    const rank = (paper: Paper) => QUESTION_PAPER_STATUSES.indexOf(paper.status as never);
    const ascending = (await everyPage({ sortBy: "status", sortDirection: "asc" })).papers.map(rank);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(new Set(ascending).size).toBeGreaterThan(1);
    const descending = (await everyPage({ sortBy: "status", sortDirection: "desc" })).papers.map(rank);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
  });

  it("keeps a filter while sorting and counts the same total", async () => {
    const filter = { status: "Submitted" };
    const plain = await everyPage(filter);
    const sorted = await everyPage({ ...filter, sortBy: "faculty", sortDirection: "desc" });
    expect(sorted.total).toBe(plain.total);
    expect(new Set(sorted.papers.map((paper) => paper.id)).size).toBe(plain.total);
    expect(sorted.papers.every((paper) => paper.status === "Submitted")).toBe(true);
  });

  it.each([
    { sortBy: "examCycle", sortDirection: "desc" },
    { sortBy: "faculty", sortDirection: "asc" },
    { sortBy: "status", sortDirection: "asc" },
    { sortBy: "term", sortDirection: "desc" },
  ])("narrowed to one course, pages by $sortBy $sortDirection follow the sort's order", async (sort) => {
    const [busiest] = await api.ctx.db
      .select({ name: course.name })
      .from(questionPaper)
      .innerJoin(courseOffering, eq(courseOffering.id, questionPaper.courseOfferingId))
      .innerJoin(course, eq(course.id, courseOffering.courseId))
      .groupBy(course.name)
      .orderBy(sql`count(*) desc`, course.name)
      .limit(1);
    const courseName = busiest?.name ?? "";
    const { papers, total } = await everyPage({ course: courseName, ...sort });
    expect(total).toBeGreaterThan(1);
    expect(papers.map((paper) => paper.id)).toEqual(await referenceOrder(sort, courseName));
  });

  it("answers 400 naming the field for an unknown sort column or direction", async () => {
    for (const body of [{ sortBy: "id" }, { sortDirection: "up" }]) {
      const res = await api.call("POST", "/api/sf/exam/questionPaperList", { body, headers: auth });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(Object.keys(body)[0]);
    }
  });
});
