import { toWireDate } from "@portal/domain";
import { sql } from "drizzle-orm";
import type { AppContext } from "../context.ts";
import { personName } from "../db/person-name.ts";
import { rows } from "../db/rows.ts";
import { notFound } from "../http/errors.ts";
import { today } from "./common.ts";

/**
 * The times of a first scheduler booking as the details answer them: HH:MM start and end and the
 * zone (the intake's campus zone `timeZone`, IANA), all null when nothing is booked. `booked` is the
 * query's JSON object, which the database driver may hand over as text.
 */
function scheduledTimes(booked: unknown, timeZone: string) {
  const first = (typeof booked === "string" ? JSON.parse(booked) : booked) as {
    start: string;
    end: string;
    facility?: string | null;
  } | null;
  return {
    first,
    times: {
      startTime: first?.start ?? null,
      endTime: first?.end ?? null,
      timeZone: first ? timeZone : null,
    },
  };
}

/** Progress label of spec §4: 0% Not yet started, above 0% Ongoing. */
export function progressStatus(percent: number): "Not yet started" | "Ongoing" {
  return percent > 0 ? "Ongoing" : "Not yet started";
}

const percent = (held: number, total: number) => (total === 0 ? 0 : Math.round((held * 100) / total));

/**
 * Current Programmes (spec §2): intakes with a term running today, filtered by programme (name or
 * code), programme type (Type 1 or Type 2, §9; "" = any), campus, current semester (term number) and a date window (the intake's span overlaps
 * startDate..endDate, ISO), with progress = class sessions held (dated up to today) over all
 * sessions planned for the intake.
 */
export async function listCurrentProgrammes(
  ctx: AppContext,
  q: {
    program: string;
    type?: string;
    campus: string;
    semester?: number;
    startDate?: string;
    endDate?: string;
  },
) {
  const day = today(ctx);
  const found = await rows<{
    id: string;
    programName: string;
    programmeType: string | null;
    batchName: string;
    campus: string;
    termId: string;
    termName: string;
    termNumber: number;
    startDate: string;
    endDate: string;
    held: number;
    total: number;
  }>(
    ctx.db,
    sql`select i.id, p.name as "programName", p.programme_type as "programmeType", i.name as "batchName", c.name as campus, t.id as "termId", t.name as "termName",
        t.number as "termNumber", to_char(span.s, 'YYYY-MM-DD') as "startDate", to_char(span.e, 'YYYY-MM-DD') as "endDate",
        (select count(*)::int from class_session cs join course_offering o on o.id = cs.course_offering_id join term t3 on t3.id = o.term_id
           where t3.intake_id = i.id and cs.date <= ${day}::date) as held,
        (select count(*)::int from class_session cs join course_offering o on o.id = cs.course_offering_id join term t3 on t3.id = o.term_id
           where t3.intake_id = i.id) as total
        from intake i join academic_programme p on p.id = i.programme_id join campus c on c.id = i.campus_id
        join term t on t.intake_id = i.id and ${day}::date between t.start_date and t.end_date
        cross join lateral (select min(t2.start_date) s, max(t2.end_date) e from term t2 where t2.intake_id = i.id) span
        where (${q.program} = '' or p.name = ${q.program} or p.code = ${q.program})
          and (${q.type ?? ""} = '' or p.programme_type = ${q.type ?? ""})
          and (${q.campus} = '' or ${q.campus} = 'All' or c.name = ${q.campus})
          and (${q.semester ?? 0}::int = 0 or t.number = ${q.semester ?? 0}::int)
          and (${q.endDate ?? ""} = '' or span.s <= ${q.endDate ?? "9999-12-31"}::date)
          and (${q.startDate ?? ""} = '' or span.e >= ${q.startDate ?? "0001-01-01"}::date)
        order by p.name, i.year, i.name limit 500`,
  );
  return {
    programmes: found.map((r) => {
      const progress = percent(Number(r.held), Number(r.total));
      return {
        id: r.id,
        programName: r.programName,
        type: r.programmeType ?? "",
        batchName: r.batchName,
        campus: r.campus,
        currentTermId: r.termId,
        currentSemester: r.termName,
        semesterNumber: Number(r.termNumber),
        startDate: toWireDate(r.startDate),
        endDate: toWireDate(r.endDate),
        sessionsHeld: Number(r.held),
        sessionsPlanned: Number(r.total),
        progress,
        status: progressStatus(progress),
      };
    }),
  };
}

