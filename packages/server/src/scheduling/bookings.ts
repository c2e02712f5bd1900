import {
  type BookingCreate,
  bookingOccurrences,
  capacityMessage,
  datesTouched,
  holidayMessage,
  instantToLocal,
  MAX_EVENT_RANGE_DAYS,
  MAX_OCCURRENCES,
  outsideTermMessage,
  SCHEDULING_MESSAGES,
} from "@portal/domain";
import { type SQL, sql } from "drizzle-orm";
import { writeAudit } from "../audit.ts";
import type { AppContext, SessionUser } from "../context.ts";
import type { Executor } from "../db/client.ts";
import { exam, scheduledEvent, scheduledEventFaculty } from "../db/schema.ts";
import { ensureExamPeriod } from "../exam/periods.ts";
import { isUniqueViolation, versionConflict } from "../exam/versions.ts";
import { ApiError } from "../http/errors.ts";
import { holidaysOfIntake, notFound, rows, ruleError } from "../planning/common.ts";

/** Prefix of every field named in a booking refusal (the payload's key). */
const F = "FacilityFacultyBooking";

/** Kinds the exam office may book or delete (the exam planner); the academic office books all. */
const EXAM_OFFICE_KINDS = new Set(["exam", "reference"]);

/** 403 when the user holds only the exam office role and the event is not an exam or a reference. */
export function checkKindAllowed(user: SessionUser, kind: string): void {
  const planner = user.roles.includes("admin") || user.roles.includes("academic_office");
  if (!planner && !EXAM_OFFICE_KINDS.has(kind)) {
    throw new ApiError(403, "The exam office books exams and references only", {
      errorCode: "forbidden",
      field: `${F}.activityType`,
    });
  }
}

/** What a checked booking will write. */
export type BookingPlan = {
  termId: string;
  kind: BookingCreate["activityType"];
  termSubjectId: string | null;
  courseOfferingId: string | null;
  plannerActivityId: string | null;
  facilityId: string | null;
  facultyIds: string[];
  occurrences: Array<{ start: string; end: string }>;
};

function conflict(message: string, field: string, rule: string): ApiError {
  return new ApiError(409, message, { errorCode: "booking_conflict", field, rule });
}

/** `(values (s, e), ...) as o(s, e)` of the occurrences, for overlap joins. */
function occurrenceValues(occurrences: BookingPlan["occurrences"]): SQL {
  return sql`(values ${sql.join(
    occurrences.map((o) => sql`(${o.start}::timestamptz, ${o.end}::timestamptz)`),
    sql`, `,
  )}) as o(s, e)`;
}

/**
 * Checks a booking (spec §7 createFacilityFacultyBooking / createSession / validateSession) and
 * returns what it writes. With `lock` (the writing transaction) the booked faculty contacts and then
 * the facility are locked (SELECT ... FOR UPDATE, contacts in id order): a concurrent booking of any
 * of them waits here until this transaction ends and then sees its rows, so of two bookings of one
 * slot exactly one is written. Errors, nothing written: 404 unknown term, subject, section, planner
 * activity, faculty member or facility (each of the term where it belongs); 400 a day outside the
 * term, a holiday of the intake or its campus (sessions, activities, exams), a facility smaller than
 * the section's strength, selected weekdays that give no day or more than 200, an occurrence that
 * does not end after it starts; 409 booking_conflict 'Faculty is allocated on another class on same
 * time-slot' or 'Facility is booked for another class on same time-slot'.
 */
