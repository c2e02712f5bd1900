import { SCHEDULING_MESSAGES } from "@portal/domain";
import { eq, sql } from "drizzle-orm";
import { writeAudit } from "../../audit.ts";
import type { AppContext, SessionUser } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { rows } from "../../db/rows.ts";
import { exam } from "../../db/schema.ts";
import { ApiError, badRequest } from "../../http/errors.ts";
import { ensureExamPeriod, releaseExamRooms } from "./periods.ts";

/**
 * The exam timetable's side of exams booked on the planner (spec §5 Create exam). The link between
 * an exam and its planner event belongs to the scheduling area (`scheduled_event.exam_id`, the
 * event's faculty and room); the exam rows, their exam periods, seats and duties belong to the exam
 * area. So scheduling adds, moves and removes a planner exam's timetable row only through the three
 * functions here, and the exam timetable moves a planner event only through scheduling's
 * `movePlannerEventOfExam`: neither area writes the other's tables.
 */

/**
 * An exam as the planner books it: the section (course offering), the exam type (MidTerm, EndTerm,
 * Retest) and its sitting: ISO date, start time HH:MM (wall time at its campus), length in minutes;
 * `venue` is the name of the room the booking holds ("" for none), written as the timetable's venue
 * so the exam does not land with a blank venue though a room was booked.
 */
export type PlannerExam = {
  courseOfferingId: string;
  examType: (typeof exam.$inferInsert)["examType"];
  date: string;
  startTime: string;
  durationMinutes: number;
  venue: string;
};

/** The component name of an exam of a planning exam type (the grading components' names). */
const EXAM_COMPONENTS: Record<string, string> = {
  MidTerm: "Mid Term Exam",
  EndTerm: "End Term Exam",
  Retest: "Retest",
};

/**
 * Adds a planner exam to the exam timetable: one exam of the section in the exam cycle of its type
 * whose dates hold the exam's day, at its start time for its length, in that cycle's exam period,
 * with an audit row. 400 rule `exam_cycle` naming `dateField` when no cycle of the type holds the
 * day; an exam of the same type for the section already in the cycle fails the unique key (the
 * caller answers 409 exam_exists). Returns the exam's id. Call inside the booking's transaction.
 */
export async function addPlannerExam(
  ctx: AppContext,
  tx: Executor,
  user: SessionUser,
  planned: PlannerExam,
  dateField: string,
): Promise<string> {
  const { date, startTime, durationMinutes, examType } = planned;
  const [cycle] = await rows<{ id: string; name: string }>(
    tx,
    sql`select id, name from exam_cycle where exam_type = ${examType}
        and start_date <= ${date}::date and end_date >= ${date}::date order by start_date, name limit 1`,
  );
  if (!cycle) {
    throw badRequest(`No ${examType} exam cycle holds this date`, dateField, "exam_cycle");
  }
  const periodId = await ensureExamPeriod(tx, { examCycleId: cycle.id, date, startTime, durationMinutes });
  const [made] = await tx
    .insert(exam)
    .values({
      examCycleId: cycle.id,
      courseOfferingId: planned.courseOfferingId,
      component: EXAM_COMPONENTS[examType] ?? examType,
      examType,
      examDate: date,
      startTime,
      durationMinutes,
      examPeriodId: periodId,
      venue: planned.venue,
    })
    .returning({ id: exam.id });
  const id = (made as { id: string }).id;
  await writeAudit(
    tx,
    user,
    [
      {
        action: "create_exam",
        entity: "exam",
        entityId: id,
        before: null,
        after: {
          examType,
          courseOfferingId: planned.courseOfferingId,
          examCycle: cycle.name,
          dateOfExam: date,
          startTime,
          durationMinutes,
          venue: planned.venue,
        },
      },
    ],
    new Date(ctx.now()),
  );
  return id;
}

/**
 * Moves the timetable row of planner exam `examId` with its edited planner event when the event
 * keeps its section and exam type and its new day is in the exam's own cycle: date, start time,
 * length, its exam period, and the seats and duties of the old period released as the exam
 * timetable's own move does, with an audit row. Returns false, changing nothing, when the exam must
 * be re-homed instead (another section, type or cycle, or no such exam).
 */
