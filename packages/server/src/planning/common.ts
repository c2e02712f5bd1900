import { todayIn } from "@portal/domain";
import { sql } from "drizzle-orm";
import type { AppContext } from "../context.ts";
import type { Executor } from "../db/client.ts";
import { rows } from "../db/rows.ts";

/** Today's date (ISO) on the institution's clock (Asia/Kolkata), from the injectable `ctx.now`. */
export function today(ctx: Pick<AppContext, "now">): string {
  return todayIn(ctx.now());
}

/**
 * The holidays (ISO dates) that apply to an intake: its own calendar's holidays and those of its
 * campus (campusHolidays), each entry's range expanded to days. Every working-day rule excludes them.
 */
export async function holidaysOfIntake(db: Executor, intakeId: string): Promise<string[]> {
  const found = await rows<{ day: string }>(
    db,
    sql`select distinct to_char(d, 'YYYY-MM-DD') as day
        from academic_calendar_entry e
        join intake i on i.id = ${intakeId}
        cross join lateral generate_series(e.start_date::timestamp, e.end_date::timestamp, interval '1 day') d
        where e.kind = 'Holiday' and (e.intake_id = i.id or (e.intake_id is null and e.campus_id = i.campus_id))
        order by day`,
  );
  return found.map((r) => r.day);
}

/**
 * The holidays that apply to an intake between `from` and `to` (ISO dates, both included), one per
 * day and by date: `{ date, name }` with the date ISO and the name of the calendar entry (the
 * intake's own entry before its campus's when both fall on one day). The same days as
 * {@link holidaysOfIntake}, which the booking rules refuse; the scheduler draws them.
 */
export async function namedHolidaysOfIntake(
  db: Executor,
  intakeId: string,
  from: string,
  to: string,
): Promise<Array<{ date: string; name: string }>> {
  return rows<{ date: string; name: string }>(
    db,
    sql`select distinct on (d) to_char(d, 'YYYY-MM-DD') as date, e.name
        from academic_calendar_entry e
        join intake i on i.id = ${intakeId}
        cross join lateral generate_series(e.start_date::timestamp, e.end_date::timestamp, interval '1 day') d
        where e.kind = 'Holiday' and (e.intake_id = i.id or (e.intake_id is null and e.campus_id = i.campus_id))
          and d >= ${from}::date and d <= ${to}::date
        order by d, (e.intake_id is null), e.name`,
  );
}

/** The intake of a programme with this intake month and year, or null. */
export async function findIntake(
  db: Executor,
  programmeId: string,
  month: string,
  year: number,
): Promise<{ id: string; name: string; campusId: string; programmePlanId: string | null } | null> {
  const [row] = await rows<{ id: string; name: string; campusId: string; programmePlanId: string | null }>(
    db,
    sql`select id, name, campus_id as "campusId", programme_plan_id as "programmePlanId"
        from intake where programme_id = ${programmeId} and month = ${month} and year = ${year}
        order by name limit 1`,
  );
  return row ?? null;
}
