import {
  ACTIVITY_TYPES,
  addDays,
  campusTimeZone,
  EVENT_KINDS,
  instantToLocal,
  localToInstant,
  nextWeek,
  PLANNING_MESSAGES,
  previousWeek,
  UNASSIGNED,
  weekOf,
} from "@portal/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { personName } from "../db/person-name.ts";
import { rows } from "../db/rows.ts";
import { notFound } from "../http/errors.ts";
import { isUuid } from "../http/request.ts";
import { existingIntakes, findProgramme, namedHolidaysOfIntake, resolveIntake } from "../planning/public.ts";

/**
 * A day range (YYYY-MM-DD, both included) as instants: from midnight of `from` to that after `to`
 * in `timeZone` (IANA; default Asia/Kolkata).
 */
function rangeInstants(from: string, to: string, timeZone?: string): { start: string; end: string } {
  return {
    start: localToInstant(from, "00:00", timeZone),
    end: localToInstant(addDays(to, 1), "00:00", timeZone),
  };
}

export type EventRow = {
  id: string;
  kind: string;
  name: string;
  examType: string | null;
  termId: string;
  startsAt: string;
  endsAt: string;
  courseVersionId: string | null;
  courseOfferingId: string | null;
  courseId: string | null;
  courseCode: string | null;
  courseName: string | null;
  section: string | null;
  sectionFacultyId: string | null;
  sectionFacultyName: string | null;
  plannerActivityId: string | null;
  plannerActivityName: string | null;
  facilityId: string | null;
  facilityName: string | null;
  faculty: Array<{ id: string; name: string }> | string;
  version: number;
};

/**
 * Events with everything the calendars show, `where` on scheduled_event e, ordered by start.
 *
 * The statement is planned on every call (PGlite plans every statement, node-postgres sends
 * unnamed ones), and one join problem of eight relations cost more to plan than to run: 4.5 ms of
 * planning against 2.7 ms of execution on PostgreSQL for a week of 325 events, 8 to 11 ms against
 * 5 ms on PGlite. The `offset 0` subquery (which the planner keeps as it is) splits it into two
 * small problems, the events with their subject, section and course, then the names of the section's
 * faculty, the planner activity and the room: the same hash joins, planned in under 1 ms.
 */
export async function eventRows(db: Executor, where: SQL, limit = 5000): Promise<EventRow[]> {
  const found = await rows<EventRow>(
    db,
    sql`select x.id, x.kind, x.name, x."examType", x."termId", x."startsAt", x."endsAt",
        x."courseVersionId", x."courseOfferingId", x."courseId", x."courseCode", x."courseName", x.section,
        x."sectionFacultyId",
        case when sf.id is null then null else ${personName("sf")} end as "sectionFacultyName",
        x."plannerActivityId", pa.name as "plannerActivityName",
        x."facilityId", fa.name as "facilityName",
        coalesce((select json_agg(json_build_object('id', f.id, 'name', ${personName("f")}) order by b.position)
          from scheduled_event_faculty b join contact f on f.id = b.faculty_id where b.event_id = x.id), '[]'::json) as faculty,
        x.version
        from (select e.id, e.kind, e.name, e.exam_type as "examType", e.term_id as "termId", e.starts_at,
            to_char(e.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "startsAt",
            to_char(e.ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "endsAt",
            e.term_subject_id as "courseVersionId", e.course_offering_id as "courseOfferingId",
            c.id as "courseId", c.code as "courseCode", c.name as "courseName", o.section,
            o.faculty_id as "sectionFacultyId", e.planner_activity_id as "plannerActivityId",
            e.facility_id as "facilityId", e.version
          from scheduled_event e
          left join term_subject ts on ts.id = e.term_subject_id
          left join course_offering o on o.id = e.course_offering_id
          left join course c on c.id = coalesce(ts.course_id, o.course_id)
          where ${where}
          offset 0) x
        left join contact sf on sf.id = x."sectionFacultyId"
        left join planner_activity pa on pa.id = x."plannerActivityId"
        left join facility fa on fa.id = x."facilityId"
        order by x.starts_at, x.id limit ${limit}`,
  );
  return found.map((r) => ({
    ...r,
    faculty: typeof r.faculty === "string" ? (JSON.parse(r.faculty) as EventRow["faculty"]) : r.faculty,
  }));
}

