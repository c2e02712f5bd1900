import { TIMETABLING_MESSAGES } from "@portal/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../../db/rows.ts";
import { DEMO_EXAM_CYCLE, DEMO_EXAM_OFFICE, DEMO_PAST_EXAM_CYCLE } from "../../demo/seed.ts";
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
  /** The data of each event of a server-sent event stream's text. */
  const eventsOf = (text: string) =>
    text
      .split("\n")
      .filter((line) => line.startsWith("data:"))
      .map((line) => JSON.parse(line.slice(5)) as Job);

  it("refuses a bad time limit, an unknown cycle and a timetable with clashes", async () => {
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

  it("accepts a proposal: moves the exams to its periods with audit rows, locked exams stay", async () => {
    const [lockedExam] = await rows<{ id: string; periodId: string }>(
      api.ctx.db,
      sql`update exam set locked = true
          where id = (select id from exam where exam_cycle_id = ${cycleId} order by id limit 1)
          returning id, exam_period_id as "periodId"`,
    );
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
});
