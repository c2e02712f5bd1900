/**
 * Timetabling jobs of the exam planner (openapi/timetabling.yaml): start the improvement of an
 * exam cycle's timetable in the background, read and stop it, compare its proposal with the
 * current timetable, accept it (one audited transaction moving the exams) or discard it.
 */
import {
  bestExamAssignment,
  checkExamTimetable,
  countStudentClashes,
  evaluationDeadlineAfterMove,
  hasProposal,
  TIMETABLING_MAX_ITERATIONS,
  TIMETABLING_MESSAGES,
  type TimetablingJobState,
  type TimetablingStart,
  timetablingObjectiveOf,
} from "@portal/domain";
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { type AuditEntry, writeAudit } from "../../audit.ts";
import type { AppContext, SessionUser } from "../../context.ts";
import { rows } from "../../db/rows.ts";
import { exam, examCycle, timetablingJob } from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { updateVersioned } from "../../db/versioned-update.ts";
import { ApiError, badRequest, notFound } from "../../http/errors.ts";
import { movePlannerEventOfExam } from "../../scheduling/public.ts";
import { examCampusTimeZone } from "../header.ts";
import { ensureExamPeriod, releaseExamRooms } from "../schedule/periods.ts";
import { loadTimetablingInput, type TimetablingInput } from "./input.ts";
import { launchTimetablingJob, signalStop } from "./runner.ts";

/** A running job whose process has written nothing for this long is taken to have died: 2 minutes. */
export const TIMETABLING_STALE_MS = 120_000;

/**
 * A job as the API answers it: its state, budgets, progress (iteration, elapsed milliseconds),
 * penalties (the cycle's objective summed over students: Toronto proximity cost plus the soft
 * spread penalty of the office's rules; at the start, now, and the best found),
 * the number of exams it works on, why it failed, who started it and when (ISO 8601, UTC).
 */
export type TimetablingJobView = {
  id: string;
  examCycleId: string;
  state: TimetablingJobState;
  timeLimitSeconds: number;
  seed: number;
  maxIterations: number | null;
  iteration: number;
  elapsed: number;
  startPenalty: number;
  penalty: number;
  bestPenalty: number;
  exams: number;
  /** Started from a new construction keeping every rule: the timetable of the start broke one. */
  repaired: boolean;
  message: string | null;
  startedBy: string;
  startedAt: string;
  finishedAt: string | null;
};

type JobRow = typeof timetablingJob.$inferSelect;

