import {
  datesTouched,
  holidayMessage,
  outsideTermMessage,
  SCHEDULING_MESSAGES,
  type TimeTableSwap,
} from "@portal/domain";
import { sql } from "drizzle-orm";
import { writeAudit } from "../audit.ts";
import type { AppContext, SessionUser } from "../context.ts";
import { rows } from "../db/rows.ts";
import { ApiError, badRequest, notFound, versionConflict } from "../http/errors.ts";
import { holidaysOfIntake } from "../planning/public.ts";

type SwapRow = {
  id: string;
  kind: string;
  termId: string;
  intakeId: string;
  termStart: string;
  termEnd: string;
  courseId: string | null;
  facilityId: string | null;
  startsAt: string;
  endsAt: string;
  version: number;
};

function bookingConflict(message: string, field: string, rule: string): ApiError {
  return new ApiError(409, message, { errorCode: "booking_conflict", field, rule });
}

/**
 * Swaps the times of two scheduled events of one intake (spec, Academic planning §2 "Time Table"; the
 * timetable swap messages of §5/§8): the first takes the second's start and end and the second the
 * first's; each keeps its faculty and room. In one transaction: both events are locked (id order),
 * then their faculty contacts (id order) and facilities, the same lock order as a booking, so a
 * concurrent booking or swap of those resources waits and then sees this one's rows. Refusals,
 * nothing written: 404 unknown event; 409 version_conflict when either changed since read; 400 rule
 * `same_intake` (events of two intakes), `reference` (an all-day reference has no time to swap),
 * `identical_subjects` 'Subjects are identical!' (both teach the same course), `term` / `holiday`
 * (a new time outside the event's term or on a holiday); 409 booking_conflict 'Faculty is allocated
 * on another class on same time-slot' (a faculty member of either event is booked on another event
 * at the new time) or 'Facility is booked for another class on same time-slot'. Writes both events
 * (version + 1) and their faculty bookings' copied times, and an audit row per event.
 */
