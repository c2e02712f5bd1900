import { DEFAULT_TIMETABLING_RULES, type ExamTimetablingRules, TIMETABLING_MESSAGES } from "@portal/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../../db/rows.ts";
import { examPeriod, examPeriodScheme } from "../../db/schema.ts";
import {
  DEMO_ACADEMIC_OFFICE,
  DEMO_EXAM_CYCLE,
  DEMO_EXAM_OFFICE,
  DEMO_PAST_EXAM_CYCLE,
} from "../../demo/seed.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../../test/harness.ts";
import { timetablingJobsSettled } from "./runner.ts";

type Job = {
  id: string;
  state: string;
  iteration: number;
  elapsed: number;
  startPenalty: number;
  penalty: number;
  bestPenalty: number;
  exams: number;
  repaired: boolean;
  maxIterations: number | null;
};
type Slot = { examPeriodId: string; date: string; startTime: string };
type Comparison = {
  penaltyBefore: number;
  penaltyAfter: number;
  studentsAffected: number;
  moves: Array<{ examId: string; students: number; from: Slot; to: Slot }>;
};
type ErrorBody = { errorMessage: string; errorCode?: string; field?: string; rule?: string };

/** Iterations of a bounded run: ends the same way every time, whatever the machine's speed. */
const ITERATIONS = 20_000;
/** A budget no test run spends: the job runs until the test stops it. */
const ENDLESS = 2_000_000_000;

