import { and, eq, type InferSelectModel, sql } from "drizzle-orm";
import type { PgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import { type ApiError, versionConflict } from "../http/errors.ts";
import type { Executor } from "./client.ts";

/** A table whose rows carry a uuid `id` and an integer `version` (docs/security/versions.md). */
export type VersionedTable = PgTable & { id: PgColumn; version: PgColumn };

/**
 * The optimistic-concurrency update of one row (docs/security/versions.md): `UPDATE table SET
 * ..., version = version + 1 WHERE id = row.id AND version = row.version`, in the caller's
 * transaction `tx`. The version check is the UPDATE's own condition, so of two concurrent saves of
 * one version exactly one changes the row. Returns the row as it is after the update. When no row
 * has that id and version it throws, so the caller's whole transaction rolls back: the 409
 * `version_conflict` of {@link versionConflict} for `{ what, field }` (`what` names the record for
 * people, `field` the request item, e.g. `2.version`), or the error `conflict()` returns (a caller
 * that tells an unknown row from a stale one). The version moves on even when `set` is empty.
 */
export async function updateVersioned<T extends VersionedTable>(
  tx: Executor,
  table: T,
  row: { id: string; version: number },
  set: PgUpdateSetSource<T>,
  conflict: { what: string; field?: string } | (() => ApiError | Promise<ApiError>),
): Promise<InferSelectModel<T>> {
  const [updated] = (await tx
    .update(table)
    .set({ ...set, version: sql`${table.version} + 1` } as PgUpdateSetSource<T>)
    .where(and(eq(table.id, row.id), eq(table.version, row.version)))
    .returning()) as unknown as InferSelectModel<T>[];
  if (!updated) {
    throw typeof conflict === "function" ? await conflict() : versionConflict(conflict.what, conflict.field);
  }
  return updated;
}
