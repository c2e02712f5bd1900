import { randomUUID } from "node:crypto";
import {
  BATCH_YEARS,
  type BatchSortColumn,
  type ExistingIntake,
  INTAKE_MONTHS,
  ROLE_ACADEMIC_OFFICE,
  splitIntoTerms,
  TERM_STATUSES,
  toWireDate,
  type ZBatchListQuery,
  type ZCreateIntake,
} from "@portal/domain";
import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { writeAudit } from "../audit.ts";
import { intakeInUserScope } from "../auth/public.ts";
import type { AppContext, SessionUser } from "../context.ts";
import type { Executor } from "../db/client.ts";
import { rows } from "../db/rows.ts";
import { academicProgramme, campus, intake, programmePlan, term } from "../db/schema.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { ApiError, badRequest, notFound } from "../http/errors.ts";
import { today } from "./common.ts";
import { createDefaultSections } from "./subjects.ts";

/** Batch list row (spec §3), one per intake; dates DD/MM/YYYY. */
export type BatchRow = {
  ProgramName: string;
  Course: string;
  Intake: string;
  Batch: number;
  BatchName: string;
  IntakeId: string;
  Mode: string;
  TermStartDate: string;
  TermEndDate: string;
  NoOfStudent: number;
  Semester: number;
  Campus: string;
  TermStatus: string;
  ProgramPlanRecordId: string | null;
};

/**
 * Batch filter options (spec §7 Batch filter options): programme names, batch years (§9 2024-2040),
 * intake months JAN-DEC, campuses from the database, and the term status values the server computes.
 */
/**
 * Every intake that exists as the filters offer it (programme name and code, year, month), ordered
 * by programme, year and month (spec §9 lists narrowed to the data; see the domain's intakeChoices).
 */
export async function existingIntakes(db: Executor): Promise<ExistingIntake[]> {
  const found = await rows<ExistingIntake>(
    db,
    sql`select distinct p.name as program, p.code, i.year, i.month
        from intake i join academic_programme p on p.id = i.programme_id
        order by p.name, i.year, i.month`,
  );
  return found.map((i) => ({ ...i, year: Number(i.year) }));
}

export async function batchFilterOptions(db: Executor) {
  const programmes = await rows<{ id: string; name: string }>(
    db,
    sql`select id, name from academic_programme order by name`,
  );
  const campuses = await rows<{ name: string }>(db, sql`select distinct name from campus order by name`);
  return {
    programs: programmes,
    batch: BATCH_YEARS,
    intake: INTAKE_MONTHS,
    campus: campuses.map((c) => c.name),
    termStatus: [...TERM_STATUSES, "All"],
    intakes: await existingIntakes(db),
  };
}

/**
 * The leading ORDER BY terms (each followed by a comma) of a batches list sort (BATCH_SORT_COLUMNS);
 * the caller adds the list's own order and the intake id as tie-breaks. Term dates missing go last.
 */
function batchSort(column: BatchSortColumn, direction: "asc" | "desc", monthOrder: SQL): SQL {
  const dir = sql.raw(direction === "desc" ? "desc" : "asc");
  const keys: Record<BatchSortColumn, SQL> = {
    program: sql`p.name ${dir}`,
    batch: sql`i.year ${dir}`,
    intake: sql`${monthOrder} ${dir}`,
    startDate: sql`b.start_date ${dir} nulls last`,
    endDate: sql`b.end_date ${dir} nulls last`,
    terms: sql`b.terms ${dir}`,
    termStatus: sql`b.status ${dir}`,
    campus: sql`c.name ${dir}`,
  };
  return sql`${keys[column]},`;
}

/**
 * Batch list (spec §2 List of Batches, §7): one row per intake, filtered by programme name, batch
 * year, intake month, campus name and term status (computed on `today`; "" or "All" = all), ordered
 * by programme, year, intake month, campus (after `sortBy` in `sortDirection` when given, then the
 * intake's id); paged on the server (All capped at ALL_ROWS_CAP by the route). With a `viewer`, only the intakes
 * within the scopes at which they hold the academic office's or the administrator's role
 * (docs/security/roles.md, "Scopes").
 */
