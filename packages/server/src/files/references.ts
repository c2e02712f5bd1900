import { inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "../db/client.ts";
import {
  answerSheet,
  contactDetail,
  courseDocument,
  facultyInvitation,
  questionPaperSet,
} from "../db/schema.ts";

/**
 * Every column that names a file of the file store. A file that none of them names is an orphan:
 * the sweep removes it a day after it was created, and a replaced file is removed once none names
 * it. A new column holding file keys must be added here (`references.test.ts` fails on a
 * `*_key` text column of the schema that is missing).
 */
export const FILE_REFERENCES: ReadonlyArray<{ table: PgTable; column: PgColumn }> = [
  { table: questionPaperSet, column: questionPaperSet.documentKey },
  { table: answerSheet, column: answerSheet.documentKey },
  { table: facultyInvitation, column: facultyInvitation.attachmentKey },
  { table: contactDetail, column: contactDetail.photoKey },
  { table: courseDocument, column: courseDocument.documentKey },
];

/** SQL condition: no record names the key `key` (an SQL expression, e.g. `stored_file.key`). */
export function unnamedKeyCondition(key: SQL): SQL {
  return sql.join(
    FILE_REFERENCES.map((r) => sql`not exists (select 1 from ${r.table} where ${r.column} = ${key})`),
    sql` and `,
  );
}

/** Those of `keys` that some record names, as `db` sees the records (500 keys per query). */
export async function namedKeys(db: Executor, keys: readonly string[]): Promise<Set<string>> {
  const named = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const chunk = [...new Set(keys.slice(i, i + 500))];
    for (const r of FILE_REFERENCES) {
      const found = (await db
        .select({ key: r.column })
        .from(r.table)
        .where(inArray(r.column, chunk))) as Array<{ key: string | null }>;
      for (const row of found) if (row.key) named.add(row.key);
    }
  }
  return named;
}
