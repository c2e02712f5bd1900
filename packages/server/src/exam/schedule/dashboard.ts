import { defaultExamCycle, todayIn } from "@portal/domain";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { type ListScope, offeringIdInListScope } from "../../auth/public.ts";
import type { Executor } from "../../db/client.ts";
import { cachedWarmReadModel } from "../../db/read-model-cache.ts";
import { campus, exam, examCycle, importSource } from "../../db/schema.ts";
import { notFound } from "../../http/errors.ts";
import { isUuid } from "../../http/request.ts";
import { keptClashReport } from "./clash-report.ts";

/** An exam cycle as the exam screens list it (dates YYYY-MM-DD). */
export type ExamCycleSummary = {
  id: string;
  name: string;
  examType: string;
  startDate: string;
  endDate: string;
  exams: number;
  importCode: string | null;
};

/**
 * The exam cycle every exam screen opens on when the address names none (one rule for all of them):
 * the cycle holding the next exam from `today` (YYYY-MM-DD in the exam time zone, Asia/Kolkata),
 * else the newest cycle that has exams (`defaultExamCycle`), else the newest; undefined for no
 * cycles. `cycles` latest first, as {@link listExamCycles} answers. With a reach `scope`
 * (listScopeOf), the next exam is the next one of a course offering within it (a condition of the
 * same statement).
 */
export async function currentExamCycle(
  db: Executor,
  today: string,
  cycles: readonly ExamCycleSummary[],
  scope: ListScope | null = null,
): Promise<ExamCycleSummary | undefined> {
  const [next] = await db
    .select({ id: exam.examCycleId })
    .from(exam)
    .where(
      and(
        sql`${exam.examDate} >= ${today}`,
        scope ? offeringIdInListScope(exam.courseOfferingId, scope) : undefined,
      ),
    )
    .orderBy(asc(exam.examDate), asc(exam.startTime))
    .limit(1);
  return cycles.find((c) => c.id === next?.id) ?? defaultExamCycle(cycles);
}

/**
 * Every exam cycle, latest first, with its number of exams and, for imported data, the import code.
 * With a reach `scope` (listScopeOf; docs/security/roles.md): only the cycles holding at least one
 * exam of a course offering within it, and `exams` counts those exams only. The reach is one grouped
 * count of the exams within it, joined in the same statement (no statement per cycle).
 */
export async function listExamCycles(
  db: Executor,
  scope: ListScope | null = null,
): Promise<ExamCycleSummary[]> {
  const columns = {
    id: examCycle.id,
    name: examCycle.name,
    examType: examCycle.examType,
    startDate: examCycle.startDate,
    endDate: examCycle.endDate,
    importCode: importSource.code,
  };
  const order = [desc(examCycle.startDate), asc(examCycle.name)];
  if (scope) {
    const within = db
      .select({ cycleId: exam.examCycleId, exams: sql<number>`count(*)::int`.as("exams") })
      .from(exam)
      .where(offeringIdInListScope(exam.courseOfferingId, scope))
      .groupBy(exam.examCycleId)
      .as("within_reach");
    const rows = await db
      .select({ ...columns, exams: within.exams })
      .from(examCycle)
      .innerJoin(within, eq(within.cycleId, examCycle.id))
      .leftJoin(importSource, eq(importSource.id, examCycle.importSourceId))
      .orderBy(...order);
    return rows.map((r) => ({ ...r, exams: Number(r.exams) }));
  }
  const rows = await db
    .select({
      ...columns,
      exams: sql<number>`(select count(*)::int from ${exam} where ${exam.examCycleId} = ${examCycle.id})`,
    })
    .from(examCycle)
    .leftJoin(importSource, eq(importSource.id, examCycle.importSourceId))
    .orderBy(...order);
  return rows.map((r) => ({ ...r, exams: Number(r.exams) }));
}

/** Figures of one exam cycle for the exam dashboard (counts; students are distinct people). */
export type ExamDashboard = {
  examCycle: ExamCycleSummary;
  today: string;
  summary: {
    exams: number;
    periods: number;
    students: number;
    enrolments: number;
    upcomingExams: number;
    completedExams: number;
    roomsUsed: number;
    seated: number;
    unseated: number;
    invigilatorsAssigned: number;
    invigilatorsNeeded: number;
  };
  clashes: { students: number; faculty: number; roomsOverCapacity: number };
};

/**
 * The exam dashboard of a cycle: its exams, periods, students, seating and invigilation progress and
 * the clash counts. `today` is the server clock's date (`now`, epoch ms) in the default campus zone
 * (Asia/Kolkata, `todayIn`), the day the faculty calendar also opens on; upcoming and completed
 * exams count from today at each exam's own campus. Without an id: the cycle every exam screen opens on ({@link currentExamCycle});
 * with a reach, the one it opens on for that reach (among the cycles holding an exam within it, that
 * of its next exam within it); 404 when there is none or the id is unknown. Served from the never-stale
 * read-model cache, since the whole office opens it all day and it only changes with the data, and
 * kept warm: recomputed right after each write commits (`rewarmAfterWrite`, app.ts), so the first
 * reader after an exam edit finds it in memory. With a reach `scope` (listScopeOf), every figure
 * counts the cycle's exams of course offerings within it only (the cycle's `exams` too; periods: those
 * holding one of them), and the reach is part of the key (docs/security/roles.md).
 */
