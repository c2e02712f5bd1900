import { toWireDate, type ZCalendarEntry, type ZCampusHoliday, type ZTermDates } from "@portal/domain";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { writeAudit } from "../audit.ts";
import type { AppContext, SessionUser } from "../context.ts";
import type { Executor } from "../db/client.ts";
import { rows } from "../db/rows.ts";
import { academicCalendarEntry, term } from "../db/schema.ts";
import { updateVersioned } from "../db/versioned-update.ts";
import { badRequest, notFound, versionConflict } from "../http/errors.ts";

type EntryRow = {
  id: string;
  intakeId: string | null;
  campusId: string | null;
  campus: string | null;
  name: string;
  kind: string;
  startDate: string;
  endDate: string;
  version: number;
};

const entryColumns = sql`e.id, e.intake_id as "intakeId", e.campus_id as "campusId", c.name as campus, e.name, e.kind,
  to_char(e.start_date, 'YYYY-MM-DD') as "startDate", to_char(e.end_date, 'YYYY-MM-DD') as "endDate", e.version`;

const wireEntry = (e: EntryRow) => ({
  ...e,
  scope: e.intakeId ? "Intake" : "Campus",
  startDate: toWireDate(e.startDate),
  endDate: toWireDate(e.endDate),
});

/**
 * AcademicCalendar get: an intake's header, its terms (dates DD/MM/YYYY, versions) and the calendar
 * entries that apply to it (its own, and its campus's holidays), in date order. 404 unknown intake.
 */
export async function getAcademicCalendar(db: Executor, intakeId: string) {
  const [head] = await rows<{
    id: string;
    name: string;
    programName: string;
    campusId: string;
    campus: string;
  }>(
    db,
    sql`select i.id, i.name, p.name as "programName", c.id as "campusId", c.name as campus from intake i
        join academic_programme p on p.id = i.programme_id join campus c on c.id = i.campus_id where i.id = ${intakeId}`,
  );
  if (!head) throw notFound("No such intake", "intakeId");
  const terms = await rows<{ id: string; name: string; startDate: string; endDate: string; version: number }>(
    db,
    sql`select id, name, to_char(start_date, 'YYYY-MM-DD') as "startDate", to_char(end_date, 'YYYY-MM-DD') as "endDate", version
        from term where intake_id = ${intakeId} order by number`,
  );
  const entries = await rows<EntryRow>(
    db,
    sql`select ${entryColumns} from academic_calendar_entry e left join campus c on c.id = e.campus_id
        where e.intake_id = ${intakeId} or (e.intake_id is null and e.campus_id = ${head.campusId})
        order by e.start_date, e.name`,
  );
  return {
    intake: head,
    terms: terms.map((t) => ({ ...t, startDate: toWireDate(t.startDate), endDate: toWireDate(t.endDate) })),
    entries: entries.map(wireEntry),
  };
}

/**
 * AcademicCalendar post: creates a holiday or event of an intake or a campus, or with `id` and
 * `version` updates one (409 on a stale version). 400 when neither intake nor campus is given;
 * 404 unknown intake, campus or entry. Audited.
 */
export async function saveCalendarEntry(
  ctx: AppContext,
  user: SessionUser,
  input: z.output<typeof ZCalendarEntry>,
) {
  if (!input.intakeId && !input.campusId) {
    throw badRequest("Give the intake or the campus the entry belongs to", "intakeId", "required");
  }
  return ctx.db.transaction(async (tx) => {
    if (input.intakeId) {
      const [i] = await rows(tx, sql`select 1 from intake where id = ${input.intakeId}`);
      if (!i) throw notFound("No such intake", "intakeId");
    }
    if (input.campusId) {
      const [c] = await rows(tx, sql`select 1 from campus where id = ${input.campusId}`);
      if (!c) throw notFound("No such campus", "campusId");
    }
    const values = {
      intakeId: input.intakeId ?? null,
      campusId: input.campusId ?? null,
      name: input.name,
      kind: input.kind,
      startDate: input.startDate,
      endDate: input.endDate,
    };
    const at = new Date(ctx.now());
    if (input.id) {
      if (input.version === undefined)
        throw badRequest("version is required with an update", "version", "required");
      const [before] = await tx
        .select()
        .from(academicCalendarEntry)
        .where(eq(academicCalendarEntry.id, input.id));
      if (!before) throw notFound("No such calendar entry", "id");
      const after = await updateVersioned(
        tx,
        academicCalendarEntry,
        { id: input.id, version: input.version },
        values,
        { what: "This calendar entry", field: "version" },
      );
      await writeAudit(
        tx,
        user,
        [{ action: "update", entity: "academic_calendar_entry", entityId: after.id, before, after }],
        at,
      );
      return { message: "Calendar entry updated", id: after.id, version: after.version };
    }
    const [row] = await tx.insert(academicCalendarEntry).values(values).returning();
    if (!row) throw new Error("insert returned nothing");
    await writeAudit(
      tx,
      user,
      [{ action: "create", entity: "academic_calendar_entry", entityId: row.id, before: null, after: row }],
      at,
    );
    return { message: "Calendar entry created", id: row.id, version: row.version };
  });
}

