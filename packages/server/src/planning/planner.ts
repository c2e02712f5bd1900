import {
  type ActivityOperation,
  activityEndDate,
  addDays,
  countNoun,
  endDateProblem,
  formatDate,
  PLANNING_MESSAGES,
  toWireDate,
  weekOfTerm,
  workingDaysBetween,
  type ZIntakeRef,
  type ZPlannerActivity,
  type ZPlannerClone,
} from "@portal/domain";
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { writeAudit } from "../audit.ts";
import type { AppContext, SessionUser } from "../context.ts";
import type { Executor } from "../db/client.ts";
import { personName } from "../db/person-name.ts";
import { rows } from "../db/rows.ts";
import { classSession, plannerActivity, sectionActivity } from "../db/schema.ts";
import { updateVersioned } from "../db/versioned-update.ts";
import { badRequest, notFound } from "../http/errors.ts";
import { findIntake, holidaysOfIntake } from "./common.ts";
import { findProgramme, resolveIntake } from "./subjects.ts";

type TermRow = {
  id: string;
  intakeId: string;
  name: string;
  number: number;
  startDate: string;
  endDate: string;
  version: number;
};

async function termsOfIntake(db: Executor, intakeId: string): Promise<TermRow[]> {
  return rows<TermRow>(
    db,
    sql`select id, intake_id as "intakeId", name, number, to_char(start_date, 'YYYY-MM-DD') as "startDate",
        to_char(end_date, 'YYYY-MM-DD') as "endDate", version from term where intake_id = ${intakeId} order by number`,
  );
}

async function termById(db: Executor, termId: string, field: string): Promise<TermRow> {
  const [t] = await rows<TermRow>(
    db,
    sql`select id, intake_id as "intakeId", name, number, to_char(start_date, 'YYYY-MM-DD') as "startDate",
        to_char(end_date, 'YYYY-MM-DD') as "endDate", version from term where id = ${termId}`,
  );
  if (!t) throw notFound("No such term", field);
  return t;
}

/**
 * Planner get (spec §7 AcademicPlannerData): the intake's terms (by programName and intake + year,
 * else the programme's latest intake; `termName` keeps one term), each with Term Start/End
 * (DD/MM/YYYY), its planner activities (Week No. counted from the term start, activity, type,
 * subject, faculty, dates, reference flag, version) and its course-section activities.
 */
