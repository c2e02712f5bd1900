import { heldRolesOf } from "../auth/public.ts";
import type { SessionUser } from "../context.ts";
import type { Executor } from "./client.ts";
import { type ReadModel, readModelCacheOn, readModelCounter } from "./read-model-cache.ts";

/**
 * What decides the data of a server-rendered page besides its address and the user's preferences,
 * for keeping the rendered page (docs/architecture.md, "Kept pages"):
 *
 * - `reach`: the user's role assignments with their scopes (`role:scopeKind:scopeId`, sorted,
 *   joined by `,`), as the session check read them; two users with the same reach are answered
 *   the same rows by every list that narrows by scope;
 * - `versions`: the change counters of the page's read models, in the order asked, joined by `,`.
 *
 * The counters are read before the page renders, so a page kept under them is never older than
 * they say (its own reads read the counters again, at the same value or later).
 */
export type PageReadState = { reach: string; versions: string };

/**
 * The {@link PageReadState} of a page whose every read is one of `models`, for `user`; null when
 * the page must be rendered afresh instead of kept: the read-model cache is off (READ_MODEL_CACHE=off,
 * so the bench and the tests of the uncached path meet the full render), the session check did not
 * record the user's role assignments, one of them is held at an institute (the list resolves an
 * institute to its programmes at read time, from academic_programme, which no counter covers), or a
 * model has no counter row. Rejects only when the database does.
 */
export async function pageReadState(
  db: Executor,
  user: SessionUser,
  models: readonly ReadModel[],
): Promise<PageReadState | null> {
  if (!readModelCacheOn(db)) return null;
  const held = heldRolesOf(user);
  if (!held || held.some((h) => h.scopeKind === "institute")) return null;
  const versions: number[] = [];
  for (const model of models) {
    const version = await readModelCounter(db, model);
    if (version === undefined) return null;
    versions.push(version);
  }
  const reach = held
    .map((h) => `${h.role}:${h.scopeKind ?? ""}:${h.scopeId ?? ""}`)
    .sort()
    .join(",");
  return { reach, versions: versions.join(",") };
}
