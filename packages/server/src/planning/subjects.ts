import {
  countNoun,
  endDateProblem,
  formatDate,
  nextSectionLetter,
  PLANNING_MESSAGES,
  SECTION_LETTERS,
  toWireDate,
  type ZAddTermSubject,
  type ZIntakeRef,
  type ZSectionFaculty,
  type ZSectionOperation,
  type ZSectionRoom,
} from "@portal/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { writeAudit } from "../audit.ts";
import type { AppContext, SessionUser } from "../context.ts";
import type { Executor } from "../db/client.ts";
import { personName } from "../db/person-name.ts";
import { rows } from "../db/rows.ts";
import { contact, courseOffering, facility, termSubject } from "../db/schema.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { updateVersioned } from "../db/versioned-update.ts";
import { ApiError, badRequest, notFound, versionConflict } from "../http/errors.ts";
import { isUuid } from "../http/request.ts";
import { findIntake } from "./common.ts";

/** A section of a term subject (spec §3 Section): letter, strength, its one faculty member, version. */
export type SectionRow = {
  id: string;
  courseOfferingSectionId: string;
  courseOfferingCapacity: number;
  courseVersionId: string;
  facultyId: string | null;
  facultyName: string | null;
  /** The section's class room (a facility of the intake's campus), or nulls when none is chosen. */
  roomId: string | null;
  roomCode: string | null;
  roomName: string | null;
  version: number;
};

async function sectionsOf(db: Executor, termSubjectIds: string[]): Promise<SectionRow[]> {
  if (termSubjectIds.length === 0) return [];
  return rows<SectionRow>(
    db,
    sql`select o.id, o.section as "courseOfferingSectionId", o.capacity as "courseOfferingCapacity",
        ts.id as "courseVersionId", o.faculty_id as "facultyId",
        case when f.id is null then null else ${personName("f")} end as "facultyName",
        o.room_id as "roomId", r.code as "roomCode", r.name as "roomName", o.version
        from term_subject ts
        join course_offering o on o.term_id = ts.term_id and o.course_id = ts.course_id
        left join contact f on f.id = o.faculty_id
        left join facility r on r.id = o.room_id
        where ts.id in (${sql.join(
          termSubjectIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        order by ts.id, o.section`,
  );
}

/** Resolves a programme given by id, code or name (the spec sends programName). */
export async function findProgramme(db: Executor, program: string) {
  const [row] = await rows<{ id: string; code: string; name: string }>(
    db,
    sql`select id, code, name from academic_programme
        where ${isUuid(program) ? sql`id = ${program}::uuid` : sql`false`} or code = ${program} or name = ${program}
        order by name limit 1`,
  );
  return row ?? null;
}

/**
 * The intake that the selectors name (programme, intake month, year), or when month or year is
 * missing the programme's most recent intake. Null when none.
 */
export async function resolveIntake(db: Executor, programmeId: string, month?: string, year?: number) {
  if (month && year) return findIntake(db, programmeId, month, year);
  const [row] = await rows<{ id: string; name: string; campusId: string; programmePlanId: string | null }>(
    db,
    sql`select id, name, campus_id as "campusId", programme_plan_id as "programmePlanId" from intake
        where programme_id = ${programmeId} order by year desc, month desc, name limit 1`,
  );
  return row ?? null;
}

/**
 * List term subjects (spec §7): term name → subject rows (id = courseVersionId, courseName, courseId
 * = course code, credit, startDate and endDate DD/MM/YYYY, section letters, faculty names, the
 * sections themselves, version), every term of the intake present (empty when it has no subject).
 * `message` is 'No Data Found' when the intake has no subject at all.
 */
