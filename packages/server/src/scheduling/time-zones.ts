import { campusTimeZone, wallClockAt } from "@portal/domain";
import { sql } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { rows } from "../db/rows.ts";

/**
 * The zone a calendar answer is drawn in and the server's clock read there (docs/architecture.md,
 * "Time zones"): `timeZone` (IANA), `today` (YYYY-MM-DD) and `now` (wall time "YYYY-MM-DDTHH:MM").
 * Screens take "today" from here (FullCalendar's `now`), never from the browser's clock, so the
 * faculty calendar and the dashboard name the same day, also when PORTAL_CLOCK_START moved the clock.
 */
export type CalendarClock = { timeZone: string; today: string; now: string };

/** {@link CalendarClock} of the server's clock `now` (epoch ms) in `timeZone`. */
export function calendarClock(now: number, timeZone: string): CalendarClock {
  const wall = wallClockAt(now, timeZone);
  return { timeZone, today: wall.date, now: `${wall.date}T${wall.time}` };
}

/**
 * A faculty member's calendar zone: the zone of the campus most of their booked events are at (the
 * event's term -> intake -> campus; ties by zone name), else the default campus zone (Asia/Kolkata).
 */
export async function facultyTimeZone(db: Executor, contactId: string): Promise<string> {
  const [found] = await rows<{ timeZone: string }>(
    db,
    sql`select c.time_zone as "timeZone" from scheduled_event_faculty b
        join scheduled_event e on e.id = b.event_id join term t on t.id = e.term_id
        join intake i on i.id = t.intake_id join campus c on c.id = i.campus_id
        where b.faculty_id = ${contactId}
        group by c.time_zone order by count(*) desc, c.time_zone limit 1`,
  );
  return campusTimeZone(found?.timeZone);
}

/** The zone of a term's campus (term -> intake -> campus); the default campus zone when unknown. */
export async function termTimeZone(db: Executor, termId: string): Promise<string> {
  const [found] = await rows<{ timeZone: string }>(
    db,
    sql`select c.time_zone as "timeZone" from term t join intake i on i.id = t.intake_id
        join campus c on c.id = i.campus_id where t.id = ${termId}`,
  );
  return campusTimeZone(found?.timeZone);
}