/** AcademicCalendar delete: removes one entry at the version read (409 stale, 404 unknown). Audited. */
export async function deleteCalendarEntry(ctx: AppContext, user: SessionUser, id: string, version: number) {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(academicCalendarEntry).where(eq(academicCalendarEntry.id, id));
    if (!before) throw notFound("No such calendar entry", "id");
    const gone = await tx
      .delete(academicCalendarEntry)
      .where(and(eq(academicCalendarEntry.id, id), eq(academicCalendarEntry.version, version)))
      .returning({ id: academicCalendarEntry.id });
    if (gone.length === 0) throw versionConflict("This calendar entry", "version");
    await writeAudit(
      tx,
      user,
      [{ action: "delete", entity: "academic_calendar_entry", entityId: id, before, after: null }],
      new Date(ctx.now()),
    );
    return { message: "Calendar entry deleted" };
  });
}

/**
 * TermDatesUpdate: moves a term's start and end (409 on a stale version). 400 `outside_term` when a
 * subject, planner activity or section activity of the term would fall outside the new dates. Audited.
 */
export async function updateTermDates(
  ctx: AppContext,
  user: SessionUser,
  input: z.output<typeof ZTermDates>,
) {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(term).where(eq(term.id, input.termId));
    if (!before) throw notFound("No such term", "termId");
    const [outside] = await rows<{ n: number }>(
      tx,
      sql`select (select count(*) from term_subject where term_id = ${input.termId} and (start_date < ${input.startDate} or end_date > ${input.endDate}))
        + (select count(*) from planner_activity where term_id = ${input.termId} and (start_date < ${input.startDate} or end_date > ${input.endDate}))
        + (select count(*) from section_activity where term_id = ${input.termId} and (start_date < ${input.startDate} or end_date > ${input.endDate})) as n`,
    );
    if (Number(outside?.n ?? 0) > 0) {
      throw badRequest(
        "Subjects or activities of this term lie outside these dates; move them first",
        "startDate",
        "outside_term",
      );
    }
    const after = await updateVersioned(
      tx,
      term,
      { id: input.termId, version: input.version },
      { startDate: input.startDate, endDate: input.endDate },
      { what: "This term", field: "version" },
    );
    await writeAudit(
      tx,
      user,
      [{ action: "update_dates", entity: "term", entityId: after.id, before, after }],
      new Date(ctx.now()),
    );
    return {
      message: "Term dates updated",
      termId: after.id,
      startDate: toWireDate(after.startDate),
      endDate: toWireDate(after.endDate),
      version: after.version,
    };
  });
}

/** campusHolidays: adds a one-day holiday of a campus (every intake there). 404 unknown campus. Audited. */
export async function addCampusHoliday(
  ctx: AppContext,
  user: SessionUser,
  input: z.output<typeof ZCampusHoliday>,
) {
  return saveCalendarEntry(ctx, user, {
    campusId: input.campusId,
    name: input.name,
    kind: "Holiday",
    startDate: input.date,
    endDate: input.date,
  });
}

/** CampusHolidayFetching: the campus holidays (of one campus, or all), optionally of one year, by date. */
export async function listCampusHolidays(db: Executor, campusId: string, year: number | undefined) {
  const found = await rows<EntryRow>(
    db,
    sql`select ${entryColumns} from academic_calendar_entry e join campus c on c.id = e.campus_id
        where e.intake_id is null and e.kind = 'Holiday'
          and (${campusId} = '' or e.campus_id::text = ${campusId})
          and (${year ?? 0}::int = 0 or extract(year from e.start_date)::int = ${year ?? 0}::int)
        order by e.start_date, c.name`,
  );
  return { holidays: found.map(wireEntry) };
}