export async function listTermSubjects(db: Executor, program: string, month?: string, year?: number) {
  const prog = await findProgramme(db, program);
  if (!prog) throw notFound("No such programme", "programName");
  const found = await resolveIntake(db, prog.id, month, year);
  if (!found) return { message: PLANNING_MESSAGES.noDataFound, intakeId: null, terms: [], data: {} };
  const terms = await rows<{ id: string; name: string; startDate: string; endDate: string; version: number }>(
    db,
    sql`select id, name, to_char(start_date, 'YYYY-MM-DD') as "startDate", to_char(end_date, 'YYYY-MM-DD') as "endDate", version
        from term where intake_id = ${found.id} order by number`,
  );
  const subjects = await rows<{
    id: string;
    termId: string;
    courseName: string;
    courseCode: string;
    courseRecordId: string;
    credit: number;
    startDate: string;
    endDate: string;
    version: number;
  }>(
    db,
    sql`select ts.id, ts.term_id as "termId", c.name as "courseName", c.code as "courseCode", c.id as "courseRecordId",
        c.credits as credit, to_char(ts.start_date, 'YYYY-MM-DD') as "startDate",
        to_char(ts.end_date, 'YYYY-MM-DD') as "endDate", ts.version
        from term_subject ts join course c on c.id = ts.course_id join term t on t.id = ts.term_id
        where t.intake_id = ${found.id} order by t.number, c.name`,
  );
  const sections = await sectionsOf(
    db,
    subjects.map((s) => s.id),
  );
  const data: Record<string, unknown[]> = {};
  for (const t of terms) data[t.name] = [];
  for (const s of subjects) {
    const t = terms.find((x) => x.id === s.termId);
    if (!t) continue;
    const own = sections.filter((x) => x.courseVersionId === s.id);
    data[t.name]?.push({
      id: s.id,
      termId: s.termId,
      courseName: s.courseName,
      courseId: s.courseCode,
      courseRecordId: s.courseRecordId,
      credit: Number(s.credit),
      startDate: toWireDate(s.startDate),
      endDate: toWireDate(s.endDate),
      section: own.map((x) => x.courseOfferingSectionId).join(", "),
      faculty: [...new Set(own.flatMap((x) => (x.facultyName ? [x.facultyName] : [])))].join(", "),
      sections: own,
      version: s.version,
    });
  }
  return {
    message: subjects.length === 0 ? PLANNING_MESSAGES.noDataFound : "",
    intakeId: found.id,
    batchName: found.name,
    programPlanId: found.programmePlanId,
    terms: terms.map((t) => ({ ...t, startDate: toWireDate(t.startDate), endDate: toWireDate(t.endDate) })),
    data,
  };
}

type TermInfo = { id: string; intakeId: string; startDate: string; endDate: string };

async function termOfIntake(db: Executor, intakeId: string, termName: string): Promise<TermInfo> {
  const [t] = await rows<TermInfo>(
    db,
    sql`select id, intake_id as "intakeId", to_char(start_date, 'YYYY-MM-DD') as "startDate", to_char(end_date, 'YYYY-MM-DD') as "endDate"
        from term where intake_id = ${intakeId} and name = ${termName}`,
  );
  if (!t) throw notFound("No such term of this intake", "CourseVersion.termName");
  return t;
}

/** A subject's dates must lie within its term (the term end as 'Cannot exceed {date}', spec §5). */
function checkWithinTerm(t: TermInfo, startDate: string, endDate: string, prefix: string): void {
  if (startDate < t.startDate) {
    throw badRequest(`Cannot be before ${formatDate(t.startDate)}`, `${prefix}.startDate`, "term_start", {
      min: t.startDate,
    });
  }
  const problem = endDateProblem(endDate, t.endDate);
  if (problem) throw badRequest(problem, `${prefix}.endDate`, "term_end", { max: t.endDate });
}

/**
 * Makes the intake's default sections (its Total Section count, `intake.section_count`: letters A..)
 * for the given term subjects, in the caller's transaction, and writes their audit rows. A letter a
 * subject has already is skipped; an intake without a count makes none. Returns the sections made.
 */
