/**
 * True for PostgreSQL's unique_violation (SQLSTATE 23505), raised by a concurrent insert of the
 * same key, as node-postgres reports it (`code` on the error) and PGlite too, found also when drizzle
 * or a caller wrapped it (`cause`, followed at most 8 levels, so a cyclic chain cannot loop).
 */
export function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; depth < 8 && typeof e === "object" && e !== null; depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
