import type { ExamLock } from "@portal/domain";
import { eq } from "drizzle-orm";
import { writeAudit } from "../../audit.ts";
import type { AppContext, SessionUser } from "../../context.ts";
import { exam } from "../../db/schema.ts";
import { updateVersioned } from "../../db/versioned-update.ts";
import { notFound } from "../../http/errors.ts";
import { isUuid } from "../../http/request.ts";

/** An exam's lock as PUT /sf/exam/exams/{id}/lock answers it: its id, lock and new row version. */
export type ExamLockView = { id: string; locked: boolean; version: number };

/**
 * Locks exam `id` in its period (`locked` true: a timetabling job keeps it where it is) or unlocks
 * it, in one transaction with the exam's version up by one and a `lock_exam` / `unlock_exam` audit
 * row (before, after). Setting the lock it already has changes nothing (no audit row, same version).
 * Errors (nothing written): 404 "No such exam" (field `id`); 409 `version_conflict` (field
 * `version`) when `input.version` is not the exam's current version.
 */
export async function setExamLock(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  input: ExamLock,
): Promise<ExamLockView> {
  const missing = () => notFound("No such exam", "id");
  if (!isUuid(id)) throw missing();
  const at = new Date(ctx.now());
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: exam.id, locked: exam.locked, version: exam.version })
      .from(exam)
      .where(eq(exam.id, id))
      .for("update");
    if (!before) throw missing();
    if (before.locked === input.locked && before.version === input.version) return before;
    const after = await updateVersioned(
      tx,
      exam,
      { id, version: input.version },
      { locked: input.locked },
      { what: "This exam", field: "version" },
    );
    await writeAudit(
      tx,
      user,
      [
        {
          action: input.locked ? "lock_exam" : "unlock_exam",
          entity: "exam",
          entityId: id,
          before: { locked: before.locked },
          after: { locked: after.locked },
        },
      ],
      at,
    );
    return { id, locked: after.locked, version: after.version };
  });
}