export async function movePlannerExam(
  ctx: AppContext,
  tx: Executor,
  user: SessionUser,
  examId: string,
  planned: PlannerExam,
): Promise<boolean> {
  const [before] = await rows<{
    examCycleId: string;
    courseOfferingId: string;
    examType: string;
    examDate: string;
    startTime: string;
    durationMinutes: number;
    examPeriodId: string | null;
    venue: string;
    cycleStart: string;
    cycleEnd: string;
  }>(
    tx,
    sql`select x.exam_cycle_id as "examCycleId", x.course_offering_id as "courseOfferingId",
          x.exam_type as "examType", x.exam_date::text as "examDate", x.start_time as "startTime",
          x.duration_minutes as "durationMinutes", x.exam_period_id as "examPeriodId", x.venue,
          c.start_date::text as "cycleStart", c.end_date::text as "cycleEnd"
        from exam x join exam_cycle c on c.id = x.exam_cycle_id where x.id = ${examId} for update of x`,
  );
  if (!before) return false;
  const { date, startTime, durationMinutes } = planned;
  if (
    before.courseOfferingId !== planned.courseOfferingId ||
    before.examType !== planned.examType ||
    date < before.cycleStart ||
    date > before.cycleEnd
  ) {
    return false;
  }
  const examPeriodId = await ensureExamPeriod(tx, {
    examCycleId: before.examCycleId,
    date,
    startTime,
    durationMinutes,
  });
  // A room booked on the planner names the venue; without one, a venue typed on the timetable stays.
  const venue = planned.venue || before.venue;
  const after = { examDate: date, startTime, durationMinutes, examPeriodId, venue };
  await tx
    .update(exam)
    .set({ ...after, version: sql`${exam.version} + 1` })
    .where(eq(exam.id, examId));
  if (before.examPeriodId && before.examPeriodId !== examPeriodId) {
    await releaseExamRooms(tx, examId, before.examPeriodId);
  }
  await writeAudit(
    tx,
    user,
    [
      {
        action: "update_timetable",
        entity: "exam",
        entityId: examId,
        before: {
          examDate: before.examDate,
          startTime: before.startTime,
          durationMinutes: before.durationMinutes,
          examPeriodId: before.examPeriodId,
          venue: before.venue,
        },
        after,
      },
    ],
    new Date(ctx.now()),
  );
  return true;
}

/**
 * Whether the exam office has recorded anything against exam `examId`: seats, invigilation duties,
 * question papers, eligibility, evaluator assignments, revaluation or retest requests (of it or
 * scheduling it) or answer sheets.
 */
async function examInUse(tx: Executor, examId: string): Promise<boolean> {
  const [row] = await rows<{ used: boolean }>(
    tx,
    sql`select (exists (select 1 from seat_assignment where exam_id = ${examId})
        or exists (select 1 from invigilation where exam_id = ${examId})
        or exists (select 1 from question_paper where exam_id = ${examId})
        or exists (select 1 from exam_eligibility where exam_id = ${examId})
        or exists (select 1 from evaluator_assignment where exam_id = ${examId})
        or exists (select 1 from revaluation_request where exam_id = ${examId})
        or exists (select 1 from retest_request where exam_id = ${examId} or retest_exam_id = ${examId})
        or exists (select 1 from answer_sheet where exam_id = ${examId})) as used`,
  );
  return Boolean(row?.used);
}

/**
 * Removes the timetable row of planner exam `examId` (its event is being deleted or re-homed), with
 * an audit row. 409 `exam_in_use` naming `field`, nothing removed, when the exam office has worked
 * on the exam ({@link examInUse}). An unknown exam: nothing to do.
 */
export async function removePlannerExam(
  ctx: AppContext,
  tx: Executor,
  user: SessionUser,
  examId: string,
  field: string,
): Promise<void> {
  const [before] = await rows<Record<string, unknown>>(
    tx,
    sql`select * from exam where id = ${examId} for update`,
  );
  if (!before) return;
  if (await examInUse(tx, examId)) {
    throw new ApiError(409, SCHEDULING_MESSAGES.examInUse, { errorCode: "exam_in_use", field });
  }
  await tx.delete(exam).where(eq(exam.id, examId));
  await writeAudit(
    tx,
    user,
    [{ action: "delete_exam", entity: "exam", entityId: examId, before, after: null }],
    new Date(ctx.now()),
  );
}
