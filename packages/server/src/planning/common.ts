import { todayIn } from "@portal/domain";
import { type SQL, sql } from "drizzle-orm";
import type { AppContext } from "../context.ts";
import type { Executor } from "../db/client.ts";
import { ApiError } from "../http/errors.ts";

/** Rows of a raw query (same shape on PGlite and node-postgres). */
export async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Today's date (ISO) on the institution's clock (Asia/Kolkata), from the injectable `ctx.now`. */
export function today(ctx: Pick<AppContext, "now">): string {
  return todayIn(ctx.now());
}

/** 404 naming the unknown record and the request field that named it. */
export function notFound(what: string, field: string): ApiError {
  return new ApiError(404, `No such ${what}`, { errorCode: "not_found", field });
}

/** 400 of a rule the schema cannot see (it needs the database), naming field and rule. */
export function ruleError(message: string, field: string, rule: string): ApiError {
  return new ApiError(400, message, { errorCode: "validation_failed", field, rule });
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
