import { CONTRACT_MESSAGES, type ContractState } from "@portal/domain";
import { sql } from "drizzle-orm";
import { type ListScope, offeringIdInListScope } from "../auth/public.ts";
import type { Executor } from "../db/client.ts";
import { rows } from "../db/rows.ts";
import { notFound } from "../http/errors.ts";

/*
 * The course offerings as the contract office sees them: View Course
 * (`/app/ViewCourse`) and the sections a faculty member teaches (`/app/facultySection`).
 * Read-only; openapi/contracts.yaml (`listCourseOfferings`, `getCourseOffering`,
 * `listFacultySections`). The project keeps no course documents, so none are answered.
 */

/** One row of the course-offering list (and of a faculty member's sections). */
export type CourseOfferingRow = {
  id: string;
  courseCode: string;
  courseName: string;
  section: string;
  termId: string;
  termName: string;
  termStartDate: string;
  termEndDate: string;
  intakeName: string;
  /** Students enrolled (every enrolment row of the offering, whatever its status). */
  enrolled: number;
  capacity: number;
  /** The faculty member assigned to teach it; null while none is. */
  facultyId: string | null;
  facultyName: string | null;
  /** Contracts covering it that are not cancelled. */
  activeContracts: number;
};

/** A contract covering a course offering. Amount in whole rupees. */
export type CourseOfferingContract = {
  id: string;
  state: ContractState;
  facultyId: string;
  facultyName: string;
  facultyEmail: string;
  hours: number;
  amount: number;
  startDate: string;
  endDate: string;
  updatedAt: string;
};

/** One course offering as View Course shows it (openapi `CourseOfferingView`). */
export type CourseOfferingView = {
  id: string;
  section: string;
  capacity: number;
  enrolled: number;
  course: { id: string; code: string; name: string; credits: number };
  term: { id: string; name: string; number: number; startDate: string; endDate: string };
  intake: { id: string; name: string; programmeName: string; programmePlanName: string | null };
  faculty: { id: string; name: string; email: string } | null;
  /** The other sections of the same course in the same term. */
  otherSections: Array<{
    id: string;
    section: string;
    facultyName: string | null;
    enrolled: number;
    capacity: number;
  }>;
  contracts: CourseOfferingContract[];
};

const like = (search: string) => `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

const rowSelect = sql`select o.id, co.code as "courseCode", co.name as "courseName", o.section,
    t.id as "termId", t.name as "termName", to_char(t.start_date, 'YYYY-MM-DD') as "termStartDate",
    to_char(t.end_date, 'YYYY-MM-DD') as "termEndDate", i.name as "intakeName",
    (select count(*)::int from enrolment e where e.course_offering_id = o.id) as enrolled, o.capacity,
    f.id as "facultyId", case when f.id is null then null else f.first_name || ' ' || f.last_name end as "facultyName",
    (select count(*)::int from contract_course_offering kc join contract k on k.id = kc.contract_id
      where kc.course_offering_id = o.id and k.state <> 'cancelled') as "activeContracts"
  from course_offering o join course co on co.id = o.course_id join term t on t.id = o.term_id
  join intake i on i.id = t.intake_id left join contact f on f.id = o.faculty_id`;

/**
 * The course offerings (`GET /salesforce/facultyOnboarding/courseOfferings`): filtered by a part of
 * the course's code or name, the intake's name or the section's faculty member, optionally by term;
 * newest term first, then by course code and section; one page and the total. Only the offerings
 * within `scope`, the caller's academic office reach (null: everywhere; docs/security/roles.md).
 */
export async function listCourseOfferings(
  db: Executor,
  q: { search: string; termId?: string | undefined; pageNo: number; count: number },
  scope: ListScope | null = null,
): Promise<{ noOfRecords: number; courseOfferings: CourseOfferingRow[] }> {
  const pattern = like(q.search);
  const termId = q.termId ?? null;
  const where = sql`where (${termId}::uuid is null or o.term_id = ${termId}::uuid)
    and ${offeringIdInListScope(sql`o.id`, scope)}
    and (${q.search} = '' or co.code ilike ${pattern} or co.name ilike ${pattern} or i.name ilike ${pattern}
      or f.first_name || ' ' || f.last_name ilike ${pattern})`;
  const [total] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from course_offering o join course co on co.id = o.course_id
      join term t on t.id = o.term_id join intake i on i.id = t.intake_id
      left join contact f on f.id = o.faculty_id ${where}`,
  );
  const page = await rows<CourseOfferingRow>(
    db,
    sql`${rowSelect} ${where} order by t.start_date desc, i.name, co.code, o.section, o.id
      limit ${q.count} offset ${(q.pageNo - 1) * q.count}`,
  );
  return { noOfRecords: total?.n ?? 0, courseOfferings: page };
}

/**
 * One course offering (`GET /courseOfferings/{id}`): its course, term, intake with programme and
 * plan, section, capacity and enrolled students, the faculty member assigned, the course's other
 * sections that term, and the contracts covering it (newest change first). 404 when unknown, and
 * (the same answer) when outside `scope`, the caller's academic office reach (null: everywhere);
 * the other sections are those within the reach.
 */
