import { ALL_ROWS_CAP, ALL_ROWS_COUNT, pageSizeCounts } from "@portal/domain";
import { z } from "zod";
import { zVersion } from "./versions.ts";

/**
 * Request schemas the exam area's routes share: paging numbers, search text, ids, item lists and the
 * version part of an update item. Each names the field in its message (the API's 400 texts).
 */

/** The version part of an update item (parsed beside the domain's item schema). */
export const ZItemVersion = z.object({ version: zVersion() });

const pageNoError = { error: "pageNo must be a whole number from 1" };
/** A page number in a query string (numbers as text): a whole number from 1, default 1. */
export const zQueryPageNo = z.coerce
  .number(pageNoError)
  .int(pageNoError)
  .min(1, pageNoError)
  .max(1_000_000)
  .default(1);
/** A page number in a JSON body: a whole number from 1, default 1. */
export const zBodyPageNo = z
  .number(pageNoError)
  .int(pageNoError)
  .min(1, pageNoError)
  .max(1_000_000)
  .default(1);
/** Free search text, trimmed, at most 200 characters, default "". */
export const zSearch = z.string({ error: "search must be text" }).trim().max(200).default("");
/** An optional id filter, trimmed; "" (or absent) keeps everything. */
export const zOptionalId = z.string({ error: "must be text" }).trim().max(100).default("");
/** A required id named `name` in its message. */
export const zRequiredId = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, { error: `${name} is required` })
    .max(100);

/** A body that is a list of 1 to `max` items of `what` (each item parsed on its own after). */
export const zItemList = (what: string, max: number) =>
  z
    .array(z.unknown(), { error: `The body must be a list of ${what}` })
    .min(1, { error: "Send at least one item" })
    .max(max, { error: `At most ${max} items per request` });

/**
 * A page size (`count`) of a list call: one of the domain's `sizes` (numbers of rows, "all" sent as
 * ALL_ROWS_COUNT, 0), default `fallback`. `coerce` reads numbers written as text (query strings).
 * Pair it with {@link resolveAllRows} after parsing.
 */
export function zPageCount(sizes: readonly (number | "all")[], fallback: number, coerce: boolean) {
  const counts = pageSizeCounts(sizes);
  const error = {
    error: `count must be one of ${sizes.map((s) => (s === "all" ? `${ALL_ROWS_COUNT} (All)` : String(s))).join(", ")}`,
  };
  const base = coerce ? z.coerce.number(error) : z.number(error);
  return base
    .int(error)
    .refine((n) => counts.includes(n), error)
    .default(fallback);
}

/**
 * Resolves the page size All (count 0, spec §9): the first page of at most ALL_ROWS_CAP rows. The
 * answer's `noOfRecords` stays the whole list's count, so a count above the rows returned says the page
 * was capped. Any other page passes unchanged.
 */
export function resolveAllRows<T extends { pageNo: number; count: number }>(page: T): T {
  return page.count === ALL_ROWS_COUNT ? { ...page, pageNo: 1, count: ALL_ROWS_CAP } : page;
}