export async function getPlanner(
  db: Executor,
  q: { programName: string; termName?: string; intake?: string; year?: number },
) {
  const prog = await findProgramme(db, q.programName);
  if (!prog) throw notFound("No such programme", "programName");
  const found = await resolveIntake(db, prog.id, q.intake, q.year);
  if (!found) return { message: PLANNING_MESSAGES.noDataFound, intakeId: null, terms: [] };
  const terms = (await termsOfIntake(db, found.id)).filter((t) => !q.termName || t.name === q.termName);
  const planned = await rows<{
    id: string;
    termId: string;
    name: string;
    activityType: string;
    startDate: string;
    endDate: string;
    subjectId: string | null;
    subject: string | null;
    facultyId: string | null;
    faculty: string | null;
    isReference: boolean;
    version: number;
  }>(
    db,
    sql`select a.id, a.term_id as "termId", a.name, a.activity_type as "activityType",
        to_char(a.start_date, 'YYYY-MM-DD') as "startDate", to_char(a.end_date, 'YYYY-MM-DD') as "endDate",
        a.term_subject_id as "subjectId", c.name as subject, a.faculty_id as "facultyId",
        case when f.id is null then null else ${personName("f")} end as faculty,
        a.is_reference as "isReference", a.version
        from planner_activity a join term t on t.id = a.term_id
        left join term_subject ts on ts.id = a.term_subject_id left join course c on c.id = ts.course_id
        left join contact f on f.id = a.faculty_id
        where t.intake_id = ${found.id} order by a.start_date, a.name`,
  );
  const sectionRows = await rows<{
    id: string;
    termId: string;
    activityType: string;
    startDate: string;
    endDate: string;
    courseVersionId: string;
    subject: string;
    courseOfferingId: string;
    section: string;
    facultyId: string;
    faculty: string;
    durationDays: number;
    sessions: number;
    hoursCenti: number;
    description: string;
    version: number;
  }>(
    db,
    sql`select a.id, a.term_id as "termId", a.activity_type as "activityType",
        to_char(a.start_date, 'YYYY-MM-DD') as "startDate", to_char(a.end_date, 'YYYY-MM-DD') as "endDate",
        a.term_subject_id as "courseVersionId", c.name as subject, a.course_offering_id as "courseOfferingId",
        o.section, a.faculty_id as "facultyId", ${personName("f")} as faculty,
        a.duration_days as "durationDays", a.sessions, a.hours_per_session_centi as "hoursCenti", a.description, a.version
        from section_activity a join term t on t.id = a.term_id
        join term_subject ts on ts.id = a.term_subject_id join course c on c.id = ts.course_id
        join course_offering o on o.id = a.course_offering_id join contact f on f.id = a.faculty_id
        where t.intake_id = ${found.id} order by a.start_date, c.name, o.section`,
  );
  return {
    message: planned.length + sectionRows.length === 0 ? PLANNING_MESSAGES.noDataFound : "",
    intakeId: found.id,
    batchName: found.name,
    terms: terms.map((t) => ({
      termId: t.id,
      termName: t.name,
      startDate: toWireDate(t.startDate),
      endDate: toWireDate(t.endDate),
      version: t.version,
      activities: planned
        .filter((a) => a.termId === t.id)
        .map((a) => ({
          id: a.id,
          weekNo: weekOfTerm(t.startDate, a.startDate),
          activity: a.name,
          activityType: a.activityType,
          subject: a.subject ?? "",
          courseVersionId: a.subjectId,
          faculty: a.faculty ?? "",
          facultyId: a.facultyId,
          startDate: toWireDate(a.startDate),
          endDate: toWireDate(a.endDate),
          durationInWeeks: weekOfTerm(a.startDate, a.endDate),
          isReference: a.isReference,
          version: a.version,
        })),
      sectionActivities: sectionRows
        .filter((a) => a.termId === t.id)
        .map((a) => ({
          id: a.id,
          weekNo: weekOfTerm(t.startDate, a.startDate),
          activityType: a.activityType,
          subject: a.subject,
          courseVersionId: a.courseVersionId,
          courseOfferingId: a.courseOfferingId,
          section: a.section,
          faculty: a.faculty,
          facultyId: a.facultyId,
          startDate: toWireDate(a.startDate),
          endDate: toWireDate(a.endDate),
          duration: Number(a.durationDays),
          numberOfSessions: Number(a.sessions),
          numberOfhoursSessions: Number(a.hoursCenti) / 100,
          descriptions: a.description,
          version: a.version,
        })),
    })),
  };
}

function checkInTerm(t: TermRow, start: string, end: string, field: string): void {
  if (start < t.startDate) {
    throw badRequest(
      `Cannot be before ${formatDate(t.startDate)}`,
      `${field}.activityStartDate`,
      "term_start",
      { min: t.startDate },
    );
  }
  const problem = endDateProblem(end, t.endDate);
  if (problem) throw badRequest(problem, `${field}.activityEndDate`, "term_end", { max: t.endDate });
}

/**
 * Planner add/update (spec §7 createAcademicPlannerActivity): a planner activity in a term, dates
 * DD/MM/YYYY within the term ('Cannot exceed {date}'); with academicPlannerActivityId and version it
 * updates (409 on a stale version). Optional subject (of the same term) and faculty. Audited.
 */
