import {
  DEFAULT_TIMETABLING_RULES,
  EmptyPeriodSchemeError,
  type ExamPeriodScheme,
  examPeriodsOfScheme,
  formatIsoDate,
} from "@portal/domain";
import { and, asc, count, eq, inArray, max, sql } from "drizzle-orm";
import type { AuditActor } from "../../audit.ts";
import { writeAudit } from "../../audit.ts";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { exam, examCycle, examPeriod, examPeriodScheme } from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { updateVersioned } from "../../db/versioned-update.ts";
import { ApiError, badRequest, notFound, versionConflict } from "../../http/errors.ts";
import { isUuid } from "../../http/request.ts";
import { ensureExamPeriod } from "./periods.ts";

/** One exam period of the cycle as the scheme screen lists it, with the exams it holds. */
export type SchemePeriodRow = {
  id: string;
  date: string;
  startTime: string;
  durationMinutes: number;
  exams: number;
};

/**
 * A cycle's period scheme as GET/PUT /sf/exam/examCycles/{id}/periodScheme answer it: the cycle's
 * dates, the scheme (the defaults with version 0 when none is saved yet: Sundays without exams,
 * no slot, no rule) and the cycle's exam periods in time order.
 */
export type PeriodSchemeView = ExamPeriodScheme & {
  examCycleId: string;
  examCycle: string;
  startDate: string;
  endDate: string;
  version: number;
  periods: SchemePeriodRow[];
};

const noSuchCycle = () => notFound("No such exam cycle", "examCycleId");

/** The cycle's name and dates, or 404 `No such exam cycle`. */
async function findCycle(db: Executor, cycleId: string) {
  if (!isUuid(cycleId)) throw noSuchCycle();
  const [cycle] = await db
    .select({
      id: examCycle.id,
      name: examCycle.name,
      startDate: examCycle.startDate,
      endDate: examCycle.endDate,
    })
    .from(examCycle)
    .where(eq(examCycle.id, cycleId));
  if (!cycle) throw noSuchCycle();
  return cycle;
}

/** The cycle's exam periods in time order, each with the number of exams it holds. */
export async function listCyclePeriods(db: Executor, cycleId: string): Promise<SchemePeriodRow[]> {
  return db
    .select({
      id: examPeriod.id,
      date: examPeriod.date,
      startTime: examPeriod.startTime,
      durationMinutes: examPeriod.durationMinutes,
      exams: count(exam.id),
    })
    .from(examPeriod)
    .leftJoin(exam, eq(exam.examPeriodId, examPeriod.id))
    .where(eq(examPeriod.examCycleId, cycleId))
    .groupBy(examPeriod.id)
    .orderBy(asc(examPeriod.date), asc(examPeriod.startTime));
}

/** The stored scheme of a cycle, or null. */
export async function findPeriodScheme(db: Executor, cycleId: string) {
  const [row] = await db.select().from(examPeriodScheme).where(eq(examPeriodScheme.examCycleId, cycleId));
  return row ?? null;
}

/** GET /sf/exam/examCycles/{id}/periodScheme. Errors: 404 for an unknown cycle. */
export async function getPeriodScheme(db: Executor, cycleId: string): Promise<PeriodSchemeView> {
  const cycle = await findCycle(db, cycleId);
  const row = await findPeriodScheme(db, cycle.id);
  return {
    examCycleId: cycle.id,
    examCycle: cycle.name,
    startDate: cycle.startDate,
    endDate: cycle.endDate,
    weekdaysWithoutExams: row?.weekdaysWithoutExams ?? [7],
    datesWithoutExams: row?.datesWithoutExams ?? [],
    slots: row?.slots ?? [],
    rules: row ? { ...DEFAULT_TIMETABLING_RULES, ...row.rules } : DEFAULT_TIMETABLING_RULES,
    version: row?.version ?? 0,
    periods: await listCyclePeriods(db, cycle.id),
  };
}

/**
 * PUT /sf/exam/examCycles/{id}/periodScheme: saves the scheme (version 0 makes it, a stored
 * version updates it; a stale one gets 409 `version_conflict`) and materialises its periods as
 * the cycle's exam_period rows in one transaction: each scheme period is made or kept (its length
 * set to the slot's, never below its longest exam), and the cycle's other periods are deleted,
 * unless one still holds exams: then 409 `periods_hold_exams` names them (date and start time) and
 * nothing is written. Errors: 404 unknown cycle; 400 rule `empty_scheme` (field `slots`) when the scheme
 * leaves no exam period; a date without exams outside the cycle is 400 (field `datesWithoutExams.i`).
 * Leaves one audit row (before, after).
 */
