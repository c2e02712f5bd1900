import type { ZFacultyAssociation, ZFacultyAssociationRemoval } from "@portal/domain";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { writeAudit } from "../audit.ts";
import { type ListScope, offeringIdInListScope, planningReach } from "../auth/public.ts";
import type { AppContext, SessionUser } from "../context.ts";
import type { Executor } from "../db/client.ts";
import { personName } from "../db/person-name.ts";
import { rows } from "../db/rows.ts";
import { contact, courseOffering } from "../db/schema.ts";
import { updateVersioned } from "../db/versioned-update.ts";
import { ApiError, badRequest, notFound } from "../http/errors.ts";

/** One course offering (section) of a term with the faculty member associated with it, if any. */
export type FacultyEnrolmentRow = {
  courseOfferingId: string;
  courseCode: string;
  courseName: string;
  section: string;
  capacity: number;
  enrolled: number;
  facultyId: string | null;
  facultyName: string | null;
  facultyEmail: string | null;
  version: number;
};

/**
 * The Enrol Faculty list (FacultyEnrollment get): one page (pageNo, count) of the term's course
 * offerings by course code and section, each with its capacity, enrolled students and associated
 * faculty member (null when none) and its version. Narrowed to `scope`, the caller's academic office
 * reach (null: everywhere): a term outside it answers 404 like an unknown one, and only the sections
 * within it are counted and listed. 404 unknown term.
 */
export async function listFacultyEnrolment(
  db: Executor,
  q: { termId: string; pageNo: number; count: number },
  scope: ListScope | null = null,
) {
  const [term] = await rows<{ id: string; name: string; intake: string }>(
    db,
    sql`select t.id, t.name, i.name as intake from term t join intake i on i.id = t.intake_id
        where t.id = ${q.termId} and ${planningReach.term(sql`t.id`, scope)}`,
  );
  if (!term) throw notFound("No such term", "termId");
  const [total] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from course_offering o
        where o.term_id = ${q.termId} and ${offeringIdInListScope(sql`o.id`, scope)}`,
  );
  const sections = await rows<FacultyEnrolmentRow>(
    db,
    sql`select o.id as "courseOfferingId", c.code as "courseCode", c.name as "courseName", o.section,
          o.capacity, (select count(*)::int from enrolment e where e.course_offering_id = o.id) as enrolled,
          o.faculty_id as "facultyId", ${personName("f")} as "facultyName", f.email as "facultyEmail",
          o.version
        from course_offering o join course c on c.id = o.course_id left join contact f on f.id = o.faculty_id
        where o.term_id = ${q.termId} and ${offeringIdInListScope(sql`o.id`, scope)}
        order by c.code, o.section, o.id
        limit ${q.count} offset ${(q.pageNo - 1) * q.count}`,
  );
  return { term, sections, noOfRecords: total?.n ?? 0 };
}

/**
 * Associates a faculty member (a faculty contact) with a course offering (FacultyEnrollment post).
 * A section has one faculty member (planning spec §5 'Only 1 faculty can be selected'): the same
 * member again is refused with 409 `duplicate`, another member while one is associated with 409
 * `already_associated` (remove the association first). 404 unknown section or faculty member; 409
 * `version_conflict` on a stale version. Audited as `assign_faculty`.
 */
export async function associateFaculty(
  ctx: AppContext,
  user: SessionUser,
  input: z.output<typeof ZFacultyAssociation>,
) {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(courseOffering)
      .where(eq(courseOffering.id, input.courseOfferingId))
      .for("update");
    if (!before) throw notFound("No such section", "courseOfferingId");
    const [f] = await tx
      .select({ id: contact.id })
      .from(contact)
      .where(and(eq(contact.id, input.facultyId), eq(contact.kind, "faculty")));
    if (!f) throw notFound("No such faculty member", "facultyId");
    if (before.facultyId === input.facultyId) {
      throw new ApiError(409, "This faculty member is already associated with this section", {
        errorCode: "duplicate",
        field: "facultyId",
      });
    }
    if (before.facultyId !== null && before.version === input.version) {
      throw new ApiError(409, "This section already has a faculty member. Remove the association first.", {
        errorCode: "already_associated",
        field: "courseOfferingId",
      });
    }
    const after = await updateVersioned(
      tx,
      courseOffering,
      { id: before.id, version: input.version },
      { facultyId: input.facultyId },
      { what: "This section", field: "version" },
    );
    await writeAudit(
      tx,
      user,
      [{ action: "assign_faculty", entity: "course_offering", entityId: after.id, before, after }],
      new Date(ctx.now()),
    );
    return { courseOfferingId: after.id, facultyId: input.facultyId, version: after.version };
  });
}

/**
 * Ends the association of a course offering with its faculty member (FacultyEnrollment delete).
 * 404 unknown section; 400 rule `no_faculty` when none is associated; 409 `version_conflict` on a
 * stale version. Audited as `remove_faculty`.
 */
export async function removeFacultyAssociation(
  ctx: AppContext,
  user: SessionUser,
  input: z.output<typeof ZFacultyAssociationRemoval>,
) {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(courseOffering)
      .where(eq(courseOffering.id, input.courseOfferingId))
      .for("update");
    if (!before) throw notFound("No such section", "courseOfferingId");
    if (before.facultyId === null && before.version === input.version) {
      throw badRequest("This section has no faculty member", "courseOfferingId", "no_faculty");
    }
    const after = await updateVersioned(
      tx,
      courseOffering,
      { id: before.id, version: input.version },
      { facultyId: null },
      { what: "This section", field: "version" },
    );
    await writeAudit(
      tx,
      user,
      [{ action: "remove_faculty", entity: "course_offering", entityId: after.id, before, after }],
      new Date(ctx.now()),
    );
    return { courseOfferingId: after.id, version: after.version };
  });
}