function facultyOf(r: EventRow): Array<{ id: string; name: string }> {
  return r.faculty as Array<{ id: string; name: string }>;
}

/** A kind's default session name when the event has none. */
function eventName(r: Pick<EventRow, "name" | "kind" | "examType" | "plannerActivityName">): string {
  if (r.name) return r.name;
  if (r.kind === "exam") return r.examType ? `${r.examType} Exam` : "Exam";
  if (r.plannerActivityName) return r.plannerActivityName;
  return r.kind.charAt(0).toUpperCase() + r.kind.slice(1);
}

/**
 * {@link instantToLocal} remembered per instant, for one answer: a week's hundreds of events start
 * and end at a few dozen distinct instants (the day's slots), and each conversion through the
 * Temporal time zone rules costs about 5 to 10 µs, which was the larger part of SessionData's
 * CPU time per uncached call.
 */
function localTimesOfOneAnswer(timeZone?: string): (instant: string) => { date: string; time: string } {
  const seen = new Map<string, { date: string; time: string }>();
  return (instant) => {
    let local = seen.get(instant);
    if (!local) {
      local = instantToLocal(instant, timeZone);
      seen.set(instant, local);
    }
    return local;
  };
}

/**
 * The planner event of spec, Exam management §3 "Entities and their fields": eventType, activity (the name),
 * startDate/endDate (Z instants), startTime/endTime (HH:MM, wall times at the term's campus zone), FacilityBooking,
 * FacultyBooking (up to three), SubjectPlanner, academicPlannerActivityId, faculty1..3 Name/Id,
 * subjectId, id, courseOfferingId, courseId, plus examType and version.
 */
export function plannerEvent(r: EventRow, local: (instant: string) => { time: string } = instantToLocal) {
  const faculty = facultyOf(r);
  const start = local(r.startsAt);
  const end = local(r.endsAt);
  return {
    id: r.id,
    eventType: r.kind,
    activity: eventName(r),
    examType: r.examType,
    startDate: r.startsAt,
    endDate: r.endsAt,
    startTime: start.time,
    endTime: end.time,
    FacilityBooking: r.facilityId ? { facilityId: r.facilityId, facilityName: r.facilityName ?? "" } : null,
    FacultyBooking: faculty.map((f) => ({ contactId: f.id, facultyId: f.id, facultyName: f.name })),
    SubjectPlanner: {
      courseVersionId: r.courseVersionId,
      courseOfferingId: r.courseOfferingId,
      courseName: r.courseName ?? UNASSIGNED,
      courseOfferingSectionId: r.section ?? UNASSIGNED,
    },
    academicPlannerActivityId: r.plannerActivityId,
    faculty1Id: faculty[0]?.id ?? null,
    faculty1Name: faculty[0]?.name ?? null,
    faculty2Id: faculty[1]?.id ?? null,
    faculty2Name: faculty[1]?.name ?? null,
    faculty3Id: faculty[2]?.id ?? null,
    faculty3Name: faculty[2]?.name ?? null,
    subjectId: r.courseVersionId,
    courseOfferingId: r.courseOfferingId,
    courseId: r.courseId,
    version: r.version,
  };
}

type TermInfo = {
  id: string;
  name: string;
  intakeId: string;
  campusId: string;
  /** The IANA zone of the term's campus: its events are wall times there. */
  timeZone: string;
  startDate: string;
  endDate: string;
};

async function termInfo(db: Executor, termId: string, field = "termId"): Promise<TermInfo> {
  const [t] = await rows<TermInfo>(
    db,
    sql`select t.id, t.name, t.intake_id as "intakeId", i.campus_id as "campusId", c.time_zone as "timeZone",
        to_char(t.start_date, 'YYYY-MM-DD') as "startDate", to_char(t.end_date, 'YYYY-MM-DD') as "endDate"
        from term t join intake i on i.id = t.intake_id join campus c on c.id = i.campus_id where t.id = ${termId}`,
  );
  if (!t) throw notFound("No such term", field);
  return t;
}

