import { type Column, getTableColumns, getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "./client.ts";

/** Rows of one statement at most: each column travels as one array parameter of this length. */
const ROWS_PER_STATEMENT = 20_000;

/** One element of a PostgreSQL array literal: NULL, or the text quoted with `\` and `"` escaped. */
function arrayElement(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  const text = typeof value === "string" ? value : String(value);
  return `"${text.replace(/[\\"]/g, "\\$&")}"`;
}

/**
 * Inserts `rows` into `table` as a few statements of the form
 * `insert into t (a, b) select * from unnest($1::type[], $2::type[])`: one array parameter per
 * column (at most 20,000 rows a statement), so a statement costs a fixed, small number of
 * parameters whatever its rows, where a multi-row `values` list costs one parameter per cell to
 * build, send and bind. The columns are the keys of the first row (every row must have the same
 * keys; a key missing from a row writes NULL); columns not named take their defaults. Values go
 * through the column's own driver mapping (dates, JSON), so they are stored as `db.insert` would
 * store them. Runs in the caller's transaction; errors are the database's (unique or foreign-key
 * violations as from `insert`).
 */
export async function insertRowsByColumn<T extends PgTable>(
  db: Executor,
  table: T,
  rows: readonly T["$inferInsert"][],
): Promise<void> {
  if (rows.length === 0) return;
  const columnsByKey = getTableColumns(table) as Record<string, Column>;
  const keys = Object.keys(rows[0] as object);
  const columns = keys.map((key) => {
    const column = columnsByKey[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return column;
  });
  const names = sql.raw(columns.map((c) => `"${c.name}"`).join(", "));
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT) as Array<Record<string, unknown>>;
    const arrays = columns.map((column, i) => {
      const key = keys[i] as string;
      const literal = `{${chunk
        .map((row) => {
          const value = row[key];
          return arrayElement(value === null || value === undefined ? null : column.mapToDriverValue(value));
        })
        .join(",")}}`;
      return sql`${literal}::${sql.raw(column.getSQLType())}[]`;
    });
    await db.execute(sql`insert into ${table} (${names}) select * from unnest(${sql.join(arrays, sql`, `)})`);
  }
}