export async function swapTimeTableSlots(ctx: AppContext, user: SessionUser, swap: TimeTableSwap) {
  return ctx.db.transaction(async (tx) => {
    const ids = [swap.first.id, swap.second.id].sort();
    const locked = await rows<SwapRow>(
      tx,
      sql`select e.id, e.kind, e.term_id as "termId", t.intake_id as "intakeId",
          to_char(t.start_date, 'YYYY-MM-DD') as "termStart", to_char(t.end_date, 'YYYY-MM-DD') as "termEnd",
          coalesce(ts.course_id, o.course_id) as "courseId", e.facility_id as "facilityId",
          to_char(e.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "startsAt",
          to_char(e.ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "endsAt", e.version
          from scheduled_event e join term t on t.id = e.term_id
          left join term_subject ts on ts.id = e.term_subject_id
          left join course_offering o on o.id = e.course_offering_id
          where e.id in (${ids[0]}, ${ids[1]}) order by e.id for update of e`,
    );
    const a = locked.find((r) => r.id === swap.first.id);
    const b = locked.find((r) => r.id === swap.second.id);
    if (!a) throw notFound("No such session", "first.id");
    if (!b) throw notFound("No such session", "second.id");
    if (Number(a.version) !== swap.first.version) throw versionConflict("This session", "first.version");
    if (Number(b.version) !== swap.second.version) throw versionConflict("This session", "second.version");
    if (a.intakeId !== b.intakeId)
      throw badRequest("Both sessions must belong to the same intake", "second.id", "same_intake");
    if (a.kind === "reference" || b.kind === "reference")
      throw badRequest("A reference has no time slot to swap", "first.id", "reference");
    if (a.courseId !== null && a.courseId === b.courseId)
      throw badRequest(SCHEDULING_MESSAGES.identicalSubjects, "second.id", "identical_subjects");

    const faculty = await rows<{ eventId: string; facultyId: string }>(
      tx,
      sql`select event_id as "eventId", faculty_id as "facultyId" from scheduled_event_faculty
          where event_id in (${a.id}, ${b.id})`,
    );
    const contactIds = [...new Set(faculty.map((f) => f.facultyId))].sort();
    if (contactIds.length > 0) {
      await tx.execute(
        sql`select id from contact where id in (${sql.join(
          contactIds.map((id) => sql`${id}`),
          sql`, `,
        )}) order by id for update`,
      );
    }
    const rooms = [...new Set([a.facilityId, b.facilityId].filter((f): f is string => f !== null))].sort();
    if (rooms.length > 0) {
      await tx.execute(
        sql`select id from facility where id in (${sql.join(
          rooms.map((id) => sql`${id}`),
          sql`, `,
        )}) order by id for update`,
      );
    }

    const holidays = new Set(await holidaysOfIntake(tx, a.intakeId));
    // Each event moves into the other's slot.
    const moves = [
      { event: a, to: { start: b.startsAt, end: b.endsAt }, field: "first.id" },
      { event: b, to: { start: a.startsAt, end: a.endsAt }, field: "second.id" },
    ];
    for (const mv of moves) {
      for (const day of datesTouched(mv.to.start, mv.to.end)) {
        if (day < mv.event.termStart || day > mv.event.termEnd)
          throw badRequest(outsideTermMessage(mv.event.termStart, mv.event.termEnd), mv.field, "term");
        if (holidays.has(day)) throw badRequest(holidayMessage(day), mv.field, "holiday");
      }
    }
    for (const mv of moves) {
      const own = faculty.filter((f) => f.eventId === mv.event.id).map((f) => f.facultyId);
      if (own.length === 0) continue;
      const [clash] = await rows(
        tx,
        sql`select 1 from scheduled_event_faculty sef
            where sef.faculty_id in (${sql.join(
              own.map((id) => sql`${id}`),
              sql`, `,
            )})
            and sef.event_id not in (${a.id}, ${b.id})
            and sef.starts_at < ${mv.to.end}::timestamptz and sef.ends_at > ${mv.to.start}::timestamptz
            limit 1`,
      );
      if (clash) throw bookingConflict(SCHEDULING_MESSAGES.facultyClash, mv.field, "faculty_overlap");
    }
    for (const mv of moves) {
      if (!mv.event.facilityId) continue;
      const [clash] = await rows(
        tx,
        sql`select 1 from scheduled_event e where e.facility_id = ${mv.event.facilityId}
            and e.id not in (${a.id}, ${b.id})
            and e.starts_at < ${mv.to.end}::timestamptz and e.ends_at > ${mv.to.start}::timestamptz
            limit 1`,
      );
      if (clash) throw bookingConflict(SCHEDULING_MESSAGES.facilityClash, mv.field, "facility_overlap");
    }

    const events: Array<{ id: string; startDate: string; endDate: string; version: number }> = [];
    for (const mv of moves) {
      const [updated] = await rows<{ version: number }>(
        tx,
        sql`update scheduled_event set starts_at = ${mv.to.start}::timestamptz, ends_at = ${mv.to.end}::timestamptz,
            version = version + 1 where id = ${mv.event.id} returning version`,
      );
      await tx.execute(
        sql`update scheduled_event_faculty set starts_at = ${mv.to.start}::timestamptz,
            ends_at = ${mv.to.end}::timestamptz where event_id = ${mv.event.id}`,
      );
      events.push({
        id: mv.event.id,
        startDate: mv.to.start,
        endDate: mv.to.end,
        version: Number(updated?.version),
      });
    }
    await writeAudit(
      tx,
      user,
      moves.map((mv, i) => ({
        action: "swap",
        entity: "scheduled_event",
        entityId: mv.event.id,
        before: { startsAt: mv.event.startsAt, endsAt: mv.event.endsAt, version: Number(mv.event.version) },
        after: { startsAt: mv.to.start, endsAt: mv.to.end, version: events[i]?.version },
      })),
      new Date(ctx.now()),
    );
    return { message: "Swapped successfully", events };
  });
}