export async function checkBooking(tx: Executor, b: BookingCreate, lock: boolean): Promise<BookingPlan> {
  const forUpdate = lock ? sql` for update` : sql``;
  const [t] = await rows<{ id: string; intakeId: string; startDate: string; endDate: string }>(
    tx,
    sql`select id, intake_id as "intakeId", to_char(start_date, 'YYYY-MM-DD') as "startDate",
        to_char(end_date, 'YYYY-MM-DD') as "endDate" from term where id = ${b.termId}`,
  );
  if (!t) throw notFound("term", `${F}.termId`);

  let termSubjectId = b.courseVersionId;
  let courseId: string | null = null;
  if (termSubjectId) {
    const [s] = await rows<{ courseId: string }>(
      tx,
      sql`select course_id as "courseId" from term_subject where id = ${termSubjectId} and term_id = ${t.id}`,
    );
    if (!s) throw notFound("subject of this term", `${F}.courseVersionId`);
    courseId = s.courseId;
  }
  let strength: number | null = null;
  if (b.courseOfferingId) {
    const [o] = await rows<{ courseId: string; capacity: number }>(
      tx,
      sql`select course_id as "courseId", capacity from course_offering where id = ${b.courseOfferingId} and term_id = ${t.id}`,
    );
    if (!o || (courseId && o.courseId !== courseId))
      throw notFound("section of this subject", `${F}.courseOfferingId`);
    strength = Number(o.capacity);
    if (!termSubjectId) {
      const [s] = await rows<{ id: string }>(
        tx,
        sql`select id from term_subject where term_id = ${t.id} and course_id = ${o.courseId}`,
      );
      termSubjectId = s?.id ?? null;
    }
  }
  if (b.academicPlannerActivityId) {
    const [a] = await rows(
      tx,
      sql`select 1 from planner_activity where id = ${b.academicPlannerActivityId} and term_id = ${t.id}`,
    );
    if (!a) throw notFound("planner activity of this term", `${F}.academicPlannerActivityId`);
  }

  const facultyIds = b.facultyId;
  if (facultyIds.length > 0) {
    const ordered = [...facultyIds].sort();
    const found = await rows<{ id: string }>(
      tx,
      sql`select id from contact where kind = 'faculty' and id in (${sql.join(
        ordered.map((id) => sql`${id}`),
        sql`, `,
      )}) order by id${forUpdate}`,
    );
    if (found.length !== ordered.length) throw notFound("faculty member", `${F}.facultyId`);
  }
  if (b.facilityId) {
    const [room] = await rows<{ capacity: number }>(
      tx,
      sql`select capacity from facility where id = ${b.facilityId}${forUpdate}`,
    );
    if (!room) throw notFound("facility", `${F}.facilityId`);
    if (strength !== null && Number(room.capacity) < strength) {
      throw ruleError(capacityMessage(Number(room.capacity), strength), `${F}.facilityId`, "capacity");
    }
  }

  const holidays = new Set(await holidaysOfIntake(tx, t.intakeId));
  const checksHolidays = b.activityType !== "reference";
  const occurrences = bookingOccurrences(b.startDate, b.endDate, b.daySelected, {
    skip: checksHolidays ? holidays : undefined,
  });
  if (occurrences.length === 0) {
    throw ruleError("No selected weekday between start and end", `${F}.daySelected`, "no_day");
  }
  if (occurrences.length > MAX_OCCURRENCES) {
    throw ruleError(`At most ${MAX_OCCURRENCES} occurrences at once`, `${F}.daySelected`, "too_many");
  }
  for (const o of occurrences) {
    if (Date.parse(o.end) <= Date.parse(o.start)) {
      throw ruleError(SCHEDULING_MESSAGES.endBeforeStart, `${F}.endDate`, "after_start");
    }
    if (Date.parse(o.end) - Date.parse(o.start) > MAX_EVENT_RANGE_DAYS * 86_400_000) {
      throw ruleError(`An event lasts at most ${MAX_EVENT_RANGE_DAYS} days`, `${F}.endDate`, "too_long");
    }
    for (const day of datesTouched(o.start, o.end)) {
      if (day < t.startDate || day > t.endDate) {
        throw ruleError(outsideTermMessage(t.startDate, t.endDate), `${F}.startDate`, "term");
      }
      if (checksHolidays && holidays.has(day))
        throw ruleError(holidayMessage(day), `${F}.startDate`, "holiday");
    }
  }

  if (facultyIds.length > 0) {
    const [clash] = await rows(
      tx,
      sql`select 1 from scheduled_event_faculty sef join ${occurrenceValues(occurrences)}
          on sef.starts_at < o.e and sef.ends_at > o.s
          where sef.faculty_id in (${sql.join(
            facultyIds.map((id) => sql`${id}`),
            sql`, `,
          )}) limit 1`,
    );
    if (clash) throw conflict(SCHEDULING_MESSAGES.facultyClash, `${F}.facultyId`, "faculty_overlap");
  }
  if (b.facilityId) {
    const [clash] = await rows(
      tx,
      sql`select 1 from scheduled_event e join ${occurrenceValues(occurrences)}
          on e.starts_at < o.e and e.ends_at > o.s
          where e.facility_id = ${b.facilityId} limit 1`,
    );
    if (clash) throw conflict(SCHEDULING_MESSAGES.facilityClash, `${F}.facilityId`, "facility_overlap");
  }

  return {
    termId: t.id,
    kind: b.activityType,
    termSubjectId,
    courseOfferingId: b.courseOfferingId,
    plannerActivityId: b.academicPlannerActivityId,
    facilityId: b.facilityId,
    facultyIds,
    occurrences,
  };
}