/**
 * Scheduler load by term (spec §7 Scheduler loads; §3 term option, course version and tree,
 * resources): the term (TermRecordId, Semester = its name, dates YYYY-MM-DD), its course versions
 * (subjects) with their sections (id, courseSectionId, strength, section faculty) and Required /
 * Allocated counts (Required: class sessions the activity dialog planned, per activity type;
 * Allocated: scheduled events per kind; each with Total), the course tree (courseName →
 * courseOffering named by courseSectionId), the planner activities and the references (planner
 * activities marked reference), and the resources: faculty (id, facultyName) and the facilities of
 * the intake's campus (id, facilityName, facilityCapacity); the holidays of the intake and its
 * campus within the term (date YYYY-MM-DD, name), the days a booking is refused on (rule holiday),
 * for the calendar to mark. Events are read by range (SessionData).
 */
export async function schedulerData(db: Executor, termId: string) {
  const t = await termInfo(db, termId);
  const subjects = await rows<{ id: string; courseId: string; courseName: string; courseCode: string }>(
    db,
    sql`select ts.id, c.id as "courseId", c.name as "courseName", c.code as "courseCode"
        from term_subject ts join course c on c.id = ts.course_id where ts.term_id = ${t.id} order by c.name`,
  );
  const sections = await rows<{
    id: string;
    courseId: string;
    section: string;
    capacity: number;
    facultyId: string | null;
    facultyName: string | null;
  }>(
    db,
    sql`select o.id, o.course_id as "courseId", o.section, o.capacity, o.faculty_id as "facultyId",
        case when f.id is null then null else ${personName("f")} end as "facultyName"
        from course_offering o left join contact f on f.id = o.faculty_id where o.term_id = ${t.id} order by o.section`,
  );
  const required = await rows<{ subjectId: string; category: string; n: number }>(
    db,
    sql`select a.term_subject_id as "subjectId", a.activity_type as category, count(s.id)::int as n
        from section_activity a join class_session s on s.section_activity_id = a.id
        where a.term_id = ${t.id} group by a.term_subject_id, a.activity_type`,
  );
  const allocated = await rows<{ subjectId: string; category: string; n: number }>(
    db,
    sql`select term_subject_id as "subjectId", kind as category, count(*)::int as n
        from scheduled_event where term_id = ${t.id} and term_subject_id is not null group by term_subject_id, kind`,
  );
  const counts = (list: typeof required, subjectId: string) => {
    const out: Record<string, number> = {};
    let total = 0;
    for (const r of list.filter((x) => x.subjectId === subjectId)) {
      out[r.category] = Number(r.n);
      total += Number(r.n);
    }
    return { ...out, Total: total };
  };
  const courseVersions = subjects.map((s) => ({
    id: s.id,
    courseId: s.courseId,
    courseCode: s.courseCode,
    courseName: s.courseName,
    courseOffering: sections
      .filter((o) => o.courseId === s.courseId)
      .map((o) => ({
        id: o.id,
        courseSectionId: o.section,
        courseOfferingCapacity: Number(o.capacity),
        facultyId: o.facultyId,
        facultyName: o.facultyName,
      })),
    Required: counts(required, s.id),
    Allocated: counts(allocated, s.id),
  }));
  const activities = await rows<{
    id: string;
    activity: string;
    activityType: string;
    startDate: string;
    endDate: string;
    isReference: boolean;
    courseVersionId: string | null;
    subject: string | null;
  }>(
    db,
    sql`select a.id, a.name as activity, a.activity_type as "activityType",
        to_char(a.start_date, 'YYYY-MM-DD') as "startDate", to_char(a.end_date, 'YYYY-MM-DD') as "endDate",
        a.is_reference as "isReference", a.term_subject_id as "courseVersionId", c.name as subject
        from planner_activity a left join term_subject ts on ts.id = a.term_subject_id left join course c on c.id = ts.course_id
        where a.term_id = ${t.id} order by a.start_date, a.name`,
  );
  const resources = await facilityFacultyAll(db, t.campusId);
  const holidays = await namedHolidaysOfIntake(db, t.intakeId, t.startDate, t.endDate);
  return {
    term: {
      TermRecordId: t.id,
      Semester: t.name,
      intakeId: t.intakeId,
      startDate: t.startDate,
      endDate: t.endDate,
    },
    courseVersions,
    tree: courseVersions.map((v) => ({
      courseName: v.courseName,
      courseVersionId: v.id,
      courseOffering: v.courseOffering.map((o) => ({ id: o.id, name: o.courseSectionId })),
    })),
    activities: activities
      .filter((a) => !a.isReference)
      .map((a) => ({ ...a, subject: a.subject ?? UNASSIGNED })),
    references: activities
      .filter((a) => a.isReference)
      .map((a) => ({ ...a, subject: a.subject ?? UNASSIGNED })),
    faculty: resources.faculty,
    facilities: resources.facilities,
    holidays,
  };
}