function jobView(row: JobRow): TimetablingJobView {
  return {
    id: row.id,
    examCycleId: row.examCycleId,
    state: row.status,
    timeLimitSeconds: row.timeLimitSeconds,
    seed: row.seed,
    maxIterations: row.maxIterations,
    iteration: row.iteration,
    elapsed: row.elapsedMs,
    startPenalty: row.startPenalty,
    penalty: row.penalty,
    bestPenalty: row.bestPenalty,
    exams: Object.keys(row.startPeriods).length,
    repaired: row.repaired,
    message: row.message,
    startedBy: row.startedByEmail,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

const noSuchJob = () => notFound("No such timetabling job", "id");

async function jobRow(ctx: AppContext, id: string): Promise<JobRow> {
  const [row] = await ctx.db.select().from(timetablingJob).where(eq(timetablingJob.id, id));
  if (!row) throw noSuchJob();
  return row;
}

/** One job by id; 404 (field id) when there is none. */
export async function getTimetablingJob(ctx: AppContext, id: string): Promise<TimetablingJobView> {
  return jobView(await jobRow(ctx, id));
}

/** The latest job of exam cycle `cycleId` (running or not), or null when it never had one. */
export async function latestTimetablingJob(
  ctx: AppContext,
  cycleId: string,
): Promise<TimetablingJobView | null> {
  const [row] = await ctx.db
    .select()
    .from(timetablingJob)
    .where(eq(timetablingJob.examCycleId, cycleId))
    .orderBy(desc(timetablingJob.startedAt), desc(timetablingJob.id))
    .limit(1);
  return row ? jobView(row) : null;
}

/**
 * Starts a job improving the timetable of `input.examCycleId` over its exam periods under the
 * office's rules (loadTimetablingInput; running in a worker thread after the answer), with a
 * `start_timetabling_job` audit row. 404 unknown cycle; 400 `periods` when the cycle has fewer than
 * two exam periods or no exam in one. When students sit two exams at once in the current timetable
 * or it breaks another hard rule of the period scheme, the run starts from a new construction
 * keeping every rule (bestExamAssignment; the job is `repaired`), as long as that construction
 * places every exam and keeps every locked exam in its period; else 409 `clash` (students sit two
 * exams at once) or 409 `rules_broken` (with `rule`: oneExamPerDay, minSpread, together, apart,
 * seats or invigilators), since the improvement keeps the rules, it does not repair; 409 `job_running`
 * when a job of the cycle is running (in any process on the database; a running job silent for
 * {@link TIMETABLING_STALE_MS} is marked failed first).
 */
export async function startTimetablingJob(
  ctx: AppContext,
  user: SessionUser,
  input: TimetablingStart,
): Promise<TimetablingJobView> {
  const [cycle] = await ctx.db
    .select({ id: examCycle.id })
    .from(examCycle)
    .where(eq(examCycle.id, input.examCycleId));
  if (!cycle) throw notFound("No such exam cycle", "examCycleId");
  const problem = await loadTimetablingInput(ctx.db, cycle.id);
  if (problem.periods.length < 2 || problem.exams.length === 0) {
    throw badRequest(TIMETABLING_MESSAGES.tooFewPeriods, "examCycleId", "periods");
  }
  const from = startTimetable(problem);
  const at = new Date(ctx.now());
  const seed = input.seed ?? 1;
  let row: JobRow;
  try {
    row = await ctx.db.transaction(async (tx) => {
      await tx
        .update(timetablingJob)
        .set({
          status: "failed",
          message: "The server running this job stopped; the timetable is unchanged",
          finishedAt: at,
        })
        .where(
          and(
            eq(timetablingJob.examCycleId, cycle.id),
            eq(timetablingJob.status, "running"),
            lt(timetablingJob.heartbeatAt, new Date(ctx.now() - TIMETABLING_STALE_MS)),
          ),
        );
      const [inserted] = await tx
        .insert(timetablingJob)
        .values({
          examCycleId: cycle.id,
          timeLimitSeconds: input.timeLimitSeconds,
          seed,
          maxIterations: input.iterations ?? null,
          startPeriods: Object.fromEntries(problem.start),
          startVersions: problem.versions,
          repaired: from !== problem.start,
          startedBy: user.id,
          startedByEmail: user.email,
          startedAt: at,
          heartbeatAt: at,
        })
        .returning();
      if (!inserted) throw new Error("timetabling job not written");
      await writeAudit(
        tx,
        user,
        [
          {
            action: "start_timetabling_job",
            entity: "timetabling_job",
            entityId: inserted.id,
            before: null,
            after: {
              examCycleId: cycle.id,
              timeLimitSeconds: input.timeLimitSeconds,
              seed,
              maxIterations: inserted.maxIterations,
              exams: problem.exams.length,
              locked: problem.locked.length,
              repaired: inserted.repaired,
            },
          },
        ],
        at,
      );
      return inserted;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ApiError(409, TIMETABLING_MESSAGES.alreadyRunning, {
        errorCode: "job_running",
        field: "examCycleId",
      });
    }
    throw error;
  }
  launchTimetablingJob(ctx, row.id, {
    exams: problem.exams,
    periods: problem.periods,
    start: [...from],
    locked: problem.locked,
    rules: problem.rules,
    constraints: problem.constraints,
    seed,
    maxIterations: input.iterations ?? TIMETABLING_MAX_ITERATIONS,
    timeLimitMs: input.timeLimitSeconds * 1000,
  });
  return jobView(row);
}

/**
 * The timetable a run starts from: the cycle's timetable of now when it keeps every hard rule
 * (no clash, the period scheme's rules), else a new construction keeping them all
 * (bestExamAssignment), when it places every exam and leaves each locked exam in its period.
 * Throws 409 `clash` or `rules_broken` (with the first rule broken now) when there is neither.
 */
function startTimetable(problem: TimetablingInput): ReadonlyMap<string, string> {
  const clashes = countStudentClashes(problem.exams, problem.start) > 0;
  const broken = checkExamTimetable(problem.exams, problem.periods, problem.start, problem.rules).breaks[0];
  if (!clashes && !broken) return problem.start;
  const built = bestExamAssignment(problem.exams, problem.periods, problem.constraints);
  const keepsLocks = problem.locked.every((id) => built.assignment.get(id) === problem.start.get(id));
  if (built.unplaced.length === 0 && keepsLocks) return built.assignment;
  if (clashes) {
    throw new ApiError(409, TIMETABLING_MESSAGES.clash, { errorCode: "clash", field: "examCycleId" });
  }
  throw new ApiError(409, TIMETABLING_MESSAGES.rulesBroken, {
    errorCode: "rules_broken",
    field: "examCycleId",
    rule: broken?.rule ?? "clash",
  });
}

/** The audit row of a job's stop request or discard by staff: the job's state before and after. */
function jobAudit(action: "stop_timetabling_job" | "discard_timetabling_job", before: string, row: JobRow) {
  return {
    action,
    entity: "timetabling_job",
    entityId: row.id,
    before: { state: before },
    after: { state: row.status, examCycleId: row.examCycleId, iteration: row.iteration },
  } satisfies AuditEntry;
}

/**
 * Asks running job `id` to stop, with a `stop_timetabling_job` audit row; it ends at its next clock
 * reading (within a few milliseconds) as `stopped`, keeping the best timetable found. Works from
 * any process: the runner reads the request with its next progress write. 404 unknown job; 409
 * `not_running` when it is not running.
 */
export async function stopTimetablingJob(
  ctx: AppContext,
  user: SessionUser,
  id: string,
): Promise<TimetablingJobView> {
  const at = new Date(ctx.now());
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(timetablingJob)
      .set({ stopRequested: true })
      .where(and(eq(timetablingJob.id, id), eq(timetablingJob.status, "running")))
      .returning();
    if (updated) await writeAudit(tx, user, [jobAudit("stop_timetabling_job", "running", updated)], at);
    return updated;
  });
  if (!row) {
    await jobRow(ctx, id);
    throw new ApiError(409, TIMETABLING_MESSAGES.notRunning, { errorCode: "not_running", field: "id" });
  }
  signalStop(ctx, id);
  return jobView(row);
}

/** An exam period as the comparison shows it: id, date (YYYY-MM-DD), start time HH:MM. */
export type PeriodSlotView = { examPeriodId: string; date: string; startTime: string };

/** One exam the proposal moves: the exam's header, its students, and its period now and proposed. */
export type ProposedMove = {
  examId: string;
  course: string;
  courseCode: string;
  section: string;
  component: string;
  students: number;
  from: PeriodSlotView;
  to: PeriodSlotView;
};

/**
 * The proposal against the current timetable: the exams it moves, the distinct students sitting
 * them, and the cost (the job's penalty units, summed over students) of the timetable now and with
 * the moves, both computed on the enrolments and the rules of now.
 */
export type TimetablingComparison = {
  jobId: string;
  examCycleId: string;
  penaltyBefore: number;
  penaltyAfter: number;
  studentsAffected: number;
  moves: ProposedMove[];
};

/**
 * Total cost of `assignment` over the periods of `input` under its rules' objective
 * (timetablingObjectiveOf: Toronto proximity plus the soft spread penalty), summed over students
 * and pairs of their exams in different periods: the units of the job's penalties.
 */
function objectiveCost(input: TimetablingInput, assignment: ReadonlyMap<string, string>): number {
  const index = new Map(input.periods.map((p, i) => [p.key, i]));
  const { pairCost } = timetablingObjectiveOf(input.rules);
  const periodsOfStudent = new Map<string | number, number[]>();
  for (const x of input.exams) {
    const q = index.get(assignment.get(x.key) ?? "");
    if (q === undefined) continue;
    for (const s of x.students) {
      const list = periodsOfStudent.get(s);
      if (list) list.push(q);
      else periodsOfStudent.set(s, [q]);
    }
  }
  let total = 0;
  for (const list of periodsOfStudent.values()) {
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const a = list[i] as number;
        const b = list[j] as number;
        if (a !== b) total += pairCost(a, b);
      }
    }
  }
  return total;
}