export async function savePlannerActivity(
  ctx: AppContext,
  user: SessionUser,
  input: z.output<typeof ZPlannerActivity>,
) {
  const a = input.AcademicPlannerActivity;
  return ctx.db.transaction(async (tx) => {
    const t = await termById(tx, a.termId, "AcademicPlannerActivity.termId");
    checkInTerm(t, a.activityStartDate, a.activityEndDate, "AcademicPlannerActivity");
    if (a.courseVersionId) {
      const [s] = await rows(
        tx,
        sql`select 1 from term_subject where id = ${a.courseVersionId} and term_id = ${t.id}`,
      );
      if (!s) throw notFound("No such subject of this term", "AcademicPlannerActivity.courseVersionId");
    }
    if (a.facultyId) {
      const [f] = await rows(tx, sql`select 1 from contact where id = ${a.facultyId} and kind = 'faculty'`);
      if (!f) throw notFound("No such faculty member", "AcademicPlannerActivity.facultyId");
    }
    const values = {
      termId: t.id,
      name: a.academicPlannerActivityName,
      activityType: a.activityType,
      startDate: a.activityStartDate,
      endDate: a.activityEndDate,
      termSubjectId: a.courseVersionId ?? null,
      facultyId: a.facultyId ?? null,
      isReference: a.isReference,
    };
    const at = new Date(ctx.now());
    if (a.academicPlannerActivityId) {
      if (a.version === undefined)
        throw badRequest("version is required with an update", "AcademicPlannerActivity.version", "required");
      const [before] = await tx
        .select()
        .from(plannerActivity)
        .where(eq(plannerActivity.id, a.academicPlannerActivityId));
      if (!before)
        throw notFound("No such planner activity", "AcademicPlannerActivity.academicPlannerActivityId");
      const after = await updateVersioned(
        tx,
        plannerActivity,
        { id: before.id, version: a.version },
        values,
        { what: "This activity", field: "AcademicPlannerActivity.version" },
      );
      await writeAudit(
        tx,
        user,
        [{ action: "update", entity: "planner_activity", entityId: after.id, before, after }],
        at,
      );
      return { message: "Activity updated", id: after.id, version: after.version };
    }
    const [row] = await tx.insert(plannerActivity).values(values).returning();
    if (!row) throw new Error("insert returned nothing");
    await writeAudit(
      tx,
      user,
      [{ action: "create", entity: "planner_activity", entityId: row.id, before: null, after: row }],
      at,
    );
    return { message: "Activity added", id: row.id, version: row.version };
  });
}

/** Master term planner get (spec §7 ActivitiesData get): the programme's template by term number. */
export async function masterPlanner(db: Executor, academicProgramId: string) {
  const prog = await findProgramme(db, academicProgramId);
  if (!prog) throw notFound("No such programme", "academicProgramId");
  const found = await rows<{
    id: string;
    termNumber: number;
    name: string;
    activityType: string;
    startWeek: number;
    durationWeeks: number;
  }>(
    db,
    sql`select id, term_number as "termNumber", name, activity_type as "activityType", start_week as "startWeek",
        duration_weeks as "durationWeeks" from master_planner_activity where programme_id = ${prog.id}
        order by term_number, start_week, name`,
  );
  const terms = [...new Set(found.map((r) => Number(r.termNumber)))].map((n) => ({
    termNumber: n,
    termName: `Term ${n}`,
    activities: found
      .filter((r) => Number(r.termNumber) === n)
      .map((r) => ({
        ...r,
        termNumber: n,
        startWeek: Number(r.startWeek),
        durationWeeks: Number(r.durationWeeks),
      })),
  }));
  return { message: terms.length === 0 ? PLANNING_MESSAGES.noDataFound : "", terms };
}

async function intakeOf(
  db: Executor,
  ref: { academicProgramId: string; intake: string; year: number },
  field: string,
) {
  const prog = await findProgramme(db, ref.academicProgramId);
  if (!prog) throw notFound("No such programme", `${field}academicProgramId`);
  const found = await findIntake(db, prog.id, ref.intake, ref.year);
  if (!found) throw notFound("No such intake of this programme, month and year", `${field}intake`);
  return { programmeId: prog.id, ...found };
}

/**
 * Master term import (spec §7 importTermActivity): places the programme's template activities in the
 * intake's terms (week n starts n-1 weeks after the term start; cut at the term end; activities
 * starting after it are left out); an activity already there (same name and start) is kept. One
 * transaction, audited. 404 unknown programme or intake.
 */
export async function importMasterPlanner(
  ctx: AppContext,
  user: SessionUser,
  input: z.output<typeof ZIntakeRef>,
) {
  return ctx.db.transaction(async (tx) => {
    const target = await intakeOf(tx, input, "");
    const terms = await termsOfIntake(tx, target.id);
    const template = await rows<{
      termNumber: number;
      name: string;
      activityType: string;
      startWeek: number;
      durationWeeks: number;
    }>(
      tx,
      sql`select term_number as "termNumber", name, activity_type as "activityType", start_week as "startWeek",
          duration_weeks as "durationWeeks" from master_planner_activity where programme_id = ${target.programmeId}`,
    );
    const values: Array<typeof plannerActivity.$inferInsert> = [];
    for (const m of template) {
      const t = terms.find((x) => x.number === Number(m.termNumber));
      if (!t) continue;
      const start = addDays(t.startDate, (Number(m.startWeek) - 1) * 7);
      if (start > t.endDate) continue;
      const end = addDays(start, Number(m.durationWeeks) * 7 - 1);
      values.push({
        termId: t.id,
        name: m.name,
        activityType: m.activityType,
        startDate: start,
        endDate: earlier(end, t.endDate),
      });
    }
    const added = await insertNewActivities(tx, values);
    await writeAudit(
      tx,
      user,
      [
        {
          action: "import_planner",
          entity: "intake",
          entityId: target.id,
          before: null,
          after: { activitiesAdded: added },
        },
      ],
      new Date(ctx.now()),
    );
    return { message: `${countNoun(added, "activity", "activities")} imported`, imported: added };
  });
}