export async function createDefaultSections(
  tx: Executor,
  user: SessionUser,
  termSubjectIds: string[],
  at: Date,
): Promise<number> {
  if (termSubjectIds.length === 0) return 0;
  const made = await rows<Record<string, unknown> & { id: string }>(
    tx,
    sql`insert into course_offering (course_id, term_id, section)
        select ts.course_id, ts.term_id, chr(64 + n)
        from term_subject ts join term t on t.id = ts.term_id join intake i on i.id = t.intake_id
        cross join lateral generate_series(1, coalesce(i.section_count, 0)) n
        where ts.id in (${sql.join(
          termSubjectIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        order by ts.id, n
        on conflict do nothing
        returning id, course_id as "courseId", term_id as "termId", section, capacity, room_id as "roomId", version`,
  );
  if (made.length > 0) {
    await writeAudit(
      tx,
      user,
      made.map((row) => ({
        action: "create",
        entity: "course_offering",
        entityId: row.id,
        before: null,
        after: row,
      })),
      at,
    );
  }
  return made.length;
}

/**
 * Add term subject (spec §7 createCourseVersion): adds a course to a term of an intake with its
 * dates (within the term), with the intake's default sections (Total Section, A..). With `courseVersionId` set (and `version`), updates that subject's dates
 * instead (409 on a stale version). Audited. 404 unknown intake, term or course; 409
 * `duplicate_subject` when the course is in the term already.
 */
export async function saveTermSubject(
  ctx: AppContext,
  user: SessionUser,
  input: z.output<typeof ZAddTermSubject>,
  update?: { id: string; version: number },
) {
  const v = input.CourseVersion;
  return ctx.db
    .transaction(async (tx) => {
      const t = await termOfIntake(tx, v.intakeId, v.termName);
      checkWithinTerm(t, v.startDate, v.endDate, "CourseVersion");
      const [c] = await rows<{ id: string }>(tx, sql`select id from course where id = ${v.courseId}`);
      if (!c) throw notFound("No such course", "CourseVersion.courseId");
      const at = new Date(ctx.now());
      if (update) {
        const [before] = await tx.select().from(termSubject).where(eq(termSubject.id, update.id));
        if (!before) throw notFound("No such subject", "courseVersionId");
        const after = await updateVersioned(
          tx,
          termSubject,
          { id: update.id, version: update.version },
          { startDate: v.startDate, endDate: v.endDate },
          { what: "This subject", field: "version" },
        );
        await writeAudit(
          tx,
          user,
          [{ action: "update", entity: "term_subject", entityId: update.id, before, after }],
          at,
        );
        return { message: "Subject updated", courseVersionId: after.id, version: after.version };
      }
      const [row] = await tx
        .insert(termSubject)
        .values({ termId: t.id, courseId: c.id, startDate: v.startDate, endDate: v.endDate })
        .returning();
      if (!row) throw new Error("insert returned nothing");
      await writeAudit(
        tx,
        user,
        [{ action: "create", entity: "term_subject", entityId: row.id, before: null, after: row }],
        at,
      );
      await createDefaultSections(tx, user, [row.id], at);
      return { message: "Subject added", courseVersionId: row.id, version: row.version };
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) {
        throw new ApiError(409, "This subject is in the term already", {
          errorCode: "duplicate_subject",
          field: "CourseVersion.courseId",
        });
      }
      throw err;
    });
}

/** PostgreSQL's foreign_key_violation: a record still in use by another. */
function isInUse(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23503") return true;
  }
  return false;
}

const inUse = (what: string, field: string) =>
  new ApiError(409, `${what} is in use (students, exams or sessions) and cannot be deleted`, {
    errorCode: "in_use",
    field,
  });

/**
 * Deletes a term subject and its sections (with their activities), when nothing else uses them:
 * 409 `in_use` when a section has students or exams, 409 on a stale version. Audited.
 */
export async function deleteTermSubject(ctx: AppContext, user: SessionUser, id: string, version: number) {
  return ctx.db
    .transaction(async (tx) => {
      const [before] = await tx.select().from(termSubject).where(eq(termSubject.id, id));
      if (!before) throw notFound("No such subject", "courseVersionId");
      const offerings = await tx
        .select({ id: courseOffering.id })
        .from(courseOffering)
        .where(and(eq(courseOffering.termId, before.termId), eq(courseOffering.courseId, before.courseId)));
      if (offerings.length > 0) {
        await tx.delete(courseOffering).where(
          inArray(
            courseOffering.id,
            offerings.map((o) => o.id),
          ),
        );
      }
      const gone = await tx
        .delete(termSubject)
        .where(and(eq(termSubject.id, id), eq(termSubject.version, version)))
        .returning({ id: termSubject.id });
      if (gone.length === 0) throw versionConflict("This subject", "version");
      await writeAudit(
        tx,
        user,
        [
          {
            action: "delete",
            entity: "term_subject",
            entityId: id,
            before: { ...before, sections: offerings.length },
            after: null,
          },
        ],
        new Date(ctx.now()),
      );
      return { message: "Subject deleted" };
    })
    .catch((err: unknown) => {
      if (isInUse(err)) throw inUse("A section of this subject", "courseVersionId");
      throw err;
    });
}