function noProposal(): ApiError {
  return new ApiError(409, TIMETABLING_MESSAGES.noProposal, { errorCode: "no_proposal", field: "id" });
}

/** The comparison of job `id`'s proposal (see {@link TimetablingComparison}); 404; 409 `no_proposal`. */
export async function compareTimetablingJob(ctx: AppContext, id: string): Promise<TimetablingComparison> {
  const job = await jobRow(ctx, id);
  if (!hasProposal(job.status) || !job.proposal) throw noProposal();
  const input = await loadTimetablingInput(ctx.db, job.examCycleId);
  const after = new Map(input.start);
  const movedIds: string[] = [];
  for (const [examId, periodId] of Object.entries(job.proposal)) {
    const now = input.start.get(examId);
    if (now !== undefined && now !== periodId && input.periods.some((p) => p.key === periodId)) {
      after.set(examId, periodId);
      movedIds.push(examId);
    }
  }
  const studentsOf = new Map(input.exams.map((x) => [x.key, x.students]));
  const affected = new Set<string | number>();
  for (const examId of movedIds) for (const s of studentsOf.get(examId) ?? []) affected.add(s);
  const headers =
    movedIds.length === 0
      ? []
      : await rows<{
          examId: string;
          course: string;
          courseCode: string;
          section: string;
          component: string;
        }>(
          ctx.db,
          sql`select x.id as "examId", c.name as course, c.code as "courseCode", o.section, x.component
              from exam x join course_offering o on o.id = x.course_offering_id join course c on c.id = o.course_id
              where x.id in (${sql.join(
                movedIds.map((m) => sql`${m}`),
                sql`, `,
              )})
              order by c.name, o.section, x.component, x.id`,
        );
  const slots = new Map(
    (
      await rows<{ id: string; date: string; startTime: string }>(
        ctx.db,
        sql`select id, date::text as date, start_time as "startTime" from exam_period
            where exam_cycle_id = ${job.examCycleId}`,
      )
    ).map((p) => [p.id, { examPeriodId: p.id, date: p.date, startTime: p.startTime }]),
  );
  const moves: ProposedMove[] = headers.map((h) => ({
    ...h,
    students: studentsOf.get(h.examId)?.length ?? 0,
    from: slots.get(input.start.get(h.examId) ?? "") as PeriodSlotView,
    to: slots.get(after.get(h.examId) ?? "") as PeriodSlotView,
  }));
  return {
    jobId: job.id,
    examCycleId: job.examCycleId,
    penaltyBefore: objectiveCost(input, input.start),
    penaltyAfter: objectiveCost(input, after),
    studentsAffected: affected.size,
    moves,
  };
}