/**
 * Faculty, facility and activity type lists (spec §7 "Faculty, facility, activity types";
 * FacilityFacultyAllData): every faculty member (id, facultyName, by name, at most 2,000), the
 * facilities of a campus (all when `campusId` is null; id, facilityName, facilityCapacity), the
 * activity types and the event kinds.
 */
export async function facilityFacultyAll(db: Executor, campusId: string | null) {
  const faculty = await rows<{ id: string; facultyName: string }>(
    db,
    sql`select id, ${personName("contact")} as "facultyName" from contact where kind = 'faculty'
        order by first_name, last_name, id limit 2000`,
  );
  const facilities = await rows<{ id: string; facilityName: string; facilityCapacity: number }>(
    db,
    sql`select id, name as "facilityName", capacity as "facilityCapacity" from facility
        where ${campusId ? sql`campus_id = ${campusId}` : sql`true`} order by name limit 2000`,
  );
  return {
    faculty,
    facilities: facilities.map((f) => ({ ...f, facilityCapacity: Number(f.facilityCapacity) })),
    activityTypes: [...ACTIVITY_TYPES],
    eventTypes: [...EVENT_KINDS],
  };
}

/**
 * Faculty and facilities free for a whole interval (spec §7 FacilityFacultyAvailableData): those
 * with no booking overlapping [startDate, endDate) (Z instants); facilities of `campusId` when given.
 */
export async function facilityFacultyAvailable(
  db: Executor,
  q: { startDate: string; endDate: string; campusId: string | null },
) {
  const all = await facilityFacultyAll(db, q.campusId);
  const busyFaculty = await rows<{ id: string }>(
    db,
    sql`select distinct faculty_id as id from scheduled_event_faculty
        where starts_at < ${q.endDate}::timestamptz and ends_at > ${q.startDate}::timestamptz`,
  );
  const busyRooms = await rows<{ id: string }>(
    db,
    sql`select distinct facility_id as id from scheduled_event where facility_id is not null
        and starts_at < ${q.endDate}::timestamptz and ends_at > ${q.startDate}::timestamptz`,
  );
  const fb = new Set(busyFaculty.map((r) => r.id));
  const rb = new Set(busyRooms.map((r) => r.id));
  return {
    faculty: all.faculty.filter((f) => !fb.has(f.id)),
    facilities: all.facilities.filter((f) => !rb.has(f.id)),
  };
}

/**
 * Sessions of a term in a day range (spec §7 SessionData; Scheduler loads "sessions by term"):
 * every scheduled event of the term (all kinds, or `kind`) starting before the range ends and
 * ending after it starts, optionally of one section, as planner events, by start. The range is at
 * most 62 days (checked at the boundary), so a term of thousands of sessions is read a window at a
 * time through the (term, start) index.
 */
export async function termSessions(
  db: Executor,
  q: { termId: string; from: string; to: string; courseOfferingId?: string; kind?: string },
) {
  // Days and times of the term's campus (docs/architecture.md, "Time zones").
  const { timeZone } = await termInfo(db, q.termId);
  const r = rangeInstants(q.from, q.to, timeZone);
  const found = await eventRows(
    db,
    sql`e.term_id = ${q.termId} and e.starts_at < ${r.end}::timestamptz and e.ends_at > ${r.start}::timestamptz
        and e.starts_at > ${r.start}::timestamptz - interval '62 days'
        ${q.courseOfferingId ? sql`and e.course_offering_id = ${q.courseOfferingId}` : sql``}
        ${q.kind ? sql`and e.kind = ${q.kind}` : sql``}`,
  );
  const local = localTimesOfOneAnswer(timeZone);
  return { from: q.from, to: q.to, events: found.map((r) => plannerEvent(r, local)) };
}

