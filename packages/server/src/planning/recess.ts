import { toWireDate } from "@portal/domain";
import { sql } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { rows } from "../db/rows.ts";
import { notFound } from "../http/errors.ts";

/**
 * One recess of an intake: a `Break` between two consecutive terms (the days after one term ends
 * and before the next starts; `termId` is the term it follows) or a `Holiday` of the academic
 * calendar (the intake's own or its campus's; `termId` null). Dates DD/MM/YYYY, `days` inclusive.
 */
export type RecessRecord = {
  kind: "Break" | "Holiday";
  name: string;
  termId: string | null;
  startDate: string;
  endDate: string;
  days: number;
};

/**
 * recessRecords (spec exam-management-and-shell, "Service calls"; payload not shown, designed
 * here): the recess of an intake, or with `termId` of one of its terms. For an intake: the breaks
 * between its consecutive terms (by number; none where a term starts the day after the previous
 * one ends) and the holidays of its academic calendar (AcademicCalendar, campusHolidays) that fall
 * between its first term's start and last term's end. For a term: the holidays within its dates and
 * the break that follows it. By start date, then breaks first. 404 unknown intake, or a term that is
 * not the intake's.
 */
export async function recessRecords(
  db: Executor,
  q: { intakeId: string; termId?: string | undefined },
): Promise<{ intake: { id: string; name: string }; records: RecessRecord[] }> {
  const [intake] = await rows<{ id: string; name: string; campusId: string }>(
    db,
    sql`select id, name, campus_id as "campusId" from intake where id = ${q.intakeId}`,
  );
  if (!intake) throw notFound("No such intake", "intakeId");
  const [span] = await rows<{ start: string | null; end: string | null }>(
    db,
    q.termId
      ? sql`select to_char(start_date, 'YYYY-MM-DD') as start, to_char(end_date, 'YYYY-MM-DD') as "end"
          from term where id = ${q.termId} and intake_id = ${intake.id}`
      : sql`select to_char(min(start_date), 'YYYY-MM-DD') as start, to_char(max(end_date), 'YYYY-MM-DD') as "end"
          from term where intake_id = ${intake.id}`,
  );
  if (!span) throw notFound("No such term of this intake", "termId");
  const breaks = await rows<Omit<RecessRecord, "kind">>(
    db,
    sql`select 'Break after ' || b.name as name, b.id as "termId",
          to_char(b.after_end, 'YYYY-MM-DD') as "startDate", to_char(b.next_start - 1, 'YYYY-MM-DD') as "endDate",
          (b.next_start - b.after_end)::int as days
        from (select t.id, t.name, t.end_date + 1 as after_end,
                lead(t.start_date) over (order by t.number, t.id) as next_start
              from term t where t.intake_id = ${intake.id}) b
        where b.next_start > b.after_end and (${q.termId ?? null}::uuid is null or b.id = ${q.termId ?? null}::uuid)`,
  );
  const holidays =
    span.start && span.end
      ? await rows<Omit<RecessRecord, "kind" | "termId">>(
          db,
          sql`select e.name, to_char(e.start_date, 'YYYY-MM-DD') as "startDate",
                to_char(e.end_date, 'YYYY-MM-DD') as "endDate", (e.end_date - e.start_date + 1)::int as days
              from academic_calendar_entry e
              where e.kind = 'Holiday'
                and (e.intake_id = ${intake.id} or (e.intake_id is null and e.campus_id = ${intake.campusId}))
                and e.start_date <= ${span.end}::date and e.end_date >= ${span.start}::date`,
        )
      : [];
  const records: RecessRecord[] = [
    ...breaks.map((b) => ({ ...b, kind: "Break" as const })),
    ...holidays.map((h) => ({ ...h, kind: "Holiday" as const, termId: null })),
  ]
    .sort(
      (a, b) =>
        a.startDate.localeCompare(b.startDate) ||
        (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === "Break" ? -1 : 1),
    )
    .map((r) => ({ ...r, startDate: toWireDate(r.startDate), endDate: toWireDate(r.endDate) }));
  return { intake: { id: intake.id, name: intake.name }, records };
}

/** A specialization of a programme: one of its programme plans (`isPrimary`: the programme's main plan). */
export type Specialization = { id: string; name: string; isPrimary: boolean };

/**
 * SpecializationsByProgram get (spec exam-management-and-shell, "Service calls"; payload not shown):
 * the specializations of programme `programmeId`, which the portal keeps as the programme's plans
 * (the EDA Program Plan; the same rows the batch set-up and enrolment filters offer), the primary
 * plan first, then by name. 404 unknown programme.
 */
export async function specializationsOfProgramme(
  db: Executor,
  programmeId: string,
): Promise<{ programme: { id: string; name: string }; specializations: Specialization[] }> {
  const [programme] = await rows<{ id: string; name: string }>(
    db,
    sql`select id, name from academic_programme where id = ${programmeId}`,
  );
  if (!programme) throw notFound("No such programme", "academicProgramId");
  const specializations = await rows<Specialization>(
    db,
    sql`select id, name, is_primary as "isPrimary" from programme_plan where programme_id = ${programmeId}
        order by is_primary desc, name, id`,
  );
  return { programme, specializations };
}