/**
 * Creates a booking (spec §7 Operation Create): one scheduled event per occurrence, each booking the
 * facility and the faculty (positions in the order given), in one transaction with the checks of
 * {@link checkBooking} and an audit row per event. Answers 'Created Successfully' with the events'
 * ids, times (Z) and versions.
 */
export async function createBooking(ctx: AppContext, user: SessionUser, b: BookingCreate) {
  checkKindAllowed(user, b.activityType);
  try {
    return await ctx.db.transaction(async (tx) => {
      const plan = await checkBooking(tx, b, true);
      const written = await insertPlan(ctx, tx, user, b, plan, null);
      if (plan.kind === "exam") await addToExamTimetable(ctx, tx, user, b, plan);
      return written;
    });
  } catch (err) {
    if (b.activityType === "exam" && isUniqueViolation(err)) {
      throw new ApiError(409, `The section already has its ${b.examType} exam in this exam cycle`, {
        errorCode: "exam_exists",
        field: `${F}.courseOfferingId`,
      });
    }
    throw err;
  }
}

/** The component name of an exam of a planning exam type (the grading components' names). */
const EXAM_COMPONENTS: Record<string, string> = {
  MidTerm: "Mid Term Exam",
  EndTerm: "End Term Exam",
  Retest: "Retest",
};

/**
 * An exam booked on the planner (spec §5 Create exam) joins the exam timetable: one exam of the
 * section in the exam cycle of its type whose dates hold the exam's day (Asia/Kolkata), at its
 * start time for its length, in that cycle's exam period, with an audit row. 400 rule exam_cycle
 * when no cycle of the type holds the day; an exam of the same type for the section already in
 * the cycle is refused by the caller (409 exam_exists).
 */
async function addToExamTimetable(
  ctx: AppContext,
  tx: Executor,
  user: SessionUser,
  b: BookingCreate,
  plan: BookingPlan,
) {
  const first = plan.occurrences[0];
  if (!first || !plan.courseOfferingId || !b.examType) return;
  const start = instantToLocal(first.start);
  const minutes = Math.round((Date.parse(first.end) - Date.parse(first.start)) / 60_000);
  const [cycle] = await rows<{ id: string; name: string }>(
    tx,
    sql`select id, name from exam_cycle where exam_type = ${b.examType}
        and start_date <= ${start.date}::date and end_date >= ${start.date}::date order by start_date, name limit 1`,
  );
  if (!cycle) {
    throw ruleError(
      `No ${b.examType} exam cycle holds ${start.date.split("-").reverse().join("-")}`,
      `${F}.startDate`,
      "exam_cycle",
    );
  }
  const periodId = await ensureExamPeriod(tx, {
    examCycleId: cycle.id,
    date: start.date,
    startTime: start.time,
    durationMinutes: minutes,
  });
  const [made] = await tx
    .insert(exam)
    .values({
      examCycleId: cycle.id,
      courseOfferingId: plan.courseOfferingId,
      component: EXAM_COMPONENTS[b.examType] ?? b.examType,
      examType: b.examType,
      examDate: start.date,
      startTime: start.time,
      durationMinutes: minutes,
      examPeriodId: periodId,
      venue: "",
    })
    .returning({ id: exam.id });
  await writeAudit(
    tx,
    user,
    [
      {
        action: "create_exam",
        entity: "exam",
        entityId: (made as { id: string }).id,
        before: null,
        after: {
          examType: b.examType,
          courseOfferingId: plan.courseOfferingId,
          examCycle: cycle.name,
          dateOfExam: start.date,
          startTime: start.time,
          durationMinutes: minutes,
        },
      },
    ],
    new Date(ctx.now()),
  );
}