/**
 * Booked slots of a facility (spec §7 FacilityBookingData, "Facility booked slots"): every event
 * booking it within the day range: id, activityType (the kind), startDate, endDate (Z), course
 * name, section and session name. 404 unknown facility.
 */
export async function facilityBookings(db: Executor, q: { facilityId: string; from: string; to: string }) {
  const [room] = await rows<{ id: string; name: string; capacity: number }>(
    db,
    sql`select id, name, capacity from facility where id = ${q.facilityId}`,
  );
  if (!room) throw notFound("No such facility", "facilityId");
  const r = rangeInstants(q.from, q.to);
  const found = await eventRows(
    db,
    sql`e.facility_id = ${q.facilityId} and e.starts_at < ${r.end}::timestamptz and e.ends_at > ${r.start}::timestamptz
        and e.starts_at > ${r.start}::timestamptz - interval '62 days'`,
  );
  return {
    facility: { id: room.id, facilityName: room.name, facilityCapacity: Number(room.capacity) },
    from: q.from,
    to: q.to,
    slots: found.map((e) => ({
      id: e.id,
      activityType: e.kind,
      activity: eventName(e),
      courseName: e.courseName ?? UNASSIGNED,
      section: e.section ?? UNASSIGNED,
      startDate: e.startsAt,
      endDate: e.endsAt,
    })),
  };
}

/**
 * A faculty member's calendar (spec §7 FacultyBookingsData; spec, Academic planning §7 "Faculty
 * calendar events by contact id", §3 calendar event): the events booking the contact within the day
 * range: id, sessionName, courseName, courseId (course code), courseOfferingId, termId, contactId and
 * contactName (the faculty member asked about), facultyName (the section's faculty, null when none),
 * booking.facultyName (the faculty booked on the event, joined ', '), startDate, endDate (Z). 404
 * when the contact is not a faculty member.
 */
export async function facultyBookings(db: Executor, q: { contactId: string; from: string; to: string }) {
  const [who] = await rows<{ id: string; name: string }>(
    db,
    sql`select id, ${personName("contact")} as name from contact where id = ${q.contactId} and kind = 'faculty'`,
  );
  if (!who) throw notFound("No such faculty member", "contactId");
  const r = rangeInstants(q.from, q.to);
  const found = await eventRows(
    db,
    sql`e.id in (select b.event_id from scheduled_event_faculty b where b.faculty_id = ${q.contactId}
          and b.starts_at < ${r.end}::timestamptz and b.ends_at > ${r.start}::timestamptz
          and b.starts_at > ${r.start}::timestamptz - interval '62 days')`,
  );
  return {
    contactId: who.id,
    contactName: who.name,
    from: q.from,
    to: q.to,
    events: found.map((e) => calendarEvent(calendarRowOf(e), who)),
  };
}

/**
 * What a calendar event (spec, Academic planning §3) is made of: an event's own columns, the names
 * it shows, and of its booked faculty (in booking order) only the first one's id and name and all
 * their names joined by ", ". Instants are Z strings with milliseconds.
 */
export type CalendarRow = Pick<
  EventRow,
  | "id"
  | "kind"
  | "name"
  | "examType"
  | "termId"
  | "startsAt"
  | "endsAt"
  | "courseOfferingId"
  | "courseCode"
  | "courseName"
  | "section"
  | "sectionFacultyName"
  | "plannerActivityName"
  | "facilityName"
  | "version"
> & { firstFacultyId: string | null; firstFacultyName: string | null; facultyNames: string | null };

/** {@link CalendarRow} of a row of {@link eventRows}. */
function calendarRowOf(e: EventRow): CalendarRow {
  const booked = facultyOf(e);
  return {
    ...e,
    firstFacultyId: booked[0]?.id ?? null,
    firstFacultyName: booked[0]?.name ?? null,
    facultyNames: booked.length > 0 ? booked.map((f) => f.name).join(", ") : null,
  };
}