/** List sections (spec §7): the sections of a term subject (`courseVersionId`), in letter order. */
export async function listSections(db: Executor, courseVersionId: string) {
  const [ts] = await rows<{ id: string }>(db, sql`select id from term_subject where id = ${courseVersionId}`);
  if (!ts) throw notFound("No such subject", "courseVersionId");
  const sections = await sectionsOf(db, [courseVersionId]);
  return { message: sections.length === 0 ? PLANNING_MESSAGES.noSectionsFound : "", sections };
}

/**
 * Section create/update/delete (spec §7, §5): Create gives the next letter A..Z in order (400
 * `max_sections` after Z); Update sets the strength (409 on a stale version); Delete removes the
 * given sections (409 `in_use` when students or exams hang on one). One transaction, audited.
 */
export async function saveSection(
  ctx: AppContext,
  user: SessionUser,
  input: z.output<typeof ZSectionOperation>,
) {
  const at = new Date(ctx.now());
  return ctx.db
    .transaction(async (tx) => {
      if (input.Operation === "Delete") {
        const before = await tx
          .select()
          .from(courseOffering)
          .where(inArray(courseOffering.id, input.courseOfferingIds));
        if (before.length !== new Set(input.courseOfferingIds).size)
          throw notFound("No such section", "courseOfferingIds");
        await tx.delete(courseOffering).where(inArray(courseOffering.id, input.courseOfferingIds));
        await writeAudit(
          tx,
          user,
          before.map((b) => ({
            action: "delete",
            entity: "course_offering",
            entityId: b.id,
            before: b,
            after: null,
          })),
          at,
        );
        return { message: "Sections deleted", sections: [] as SectionRow[] };
      }
      const o = input.CourseOffering;
      const [ts] = await tx.select().from(termSubject).where(eq(termSubject.id, o.courseVersionId));
      if (!ts) throw notFound("No such subject", "CourseOffering.courseVersionId");
      if (input.Operation === "Create") {
        // Serialises section creation per subject, so two concurrent creates take two letters.
        await tx.execute(sql`select id from term_subject where id = ${ts.id} for update`);
        const existing = await tx
          .select({ section: courseOffering.section })
          .from(courseOffering)
          .where(and(eq(courseOffering.termId, ts.termId), eq(courseOffering.courseId, ts.courseId)));
        const letter = nextSectionLetter(existing.map((e) => e.section));
        if (!letter) {
          throw badRequest(
            `A subject has at most ${SECTION_LETTERS.length} sections (A to Z)`,
            "CourseOffering.courseOfferingSectionId",
            "max_sections",
          );
        }
        const [row] = await tx
          .insert(courseOffering)
          .values({
            courseId: ts.courseId,
            termId: ts.termId,
            section: letter,
            capacity: o.courseOfferingCapacity,
          })
          .returning();
        if (!row) throw new Error("insert returned nothing");
        await writeAudit(
          tx,
          user,
          [{ action: "create", entity: "course_offering", entityId: row.id, before: null, after: row }],
          at,
        );
        return { message: `Section ${letter} created`, sections: await sectionsOf(tx, [ts.id]) };
      }
      const upd = input.CourseOffering;
      const [before] = await tx
        .select()
        .from(courseOffering)
        .where(
          and(
            eq(courseOffering.id, upd.courseOfferingId),
            eq(courseOffering.termId, ts.termId),
            eq(courseOffering.courseId, ts.courseId),
          ),
        );
      if (!before) throw notFound("No such section of this subject", "CourseOffering.courseOfferingId");
      const after = await updateVersioned(
        tx,
        courseOffering,
        { id: upd.courseOfferingId, version: upd.version },
        { capacity: upd.courseOfferingCapacity },
        { what: "This section", field: "CourseOffering.version" },
      );
      await writeAudit(
        tx,
        user,
        [{ action: "update", entity: "course_offering", entityId: after.id, before, after }],
        at,
      );
      return { message: "Section updated", sections: await sectionsOf(tx, [ts.id]) };
    })
    .catch((err: unknown) => {
      if (isInUse(err)) throw inUse("A section", "courseOfferingIds");
      if (isUniqueViolation(err)) throw versionConflict("The sections of this subject", "CourseOffering");
      throw err;
    });
}

