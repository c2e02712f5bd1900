import type { SortDirection } from "@portal/domain";
import { type SQL, sql } from "drizzle-orm";
import { exam } from "../db/schema.ts";

/**
 * Where a page of an exam list sits, for the screens' date groups: `offset` is the number of rows on
 * the pages before it; `dates` is the order the list's exam dates run in ("asc" soonest first,
 * "desc" latest first), or null when another column sorts the list (then it has no date groups).
 */
export type DatedPage = { offset: number; dates: SortDirection | null };

/**
 * Whether exams of a page's first exam date (`firstDate`, YYYY-MM-DD: the exam's calendar date at its
 * campus, `exam.exam_date`) also sit on the pages before it, for a list in date order (spec
 * academic-planning.md, shared components: the table groups rows by date; the answers'
 * `firstDateContinued`). The rows dated before it in that order all come first, so any more rows
 * before the page's offset share its date: one count, `countListed(condition)`, which counts the
 * list's own rows (its conditions and joins) that also meet `condition`. False without a query on the
 * first page, for an empty page and when the list is not in date order.
 */
export async function continuesFirstDate(
  countListed: (condition: SQL) => Promise<number>,
  firstDate: string | undefined,
  page: DatedPage,
): Promise<boolean> {
  if (firstDate === undefined || page.offset === 0 || page.dates === null) return false;
  const earlier =
    page.dates === "asc" ? sql`${exam.examDate} < ${firstDate}` : sql`${exam.examDate} > ${firstDate}`;
  return page.offset > (await countListed(earlier));
}