/** Writes a checked booking's events and faculty rows with an audit row per event. */
async function insertPlan(
  ctx: AppContext,
  tx: Executor,
  user: SessionUser,
  b: BookingCreate,
  plan: BookingPlan,
  replaced: Record<string, unknown> | null,
) {
  const created = await tx
    .insert(scheduledEvent)
    .values(
      plan.occurrences.map((o) => ({
        termId: plan.termId,
        kind: plan.kind,
        name: b.sessionName,
        examType: plan.kind === "exam" ? (b.examType ?? null) : null,
        termSubjectId: plan.termSubjectId,
        courseOfferingId: plan.courseOfferingId,
        plannerActivityId: plan.plannerActivityId,
        facilityId: plan.facilityId,
        startsAt: new Date(o.start),
        endsAt: new Date(o.end),
        createdBy: user.email,
      })),
    )
    .returning();
  if (plan.facultyIds.length > 0) {
    await tx.insert(scheduledEventFaculty).values(
      created.flatMap((e) =>
        plan.facultyIds.map((facultyId, i) => ({
          eventId: e.id,
          facultyId,
          position: i + 1,
          startsAt: e.startsAt,
          endsAt: e.endsAt,
        })),
      ),
    );
  }
  await writeAudit(
    tx,
    user,
    created.map((e) => ({
      action: replaced ? "update" : "create",
      entity: "scheduled_event",
      entityId: e.id,
      before: replaced,
      after: { ...e, facultyIds: plan.facultyIds },
    })),
    new Date(ctx.now()),
  );
  return {
    message: SCHEDULING_MESSAGES.created,
    events: created.map((e) => ({
      id: e.id,
      startDate: e.startsAt.toISOString(),
      endDate: e.endsAt.toISOString(),
      version: e.version,
    })),
  };
}

/** The event `id` locked for a change, after the kind and version checks. */
async function lockEvent(tx: Executor, user: SessionUser, id: string, version: number) {
  const [before] = await rows<Record<string, unknown> & { kind: string; version: number }>(
    tx,
    sql`select * from scheduled_event where id = ${id} for update`,
  );
  if (!before) throw notFound("booking", `${F}.id`);
  checkKindAllowed(user, before.kind);
  if (Number(before.version) !== version) throw versionConflict("This booking", `${F}.version`);
  const faculty = await rows<{ facultyId: string }>(
    tx,
    sql`select faculty_id as "facultyId" from scheduled_event_faculty where event_id = ${id} order by position`,
  );
  return { ...before, facultyIds: faculty.map((f) => f.facultyId) };
}

/**
 * Replaces a booked event (the scheduler's Edit; Operation Update, not in the spec): in one
 * transaction the event `id` at `version` is removed and the new booking checked and written as
 * by {@link createBooking}, so the event does not clash with itself and a refusal leaves it as it
 * was. 404 unknown event; 409 version_conflict when it changed since read; every refusal of a Create.
 */
export async function updateBooking(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  version: number,
  b: BookingCreate,
) {
  checkKindAllowed(user, b.activityType);
  return ctx.db.transaction(async (tx) => {
    const before = await lockEvent(tx, user, id, version);
    await tx.execute(sql`delete from scheduled_event where id = ${id}`);
    const plan = await checkBooking(tx, b, true);
    return insertPlan(ctx, tx, user, b, plan, before);
  });
}

/**
 * Deletes a booked event (spec §7 Operation Delete): the event and its faculty bookings, freeing
 * the slot, with an audit row. 404 unknown event; 409 version_conflict when it changed since read.
 */
export async function deleteBooking(ctx: AppContext, user: SessionUser, id: string, version: number) {
  return ctx.db.transaction(async (tx) => {
    const before = await lockEvent(tx, user, id, version);
    await tx.execute(sql`delete from scheduled_event where id = ${id}`);
    await writeAudit(
      tx,
      user,
      [{ action: "delete", entity: "scheduled_event", entityId: id, before, after: null }],
      new Date(ctx.now()),
    );
    return { message: SCHEDULING_MESSAGES.deleted };
  });
}

/**
 * validateSession (spec §7): the answer a booking would get, before saving: `valid` true with the
 * occurrences it would create, or false with the refusal's message, field and rule (the same rules
 * as {@link checkBooking}; nothing is locked or written).
 */
export async function validateBooking(ctx: AppContext, user: SessionUser, b: BookingCreate) {
  try {
    checkKindAllowed(user, b.activityType);
    const plan = await checkBooking(ctx.db, b, false);
    return {
      valid: true as const,
      occurrences: plan.occurrences.map((o) => ({ startDate: o.start, endDate: o.end })),
    };
  } catch (err) {
    if (err instanceof ApiError && [400, 403, 404, 409].includes(err.status)) {
      return {
        valid: false as const,
        occurrences: [],
        errorMessage: err.message,
        ...(err.details.errorCode ? { errorCode: err.details.errorCode } : {}),
        ...(err.details.field ? { field: err.details.field } : {}),
        ...(err.details.rule ? { rule: err.details.rule } : {}),
      };
    }
    throw err;
  }
}