describe.each(testTargets())("timetabling jobs on $name", (target) => {
  let api: TestApi;
  let headers: Record<string, string>;
  let cycleId: string;
  let pastCycleId: string;

  beforeAll(async () => {
    api = await createTestApi(target);
    headers = await signInHeaders(api, DEMO_EXAM_OFFICE.email);
    const cycles = await rows<{ id: string; name: string }>(api.ctx.db, sql`select id, name from exam_cycle`);
    cycleId = cycles.find((c) => c.name === DEMO_EXAM_CYCLE)?.id ?? "";
    pastCycleId = cycles.find((c) => c.name === DEMO_PAST_EXAM_CYCLE)?.id ?? "";
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  const start = (body: Record<string, unknown>) =>
    api.call("POST", "/api/sf/exam/timetablingJobs", { headers, body: { examCycleId: cycleId, ...body } });
  const getJob = async (id: string) => {
    const res = await api.call("GET", `/api/sf/exam/timetablingJobs/${id}`, { headers });
    expect(res.status).toBe(200);
    return (res.body as { job: Job }).job;
  };
  const post = (id: string, action: string) =>
    api.call("POST", `/api/sf/exam/timetablingJobs/${id}/${action}`, { headers });
  const compare = (id: string) =>
    api.call("GET", `/api/sf/exam/timetablingJobs/${id}/comparison`, { headers });
  /** Runs an iteration-bounded job to its end and answers it. */
  async function finishedJob(body: Record<string, unknown> = {}): Promise<Job> {
    const started = await start({ timeLimitSeconds: 300, iterations: ITERATIONS, ...body });
    expect(started.status).toBe(202);
    await timetablingJobsSettled(api.ctx);
    return getJob((started.body as { job: Job }).job.id);
  }
  const periodsOf = async (ids: string[]) =>
    new Map(
      (
        await rows<{ id: string; periodId: string; examDate: string; startTime: string; version: number }>(
          api.ctx.db,
          sql`select id, exam_period_id as "periodId", exam_date::text as "examDate", start_time as "startTime", version
              from exam where id in (${sql.join(
                ids.map((i) => sql`${i}`),
                sql`, `,
              )})`,
        )
      ).map((r) => [r.id, r]),
    );
  /** The audit rows of timetabling job `id`: start, stop, discard (the test clock stands still). */
  const auditOf = (id: string) =>
    rows<{ action: string; actor: string; before: unknown; after: unknown }>(
      api.ctx.db,
      sql`select action, actor_email as actor, before, after from audit_log
          where entity = 'timetabling_job' and entity_id = ${id}
          order by case action when 'start_timetabling_job' then 0 when 'stop_timetabling_job' then 1 else 2 end`,
    );
  /** Saves the office's rules as the cycle's period scheme (only the rules matter to a job). */
  const saveRules = async (rules: Partial<ExamTimetablingRules>) => {
    await api.ctx.db.delete(examPeriodScheme).where(eq(examPeriodScheme.examCycleId, cycleId));
    await api.ctx.db.insert(examPeriodScheme).values({
      examCycleId: cycleId,
      weekdaysWithoutExams: [7],
      datesWithoutExams: [],
      slots: [
        { startTime: "10:00", durationMinutes: 180 },
        { startTime: "14:30", durationMinutes: 180 },
      ],
      rules: { ...DEFAULT_TIMETABLING_RULES, ...rules },
      updatedBy: DEMO_EXAM_OFFICE.email,
      updatedAt: new Date("2026-11-01T00:00:00Z"),
    });
  };
  const dropRules = () =>
    api.ctx.db.delete(examPeriodScheme).where(eq(examPeriodScheme.examCycleId, cycleId));
  /**
   * The cycle's timetable a proposal makes (exam id to exam period id and date): the exams' periods
   * now with the comparison's moves applied.
   */
  async function proposedTimetable(id: string) {
    const now = await rows<{ id: string; periodId: string; date: string }>(
      api.ctx.db,
      sql`select id, exam_period_id as "periodId", exam_date::text as date from exam
          where exam_cycle_id = ${cycleId} and exam_period_id is not null`,
    );
    const res = await compare(id);
    expect(res.status).toBe(200);
    const comparison = res.body as Comparison;
    const at = new Map(now.map((x) => [x.id, { periodId: x.periodId, date: x.date }]));
    for (const move of comparison.moves)
      at.set(move.examId, { periodId: move.to.examPeriodId, date: move.to.date });
    return { at, moves: comparison.moves };
  }
  /** Pairs of the cycle's exams (ids) that share a student. */
  const sharingPairs = async () =>
    rows<{ a: string; b: string }>(
      api.ctx.db,
      sql`select distinct x1.id as a, x2.id as b
          from exam x1 join enrolment e1 on e1.course_offering_id = x1.course_offering_id
            join enrolment e2 on e2.student_id = e1.student_id
            join exam x2 on x2.course_offering_id = e2.course_offering_id and x2.id > x1.id
          where x1.exam_cycle_id = ${cycleId} and x2.exam_cycle_id = ${cycleId}`,
    );
  /** Pairs of exams sharing a student that `at` puts on one day. */
  const sameDay = (pairs: Array<{ a: string; b: string }>, at: Map<string, { date: string }>) =>
    pairs.filter(({ a, b }) => at.get(a) !== undefined && at.get(a)?.date === at.get(b)?.date);
  /**
   * Adds empty sittings (180 minutes) at `times` to the days of the cycle's timetable (`days`: how
   * many of them, from the first; all when not given). The demo cycle holds one sitting a day.
   */
  async function addSittings(times: string[], days?: number) {
    const periods = await api.ctx.db
      .select({ date: examPeriod.date, startTime: examPeriod.startTime })
      .from(examPeriod)
      .where(eq(examPeriod.examCycleId, cycleId));
    const taken = new Set(periods.map((p) => `${p.date} ${p.startTime}`));
    const missing = [...new Set(periods.map((p) => p.date))]
      .sort()
      .slice(0, days)
      .flatMap((date) => times.map((startTime) => ({ date, startTime })))
      .filter((p) => !taken.has(`${p.date} ${p.startTime}`));
    if (missing.length > 0) {
      await api.ctx.db
        .insert(examPeriod)
        .values(missing.map((p) => ({ ...p, examCycleId: cycleId, durationMinutes: 180 })));
    }
  }

  /** The data of each event of a server-sent event stream's text. */
  const eventsOf = (text: string) =>
    text
      .split("\n")
      .filter((line) => line.startsWith("data:"))
      .map((line) => JSON.parse(line.slice(5)) as Job);

  it("refuses a bad time limit, an unknown cycle and a timetable with clashes it cannot rebuild", async () => {
    const tooLong = await start({ timeLimitSeconds: 301 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({
      field: "timeLimitSeconds",
      errorMessage: TIMETABLING_MESSAGES.timeLimit,
    });
    const unknown = await start({
      examCycleId: "00000000-0000-4000-8000-000000000000",
      timeLimitSeconds: 10,
    });
    expect(unknown.status).toBe(404);
    // Two exams sharing a student put in one period: a clash the improvement cannot start from.
    await api.ctx.db.execute(sql`
      with pair as (
        select x2.id as moved, x1.exam_period_id as period
        from exam x1 join exam x2 on x2.exam_cycle_id = x1.exam_cycle_id and x2.id <> x1.id
          join enrolment e1 on e1.course_offering_id = x1.course_offering_id
          join enrolment e2 on e2.course_offering_id = x2.course_offering_id and e2.student_id = e1.student_id
        where x1.exam_cycle_id = ${pastCycleId} and x1.exam_period_id is not null
          and x2.exam_period_id is not null
        order by x1.id, x2.id limit 1)
      update exam set exam_period_id = pair.period from pair where exam.id = pair.moved`);
    // Every exam locked: no new construction may move one, so the clash cannot be rebuilt away.
    await api.ctx.db.execute(sql`update exam set locked = true where exam_cycle_id = ${pastCycleId}`);
    const clashing = await start({ examCycleId: pastCycleId, timeLimitSeconds: 10 });
    expect(clashing.status).toBe(409);
    expect(clashing.body).toMatchObject({ errorCode: "clash", errorMessage: TIMETABLING_MESSAGES.clash });
    const [jobs] = await rows<{ n: number }>(api.ctx.db, sql`select count(*)::int as n from timetabling_job`);
    expect(jobs?.n).toBe(0);
  });

  it("runs one job per cycle: a second start is refused, progress streams, a stop keeps the best", async () => {
    const first = await start({ timeLimitSeconds: 300, iterations: ENDLESS });
    expect(first.status).toBe(202);
    const job = (first.body as { job: Job }).job;
    expect(job).toMatchObject({ state: "running", maxIterations: ENDLESS, exams: 40 });

    const second = await start({ timeLimitSeconds: 10 });
    expect(second.status).toBe(409);
    expect(second.body as ErrorBody).toMatchObject({
      errorCode: "job_running",
      errorMessage: TIMETABLING_MESSAGES.alreadyRunning,
    });
    const latest = await api.call("GET", `/api/sf/exam/timetablingJobs?examCycleId=${cycleId}`, { headers });
    expect((latest.body as { job: Job }).job.id).toBe(job.id);

    // The stream's first event is the running job; after the stop its last is the stopped job.
    const stream = await api.raw("GET", `/api/sf/exam/timetablingJobs/${job.id}/events`, { headers });
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes("\n\n")) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
    expect(eventsOf(text)[0]).toMatchObject({ id: job.id, state: "running" });

    const stopped = await post(job.id, "stop");
    expect(stopped.status).toBe(202);
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
    const events = eventsOf(text);
    const last = events.at(-1) as Job;
    expect(last.state).toBe("stopped");
    expect(events.slice(0, -1).every((e) => e.state === "running")).toBe(true);
    expect(last.bestPenalty).toBeLessThanOrEqual(last.startPenalty);

    await timetablingJobsSettled(api.ctx);
    expect((await post(job.id, "stop")).status).toBe(409);
    expect((await compare(job.id)).status).toBe(200);
    const discarded = await post(job.id, "discard");
    expect(discarded.status).toBe(200);
    expect((discarded.body as { job: Job }).job.state).toBe("discarded");
    const gone = await compare(job.id);
    expect(gone.status).toBe(409);
    expect((gone.body as ErrorBody).errorCode).toBe("no_proposal");
    expect((await post(job.id, "accept")).status).toBe(409);
    // Start, stop and discard each left one audit row on the job, by the office's user.
    expect(await auditOf(job.id)).toEqual([
      {
        action: "start_timetabling_job",
        actor: DEMO_EXAM_OFFICE.email,
        before: null,
        after: expect.objectContaining({ examCycleId: cycleId, maxIterations: ENDLESS, exams: 40 }),
      },
      {
        action: "stop_timetabling_job",
        actor: DEMO_EXAM_OFFICE.email,
        before: { state: "running" },
        after: expect.objectContaining({ state: "running", examCycleId: cycleId }),
      },
      {
        action: "discard_timetabling_job",
        actor: DEMO_EXAM_OFFICE.email,
        before: { state: "stopped" },
        after: expect.objectContaining({ state: "discarded" }),
      },
    ]);
  }, 120_000);

  it("reaches done within its iteration budget and compares its proposal with the timetable", async () => {
    const job = await finishedJob();
    expect(job.state).toBe("done");
    expect(job.iteration).toBe(ITERATIONS);
    expect(job.bestPenalty).toBeLessThan(job.startPenalty);

    const events = await api.call("GET", `/api/sf/exam/timetablingJobs/${job.id}/events`, { headers });
    expect(events.status).toBe(200);
    const sent = eventsOf(new TextDecoder().decode(events.bytes));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ state: "done", iteration: ITERATIONS });

    const res = await compare(job.id);
    expect(res.status).toBe(200);
    const comparison = res.body as Comparison;
    expect(comparison.penaltyBefore).toBe(job.startPenalty);
    expect(comparison.penaltyAfter).toBe(job.bestPenalty);
    expect(comparison.moves.length).toBeGreaterThan(0);
    expect(comparison.studentsAffected).toBeGreaterThan(0);
    for (const move of comparison.moves) expect(move.to.examPeriodId).not.toBe(move.from.examPeriodId);
    expect((await post(job.id, "discard")).status).toBe(200);
  }, 120_000);

  it("refuses to accept a proposal whose exam changed since the job started, writing nothing", async () => {
    const job = await finishedJob({ seed: 7 });
    const { moves } = (await compare(job.id)).body as Comparison;
    const ids = moves.map((m) => m.examId);
    const edited = ids[0] as string;
    // A timetable edit meanwhile: the exam's version moves on.
    await api.ctx.db.execute(
      sql`update exam set venue = 'Hall B', version = version + 1 where id = ${edited}`,
    );
    const before = await periodsOf(ids);
    const refused = await post(job.id, "accept");
    expect(refused.status).toBe(409);
    expect(refused.body as ErrorBody).toMatchObject({
      errorCode: "version_conflict",
      field: "moves",
      errorMessage: TIMETABLING_MESSAGES.changed,
    });
    expect(await periodsOf(ids)).toEqual(before);
    expect((await getJob(job.id)).state).toBe("done");
    expect((await post(job.id, "discard")).status).toBe(200);
  }, 120_000);

  it("locks an exam through the API: versioned and audited, refused when stale or unknown", async () => {
    const [x] = await rows<{ id: string; version: number }>(
      api.ctx.db,
      sql`select id, version from exam where exam_cycle_id = ${cycleId} order by id desc limit 1`,
    );
    const id = x?.id as string;
    const lockOf = (examId: string, body: Record<string, unknown>) =>
      api.call("PUT", `/api/sf/exam/exams/${examId}/lock`, { headers, body });
    const locked = await lockOf(id, { locked: true, version: x?.version });
    expect(locked.status).toBe(200);
    expect(locked.body).toEqual({
      success: true,
      exam: { id, locked: true, version: (x?.version ?? 0) + 1 },
    });
    const stale = await lockOf(id, { locked: false, version: x?.version });
    expect(stale.status).toBe(409);
    expect((stale.body as ErrorBody).errorCode).toBe("version_conflict");
    expect((await lockOf("00000000-0000-4000-8000-000000000000", { locked: true, version: 1 })).status).toBe(
      404,
    );
    expect((await lockOf(id, { locked: "yes", version: 1 })).status).toBe(400);
    const row = await api.call("GET", `/api/sf/exam/getExamSetupSPJ/${id}`, { headers });
    expect((row.body as { exam: { locked: boolean } }).exam.locked).toBe(true);
    const unlocked = await lockOf(id, { locked: false, version: (x?.version ?? 0) + 1 });
    expect(unlocked.status).toBe(200);
    const audit = await rows<{ action: string; before: unknown; after: unknown }>(
      api.ctx.db,
      sql`select action, before, after from audit_log where entity = 'exam' and entity_id = ${id}
          and action in ('lock_exam', 'unlock_exam') order by action`,
    );
    expect(audit).toEqual([
      { action: "lock_exam", before: { locked: false }, after: { locked: true } },
      { action: "unlock_exam", before: { locked: true }, after: { locked: false } },
    ]);
    // The academic office may not lock an exam; nor may anyone signed out.
    const body = { locked: true, version: (x?.version ?? 0) + 2 };
    const academic = await signInHeaders(api, DEMO_ACADEMIC_OFFICE.email);
    const url = `/api/sf/exam/exams/${id}/lock`;
    expect((await api.call("PUT", url, { headers: academic, body })).status).toBe(403);
    expect((await api.call("PUT", url, { body })).status).toBe(401);
    // A sign-in moves the test clock past the office's access token: sign the office in again.
    headers = await signInHeaders(api, DEMO_EXAM_OFFICE.email);
  });

  it("accepts a proposal: moves the exams to its periods with audit rows, locked exams stay", async () => {
    // The exam a run moves, locked through the API, stays where it is in the same run.
    const unlocked = await finishedJob({ seed: 3 });
    const first = ((await compare(unlocked.id)).body as Comparison).moves[0];
    expect(first).toBeDefined();
    expect((await post(unlocked.id, "discard")).status).toBe(200);
    const lockedExam = (await periodsOf([first?.examId as string])).get(first?.examId as string);
    const locking = await api.call("PUT", `/api/sf/exam/exams/${lockedExam?.id}/lock`, {
      headers,
      body: { locked: true, version: lockedExam?.version },
    });
    expect(locking.status).toBe(200);
    const job = await finishedJob({ seed: 3 });
    const { moves } = (await compare(job.id)).body as Comparison;
    expect(moves.length).toBeGreaterThan(0);
    expect(moves.some((m) => m.examId === lockedExam?.id)).toBe(false);
    const ids = moves.map((m) => m.examId);
    const before = await periodsOf(ids);

    const accepted = await post(job.id, "accept");
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ moved: moves.length, job: { state: "accepted" } });
    const after = await periodsOf(ids);
    for (const move of moves) {
      expect(after.get(move.examId)).toMatchObject({
        periodId: move.to.examPeriodId,
        examDate: move.to.date,
        startTime: move.to.startTime,
        version: (before.get(move.examId)?.version ?? 0) + 1,
      });
    }
    const audit = await rows<{ entityId: string }>(
      api.ctx.db,
      sql`select entity_id as "entityId" from audit_log
          where action = 'update_timetable' and after->>'timetablingJobId' = ${job.id}`,
    );
    expect(audit.map((a) => a.entityId).sort()).toEqual([...ids].sort());
    expect((await periodsOf([lockedExam?.id as string])).get(lockedExam?.id as string)?.periodId).toBe(
      lockedExam?.periodId,
    );
    // Accepted once: a second accept finds no proposal.
    expect((await post(job.id, "accept")).status).toBe(409);
    // The timetable read now is the proposal: a new job starts from the lower penalty.
    const next = await finishedJob({ iterations: 1 });
    expect(next.startPenalty).toBe(job.bestPenalty);
  }, 120_000);

  it("keeps the office's one-exam-per-day rule and refuses a start that breaks a hard rule", async () => {
    // A crowded first day: four sittings, where proximity alone puts a student's exams together.
    await addSittings(["07:00", "10:00", "14:30", "18:00"], 1);
    const pairs = await sharingPairs();
    try {
      // Without the rule, a run puts some student's two exams on one day.
      const free = await finishedJob({ seed: 5 });
      expect(sameDay(pairs, (await proposedTimetable(free.id)).at).length).toBeGreaterThan(0);
      expect((await post(free.id, "discard")).status).toBe(200);

      // A hard spread the timetable of now does not keep: the start is refused, no job written.
      await saveRules({ minSpreadPeriods: 30, spreadIsHard: true });
      const refused = await start({ timeLimitSeconds: 10 });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        errorCode: "rules_broken",
        rule: "minSpread",
        errorMessage: TIMETABLING_MESSAGES.rulesBroken,
      });

      await saveRules({ oneExamPerDay: true });
      const job = await finishedJob({ seed: 5 });
      expect(job.state).toBe("done");
      const { moves } = await proposedTimetable(job.id);
      expect(moves.length).toBeGreaterThan(0);
      const accepted = await post(job.id, "accept");
      expect(accepted.status).toBe(200);
      const now = await rows<{ id: string; date: string }>(
        api.ctx.db,
        sql`select id, exam_date::text as date from exam where exam_cycle_id = ${cycleId}`,
      );
      expect(sameDay(pairs, new Map(now.map((x) => [x.id, x])))).toEqual([]);
    } finally {
      await dropRules();
    }
  }, 120_000);

  it("never puts two exams the office keeps apart into one period", async () => {
    await addSittings(["10:00", "14:30"]);
    try {
      // Two exams a run without the rule puts together, from different periods.
      const free = await finishedJob({ seed: 11 });
      const before = await periodsOf(
        (
          await rows<{ id: string }>(api.ctx.db, sql`select id from exam where exam_cycle_id = ${cycleId}`)
        ).map((x) => x.id),
      );
      const { at } = await proposedTimetable(free.id);
      expect((await post(free.id, "discard")).status).toBe(200);
      const together = [...at].flatMap(([a, pa]) =>
        [...at]
          .filter(([b, pb]) => a < b && pa.periodId === pb.periodId)
          .filter(([b]) => before.get(a)?.periodId !== before.get(b)?.periodId)
          .map(([b]) => [a, b] as [string, string]),
      );
      const pair = together[0] as [string, string];
      expect(pair).toBeDefined();

      await saveRules({ apartPairs: [pair] });
      const job = await finishedJob({ seed: 11 });
      const proposed = (await proposedTimetable(job.id)).at;
      expect(proposed.get(pair[0])?.periodId).not.toBe(proposed.get(pair[1])?.periodId);
      expect((await post(job.id, "accept")).status).toBe(200);
      const after = await periodsOf(pair);
      expect(after.get(pair[0])?.periodId).not.toBe(after.get(pair[1])?.periodId);
    } finally {
      await dropRules();
    }
  }, 120_000);

  it("starts a timetable with a clash from a new construction keeping the rules, and says so", async () => {
    await addSittings(["10:00", "14:30"]);
    await api.ctx.db.execute(sql`update exam set locked = false where exam_cycle_id = ${cycleId}`);
    const pairs = await sharingPairs();
    const first = pairs[0] as { a: string; b: string };
    await api.ctx.db.execute(sql`
      update exam set exam_period_id = (select exam_period_id from exam where id = ${first.a})
      where id = ${first.b}`);
    const job = await finishedJob({ seed: 2 });
    expect(job).toMatchObject({ state: "done", repaired: true });
    expect((await auditOf(job.id))[0]?.after).toMatchObject({ repaired: true });
    const { at } = await proposedTimetable(job.id);
    expect(pairs.filter(({ a, b }) => at.get(a)?.periodId === at.get(b)?.periodId)).toEqual([]);
    expect((await post(job.id, "accept")).status).toBe(200);
    const now = await periodsOf([first.a, first.b]);
    expect(now.get(first.a)?.periodId).not.toBe(now.get(first.b)?.periodId);
  }, 120_000);
});
