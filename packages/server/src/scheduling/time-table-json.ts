import { PLANNING_MESSAGES, UNASSIGNED } from "@portal/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { personName } from "../db/person-name.ts";
import { rows } from "../db/rows.ts";
import { JsonText } from "../http/kept-json.ts";
import { timeTableWeek } from "./reads.ts";

/** A value as a JSON text in SQL: `to_json(value)::text`, `null` for NULL (strings escaped as JSON.stringify does). */
const j = (value: SQL) => sql`coalesce(to_json(${value})::text, 'null')`;

/**
 * The calendar events of spec, Academic planning §3 "Entities and their fields" (as the time table
 * shows them: no faculty member asked about) of the events `where` on scheduled_event e, at most
 * 5,000, ordered by start then id, as one JSON array text built by the database: the same members
 * in the same order, and the same text, as `JSON.stringify` of `weeklyTimeTable`'s events
 * (`time-table-json.test.ts` compares them). Instants are UTC (`YYYY-MM-DDTHH:MM:SS.mmmZ`); the
 * session name is the event's own, else `<examType> Exam` or 'Exam' for an exam, else the planner
 * activity's name, else the kind capitalised; course name and section 'Unassigned' when none.
 *
 * Why in SQL: an uncached time table of 325 events cost the portal more in parsing 21 columns of
 * each row, building objects and serialising them again than the database spent answering; the
 * database now sends one text column of one row (docs/performance.md "Uncached, 50 concurrent").
 * The join is split as in `eventRows` (an `offset 0` subquery) so it plans in under 1 ms.
 */
export async function calendarEventsJson(db: Executor, where: SQL): Promise<{ count: number; json: string }> {
  const [found] = await rows<{ count: number; json: string }>(
    db,
    sql`select count(*)::int as count, '[' || coalesce(string_agg(y.event, ',' order by y.starts_at, y.id), '') || ']' as json
        from (select x.starts_at, x.id,
            '{"id":' || ${j(sql`x.id`)} || ',"eventType":' || ${j(sql`x.kind`)}
            || ',"sessionName":' || ${j(sql`coalesce(nullif(x.name, ''), case
                  when x.kind = 'exam' then coalesce(nullif(x.exam_type, '') || ' Exam', 'Exam')
                  when nullif(pa.name, '') is not null then pa.name
                  else upper(left(x.kind::text, 1)) || substr(x.kind::text, 2) end)`)}
            || ',"courseName":' || ${j(sql`coalesce(x.course_name, ${UNASSIGNED})`)}
            || ',"courseId":' || ${j(sql`x.course_code`)}
            || ',"courseOfferingId":' || ${j(sql`x.course_offering_id`)}
            || ',"section":' || ${j(sql`x.section`)}
            || ',"termId":' || ${j(sql`x.term_id`)}
            || ',"contactId":' || ${j(sql`bk.first_id`)}
            || ',"contactName":' || ${j(sql`bk.first_name`)}
            || ',"facultyName":' || ${j(sql`case when sf.id is null then null else ${personName("sf")} end`)}
            || ',"booking":{"facultyName":' || ${j(sql`bk.names`)} || '}'
            || ',"facilityName":' || ${j(sql`fa.name`)}
            || ',"startDate":' || ${j(sql`to_char(x.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`)}
            || ',"endDate":' || ${j(sql`to_char(x.ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`)}
            || ',"version":' || ${j(sql`x.version`)} || '}' as event
          from (select e.id, e.kind, e.name, e.exam_type, e.term_id, e.starts_at, e.ends_at,
              e.course_offering_id, c.code as course_code, c.name as course_name, o.section,
              o.faculty_id as section_faculty_id, e.planner_activity_id, e.facility_id, e.version
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
              from scheduled_event_faculty b join contact f on f.id = b.faculty_id where b.event_id = x.id) bk on true
          order by x.starts_at, x.id limit 5000) y`,
  );
  return { count: Number(found?.count ?? 0), json: found?.json ?? "[]" };
}

/**
 * The answer of GET /salesforce/SessionTimeTable (spec, Academic planning §2 "Time Table", §4 week
 * navigation) as JSON text: `{ success: true, ...weeklyTimeTable(db, q) }` with the same members in
 * the same order, the events built by the database ({@link calendarEventsJson}). Errors as
 * `weeklyTimeTable` (404 'No such programme').
 */
export async function weeklyTimeTableJson(
  db: Executor,
  q: { programName: string; intake?: string; year?: number; termName?: string; date: string },
): Promise<JsonText> {
  const { intake, nav, where } = await timeTableWeek(db, q);
  const events = intake && where ? await calendarEventsJson(db, where) : { count: 0, json: "[]" };
  const head = JSON.stringify({
    success: true,
    message: events.count === 0 ? PLANNING_MESSAGES.noDataFound : "",
    intakeId: intake?.id ?? null,
    batchName: intake?.name ?? "",
    ...nav,
  });
  return new JsonText(`${head.slice(0, -1)},"events":${events.json}}`);
}