export async function savePeriodScheme(
  ctx: AppContext,
  actor: AuditActor,
  cycleId: string,
  input: ExamPeriodScheme & { version: number },
): Promise<PeriodSchemeView> {
  const at = new Date(ctx.now());
  return ctx.db.transaction(async (tx) => {
    const cycle = await findCycle(tx, cycleId);
    for (const [i, date] of input.datesWithoutExams.entries()) {
      if (date < cycle.startDate || date > cycle.endDate) {
        throw badRequest(
          `${formatIsoDate(date)} is not a day of the exam cycle (${formatIsoDate(cycle.startDate)} to ${formatIsoDate(cycle.endDate)})`,
          `datesWithoutExams.${i}`,
          "within_cycle",
        );
      }
    }
    let planned: ReturnType<typeof examPeriodsOfScheme>;
    try {
      planned = examPeriodsOfScheme(cycle, input);
    } catch (error) {
      if (error instanceof EmptyPeriodSchemeError) throw badRequest(error.message, "slots", "empty_scheme");
      throw error;
    }
    const existing = await listCyclePeriods(tx, cycle.id);
    const wanted = new Set(planned.map((p) => `${p.date} ${p.startTime}`));
    const dropped = existing.filter((p) => !wanted.has(`${p.date} ${p.startTime}`));
    const holding = dropped.filter((p) => p.exams > 0);
    if (holding.length > 0) {
      const names = holding.map((p) => `${formatIsoDate(p.date)} ${p.startTime} (${p.exams} exams)`);
      throw new ApiError(
        409,
        `The scheme drops periods that still hold exams: ${names.join(", ")}. Move their exams first or keep these periods.`,
        { errorCode: "periods_hold_exams", field: "slots", rule: "period_holds_exams" },
      );
    }

    const before = await findPeriodScheme(tx, cycle.id);
    const values = {
      weekdaysWithoutExams: [...new Set(input.weekdaysWithoutExams)].sort(),
      datesWithoutExams: [...new Set(input.datesWithoutExams)].sort(),
      slots: input.slots,
      rules: input.rules,
      updatedBy: actor.email,
      updatedAt: at,
    };
    let after: typeof examPeriodScheme.$inferSelect;
    if (input.version === 0) {
      if (before) throw versionConflict("The period scheme", "version");
      try {
        [after] = (await tx
          .insert(examPeriodScheme)
          .values({ examCycleId: cycle.id, ...values })
          .returning()) as [typeof examPeriodScheme.$inferSelect];
      } catch (error) {
        if (isUniqueViolation(error)) throw versionConflict("The period scheme", "version");
        throw error;
      }
    } else {
      if (!before) throw versionConflict("The period scheme", "version");
      after = await updateVersioned(tx, examPeriodScheme, { id: before.id, version: input.version }, values, {
        what: "The period scheme",
        field: "version",
      });
    }

    await materialisePeriods(tx, cycle.id, planned);
    if (dropped.length > 0) {
      await tx.delete(examPeriod).where(
        and(
          eq(examPeriod.examCycleId, cycle.id),
          inArray(
            examPeriod.id,
            dropped.map((p) => p.id),
          ),
        ),
      );
    }
    await writeAudit(
      tx,
      actor,
      [
        {
          action: before ? "update" : "create",
          entity: "exam_period_scheme",
          entityId: after.id,
          before: before ?? null,
          after,
        },
      ],
      at,
    );
    return getPeriodScheme(tx, cycle.id);
  });
}

/**
 * Makes every planned period of the cycle an exam_period row (ensureExamPeriod's upsert on cycle,
 * date and start time) with the slot's length, or the length of its longest exam when that is
 * longer. Call inside the saving transaction.
 */
async function materialisePeriods(
  tx: Executor,
  cycleId: string,
  planned: ReadonlyArray<{ date: string; startTime: string; durationMinutes: number }>,
): Promise<void> {
  for (const p of planned) {
    const id = await ensureExamPeriod(tx, { examCycleId: cycleId, ...p });
    const [longest] = await tx
      .select({ minutes: max(exam.durationMinutes) })
      .from(exam)
      .where(eq(exam.examPeriodId, id));
    await tx
      .update(examPeriod)
      .set({ durationMinutes: sql`${Math.max(p.durationMinutes, longest?.minutes ?? 0)}::integer` })
      .where(eq(examPeriod.id, id));
  }
}
