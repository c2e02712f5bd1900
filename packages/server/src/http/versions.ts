import { z } from "zod";

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