/**
 * Accepts job `id`'s proposal in one transaction: each exam it moves goes to its proposed period
 * with the writes of the timetable's own move (date and start time of the period, exam_period via
 * ensureExamPeriod, version up by one, seats and duties of the old period released, the planner
 * event moved, the evaluation deadline carried), one `update_timetable` audit row per exam, and
 * the job becomes `accepted`. The exam_operations read model moves on through its triggers.
 * 404; 409 `no_proposal`; 409 `version_conflict` (field `moves`, nothing written) when an exam it
 * moves was changed since the job started. Returns the job and the number of exams moved.
 */
export async function acceptTimetablingJob(
  ctx: AppContext,
  user: SessionUser,
  id: string,
): Promise<{ job: TimetablingJobView; moved: number }> {
  const at = new Date(ctx.now());
  const changed = () =>
    new ApiError(409, TIMETABLING_MESSAGES.changed, { errorCode: "version_conflict", field: "moves" });
  return ctx.db.transaction(async (tx) => {
    const [job] = await tx.select().from(timetablingJob).where(eq(timetablingJob.id, id)).for("update");
    if (!job) throw noSuchJob();
    if (!hasProposal(job.status) || !job.proposal) throw noProposal();
    const moves = Object.entries(job.proposal).filter(([examId, p]) => job.startPeriods[examId] !== p);
    const audit: AuditEntry[] = [];
    if (moves.length > 0) {
      const current = await tx
        .select({
          id: exam.id,
          version: exam.version,
          examCycleId: exam.examCycleId,
          examDate: exam.examDate,
          startTime: exam.startTime,
          durationMinutes: exam.durationMinutes,
          examPeriodId: exam.examPeriodId,
          evaluationDeadline: exam.evaluationDeadline,
          timeZone: examCampusTimeZone,
        })
        .from(exam)
        .where(
          inArray(
            exam.id,
            moves.map(([examId]) => examId),
          ),
        )
        .for("update", { of: exam });
      const byId = new Map(current.map((r) => [r.id, r]));
      const targets = new Map(
        (
          await rows<{ id: string; date: string; startTime: string }>(
            tx,
            sql`select id, date::text as date, start_time as "startTime" from exam_period
                where exam_cycle_id = ${job.examCycleId}`,
          )
        ).map((p) => [p.id, p]),
      );
      for (const [examId, periodId] of moves) {
        const before = byId.get(examId);
        const target = targets.get(periodId);
        if (!before || !target || before.version !== job.startVersions[examId]) throw changed();
        const examPeriodId = await ensureExamPeriod(tx, {
          examCycleId: before.examCycleId,
          date: target.date,
          startTime: target.startTime,
          durationMinutes: before.durationMinutes,
        });
        const after = {
          examDate: target.date,
          startTime: target.startTime,
          examPeriodId,
          evaluationDeadline: evaluationDeadlineAfterMove(
            before.evaluationDeadline,
            before.examDate,
            target.date,
          ),
        };
        await updateVersioned(tx, exam, { id: examId, version: before.version }, after, changed);
        await movePlannerEventOfExam(
          ctx,
          tx,
          user,
          examId,
          {
            date: target.date,
            startTime: target.startTime,
            durationMinutes: before.durationMinutes,
            timeZone: before.timeZone,
          },
          "moves",
        );
        if (before.examPeriodId && before.examPeriodId !== examPeriodId) {
          await releaseExamRooms(tx, examId, before.examPeriodId);
        }
        audit.push({
          action: "update_timetable",
          entity: "exam",
          entityId: examId,
          before: {
            examDate: before.examDate,
            startTime: before.startTime,
            examPeriodId: before.examPeriodId,
            evaluationDeadline: before.evaluationDeadline,
          },
          after: { ...after, timetablingJobId: job.id },
        });
      }
    }
    const [accepted] = await tx
      .update(timetablingJob)
      .set({ status: "accepted", finishedAt: job.finishedAt ?? at })
      .where(eq(timetablingJob.id, job.id))
      .returning();
    await writeAudit(tx, user, audit, at);
    return { job: jobView(accepted as JobRow), moved: moves.length };
  });
}

/**
 * Drops job `id`'s proposal (the job becomes `discarded`) with a `discard_timetabling_job` audit
 * row; 404; 409 `no_proposal`.
 */
export async function discardTimetablingJob(
  ctx: AppContext,
  user: SessionUser,
  id: string,
): Promise<TimetablingJobView> {
  const at = new Date(ctx.now());
  const row = await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: timetablingJob.status })
      .from(timetablingJob)
      .where(eq(timetablingJob.id, id))
      .for("update");
    if (!before || !hasProposal(before.status)) return undefined;
    const [updated] = await tx
      .update(timetablingJob)
      .set({ status: "discarded", proposal: null })
      .where(eq(timetablingJob.id, id))
      .returning();
    if (updated)
      await writeAudit(tx, user, [jobAudit("discard_timetabling_job", before.status, updated)], at);
    return updated;
  });
  if (!row) {
    await jobRow(ctx, id);
    throw noProposal();
  }
  return jobView(row);
}