export async function getCourseOffering(
  db: Executor,
  id: string,
  scope: ListScope | null = null,
): Promise<CourseOfferingView> {
  const [o] = await rows<{
    id: string;
    section: string;
    capacity: number;
    enrolled: number;
    courseId: string;
    courseCode: string;
    courseName: string;
    credits: number;
    termId: string;
    termName: string;
    termNumber: number;
    termStartDate: string;
    termEndDate: string;
    intakeId: string;
    intakeName: string;
    programmeName: string;
    programmePlanName: string | null;
    facultyId: string | null;
    facultyName: string | null;
    facultyEmail: string | null;
  }>(
    db,
    sql`select o.id, o.section, o.capacity,
        (select count(*)::int from enrolment e where e.course_offering_id = o.id) as enrolled,
        co.id as "courseId", co.code as "courseCode", co.name as "courseName", co.credits::int as credits,
        t.id as "termId", t.name as "termName", t.number::int as "termNumber",
        to_char(t.start_date, 'YYYY-MM-DD') as "termStartDate", to_char(t.end_date, 'YYYY-MM-DD') as "termEndDate",
        i.id as "intakeId", i.name as "intakeName", p.name as "programmeName", pp.name as "programmePlanName",
        f.id as "facultyId", case when f.id is null then null else f.first_name || ' ' || f.last_name end as "facultyName",
        f.email as "facultyEmail"
      from course_offering o join course co on co.id = o.course_id join term t on t.id = o.term_id
      join intake i on i.id = t.intake_id join academic_programme p on p.id = i.programme_id
      left join programme_plan pp on pp.id = i.programme_plan_id left join contact f on f.id = o.faculty_id
      where o.id = ${id} and ${offeringIdInListScope(sql`o.id`, scope)}`,
  );
  if (!o) throw notFound(CONTRACT_MESSAGES.courseOfferingNotFound, "id");
  const otherSections = await rows<CourseOfferingView["otherSections"][number]>(
    db,
    sql`select o.id, o.section, case when f.id is null then null else f.first_name || ' ' || f.last_name end as "facultyName",
        (select count(*)::int from enrolment e where e.course_offering_id = o.id) as enrolled, o.capacity
      from course_offering o left join contact f on f.id = o.faculty_id
      where o.course_id = ${o.courseId} and o.term_id = ${o.termId} and o.id <> ${id}
        and ${offeringIdInListScope(sql`o.id`, scope)} order by o.section, o.id`,
  );
  const contracts = await rows<CourseOfferingContract & { updatedAt: Date | string }>(
    db,
    sql`select k.id, k.state, c.id as "facultyId", c.first_name || ' ' || c.last_name as "facultyName",
        c.email as "facultyEmail", k.hours, (k.hours * k.rate_per_hour)::int as amount,
        to_char(k.start_date, 'YYYY-MM-DD') as "startDate", to_char(k.end_date, 'YYYY-MM-DD') as "endDate",
        k.updated_at as "updatedAt"
      from contract_course_offering kc join contract k on k.id = kc.contract_id
      join contact c on c.id = k.faculty_id
      where kc.course_offering_id = ${id} order by k.updated_at desc, k.id`,
  );
  return {
    id: o.id,
    section: o.section,
    capacity: o.capacity,
    enrolled: o.enrolled,
    course: { id: o.courseId, code: o.courseCode, name: o.courseName, credits: o.credits },
    term: {
      id: o.termId,
      name: o.termName,
      number: o.termNumber,
      startDate: o.termStartDate,
      endDate: o.termEndDate,
    },
    intake: {
      id: o.intakeId,
      name: o.intakeName,
      programmeName: o.programmeName,
      programmePlanName: o.programmePlanName,
    },
    faculty:
      o.facultyId && o.facultyName && o.facultyEmail
        ? { id: o.facultyId, name: o.facultyName, email: o.facultyEmail }
        : null,
    otherSections,
    contracts: contracts.map((k) => ({ ...k, updatedAt: new Date(k.updatedAt).toISOString() })),
  };
}

/**
 * The sections a faculty member teaches (`GET /faculty/{contactId}/sections`): every course
 * offering assigned to the contact, with term, enrolled students and capacity, newest term first.
 * 404 when `contactId` is not a faculty member. Only the sections within `scope`, the caller's
 * academic office reach (null: everywhere).
 */
export async function listFacultySections(
  db: Executor,
  contactId: string,
  scope: ListScope | null = null,
): Promise<{ faculty: { id: string; name: string; email: string }; sections: CourseOfferingRow[] }> {
  const [faculty] = await rows<{ id: string; name: string; email: string }>(
    db,
    sql`select id, first_name || ' ' || last_name as name, email from contact
      where id = ${contactId} and kind = 'faculty'`,
  );
  if (!faculty) throw notFound(CONTRACT_MESSAGES.facultyNotFound, "contactId");
  const sections = await rows<CourseOfferingRow>(
    db,
    sql`${rowSelect} where o.faculty_id = ${contactId} and ${offeringIdInListScope(sql`o.id`, scope)}
      order by t.start_date desc, i.name, co.code, o.section, o.id limit 500`,
  );
  return { faculty, sections };
}
