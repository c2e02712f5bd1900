import { ENROLMENT_MESSAGES, type ZCreateEnrolments } from "@portal/domain";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { writeAudit } from "../audit.ts";
import { type ListScope, offeringIdInListScope, planningReach } from "../auth/public.ts";
import type { AppContext, SessionUser } from "../context.ts";
import { insertRowsByColumn } from "../db/bulk-insert.ts";
import type { Executor } from "../db/client.ts";
import { personName } from "../db/person-name.ts";
import { rows } from "../db/rows.ts";
import { enrolment } from "../db/schema.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { ApiError, badRequest, notFound } from "../http/errors.ts";

/** An id and a display name: one choice of the enrolment filters. */
export type Option = { id: string; name: string };

/** PostgreSQL array literal of ids already validated as UUIDs (cast with `::uuid[]`). */
export const uuidArray = (ids: readonly string[]) => `{${ids.join(",")}}`;

/**
 * The cascading choices of the enrolment screens (getDataForCourseEnrolment): institutes always;
 * an institute's programmes, a programme's plans and a plan's terms once the parent is given
 * (empty lists before). A term is named "<intake> · <term>" since every intake that follows the
 * plan has its own terms. Each list holds only what lies within `scope`, the academic office reach
 * of the caller (null: everywhere; docs/security/roles.md). 404 for a parent id that does not exist
 * or lies outside the reach (the same answer).
 */
export async function enrolmentOptions(
  db: Executor,
  q: { instituteId: string; academicProgramId: string; programPlanId: string },
  scope: ListScope | null = null,
) {
  const institutes = await rows<Option>(
    db,
    sql`select n.id, n.name from institution n where ${planningReach.institute(sql`n.id`, scope)}
        order by n.name, n.id`,
  );
  if (q.instituteId && !institutes.some((i) => i.id === q.instituteId)) {
    throw notFound("No such institute", "instituteId");
  }
  const programmes = q.instituteId
    ? await rows<Option>(
        db,
        sql`select p.id, p.name || ' (' || p.code || ')' as name from academic_programme p
            where p.institution_id = ${q.instituteId} and ${planningReach.programme(sql`p.id`, scope)}
            order by p.name, p.code`,
      )
    : [];
  if (q.academicProgramId) {
    const [p] = await rows(
      db,
      sql`select 1 from academic_programme p
        where p.id = ${q.academicProgramId} and ${planningReach.programme(sql`p.id`, scope)}`,
    );
    if (!p) throw notFound("No such programme", "academicProgramId");
  }
  const programmePlans = q.academicProgramId
    ? await rows<Option>(
        db,
        sql`select pp.id, pp.name from programme_plan pp where pp.programme_id = ${q.academicProgramId}
            and ${planningReach.plan(sql`pp.id`, sql`pp.programme_id`, scope)} order by pp.name, pp.id`,
      )
    : [];
  if (q.programPlanId) {
    const [p] = await rows(
      db,
      sql`select 1 from programme_plan pp
        where pp.id = ${q.programPlanId} and ${planningReach.plan(sql`pp.id`, sql`pp.programme_id`, scope)}`,
    );
    if (!p) throw notFound("No such programme plan", "programPlanId");
  }
  const terms = q.programPlanId
    ? await rows<Option>(
        db,
        sql`select t.id, i.name || ' · ' || t.name as name from term t join intake i on i.id = t.intake_id
            where i.programme_plan_id = ${q.programPlanId} and ${planningReach.term(sql`t.id`, scope)}
            order by i.name, t.number`,
      )
    : [];
  return { institutes, programmes, programmePlans, terms };
}

type TillTerm = { id: string; name: string; number: number; intakeId: string; intake: string };

/** The term `termId` with its intake; 404 when unknown or outside `scope` (the same answer). */
async function findTerm(db: Executor, termId: string, scope: ListScope | null = null): Promise<TillTerm> {
  const [t] = await rows<TillTerm>(
    db,
    sql`select t.id, t.name, t.number::int as number, t.intake_id as "intakeId", i.name as intake
        from term t join intake i on i.id = t.intake_id
        where t.id = ${termId} and ${planningReach.term(sql`t.id`, scope)}`,
  );
  if (!t) throw notFound("No such term", "termId");
  return t;
}

