import {
  addDays,
  allDaySpan,
  type BookingCreate,
  bookingOccurrences,
  capacityMessage,
  datesTouched,
  enrolledCapacityMessage,
  holidayMessage,
  instantToLocal,
  localToInstant,
  MAX_EVENT_RANGE_DAYS,
  MAX_OCCURRENCES,
  outsideTermMessage,
  SCHEDULING_MESSAGES,
} from "@portal/domain";
import { eq, type SQL, sql } from "drizzle-orm";
import { writeAudit } from "../audit.ts";
import type { AppContext, SessionUser } from "../context.ts";
import type { Executor } from "../db/client.ts";
import { rows } from "../db/rows.ts";
import { facility, scheduledEvent, scheduledEventFaculty } from "../db/schema.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { addPlannerExam, movePlannerExam, type PlannerExam, removePlannerExam } from "../exam/public.ts";
import { ApiError, badRequest, notFound, versionConflict } from "../http/errors.ts";
import { holidaysOfIntake } from "../planning/public.ts";

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
  /** The IANA zone of the term's campus (intake -> campus): its wall times. */
  timeZone: string;
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
 * Refuses with 409 booking_conflict when one of `facultyIds` or the facility `facilityId` is booked
 * on another event overlapping one of `occurrences` (Z instants): 'Faculty is allocated on another
 * class on same time-slot' with `fields.faculty`, 'Facility is booked for another class on same
 * time-slot' with `fields.facility`. `except` is an event that moves and so does not clash with
 * itself. The caller holds the locks on the faculty contacts and the facility.
 */
async function checkSlotsFree(
  tx: Executor,
  slots: {
    facultyIds: readonly string[];
    facilityId: string | null;
    occurrences: BookingPlan["occurrences"];
    except?: string;
  },
  fields: { faculty: string; facility: string },
): Promise<void> {
  const other = (column: SQL) => (slots.except ? sql` and ${column} <> ${slots.except}` : sql``);
  if (slots.facultyIds.length > 0) {
    const [clash] = await rows(
      tx,
      sql`select 1 from scheduled_event_faculty sef join ${occurrenceValues(slots.occurrences)}
          on sef.starts_at < o.e and sef.ends_at > o.s
          where sef.faculty_id in (${sql.join(
            slots.facultyIds.map((id) => sql`${id}`),
            sql`, `,
          )})${other(sql`sef.event_id`)} limit 1`,
    );
    if (clash) throw conflict(SCHEDULING_MESSAGES.facultyClash, fields.faculty, "faculty_overlap");
  }
  if (slots.facilityId) {
    const [clash] = await rows(
      tx,
      sql`select 1 from scheduled_event e join ${occurrenceValues(slots.occurrences)}
          on e.starts_at < o.e and e.ends_at > o.s
          where e.facility_id = ${slots.facilityId}${other(sql`e.id`)} limit 1`,
    );
    if (clash) throw conflict(SCHEDULING_MESSAGES.facilityClash, fields.facility, "facility_overlap");
  }
}

/**
 * Checks a booking (spec §7 createFacilityFacultyBooking / createSession / validateSession) and
 * returns what it writes. With `lock` (the writing transaction) the booked faculty contacts and then
 * the facility are locked (SELECT ... FOR UPDATE, contacts in id order): a concurrent booking of any
 * of them waits here until this transaction ends and then sees its rows, so of two bookings of one
 * slot exactly one is written. Errors, nothing written: 404 unknown term, subject, section, planner
 * activity, faculty member or facility (each of the term where it belongs); 400 a day outside the
 * term, a holiday of the intake or its campus (sessions, activities, exams), a facility with fewer
 * seats than the students enrolled in the section (its strength while no one is enrolled), selected weekdays that give no day or more than 200, an occurrence that
 * does not end after it starts; 409 booking_conflict 'Faculty is allocated on another class on same
 * time-slot' or 'Facility is booked for another class on same time-slot'.
 */
