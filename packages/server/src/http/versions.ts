import { z } from "zod";
import { ApiError } from "./errors.ts";

/**
 * Optimistic concurrency of the portal's update calls (docs/security/versions.md). Every editable
 * row carries an integer `version` (1 when made, +1 on every write that changes it); an update names
 * the version the client read and is applied as `UPDATE ... SET ..., version = version + 1 WHERE id
 * = $1 AND version = $2`. No row affected means someone else changed the row first: the whole
 * request is rolled back and answered 409 `version_conflict`.
 */

/** The `version` field of an update item: the row version the client read (a whole number ≥ 0). */
export const zVersion = (field = "version") =>
  z
    .number({ error: `${field} is required: send the version of the row you read` })
    .int({ error: `${field} must be a whole number` })
    .min(0, { error: `${field} must be 0 or more` })
    .max(2_147_483_647, { error: `${field} is too large` });

/**
 * The 409 of a stale update. `what` names the record for people ("This exam", "The seating plan of
 * this exam"); `field` names the item of the request (e.g. "2.version").
 */
export function versionConflict(what: string, field?: string): ApiError {
  return new ApiError(
    409,
    `${what} was changed by someone else since you opened it. Reload it to see the changes; what you typed is kept.`,
    { errorCode: "version_conflict", ...(field ? { field } : {}) },
  );
}

/** PostgreSQL's unique_violation, raised by a concurrent insert of the same key. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