/**
 * Current programme details (spec §2 Current Programmes, Term panels): per term its subjects (subject,
 * credits, dates DD/MM/YYYY, faculty of its sections, class rooms of its sections ("A: MUM-R101, B: ..",
 * "" when none is chosen), sessions held and planned, status percent and
 * label, holidays within the subject's dates, version; start and end time HH:MM and time zone of
 * the subject's first scheduled session or activity on the scheduler, in the zone of the intake's
 * campus (its wall times), null when it has none) and its workshops (section activities of type
 * Workshop, with their section's class room code or "", and the start and end time, time zone and
 * facility of the first activity of their section booked on the scheduler within their dates, null
 * when none is). 404 unknown intake.
 */
export async function currentProgrammeDetails(ctx: AppContext, intakeId: string) {
  const day = today(ctx);
  const [head] = await rows<{
    id: string;
    programName: string;
    batchName: string;
    campus: string;
    campusId: string;
    intake: string;
    year: number;
    timeZone: string;
  }>(
    ctx.db,
    sql`select i.id, p.name as "programName", i.name as "batchName", c.name as campus, c.id as "campusId",
        i.month as intake, i.year, c.time_zone as "timeZone"
        from intake i join academic_programme p on p.id = i.programme_id join campus c on c.id = i.campus_id where i.id = ${intakeId}`,
  );
  if (!head) throw notFound("No such intake", "id");
  const terms = await rows<{ id: string; name: string; startDate: string; endDate: string; version: number }>(
    ctx.db,
    sql`select id, name, to_char(start_date, 'YYYY-MM-DD') as "startDate", to_char(end_date, 'YYYY-MM-DD') as "endDate", version
        from term where intake_id = ${intakeId} order by number`,
  );
  const subjects = await rows<{
    id: string;
    termId: string;
    subject: string;
    courseRecordId: string;
    credits: number;
    startDate: string;
    endDate: string;
    faculty: string | null;
    classRoom: string | null;
    held: number;
    total: number;
    holidays: string[] | null;
    firstSession: { start: string; end: string } | string | null;
    version: number;
  }>(
    ctx.db,
    sql`select ts.id, ts.term_id as "termId", c.name as subject, c.id as "courseRecordId", c.credits,
        to_char(ts.start_date, 'YYYY-MM-DD') as "startDate", to_char(ts.end_date, 'YYYY-MM-DD') as "endDate",
        (select string_agg(distinct ${personName("f")}, ', ') from course_offering o join contact f on f.id = o.faculty_id
           where o.term_id = ts.term_id and o.course_id = ts.course_id) as faculty,
        (select string_agg(o.section || ': ' || r.code, ', ' order by o.section) from course_offering o join facility r on r.id = o.room_id
           where o.term_id = ts.term_id and o.course_id = ts.course_id) as "classRoom",
        (select count(*)::int from class_session cs join section_activity a on a.id = cs.section_activity_id
           where a.term_subject_id = ts.id and cs.date <= ${day}::date) as held,
        (select count(*)::int from class_session cs join section_activity a on a.id = cs.section_activity_id
           where a.term_subject_id = ts.id) as total,
        (select json_agg(e.name || ' (' || to_char(e.start_date, 'DD-MM-YYYY') || ')' order by e.start_date)
           from academic_calendar_entry e
           where e.kind = 'Holiday' and (e.intake_id = ${intakeId} or (e.intake_id is null and e.campus_id = ${head.campusId}))
             and e.start_date <= ts.end_date and e.end_date >= ts.start_date) as holidays,
        (select json_build_object(
             'start', to_char(e.starts_at at time zone ${head.timeZone}, 'HH24:MI'),
             'end', to_char(e.ends_at at time zone ${head.timeZone}, 'HH24:MI'))
           from scheduled_event e where e.term_id = ts.term_id and e.term_subject_id = ts.id
             and e.kind in ('session', 'activity') order by e.starts_at, e.id limit 1) as "firstSession",
        ts.version
        from term_subject ts join course c on c.id = ts.course_id join term t on t.id = ts.term_id
        where t.intake_id = ${intakeId} order by t.number, c.name`,
  );
  const workshops = await rows<{
    id: string;
    termId: string;
    subject: string;
    startDate: string;
    endDate: string;
    section: string;
    faculty: string;
    classRoom: string | null;
    firstBooking: { start: string; end: string; facility: string | null } | string | null;
    version: number;
  }>(
    ctx.db,
    sql`select a.id, a.term_id as "termId", c.name as subject, to_char(a.start_date, 'YYYY-MM-DD') as "startDate",
        to_char(a.end_date, 'YYYY-MM-DD') as "endDate", o.section, ${personName("f")} as faculty, r.code as "classRoom",
        (select json_build_object(
             'start', to_char(e.starts_at at time zone ${head.timeZone}, 'HH24:MI'),
             'end', to_char(e.ends_at at time zone ${head.timeZone}, 'HH24:MI'),
             'facility', fa.name)
           from scheduled_event e left join facility fa on fa.id = e.facility_id
           where e.term_id = a.term_id and e.course_offering_id = a.course_offering_id and e.kind = 'activity'
             and e.starts_at >= (a.start_date::timestamp at time zone ${head.timeZone})
             and e.starts_at < ((a.end_date + 1)::timestamp at time zone ${head.timeZone})
           order by e.starts_at, e.id limit 1) as "firstBooking",
        a.version
        from section_activity a join term t on t.id = a.term_id join term_subject ts on ts.id = a.term_subject_id
        join course c on c.id = ts.course_id join course_offering o on o.id = a.course_offering_id join contact f on f.id = a.faculty_id
        left join facility r on r.id = o.room_id
        where t.intake_id = ${intakeId} and a.activity_type = 'Workshop' order by a.start_date`,
  );
  return {
    programme: {
      id: head.id,
      programName: head.programName,
      batchName: head.batchName,
      campus: head.campus,
      intake: head.intake,
      year: Number(head.year),
    },
    terms: terms.map((t) => ({
      termId: t.id,
      termName: t.name,
      startDate: toWireDate(t.startDate),
      endDate: toWireDate(t.endDate),
      version: t.version,
      subjects: subjects
        .filter((s) => s.termId === t.id)
        .map((s) => {
          const progress = percent(Number(s.held), Number(s.total));
          return {
            courseVersionId: s.id,
            subject: s.subject,
            courseRecordId: s.courseRecordId,
            credits: Number(s.credits),
            startDate: toWireDate(s.startDate),
            endDate: toWireDate(s.endDate),
            faculty: s.faculty ?? "",
            classRoom: s.classRoom ?? "",
            sessionsHeld: Number(s.held),
            sessionsPlanned: Number(s.total),
            status: progress,
            statusLabel: progressStatus(progress),
            holiday: (s.holidays ?? []).join(", "),
            ...scheduledTimes(s.firstSession, head.timeZone).times,
            version: s.version,
          };
        }),
      workshops: workshops
        .filter((w) => w.termId === t.id)
        .map(({ firstBooking, ...w }) => {
          const { first, times } = scheduledTimes(firstBooking, head.timeZone);
          return {
            ...w,
            classRoom: w.classRoom ?? "",
            startDate: toWireDate(w.startDate),
            endDate: toWireDate(w.endDate),
            ...times,
            facility: first?.facility ?? null,
          };
        }),
    })),
  };
}