/**
 * The calendar rows of the events `where` on scheduled_event e, ordered by start then id: the time
 * table's statement (docs/performance.md, "Uncached time table"). The same split into two small
 * join problems as {@link eventRows}, but only the columns a calendar event shows, and the booked
 * faculty as three plain columns of one grouped lookup instead of a JSON array of objects, which
 * PostgreSQL escaped and node-postgres parsed for every event. Answers what `eventRows` mapped by
 * `calendarRowOf` answers (scheduling/event-rows.test.ts).
 */
export async function calendarRows(db: Executor, where: SQL, limit = 5000): Promise<CalendarRow[]> {
  return rows<CalendarRow>(
    db,
    sql`select x.id, x.kind, x.name, x."examType", x."termId", x."startsAt", x."endsAt",
        x."courseOfferingId", x."courseCode", x."courseName", x.section,
        case when sf.id is null then null else ${personName("sf")} end as "sectionFacultyName",
        pa.name as "plannerActivityName", fa.name as "facilityName",
        fb.first_id as "firstFacultyId", fb.first_name as "firstFacultyName", fb.names as "facultyNames",
        x.version
        from (select e.id, e.kind, e.name, e.exam_type as "examType", e.term_id as "termId", e.starts_at,
            to_char(e.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "startsAt",
            to_char(e.ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "endsAt",
            e.course_offering_id as "courseOfferingId", c.code as "courseCode", c.name as "courseName",
            o.section, o.faculty_id as section_faculty_id, e.planner_activity_id, e.facility_id, e.version
          from scheduled_event e
          left join term_subject ts on ts.id = e.term_subject_id
          left join course_offering o on o.id = e.course_offering_id
          left join course c on c.id = coalesce(ts.course_id, o.course_id)
          where ${where}
          offset 0) x
        left join contact sf on sf.id = x.section_faculty_id
        left join planner_activity pa on pa.id = x.planner_activity_id
        left join facility fa on fa.id = x.facility_id
        left join lateral (select (array_agg(f.id order by b.position))[1] as first_id,
            (array_agg(${personName("f")} order by b.position))[1] as first_name,
            string_agg(${personName("f")}, ', ' order by b.position) as names
          from scheduled_event_faculty b join contact f on f.id = b.faculty_id where b.event_id = x.id) fb on true
        order by x.starts_at, x.id limit ${limit}`,
  );
}

/** The calendar event of spec, Academic planning §3 "Entities and their fields". */
function calendarEvent(e: CalendarRow, who: { id: string; name: string } | null) {
  return {
    id: e.id,
    eventType: e.kind,
    sessionName: eventName(e),
    courseName: e.courseName ?? UNASSIGNED,
    courseId: e.courseCode,
    courseOfferingId: e.courseOfferingId,
    section: e.section,
    termId: e.termId,
    contactId: who?.id ?? e.firstFacultyId,
    contactName: who?.name ?? e.firstFacultyName,
    facultyName: e.sectionFacultyName,
    booking: { facultyName: e.facultyNames },
    facilityName: e.facilityName,
    startDate: e.startsAt,
    endDate: e.endsAt,
    version: e.version,
  };
}

/**
 * What the time table's selectors name, in one statement: the programme (by id, code or name, as
 * findProgramme), its intake (month and year, else its latest, as resolveIntake), the zone of the
 * intake's campus and the ids of the intake's terms (optionally only the term named `termName`).
 * No row: no such programme; a row with `intakeId` null: the programme has no such intake.
 */
async function timeTableSelection(
  db: Executor,
  q: {
    programName: string;
    intake?: string | undefined;
    year?: number | undefined;
    termName?: string | undefined;
  },
) {
  const byMonth = q.intake && q.year;
  const [row] = await rows<{
    intakeId: string | null;
    batchName: string | null;
    timeZone: string | null;
    termIds: string[];
  }>(
    db,
    sql`select i.id as "intakeId", i.name as "batchName", c.time_zone as "timeZone",
        coalesce((select array_agg(t.id::text) from term t where t.intake_id = i.id
          ${q.termName ? sql`and t.name = ${q.termName}` : sql``}), '{}') as "termIds"
        from (select id from academic_programme
          where ${isUuid(q.programName) ? sql`id = ${q.programName}::uuid` : sql`false`} or code = ${q.programName} or name = ${q.programName}
          order by name limit 1) p
        left join lateral (select id, name, campus_id from intake where programme_id = p.id
          ${byMonth ? sql`and month = ${q.intake} and year = ${q.year} order by name` : sql`order by year desc, month desc, name`}
          limit 1) i on true
        left join campus c on c.id = i.campus_id`,
  );
  return row ?? null;
}

