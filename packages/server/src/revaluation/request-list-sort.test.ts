import { REQUEST_LIST_SORT_COLUMNS, type RequestListSortColumn, SORT_DIRECTIONS } from "@portal/domain";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contact, exam, gradingSubComponent, retestRequest, revaluationRequest } from "../db/schema.ts";
import { examHeaderColumns, withExamHeaderJoins } from "../exam/public.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";
import { everyPage as everyPageOf, expectSortedPages } from "../test/sorted-pages.ts";

/**
 * Server-side sorting of the Revaluation and Retest lists (openapi listRevaluationsOrRetests `sortBy`,
 * `sortDirection`): for every sort, the pages taken in turn hold each exam exactly once, in
 * the sort's order, and rows with equal sort keys keep the list's own order (course name, section,
 * exam date, id), the stable tie-break. Extra requests on 40 exams give pages and many ties.
 */

type Row = {
  id: string;
  program: string;
  termName: string;
  courseName: string;
  section: string;
  batch: string;
  examType: string;
  examDate: string;
  examCycle: string;
  revalDueDate: string | null;
  status: string;
  numberofDocuments: number;
  requests: number;
  pending: number;
};
type Page = { rows: Row[]; noOfRecords: number };

/** The value a row is sorted by under `column` (as the server compares it; null is a missing due date). */
function key(row: Row, column: RequestListSortColumn): string | number | null {
  switch (column) {
    case "program":
      return row.program;
    case "term":
      return row.termName;
    case "course":
      return `${row.courseName}\u0000${row.section}`;
    case "batch":
      return row.batch;
    case "examType":
      return row.examType;
    case "examDate":
      return row.examDate;
    case "examCycle":
      return row.examCycle;
    case "requests":
      return row.requests;
    case "pending":
      return row.pending;
    case "status":
      return row.pending > 0 ? 1 : 0;
    case "due":
      return row.revalDueDate;
    case "documents":
      return row.numberofDocuments;
  }
}

const ORDERED_COLUMNS: RequestListSortColumn[] = [
  "examDate",
  "requests",
  "pending",
  "status",
  "due",
  "documents",
];

const sorts = (["Revaluation", "Retest"] as const).flatMap((type) =>
  REQUEST_LIST_SORT_COLUMNS.flatMap((sortBy) =>
    SORT_DIRECTIONS.map((sortDirection) => ({ type, sortBy, sortDirection })),
  ),
);

describe.each(testTargets())("Revaluation and Retest list sorting on $name", (target) => {
  let api: TestApi;
  let auth: Record<string, string>;

  beforeAll(async () => {
    api = await createTestApi(target);
    auth = await signInHeaders(api);
    const db = api.ctx.db;
    const exams = await withExamHeaderJoins(db.select({ id: examHeaderColumns.id }).from(exam).$dynamic())
      .orderBy(asc(exam.id))
      .limit(40);
    const students = await db
      .select({ id: contact.id })
      .from(contact)
      .where(eq(contact.kind, "student"))
      .orderBy(asc(contact.id))
      .limit(3);
    const [sub] = await db.select({ id: gradingSubComponent.id }).from(gradingSubComponent).limit(1);
    if (!sub || exams.length < 30 || students.length < 3) throw new Error("demo data too small");
    const retestStates = ["Pending", "Accept", "Reject"] as const;
    const revalStates = ["Requested", "Completed", "Rejected", "Accepted"] as const;
    const retests: (typeof retestRequest.$inferInsert)[] = [];
    const revaluations: (typeof revaluationRequest.$inferInsert)[] = [];
    exams.forEach((e, i) => {
      for (const [j, student] of students.slice(0, 1 + (i % 3)).entries()) {
        retests.push({
          examId: e.id,
          studentId: student.id,
          reason: "Ill",
          state: retestStates[(i + j) % 3],
        });
        revaluations.push({
          examId: e.id,
          studentId: student.id,
          subComponentId: sub.id,
          reason: "Recount",
          state: revalStates[(i + j) % 4],
          previousMarks: 10,
          dueDate: `2026-12-${String(1 + (i % 5)).padStart(2, "0")}`,
        });
      }
    });
    await db.insert(retestRequest).values(retests).onConflictDoNothing();
    await db.insert(revaluationRequest).values(revaluations).onConflictDoNothing();
  }, 300_000);
  afterAll(async () => {
    await api?.close();
  });

  async function page(body: Record<string, unknown>): Promise<Page> {
    const res = await api.call("POST", "/api/salesforce/RetestRevaluationDetails", { body, headers: auth });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Page;
  }

  /** Every page of one list and sort, 25 a page, concatenated. */
  const everyPage = (body: Record<string, unknown>) =>
    everyPageOf(25, async (pageNo, count) => {
      const answer = await page({ ...body, pageNo, count });
      return { rows: answer.rows, total: answer.noOfRecords };
    });

  it.each(sorts)(
    "pages the $type list by $sortBy $sortDirection: each exam once, ties in the list's own order",
    async ({ type, sortBy, sortDirection }) => {
      const plain = await everyPage({ type });
      expect(plain.total).toBeGreaterThan(25);
      const sorted = await everyPage({ type, sortBy, sortDirection });
      // A missing due date (a retest, or nothing open) is a null key: last either way.
      expectSortedPages(plain, sorted, {
        label: `${type} ${sortBy} ${sortDirection}`,
        id: (row) => row.id,
        key: (row) => key(row, sortBy),
        direction: sortDirection,
        ordered: ORDERED_COLUMNS.includes(sortBy),
      });
    },
  );

  it("answers the same order for the same sort (no order left to chance)", async () => {
    const body = { type: "Retest", sortBy: "examType", sortDirection: "desc" };
    const once = (await everyPage(body)).rows.map((r) => r.id);
    expect((await everyPage(body)).rows.map((r) => r.id)).toEqual(once);
  });

  it("answers 400 naming the field for an unknown sort column or direction", async () => {
    for (const body of [
      { type: "Revaluation", sortBy: "id" },
      { type: "Retest", sortBy: "due", sortDirection: "up" },
    ]) {
      const res = await api.call("POST", "/api/salesforce/RetestRevaluationDetails", { body, headers: auth });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ field: Object.keys(body).at(-1) });
    }
  });
});