export async function listBatches(
  ctx: AppContext,
  q: z.output<typeof ZBatchListQuery>,
  viewer?: SessionUser,
) {
  const day = today(ctx);
  const status = q.termStatus === "All" ? "" : q.termStatus;
  const where = sql`where (${q.program} = '' or p.name = ${q.program} or p.code = ${q.program})
      and (${String(q.batch)} = '' or i.year::text = ${String(q.batch)})
      and (${q.intake} = '' or i.month = ${q.intake})
      and (${q.campus} = '' or ${q.campus} = 'All' or c.name = ${q.campus})
      and (${status} = '' or b.status = ${status})
      and ${viewer ? intakeInUserScope(viewer, [ROLE_ACADEMIC_OFFICE], sql`i.id`) : sql`true`}`;
  const base = sql`from intake i
      join academic_programme p on p.id = i.programme_id
      join campus c on c.id = i.campus_id
      cross join lateral (
        select min(t.start_date) as start_date, max(t.end_date) as end_date, count(*)::int as terms,
          (select t2.name from term t2 where t2.intake_id = i.id and ${day}::date between t2.start_date and t2.end_date
            order by t2.number limit 1) as current_term,
          case when min(t.start_date) is null or ${day}::date < min(t.start_date) then 'Upcoming'
               when ${day}::date > max(t.end_date) then 'Completed' else 'Ongoing' end as status
        from term t where t.intake_id = i.id
      ) b`;
  const [total] = await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n ${base} ${where}`);
  const monthOrder = sql.raw(
    `array_position(array[${INTAKE_MONTHS.map((m) => `'${m}'`).join(",")}], i.month)`,
  );
  const found = await rows<{
    programName: string;
    code: string;
    month: string;
    year: number;
    name: string;
    id: string;
    startDate: string | null;
    endDate: string | null;
    terms: number;
    currentTerm: string | null;
    status: string;
    campus: string;
    students: number;
    planId: string | null;
  }>(
    ctx.db,
    sql`select p.name as "programName", p.code, i.month, i.year, i.name, i.id,
        to_char(b.start_date, 'YYYY-MM-DD') as "startDate", to_char(b.end_date, 'YYYY-MM-DD') as "endDate",
        b.terms, b.current_term as "currentTerm", b.status, c.name as campus,
        (select count(*)::int from contact s where s.intake_id = i.id and s.kind = 'student') as students,
        i.programme_plan_id as "planId"
        ${base} ${where}
        order by ${q.sortBy ? batchSort(q.sortBy, q.sortDirection, monthOrder) : sql``}
          p.name, i.year, ${monthOrder}, c.name, i.name, i.id
        limit ${q.count} offset ${(q.pageNo - 1) * q.count}`,
  );
  const batchList: BatchRow[] = found.map((r) => ({
    ProgramName: r.programName,
    Course: r.code,
    Intake: r.month,
    Batch: Number(r.year),
    BatchName: r.name,
    IntakeId: r.id,
    Mode: r.currentTerm ?? "",
    TermStartDate: r.startDate ? toWireDate(r.startDate) : "",
    TermEndDate: r.endDate ? toWireDate(r.endDate) : "",
    NoOfStudent: Number(r.students),
    Semester: Number(r.terms),
    Campus: r.campus,
    TermStatus: r.status,
    ProgramPlanRecordId: r.planId,
  }));
  return { batchList, noOfRecords: Number(total?.n ?? 0) };
}

/**
 * Load setup options (spec §7): 'Academic Program' (id, name, terms as JSON text of the master
 * curriculum's term names), Campus (id, name) and Courses (label, value, credit, id, courseId).
 */
export async function setupOptions(db: Executor) {
  const programmes = await rows<{ id: string; name: string; code: string; terms: string[] | null }>(
    db,
    sql`select p.id, p.name, p.code,
        (select json_agg(distinct_terms.term_name order by distinct_terms.term_number)
           from (select distinct r.term_number, r.term_name from plan_requirement r
                 join programme_plan pp on pp.id = r.programme_plan_id
                 where pp.programme_id = p.id and pp.is_primary) distinct_terms) as terms
        from academic_programme p order by p.name`,
  );
  const campuses = await rows<{ id: string; name: string }>(
    db,
    sql`select id, name from campus order by name`,
  );
  const courses = await rows<{ id: string; code: string; name: string; credits: number }>(
    db,
    sql`select id, code, name, credits from course where import_source_id is null order by name limit 2000`,
  );
  return {
    "Academic Program": programmes.map((p) => ({
      id: p.id,
      name: p.name,
      code: p.code,
      terms: JSON.stringify((p.terms ?? []).map((name) => ({ name }))),
    })),
    Campus: campuses,
    Courses: courses.map((c) => ({
      label: c.name,
      value: c.id,
      credit: Number(c.credits),
      id: c.id,
      courseId: c.code,
    })),
    intakes: await existingIntakes(db),
  };
}

/**
 * createProgramBatchSpecialization (spec §2 Add Intake): in one transaction, a new intake of the
 * programme at the campus ("{code} {MON} {year} {campus}"), its own programme plan (a copy of the
 * programme's primary curriculum, so later curriculum changes do not move running batches) and its
 * terms ("Term 1".. `semesters`), which split the intake's span into equal parts; the curriculum's
 * subjects placed in those terms (the terms' dates) with `totalSections` sections each (A.., default
 * strength). The intake keeps `totalSections` as its section count: subjects placed later (Master
 * import, Add Subjects) get as many sections. Audited.
 * 404 unknown programme or campus; 409 `duplicate_intake` when that intake exists.
 */
export async function createIntake(
  ctx: AppContext,
  user: SessionUser,
  input: z.output<typeof ZCreateIntake>,
) {
  return ctx.db
    .transaction(async (tx) => {
      const [prog] = await tx
        .select()
        .from(academicProgramme)
        .where(sql`${academicProgramme.id} = ${input.academicProgramId}`);
      if (!prog) throw notFound("No such programme", "academicProgramId");
      const [camp] = await tx.select().from(campus).where(sql`${campus.id} = ${input.campusId}`);
      if (!camp) throw notFound("No such campus", "campusId");
      const intakeId = randomUUID();
      const planId = randomUUID();
      const name = `${prog.code} ${input.intake} ${input.year} ${camp.name}`;
      await tx.insert(programmePlan).values({
        id: planId,
        programmeId: prog.id,
        name: `${prog.code} ${input.intake} ${input.year} Curriculum`,
        isPrimary: false,
      });
      await tx.execute(sql`insert into plan_requirement (programme_plan_id, term_number, term_name, course_id)
        select ${planId}, r.term_number, r.term_name, r.course_id from plan_requirement r
        join programme_plan pp on pp.id = r.programme_plan_id
        where pp.programme_id = ${prog.id} and pp.is_primary`);
      await tx.insert(intake).values({
        id: intakeId,
        programmeId: prog.id,
        programmePlanId: planId,
        campusId: camp.id,
        name,
        year: input.year,
        month: input.intake,
        sectionCount: input.totalSections,
      });
      const spans = splitIntoTerms(input.startDate, input.endDate, input.semesters);
      if (!spans) {
        throw badRequest("The intake is shorter than one day per term", "endDate", "too_short");
      }
      const terms = spans.map((span, i) => ({
        id: randomUUID(),
        intakeId,
        name: `Term ${i + 1}`,
        number: i + 1,
        ...span,
      }));
      await tx.insert(term).values(terms);
      // The terms' subjects: the intake's curriculum placed in its terms with the terms' dates.
      const subjects = await rows<{ id: string }>(
        tx,
        sql`insert into term_subject (term_id, course_id, start_date, end_date)
            select t.id, r.course_id, t.start_date, t.end_date
            from term t join plan_requirement r on r.term_number = t.number and r.programme_plan_id = ${planId}
            where t.intake_id = ${intakeId}
            on conflict do nothing
            returning id`,
      );
      const at = new Date(ctx.now());
      const after = {
        name,
        programmePlanId: planId,
        sectionCount: input.totalSections,
        subjects: subjects.length,
        terms: terms.map((t) => [t.name, t.startDate, t.endDate]),
      };
      await writeAudit(
        tx,
        user,
        [{ action: "create", entity: "intake", entityId: intakeId, before: null, after }],
        at,
      );
      const sections = await createDefaultSections(
        tx,
        user,
        subjects.map((x) => x.id),
        at,
      );
      return {
        message: "Intake created",
        intakeId,
        subjects: subjects.length,
        sections,
        programPlanId: planId,
        batchName: name,
        terms: terms.map((t) => ({
          id: t.id,
          name: t.name,
          startDate: toWireDate(t.startDate),
          endDate: toWireDate(t.endDate),
          version: 1,
        })),
      };
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) {
        throw new ApiError(409, "This intake exists already", {
          errorCode: "duplicate_intake",
          field: "intake",
        });
      }
      throw err;
    });
}