/** Inserts planner activities, skipping one whose term already has an activity of that name and start. */
async function insertNewActivities(
  tx: Executor,
  values: Array<typeof plannerActivity.$inferInsert>,
): Promise<number> {
  let added = 0;
  for (const v of values) {
    const [exists] = await rows(
      tx,
      sql`select 1 from planner_activity where term_id = ${v.termId} and name = ${v.name} and start_date = ${v.startDate}`,
    );
    if (exists) continue;
    await tx.insert(plannerActivity).values(v);
    added++;
  }
  return added;
}

/**
 * Program Clone (spec §2; ActivitiesData post): copies the planner activities of the source intake
 * (programme, intake month, batch year) into the target intake's terms of the same number, moved by
 * the difference of the term starts and cut at the term end; subjects and faculty are not copied.
 * 400 when source and target are one intake; 404 unknown programme or intake. Audited.
 */
export async function clonePlanner(
  ctx: AppContext,
  user: SessionUser,
  input: z.output<typeof ZPlannerClone>,
) {
  return ctx.db.transaction(async (tx) => {
    const source = await intakeOf(tx, { ...input.source, year: input.source.batch }, "source.");
    const target = await intakeOf(tx, input.target, "target.");
    if (source.id === target.id)
      throw badRequest("Source and target are the same intake", "target.intake", "same_intake");
    const sourceTerms = await termsOfIntake(tx, source.id);
    const targetTerms = await termsOfIntake(tx, target.id);
    const activities = await rows<{
      termId: string;
      name: string;
      activityType: string;
      startDate: string;
      endDate: string;
      isReference: boolean;
    }>(
      tx,
      sql`select a.term_id as "termId", a.name, a.activity_type as "activityType", to_char(a.start_date, 'YYYY-MM-DD') as "startDate",
          to_char(a.end_date, 'YYYY-MM-DD') as "endDate", a.is_reference as "isReference"
          from planner_activity a join term t on t.id = a.term_id where t.intake_id = ${source.id}`,
    );
    const values: Array<typeof plannerActivity.$inferInsert> = [];
    for (const a of activities) {
      const from = sourceTerms.find((t) => t.id === a.termId);
      const to = targetTerms.find((t) => t.number === from?.number);
      if (!from || !to) continue;
      const shift = dayDiff(from.startDate, to.startDate);
      const start = addDays(a.startDate, shift);
      if (start > to.endDate || start < to.startDate) continue;
      const end = addDays(a.endDate, shift);
      values.push({
        termId: to.id,
        name: a.name,
        activityType: a.activityType,
        startDate: start,
        endDate: earlier(end, to.endDate),
        isReference: a.isReference,
      });
    }
    const added = await insertNewActivities(tx, values);
    await writeAudit(
      tx,
      user,
      [
        {
          action: "clone_planner",
          entity: "intake",
          entityId: target.id,
          before: null,
          after: { from: source.id, activitiesAdded: added },
        },
      ],
      new Date(ctx.now()),
    );
    return { message: `${countNoun(added, "activity", "activities")} cloned`, imported: added };
  });
}

/** The earlier of two ISO dates. */
function earlier(a: string, b: string): string {
  return a < b ? a : b;
}