export async function getExamDashboard(
  db: Executor,
  now: number,
  examCycleId: string,
  scope: ListScope | null = null,
): Promise<ExamDashboard> {
  const today = todayIn(now);
  // Upcoming and completed count from today at each exam's campus: the answer changes when the day
  // turns at any campus, so the key names today in every campus zone.
  const zones = await db.selectDistinct({ timeZone: campus.timeZone }).from(campus).orderBy(campus.timeZone);
  const days = zones.map((z) => todayIn(now, z.timeZone)).join(",");
  const key = `dashboard|${examCycleId}|${today}|${days}|${scope?.key ?? ""}`;
  return cachedWarmReadModel(db, "exam_operations", key, () =>
    computeExamDashboard(db, now, today, examCycleId, scope),
  );
}

async function computeExamDashboard(
  db: Executor,
  now: number,
  today: string,
  examCycleId: string,
  scope: ListScope | null,
): Promise<ExamDashboard> {
  let cycle: ExamCycleSummary | undefined;
  if (examCycleId) {
    const cycles = await listExamCycles(db);
    cycle = isUuid(examCycleId) ? cycles.find((c) => c.id === examCycleId) : undefined;
  } else {
    // The cycle the exam screens open on for this reach: among the cycles holding an exam within
    // it, that of its next exam (as GET /sf/exam/examCycles answers the same user).
    const cycles = await listExamCycles(db, scope);
    cycle = await currentExamCycle(db, today, cycles, scope);
  }
  if (!cycle) throw notFound("No such exam cycle", "examCycleId");

  // The clash report's kept answer (shared with the clash report call) brings the clash counts and
  // the counts of the cycle's candidates, which its student section reads anyway; this statement
  // counts the rest without touching enrolments.
  const [result, clashes] = await Promise.all([
    db.execute(sql`
    with ex as materialized (
      select x.id, x.exam_date, x.exam_period_id, x.students_per_invigilator,
        (${new Date(now).toISOString()}::timestamptz at time zone c.time_zone)::date as campus_today
      from exam x join course_offering o on o.id = x.course_offering_id join term t on t.id = o.term_id
        join intake i on i.id = t.intake_id join campus c on c.id = i.campus_id
      where x.exam_cycle_id = ${cycle.id} and ${offeringIdInListScope(sql`x.course_offering_id`, scope)}
    ),
    seats as (
      select sa.exam_id, sa.facility_id, count(*)::int as seated
      from seat_assignment sa join ex on ex.id = sa.exam_id group by sa.exam_id, sa.facility_id
    )
    select
      (select count(*)::int from ex) as exams,
      ${
        scope
          ? sql`(select count(distinct exam_period_id)::int from ex)`
          : sql`(select count(*)::int from exam_period where exam_cycle_id = ${cycle.id})`
      } as periods,
      (select count(*)::int from ex where exam_date >= campus_today) as upcoming,
      (select count(*)::int from ex where exam_date < campus_today) as completed,
      (select count(distinct facility_id)::int from seats) as rooms_used,
      (select coalesce(sum(seated), 0)::int from seats) as seated,
      (select count(*)::int from invigilation i join ex on ex.id = i.exam_id) as invigilators,
      (select coalesce(sum(ceil(s.seated::numeric / ex.students_per_invigilator)), 0)::int
         from seats s join ex on ex.id = s.exam_id) as invigilators_needed
  `) as unknown as Promise<{ rows: Array<Record<string, number>> }>,
    keptClashReport(db, cycle.id, scope),
  ]);
  const r = result.rows[0] ?? {};
  const n = (key: string) => Number(r[key] ?? 0);
  return {
    examCycle: scope ? { ...cycle, exams: n("exams") } : cycle,
    today,
    summary: {
      exams: n("exams"),
      periods: n("periods"),
      students: clashes.candidates.students,
      enrolments: clashes.candidates.enrolments,
      upcomingExams: n("upcoming"),
      completedExams: n("completed"),
      roomsUsed: n("rooms_used"),
      seated: n("seated"),
      unseated: Math.max(0, clashes.candidates.enrolments - n("seated")),
      invigilatorsAssigned: n("invigilators"),
      invigilatorsNeeded: n("invigilators_needed"),
    },
    clashes: {
      students: clashes.studentClashes.total,
      faculty: clashes.facultyClashes.total,
      roomsOverCapacity: clashes.roomsOverCapacity.total,
    },
  };
}