/**
 * The weekly time table (spec, Academic planning §2 "Time Table", §4 week navigation): the week (Monday to
 * Sunday) holding `date`, with the Mondays of the previous and next week, and the events of the
 * intake's terms (programme by name, code or id; intake month and year, else its latest intake;
 * optionally one term by name) in that week, as calendar events, and `timeZone`, the zone of the
 * intake's campus the grid draws them in (the default campus zone without an intake). `message`
 * 'No Data Found' when the week has none. 404 for an unknown programme. Two statements uncached
 * (the selection, then the week's events through the (term, start) index; none for the events when
 * the intake has no term), pinned by scheduling/statements-per-call.test.ts.
 */
export async function weeklyTimeTable(
  db: Executor,
  q: { programName: string; intake?: string; year?: number; termName?: string; date: string },
) {
  const selected = await timeTableSelection(db, q);
  if (!selected) throw notFound("No such programme", "programName");
  const week = weekOf(q.date);
  const nav = {
    weekStart: week.start,
    weekEnd: week.end,
    previousWeek: previousWeek(q.date),
    nextWeek: nextWeek(q.date),
  };
  const timeZone = campusTimeZone(selected.timeZone);
  if (!selected.intakeId)
    return {
      message: PLANNING_MESSAGES.noDataFound,
      intakeId: null,
      batchName: "",
      ...nav,
      events: [],
      timeZone,
    };
  const r = rangeInstants(week.start, week.end);
  const termIds = selected.termIds;
  const events =
    termIds.length === 0
      ? []
      : await calendarRows(
          db,
          sql`e.term_id in (${sql.join(
            termIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
        and e.starts_at < ${r.end}::timestamptz and e.ends_at > ${r.start}::timestamptz
        and e.starts_at > ${r.start}::timestamptz - interval '62 days'`,
        );
  return {
    message: events.length === 0 ? PLANNING_MESSAGES.noDataFound : "",
    intakeId: selected.intakeId,
    batchName: selected.batchName ?? "",
    ...nav,
    events: events.map((e) => calendarEvent(e, null)),
    timeZone,
  };
}

/**
 * The scheduler's filter options (spec, Exam management §7 "Academic filter data and terms":
 * program, intake, year → programs, terms): every academic programme (id, name, code, by name) and,
 * when `programName` (name, code or id), `intake` (JAN-DEC) and `year` name an intake, that intake's
 * terms as term options (TermRecordId, Semester = the term's name, startDate and endDate YYYY-MM-DD,
 * in term order) with the intake's id and campus. An unknown programme or intake gives no terms
 * (the filters simply offer none); it is not an error.
 */
export async function schedulerFilters(
  db: Executor,
  q: { programName?: string | undefined; intake?: string | undefined; year?: number | undefined },
) {
  const programs = await rows<{ id: string; name: string; code: string }>(
    db,
    sql`select id, name, code from academic_programme order by name limit 500`,
  );
  const intakes = await existingIntakes(db);
  const none = { programs, intakeId: null, campusId: null, terms: [], intakes };
  if (!q.programName || !q.intake || !q.year) return none;
  const prog = await findProgramme(db, q.programName);
  if (!prog) return none;
  const found = await resolveIntake(db, prog.id, q.intake, q.year);
  if (!found) return none;
  const terms = await rows<{ TermRecordId: string; Semester: string; startDate: string; endDate: string }>(
    db,
    sql`select id as "TermRecordId", name as "Semester", to_char(start_date, 'YYYY-MM-DD') as "startDate",
        to_char(end_date, 'YYYY-MM-DD') as "endDate" from term where intake_id = ${found.id} order by number`,
  );
  return { programs, intakeId: found.id, campusId: found.campusId as string | null, terms, intakes };
}