function dayDiff(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * Activity create/update (spec §7 createActivities, §3 operation payload, §5 rules): a course-section
 * activity of a term subject's section with one faculty member. The end date must be the one the
 * working-day rule gives (start + duration working days of the allowed weekdays, the intake's and its
 * campus's holidays excluded, then the day before the next working day); start from the subject's
 * start, end not after the term end ('Cannot exceed {date}'). Its sessions are spread evenly over the
 * working days from start to end (rebuilt on update). Audited; 409 on a stale version.
 */
export async function saveSectionActivity(ctx: AppContext, user: SessionUser, op: ActivityOperation) {
  const a = op.Activity;
  const facultyId = a.facultyIds[0] as string;
  return ctx.db.transaction(async (tx) => {
    const t = await termById(tx, a.termId, "Activity.termId");
    const [subject] = await rows<{ id: string; startDate: string; courseId: string }>(
      tx,
      sql`select id, to_char(start_date, 'YYYY-MM-DD') as "startDate", course_id as "courseId"
          from term_subject where id = ${a.courseVersionId} and term_id = ${t.id}`,
    );
    if (!subject) throw notFound("No such subject of this term", "Activity.courseVersionId");
    const [section] = await rows(
      tx,
      sql`select 1 from course_offering where id = ${a.courseOfferingId} and term_id = ${t.id} and course_id = ${subject.courseId}`,
    );
    if (!section) throw notFound("No such section of this subject", "Activity.courseOfferingId");
    const [faculty] = await rows(tx, sql`select 1 from contact where id = ${facultyId} and kind = 'faculty'`);
    if (!faculty) throw notFound("No such faculty member", "Activity.facultyIds");
    if (a.activityStartDate < subject.startDate) {
      throw badRequest(
        `Cannot be before ${formatDate(subject.startDate)}`,
        "Activity.activityStartDate",
        "row_start",
        { min: subject.startDate },
      );
    }
    const problem =
      endDateProblem(a.activityEndDate, t.endDate) ?? endDateProblem(a.activityStartDate, t.endDate);
    if (problem) throw badRequest(problem, "Activity.activityEndDate", "term_end", { max: t.endDate });
    const rule = { weekdays: a.weekdays, holidays: await holidaysOfIntake(tx, t.intakeId) };
    const expected = activityEndDate(a.activityStartDate, Number(a.duration), rule);
    if (expected !== a.activityEndDate) {
      throw badRequest(
        expected
          ? `End date must be ${formatDate(expected)}: ${a.duration} working days from the start`
          : "No working day in the chosen weekdays",
        "Activity.activityEndDate",
        "working_days",
      );
    }
    const values = {
      termId: t.id,
      termSubjectId: subject.id,
      courseOfferingId: a.courseOfferingId,
      activityType: a.activityType,
      startDate: a.activityStartDate,
      endDate: a.activityEndDate,
      durationDays: Number(a.duration),
      sessions: Number(a.numberOfSessions),
      hoursPerSessionCenti: Math.round(Number(a.numberOfhoursSessions) * 100),
      description: a.descriptions,
      facultyId,
    };
    const at = new Date(ctx.now());
    let id: string;
    let version: number;
    if (op.Operation === "Update") {
      const [before] = await tx
        .select()
        .from(sectionActivity)
        .where(eq(sectionActivity.id, a.activityId as string));
      if (!before) throw notFound("No such activity", "Activity.activityId");
      const after = await updateVersioned(
        tx,
        sectionActivity,
        { id: before.id, version: a.version as number },
        values,
        { what: "This activity", field: "Activity.version" },
      );
      await tx.delete(classSession).where(eq(classSession.sectionActivityId, after.id));
      await writeAudit(
        tx,
        user,
        [{ action: "update", entity: "section_activity", entityId: after.id, before, after }],
        at,
      );
      id = after.id;
      version = after.version;
    } else {
      const [row] = await tx.insert(sectionActivity).values(values).returning();
      if (!row) throw new Error("insert returned nothing");
      await writeAudit(
        tx,
        user,
        [{ action: "create", entity: "section_activity", entityId: row.id, before: null, after: row }],
        at,
      );
      id = row.id;
      version = row.version;
    }
    const days = workingDaysBetween(a.activityStartDate, a.activityEndDate, rule);
    const sessions = Array.from({ length: values.sessions }, (_, i) => ({
      sectionActivityId: id,
      courseOfferingId: a.courseOfferingId,
      date: days[Math.floor((i * days.length) / values.sessions)] ?? a.activityStartDate,
      sequence: i + 1,
    }));
    if (sessions.length > 0) await tx.insert(classSession).values(sessions);
    return {
      message: op.Operation === "Update" ? "Activity updated successfully" : "Activity created successfully",
      id,
      version,
      sessions: sessions.length,
    };
  });
}
