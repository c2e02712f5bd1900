import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { examPeriod, invigilation, seatAssignment } from "../../db/schema.ts";

/** A sitting of an exam cycle: ISO date, start time HH:MM (wall time at the exams' campus), length in minutes. */
export type PeriodSlot = { examCycleId: string; date: string; startTime: string; durationMinutes: number };

/**
 * The id of the exam period (cycle, date, start time), made when it does not exist yet. An existing
 * period is lengthened when `durationMinutes` is longer, so a period always covers its longest exam.
 * Safe under concurrent writers (insert ... on conflict).
 */
export async function ensureExamPeriod(db: Executor, slot: PeriodSlot): Promise<string> {
  const [row] = await db
    .insert(examPeriod)
    .values(slot)
    .onConflictDoUpdate({
      target: [examPeriod.examCycleId, examPeriod.date, examPeriod.startTime],
      set: { durationMinutes: sql`greatest(${examPeriod.durationMinutes}, excluded.duration_minutes)` },
    })
    .returning({ id: examPeriod.id });
  if (!row) throw new Error("exam period upsert returned no row");
  return row.id;
}

/** The period of (cycle, date, start time), or null. */
export async function findExamPeriod(
  db: Executor,
  slot: Omit<PeriodSlot, "durationMinutes">,
): Promise<string | null> {
  const [row] = await db
    .select({ id: examPeriod.id })
    .from(examPeriod)
    .where(
      and(
        eq(examPeriod.examCycleId, slot.examCycleId),
        eq(examPeriod.date, slot.date),
        eq(examPeriod.startTime, slot.startTime),
      ),
    );
  return row?.id ?? null;
}

/**
 * Moves the seating plan version of a period on by one: every write to the period's seat
 * assignments calls it in its transaction. With `expected`, only when the version is still
 * `expected` (a save of the plan the client read); returns whether the row was changed.
 */
export async function bumpSeatingVersion(
  db: Executor,
  periodId: string,
  expected?: number,
): Promise<boolean> {
  const rows = await db
    .update(examPeriod)
    .set({ seatingVersion: sql`${examPeriod.seatingVersion} + 1` })
    .where(
      expected === undefined
        ? eq(examPeriod.id, periodId)
        : and(eq(examPeriod.id, periodId), eq(examPeriod.seatingVersion, expected)),
    )
    .returning({ id: examPeriod.id });
  return rows.length > 0;
}

/**
 * Releases an exam's seats and invigilation duties, because its sitting moved from `periodId` to
 * another (rooms belong to a period). Bumps the old period's seating version when seats went.
 * Returns whether anything was released. Call inside the moving write's transaction.
 */
export async function releaseExamRooms(tx: Executor, examId: string, periodId: string): Promise<boolean> {
  const released = await tx
    .delete(seatAssignment)
    .where(eq(seatAssignment.examId, examId))
    .returning({ id: seatAssignment.id });
  const duties = await tx
    .delete(invigilation)
    .where(eq(invigilation.examId, examId))
    .returning({ id: invigilation.id });
  if (released.length > 0) await bumpSeatingVersion(tx, periodId);
  return released.length > 0 || duties.length > 0;
}