/**
 * Faculty per section (spec §2 Select Faculty, §5): sets the one faculty member of a section
 * ('Only 1 faculty can be selected' for more). 404 unknown section or faculty; 409 on a stale version.
 */
export async function setSectionFaculty(
  ctx: AppContext,
  user: SessionUser,
  input: z.output<typeof ZSectionFaculty>,
) {
  const facultyId = input.facultyIds[0] as string;
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(courseOffering)
      .where(eq(courseOffering.id, input.courseOfferingId));
    if (!before) throw notFound("No such section", "courseOfferingId");
    const [f] = await tx
      .select({ id: contact.id })
      .from(contact)
      .where(and(eq(contact.id, facultyId), eq(contact.kind, "faculty")));
    if (!f) throw notFound("No such faculty member", "facultyIds");
    const after = await updateVersioned(
      tx,
      courseOffering,
      { id: input.courseOfferingId, version: input.version },
      { facultyId },
      { what: "This section", field: "version" },
    );
    await writeAudit(
      tx,
      user,
      [{ action: "assign_faculty", entity: "course_offering", entityId: after.id, before, after }],
      new Date(ctx.now()),
    );
    return { message: "Faculty assigned", courseOfferingId: after.id, facultyId, version: after.version };
  });
}

/**
 * Master curriculum lookup (spec §7 MasterSubjects get): the programme's primary curriculum by
 * term: termName and specialWrapperList[0].courseWrapperList (id, courseId = code, courseName,
 * credit). 'No Data Found' when it has none.
 */
export async function masterCurriculum(db: Executor, programmeId: string) {
  const prog = await findProgramme(db, programmeId);
  if (!prog) throw notFound("No such programme", "academicProgramId");
  const reqs = await rows<{
    termNumber: number;
    termName: string;
    id: string;
    code: string;
    name: string;
    credits: number;
  }>(
    db,
    sql`select r.term_number as "termNumber", r.term_name as "termName", c.id, c.code, c.name, c.credits
        from plan_requirement r join programme_plan pp on pp.id = r.programme_plan_id join course c on c.id = r.course_id
        where pp.programme_id = ${prog.id} and pp.is_primary order by r.term_number, c.name`,
  );
  const terms: Array<{
    termName: string;
    termNumber: number;
    specialWrapperList: Array<{ courseWrapperList: unknown[] }>;
  }> = [];
  for (const r of reqs) {
    let t = terms.find((x) => x.termNumber === Number(r.termNumber));
    if (!t) {
      t = {
        termName: r.termName,
        termNumber: Number(r.termNumber),
        specialWrapperList: [{ courseWrapperList: [] }],
      };
      terms.push(t);
    }
    t.specialWrapperList[0]?.courseWrapperList.push({
      id: r.id,
      courseId: r.code,
      courseName: r.name,
      credit: Number(r.credits),
    });
  }
  return { message: terms.length === 0 ? PLANNING_MESSAGES.noDataFound : "", data: terms };
}

/**
 * Master import of subjects (spec §7 MasterSubjects post, §4): copies the intake's curriculum (its own
 * programme plan, else the programme's primary one) into its terms by term number, with the terms'
 * dates; subjects already there are kept. Each added subject gets the intake's default sections
 * (Total Section, A..). One transaction, audited. 404 unknown programme or
 * intake.
 */