/** A course offering the students can be enrolled in, with its seats. */
export type EnrolmentOffering = {
  id: string;
  courseCode: string;
  courseName: string;
  term: string;
  termNumber: number;
  section: string;
  capacity: number;
  enrolled: number;
};

/**
 * The rows of the Enrol Student screen (getStudentAndCourseForEnrolment): the till term and its
 * intake; every course offering of the intake's terms numbered up to the till term (a plan's terms
 * hold a bounded number of courses, so this list is whole), by term, course code and section, with
 * capacity and enrolled count; and one page (pageNo, count) of the intake's students by name, each
 * with how many of those offerings they are enrolled in. Narrowed to `scope`, the caller's academic
 * office reach (null: everywhere): the term must lie within it (404 otherwise, as for an unknown
 * term) and only the offerings within it are listed (a class-section scope: that section only).
 * 404 unknown term.
 */
export async function enrolmentCandidates(
  db: Executor,
  q: { termId: string; pageNo: number; count: number },
  scope: ListScope | null = null,
) {
  const term = await findTerm(db, q.termId, scope);
  const courseOfferings = await rows<EnrolmentOffering>(
    db,
    sql`select o.id, c.code as "courseCode", c.name as "courseName", t.name as term, t.number::int as "termNumber",
          o.section, o.capacity,
          (select count(*)::int from enrolment e where e.course_offering_id = o.id) as enrolled
        from course_offering o join course c on c.id = o.course_id join term t on t.id = o.term_id
        where t.intake_id = ${term.intakeId} and t.number <= ${term.number}
          and ${offeringIdInListScope(sql`o.id`, scope)}
        order by t.number, c.code, o.section`,
  );
  const [total] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from contact where kind = 'student' and intake_id = ${term.intakeId}`,
  );
  const students = await rows<{
    id: string;
    name: string;
    code: string;
    email: string;
    enrolledCourses: number;
  }>(
    db,
    sql`select s.id, ${personName("s")} as name, coalesce(s.code, '') as code, s.email,
          (select count(*)::int from enrolment e join course_offering o on o.id = e.course_offering_id
             join term t on t.id = o.term_id
           where e.student_id = s.id and t.intake_id = ${term.intakeId} and t.number <= ${term.number})
            as "enrolledCourses"
        from contact s where s.kind = 'student' and s.intake_id = ${term.intakeId}
        order by s.first_name, s.last_name, s.id
        limit ${q.count} offset ${(q.pageNo - 1) * q.count}`,
  );
  return {
    term: { id: term.id, name: term.name, intake: term.intake },
    courseOfferings,
    students,
    noOfRecords: total?.n ?? 0,
  };
}

type LockedOffering = {
  id: string;
  courseId: string;
  termId: string;
  termNumber: number;
  intakeId: string;
  code: string;
  section: string;
  capacity: number;
};

/**
 * Enrols students in course offerings up to a till term (createEnrolmentTillCourses), all in one
 * transaction. The offerings must belong to the till term's intake in terms numbered up to it (400
 * rule `till_term`), one section per course and term (400 rule `one_section`); the students must be
 * students of that intake (404 unknown, 400 rule `intake`). A student already enrolled in the course
 * in that term (this section or another) is skipped, never enrolled twice. The offerings' rows are
 * locked and counted; when the new students would take an offering past its capacity the whole
 * call is refused (409 `capacity_exceeded`, params code, section, capacity, enrolled, requested)
 * and nothing is written. One audit row `enrol_students` per offering that gained students.
 * Answers how many enrolments were created and skipped.
 */
export async function createEnrolments(
  ctx: AppContext,
  user: SessionUser,
  input: z.output<typeof ZCreateEnrolments>,
): Promise<{ created: number; skipped: number }> {
  return ctx.db
    .transaction(async (tx) => {
      const term = await findTerm(tx, input.termId);
      const offerings = await rows<LockedOffering>(
        tx,
        sql`select o.id, o.course_id as "courseId", o.term_id as "termId", t.number::int as "termNumber",
              t.intake_id as "intakeId", c.code, o.section, o.capacity
            from course_offering o join term t on t.id = o.term_id join course c on c.id = o.course_id
            where o.id = any(${uuidArray(input.courseOfferingIds)}::uuid[])
            order by o.id for update of o`,
      );
      if (offerings.length !== input.courseOfferingIds.length) {
        throw notFound("No such course offering", "courseOfferingIds");
      }
      if (offerings.some((o) => o.intakeId !== term.intakeId || o.termNumber > term.number)) {
        throw badRequest(
          "A course offering is not in a term up to the selected term",
          "courseOfferingIds",
          "till_term",
        );
      }
      const courseKey = (courseId: string, termId: string) => `${courseId}|${termId}`;
      if (new Set(offerings.map((o) => courseKey(o.courseId, o.termId))).size !== offerings.length) {
        throw badRequest(ENROLMENT_MESSAGES.oneSectionPerCourse, "courseOfferingIds", "one_section");
      }
      // Locked, so a concurrent call for the same students (in another section of a course) waits
      // and then sees what this one enrolled.
      const students = await rows<{ id: string; intakeId: string | null }>(
        tx,
        sql`select id, intake_id as "intakeId" from contact
            where kind = 'student' and id = any(${uuidArray(input.studentIds)}::uuid[])
            order by id for no key update`,
      );
      if (students.length !== input.studentIds.length) throw notFound("No such student", "studentIds");
      if (students.some((s) => s.intakeId !== term.intakeId)) {
        throw badRequest("A student is not in the intake of the selected term", "studentIds", "intake");
      }
      // What the students already take in these courses and terms, in any section.
      const taken = await rows<{ studentId: string; courseId: string; termId: string }>(
        tx,
        sql`select e.student_id as "studentId", o.course_id as "courseId", o.term_id as "termId"
            from enrolment e join course_offering o on o.id = e.course_offering_id
            where e.student_id = any(${uuidArray(input.studentIds)}::uuid[])
              and o.term_id = any(${uuidArray([...new Set(offerings.map((o) => o.termId))])}::uuid[])`,
      );
      const takenKeys = new Set(taken.map((t) => `${t.studentId}|${courseKey(t.courseId, t.termId)}`));
      const counts = await rows<{ id: string; n: number }>(
        tx,
        sql`select course_offering_id as id, count(*)::int as n from enrolment
            where course_offering_id = any(${uuidArray(input.courseOfferingIds)}::uuid[])
            group by course_offering_id`,
      );
      const enrolled = new Map(counts.map((c) => [c.id, c.n]));
      const toCreate: Array<{ studentId: string; courseOfferingId: string }> = [];
      const added = new Map<string, string[]>();
      for (const o of offerings) {
        const fresh = input.studentIds.filter(
          (s) => !takenKeys.has(`${s}|${courseKey(o.courseId, o.termId)}`),
        );
        const before = enrolled.get(o.id) ?? 0;
        if (before + fresh.length > o.capacity) {
          throw new ApiError(
            409,
            `Capacity exceeded: ${o.code} Section ${o.section} has ${o.capacity} seats, ${before} taken, ${fresh.length} more requested. Nothing was enrolled.`,
            {
              errorCode: "capacity_exceeded",
              field: "courseOfferingIds",
              params: {
                code: o.code,
                section: o.section,
                capacity: o.capacity,
                enrolled: before,
                requested: fresh.length,
              },
            },
          );
        }
        if (fresh.length > 0) added.set(o.id, fresh);
        for (const studentId of fresh) toCreate.push({ studentId, courseOfferingId: o.id });
      }
      await insertRowsByColumn(tx, enrolment, toCreate);
      await writeAudit(
        tx,
        user,
        [...added].map(([id, studentIds]) => ({
          action: "enrol_students" as const,
          entity: "course_offering",
          entityId: id,
          before: { enrolled: enrolled.get(id) ?? 0 },
          after: { enrolled: (enrolled.get(id) ?? 0) + studentIds.length, termId: term.id, studentIds },
        })),
        new Date(ctx.now()),
      );
      return {
        created: toCreate.length,
        skipped: input.studentIds.length * offerings.length - toCreate.length,
      };
    })
    .catch((err: unknown) => {
      // Another office enrolled one of the same students at the same moment: nothing of this call stays.
      if (isUniqueViolation(err)) {
        throw new ApiError(
          409,
          "These students were enrolled by someone else meanwhile. Reload and try again.",
          {
            errorCode: "conflict",
            field: "studentIds",
          },
        );
      }
      throw err;
    });
}