export async function checkBooking(tx: Executor, b: BookingCreate, lock: boolean): Promise<BookingPlan> {
  const forUpdate = lock ? sql` for update` : sql``;
  const [t] = await rows<{
    id: string;
    intakeId: string;
    startDate: string;
    endDate: string;
    timeZone: string;
  }>(
    tx,
    sql`select t.id, t.intake_id as "intakeId", to_char(t.start_date, 'YYYY-MM-DD') as "startDate",
        to_char(t.end_date, 'YYYY-MM-DD') as "endDate", c.time_zone as "timeZone"
        from term t join intake i on i.id = t.intake_id join campus c on c.id = i.campus_id
        where t.id = ${b.termId}`,
  );
  if (!t) throw notFound("No such term", `${F}.termId`);

  let termSubjectId = b.courseVersionId;
  let courseId: string | null = null;
  if (termSubjectId) {
    const [s] = await rows<{ courseId: string }>(
      tx,
      sql`select course_id as "courseId" from term_subject where id = ${termSubjectId} and term_id = ${t.id}`,
    );
    if (!s) throw notFound("No such subject of this term", `${F}.courseVersionId`);
    courseId = s.courseId;
  }
  // Seats the section needs: the students enrolled in it, or its strength while no one is.
  let strength: number | null = null;
  let enrolled = 0;
  if (b.courseOfferingId) {
    const [o] = await rows<{ courseId: string; capacity: number }>(
      tx,
      sql`select course_id as "courseId", capacity from course_offering where id = ${b.courseOfferingId} and term_id = ${t.id}`,
    );
    if (!o || (courseId && o.courseId !== courseId))
      throw notFound("No such section of this subject", `${F}.courseOfferingId`);
    strength = Number(o.capacity);
    const [count] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from enrolment where course_offering_id = ${b.courseOfferingId}`,
    );
    enrolled = Number(count?.n ?? 0);
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
    if (!a) throw notFound("No such planner activity of this term", `${F}.academicPlannerActivityId`);
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
    if (found.length !== ordered.length) throw notFound("No such faculty member", `${F}.facultyId`);
  }
  if (b.facilityId) {
    const [room] = await rows<{ capacity: number }>(
      tx,
      sql`select capacity from facility where id = ${b.facilityId}${forUpdate}`,
    );
    if (!room) throw notFound("No such facility", `${F}.facilityId`);
    const capacity = Number(room.capacity);
    if (enrolled > 0 && capacity < enrolled) {
      throw badRequest(enrolledCapacityMessage(capacity, enrolled), `${F}.facilityId`, "capacity");
    }
    if (enrolled === 0 && strength !== null && capacity < strength) {
      throw badRequest(capacityMessage(capacity, strength), `${F}.facilityId`, "capacity");
    }
  }

  const holidays = new Set(await holidaysOfIntake(tx, t.intakeId));
  const checksHolidays = b.activityType !== "reference";
  // Weekday repeats are wall times at the intake's campus (docs/architecture.md, "Time zones").
  const occurrences = bookingOccurrences(b.startDate, b.endDate, b.daySelected, {
    skip: checksHolidays ? holidays : undefined,
    timeZone: t.timeZone,
  });
  if (occurrences.length === 0) {
    throw badRequest("No selected weekday between start and end", `${F}.daySelected`, "no_day");
  }
  if (occurrences.length > MAX_OCCURRENCES) {
    throw badRequest(`At most ${MAX_OCCURRENCES} occurrences at once`, `${F}.daySelected`, "too_many");
  }
  for (const o of occurrences) {
    if (Date.parse(o.end) <= Date.parse(o.start)) {
      throw badRequest(SCHEDULING_MESSAGES.endBeforeStart, `${F}.endDate`, "after_start");
    }
    if (Date.parse(o.end) - Date.parse(o.start) > MAX_EVENT_RANGE_DAYS * 86_400_000) {
      throw badRequest(`An event lasts at most ${MAX_EVENT_RANGE_DAYS} days`, `${F}.endDate`, "too_long");
    }
    // A reference is all-day (fixed midnights in Z): its days are read in UTC, never shifted by a zone.
    const days =
      b.activityType === "reference" ? allDays(o.start, o.end) : datesTouched(o.start, o.end, t.timeZone);
    for (const day of days) {
      if (day < t.startDate || day > t.endDate) {
        throw badRequest(outsideTermMessage(t.startDate, t.endDate), `${F}.startDate`, "term", {
          min: t.startDate,
          max: t.endDate,
        });
      }
      if (checksHolidays && holidays.has(day))
        throw badRequest(holidayMessage(day), `${F}.startDate`, "holiday", { date: day });
    }
  }

  await checkSlotsFree(
    tx,
    { facultyIds, facilityId: b.facilityId, occurrences },
    { faculty: `${F}.facultyId`, facility: `${F}.facilityId` },
  );

  return {
    termId: t.id,
    kind: b.activityType,
    termSubjectId,
    courseOfferingId: b.courseOfferingId,
    plannerActivityId: b.academicPlannerActivityId,
    facilityId: b.facilityId,
    facultyIds,
    occurrences,
    timeZone: t.timeZone,
  };
}

/** The days (YYYY-MM-DD) an all-day item covers, first to last. */
function allDays(start: string, end: string): string[] {
  const span = allDaySpan(start, end);
  const days: string[] = [];
  for (let d = span.from; d <= span.to; d = addDays(d, 1)) days.push(d);
  return days;
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
      if (plan.kind === "exam") await linkExam(tx, written, await addToExamTimetable(ctx, tx, user, b, plan));
      return written;
    });
  } catch (err) {
    throw examExists(b, err);
  }
}

/** A unique violation of an exam booking as 409 exam_exists; any other error as it was. */
function examExists(b: BookingCreate, err: unknown): unknown {
  if (b.activityType === "exam" && isUniqueViolation(err)) {
    return new ApiError(409, `The section already has its ${b.examType} exam in this exam cycle`, {
      errorCode: "exam_exists",
      field: `${F}.courseOfferingId`,
    });
  }
  return err;
}

/** Links an exam booking's first event to the exam timetable row it put there. */
async function linkExam(tx: Executor, written: { events: Array<{ id: string }> }, examId: string | null) {
  const first = written.events[0];
  if (!first || !examId) return;
  await tx.update(scheduledEvent).set({ examId }).where(eq(scheduledEvent.id, first.id));
}

/**
 * The exam a booking puts on the exam timetable: its section, exam type and first occurrence as a
 * sitting (wall time at the term's campus zone, minutes), or null when the booking names no section
 * or exam type.
 */
function plannerExamOf(b: BookingCreate, plan: BookingPlan): Omit<PlannerExam, "venue"> | null {
  const first = plan.occurrences[0];
  if (!first || !plan.courseOfferingId || !b.examType) return null;
  const start = instantToLocal(first.start, plan.timeZone);
  return {
    courseOfferingId: plan.courseOfferingId,
    examType: b.examType,
    date: start.date,
    startTime: start.time,
    durationMinutes: Math.round((Date.parse(first.end) - Date.parse(first.start)) / 60_000),
  };
}

/** Adds the exam of a booking to the exam timetable (exam area); null when it names none. */
async function addToExamTimetable(
  ctx: AppContext,
  tx: Executor,
  user: SessionUser,
  b: BookingCreate,
  plan: BookingPlan,
): Promise<string | null> {
  const planned = await plannerExamWithVenue(tx, b, plan);
  return planned ? addPlannerExam(ctx, tx, user, planned, `${F}.startDate`) : null;
}

/** {@link plannerExamOf} with the booked room's name as the exam's venue ("" without a room). */
async function plannerExamWithVenue(
  tx: Executor,
  b: BookingCreate,
  plan: BookingPlan,
): Promise<PlannerExam | null> {
  const planned = plannerExamOf(b, plan);
  if (!planned) return null;
  if (!plan.facilityId) return { ...planned, venue: "" };
  const [room] = await tx
    .select({ name: facility.name })
    .from(facility)
    .where(eq(facility.id, plan.facilityId));
  return { ...planned, venue: room?.name ?? "" };
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

/**
 * The event `id` locked for a change, after the kind and version checks. A planner exam's exam row
 * is locked first, in the order the exam timetable's save locks them (exam, then event), so the two
 * screens' writes to one exam wait for each other instead of deadlocking.
 */
async function lockEvent(tx: Executor, user: SessionUser, id: string, version: number) {
  await tx.execute(
    sql`select x.id from exam x join scheduled_event e on e.exam_id = x.id where e.id = ${id} for update of x`,
  );
  const [before] = await rows<
    Record<string, unknown> & { kind: string; version: number; exam_id: string | null }
  >(tx, sql`select * from scheduled_event where id = ${id} for update`);
  if (!before) throw notFound("No such booking", `${F}.id`);
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
 * was. A planner exam's timetable row goes with it: moved in place when the section, exam type and
 * exam cycle stay (seats and duties of a left exam period released), otherwise removed and the exam
 * added anew. 404 unknown event; 409 version_conflict when it changed since read; 409 exam_in_use
 * when the exam must be removed but the exam office has worked on it; every refusal of a Create.
 */
export async function updateBooking(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  version: number,
  b: BookingCreate,
) {
  checkKindAllowed(user, b.activityType);
  try {
    return await ctx.db.transaction(async (tx) => {
      const before = await lockEvent(tx, user, id, version);
      const examId = before.exam_id;
      await tx.execute(sql`delete from scheduled_event where id = ${id}`);
      const plan = await checkBooking(tx, b, true);
      const written = await insertPlan(ctx, tx, user, b, plan, before);
      const planned = plan.kind === "exam" ? await plannerExamWithVenue(tx, b, plan) : null;
      if (examId && planned && (await movePlannerExam(ctx, tx, user, examId, planned))) {
        await linkExam(tx, written, examId);
      } else {
        if (examId) await removePlannerExam(ctx, tx, user, examId, `${F}.id`);
        if (plan.kind === "exam" && (examId || before.kind !== "exam")) {
          await linkExam(tx, written, await addToExamTimetable(ctx, tx, user, b, plan));
        }
      }
      return written;
    });
  } catch (err) {
    throw examExists(b, err);
  }
}

/**
 * Deletes a booked event (spec §7 Operation Delete): the event and its faculty bookings, freeing
 * the slot, with an audit row; a planner exam takes its exam timetable row with it. 404 unknown
 * event; 409 version_conflict when it changed since read; 409 exam_in_use, nothing deleted, when
 * the exam office has worked on that exam (question papers, seating, invigilation, eligibility,
 * evaluation, revaluation, retest, answer sheets).
 */
export async function deleteBooking(ctx: AppContext, user: SessionUser, id: string, version: number) {
  return ctx.db.transaction(async (tx) => {
    const before = await lockEvent(tx, user, id, version);
    await tx.execute(sql`delete from scheduled_event where id = ${id}`);
    if (before.exam_id) await removePlannerExam(ctx, tx, user, before.exam_id, `${F}.id`);
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

/**
 * The scheduling area owns the link between an exam and its planner event (`scheduled_event.exam_id`,
 * the event's faculty and room bookings): the exam timetable moves that event only through this
 * function (exported by scheduling/public.ts), and a booking adds, moves or removes its exam's
 * timetable row only through the exam area's planner-exam functions (exam/public.ts), so neither
 * area writes the other's tables.
 *
 * Moves the planner event linked to exam `examId` (spec §5 Create exam; the exam timetable's save)
 * to the exam's new day, start time (a wall time at `sitting.timeZone`, the IANA zone of the exam's
 * campus) and length in minutes, in the caller's
 * transaction, so the planner and the exam timetable show the same sitting. Its faculty and room
 * are locked as a booking locks them (contacts in id order, then the room) and must be free at the
 * new time: 409 `booking_conflict` with the booking's messages, `field` naming the caller's item
 * (e.g. `0.dateOfExam`). The term and holiday rules of a booking are not applied: the exam cycle's
 * dates rule the exam. No linked event: nothing to do. Audited as an update of the event.
 */
export async function movePlannerEventOfExam(
  ctx: AppContext,
  tx: Executor,
  user: SessionUser,
  examId: string,
  sitting: { date: string; startTime: string; durationMinutes: number; timeZone: string },
  field: string,
): Promise<void> {
  const [event] = await rows<Record<string, unknown> & { id: string; facility_id: string | null }>(
    tx,
    sql`select * from scheduled_event where exam_id = ${examId} order by starts_at limit 1 for update`,
  );
  if (!event) return;
  const faculty = (
    await rows<{ id: string }>(
      tx,
      sql`select faculty_id as id from scheduled_event_faculty where event_id = ${event.id} order by faculty_id`,
    )
  ).map((f) => f.id);
  if (faculty.length > 0) {
    await tx.execute(
      sql`select id from contact where id in (${sql.join(
        faculty.map((id) => sql`${id}`),
        sql`, `,
      )}) order by id for update`,
    );
  }
  if (event.facility_id)
    await tx.execute(sql`select id from facility where id = ${event.facility_id} for update`);
  const start = localToInstant(sitting.date, sitting.startTime, sitting.timeZone);
  const end = new Date(Date.parse(start) + sitting.durationMinutes * 60_000).toISOString();
  await checkSlotsFree(
    tx,
    { facultyIds: faculty, facilityId: event.facility_id, occurrences: [{ start, end }], except: event.id },
    { faculty: field, facility: field },
  );
  const [after] = await tx
    .update(scheduledEvent)
    .set({ startsAt: new Date(start), endsAt: new Date(end), version: sql`${scheduledEvent.version} + 1` })
    .where(eq(scheduledEvent.id, event.id))
    .returning();
  await tx
    .update(scheduledEventFaculty)
    .set({ startsAt: new Date(start), endsAt: new Date(end) })
    .where(eq(scheduledEventFaculty.eventId, event.id));
  await writeAudit(
    tx,
    user,
    [
      {
        action: "update",
        entity: "scheduled_event",
        entityId: event.id,
        before: event,
        after: after ?? null,
      },
    ],
    new Date(ctx.now()),
  );
}