export async function importMasterSubjects(
  ctx: AppContext,
  user: SessionUser,
  input: z.output<typeof ZIntakeRef>,
) {
  return ctx.db.transaction(async (tx) => {
    const prog = await findProgramme(tx, input.academicProgramId);
    if (!prog) throw notFound("No such programme", "academicProgramId");
    const found = await findIntake(tx, prog.id, input.intake, input.year);
    if (!found) throw notFound("No such intake of this programme, month and year", "intake");
    const added = await rows<{ id: string }>(
      tx,
      sql`insert into term_subject (term_id, course_id, start_date, end_date)
          select t.id, r.course_id, t.start_date, t.end_date
          from term t
          join plan_requirement r on r.term_number = t.number
          where t.intake_id = ${found.id} and r.programme_plan_id = coalesce(
            (select pp.id from programme_plan pp where pp.id = ${found.programmePlanId}
               and exists (select 1 from plan_requirement x where x.programme_plan_id = pp.id)),
            (select pp.id from programme_plan pp where pp.programme_id = ${prog.id} and pp.is_primary order by pp.name limit 1))
          on conflict do nothing
          returning id`,
    );
    const at = new Date(ctx.now());
    const sections = await createDefaultSections(
      tx,
      user,
      added.map((a) => a.id),
      at,
    );
    await writeAudit(
      tx,
      user,
      [
        {
          action: "import_curriculum",
          entity: "intake",
          entityId: found.id,
          before: null,
          after: { subjectsAdded: added.length, sectionsAdded: sections },
        },
      ],
      at,
    );
    return { message: `${countNoun(added.length, "subject")} imported`, imported: added.length, sections };
  });
}

/** A class room (facility) of a campus, as the Select Class Room/Faculty dialog lists it. */
export type RoomRow = { id: string; code: string; name: string; capacity: number };

/**
 * Class rooms of an intake (spec §2 Select Class Room/Faculty): the facilities of the intake's
 * campus, by code. 404 unknown intake.
 */
export async function listIntakeRooms(db: Executor, intakeId: string) {
  const [i] = await rows<{ campusId: string }>(
    db,
    sql`select campus_id as "campusId" from intake where id = ${intakeId}`,
  );
  if (!i) throw notFound("No such intake", "intakeId");
  const rooms = await rows<RoomRow>(
    db,
    sql`select id, code, name, capacity from facility where campus_id = ${i.campusId} order by code limit 500`,
  );
  return { rooms: rooms.map((r) => ({ ...r, capacity: Number(r.capacity) })) };
}

/**
 * Class room of a section (spec §2 Select Class Room/Faculty): sets (or with null clears) the room
 * of a section. The room must be a facility of the campus of the section's intake (400 rule
 * `other_campus`). 404 unknown section or room; 409 on a stale version. Audited.
 */
export async function setSectionRoom(
  ctx: AppContext,
  user: SessionUser,
  input: z.output<typeof ZSectionRoom>,
) {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(courseOffering)
      .where(eq(courseOffering.id, input.courseOfferingId));
    if (!before) throw notFound("No such section", "courseOfferingId");
    if (input.roomId !== null) {
      const [room] = await tx
        .select({ id: facility.id, campusId: facility.campusId })
        .from(facility)
        .where(eq(facility.id, input.roomId));
      if (!room) throw notFound("No such class room", "roomId");
      const [own] = await rows<{ campusId: string }>(
        tx,
        sql`select i.campus_id as "campusId" from term t join intake i on i.id = t.intake_id where t.id = ${before.termId}`,
      );
      if (room.campusId !== own?.campusId) {
        throw badRequest("The class room is not on the intake's campus", "roomId", "other_campus");
      }
    }
    const after = await updateVersioned(
      tx,
      courseOffering,
      { id: input.courseOfferingId, version: input.version },
      { roomId: input.roomId },
      { what: "This section", field: "version" },
    );
    await writeAudit(
      tx,
      user,
      [{ action: "assign_room", entity: "course_offering", entityId: after.id, before, after }],
      new Date(ctx.now()),
    );
    return {
      message: input.roomId === null ? "Class room removed" : "Class room assigned",
      courseOfferingId: after.id,
      roomId: after.roomId,
      version: after.version,
    };
  });
}
