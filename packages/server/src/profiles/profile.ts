/**
 * Reading a 360 profile (openapi/profiles.yaml `getProfile`, `getMyProfile`,
 * `listProfileContacts`): the contact with its details, addresses, relationships, education history
 * and additional information, the admin notes for those who may read them, and read-only summaries
 * from the exam and academic records (enrolments or sections taught, exams, grades, revaluation and
 * retest requests), each cut to its newest {@link SUMMARY_LIMIT} rows.
 */

import type { ZProfileContactQuery } from "@portal/domain";
import { and, asc, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { SessionUser } from "../context.ts";
import type { Executor } from "../db/client.ts";
import { personName } from "../db/person-name.ts";
import {
  adminNote,
  contact,
  contactAdditionalInfo,
  contactAddress,
  contactDetail,
  contactRelationship,
  course,
  courseOffering,
  educationHistory,
  enrolment,
  exam,
  intake,
  retestRequest,
  revaluationRequest,
  studentGrade,
  term,
} from "../db/schema.ts";
import { checkProfileAccess, loadContact, mayUseAdminNotes } from "./access.ts";

/** Most rows of each read-only summary a profile answers (the newest first). */
export const SUMMARY_LIMIT = 50;

/** URL of a contact's passport photo under the API. */
export function photoUrl(contactId: string): string {
  return `/api/sf/profile/${contactId}/photo`;
}

const iso = (d: Date) => d.toISOString();

/**
 * The 360 profile of `contactId` as `user` may see it (access.ts: 403 otherwise; 404 unknown
 * contact). `adminNotes` is null for a user who may not read them; `canEdit` says whether the user
 * may change the profile.
 */
export async function getProfile(db: Executor, user: SessionUser, contactId: string) {
  const person = await loadContact(db, contactId);
  const { own } = await checkProfileAccess(db, user, contactId, "read");
  const canEdit = own || user.roles.some((r) => r === "admin" || r === "academic_office");
  const [details] = await db.select().from(contactDetail).where(eq(contactDetail.contactId, contactId));
  const [intakeRow] = person.intakeId
    ? await db.select({ name: intake.name }).from(intake).where(eq(intake.id, person.intakeId))
    : [];
  const byContact = (t: { contactId: PgColumn }) => eq(t.contactId, contactId);
  const addresses = await db
    .select()
    .from(contactAddress)
    .where(byContact(contactAddress))
    .orderBy(asc(contactAddress.kind));
  const relationships = await db
    .select()
    .from(contactRelationship)
    .where(byContact(contactRelationship))
    .orderBy(asc(contactRelationship.relatedName), asc(contactRelationship.id));
  const education = await db
    .select()
    .from(educationHistory)
    .where(byContact(educationHistory))
    .orderBy(desc(educationHistory.yearOfPassing), asc(educationHistory.id));
  const additional = await db
    .select()
    .from(contactAdditionalInfo)
    .where(byContact(contactAdditionalInfo))
    .orderBy(asc(contactAdditionalInfo.label), asc(contactAdditionalInfo.id));
  const notes = mayUseAdminNotes(user) ? await listAdminNotes(db, contactId) : null;
  const strip = <T extends { contactId: string; updatedAt: Date }>({
    contactId: _c,
    updatedAt: _u,
    ...rest
  }: T) => rest;
  return {
    contactId: person.id,
    kind: person.kind,
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    code: person.code,
    intakeName: intakeRow?.name ?? null,
    facultyType: person.facultyType,
    own,
    canEdit,
    details: {
      mobile: details?.mobile ?? null,
      dateOfBirth: details?.dateOfBirth ?? null,
      gender: details?.gender ?? null,
      nationality: details?.nationality ?? null,
      photoUrl: details?.photoKey ? photoUrl(contactId) : null,
      version: details?.version ?? 0,
    },
    addresses: addresses.map(strip),
    relationships: relationships.map(strip),
    educationHistory: education.map(strip),
    additionalInfo: additional.map(strip),
    adminNotes: notes,
    ...(await recordSummaries(db, person.id, person.kind)),
  };
}

/** The admin notes on `contactId`, newest first (at most 200). */
export async function listAdminNotes(db: Executor, contactId: string) {
  const rows = await db
    .select()
    .from(adminNote)
    .where(eq(adminNote.contactId, contactId))
    .orderBy(desc(adminNote.createdAt), desc(adminNote.id))
    .limit(200);
  return rows.map((n) => ({
    id: n.id,
    note: n.note,
    authorEmail: n.authorEmail,
    createdAt: iso(n.createdAt),
  }));
}

/**
 * Read-only summaries from the academic and exam records: a student's enrolments, exams, grades and
 * requests; a faculty member's sections taught and their exams (no grades or requests of their own).
 */
async function recordSummaries(db: Executor, contactId: string, kind: "faculty" | "student") {
  const offeringOf: SQL =
    kind === "student" ? eq(enrolment.studentId, contactId) : eq(courseOffering.facultyId, contactId);
  const offeringColumns = {
    courseOfferingId: courseOffering.id,
    courseCode: course.code,
    courseName: course.name,
    section: courseOffering.section,
    termName: term.name,
  };
  const offeringOrder = [desc(term.startDate), asc(course.code), asc(courseOffering.section)] as const;
  const enrolments =
    kind === "student"
      ? await db
          .select({
            ...offeringColumns,
            status: enrolment.status,
            attendancePercent: enrolment.attendancePercent,
          })
          .from(enrolment)
          .innerJoin(courseOffering, eq(courseOffering.id, enrolment.courseOfferingId))
          .innerJoin(course, eq(course.id, courseOffering.courseId))
          .innerJoin(term, eq(term.id, courseOffering.termId))
          .where(offeringOf)
          .orderBy(...offeringOrder)
          .limit(SUMMARY_LIMIT)
      : (
          await db
            .select(offeringColumns)
            .from(courseOffering)
            .innerJoin(course, eq(course.id, courseOffering.courseId))
            .innerJoin(term, eq(term.id, courseOffering.termId))
            .where(offeringOf)
            .orderBy(...offeringOrder)
            .limit(SUMMARY_LIMIT)
        ).map((r) => ({ ...r, status: "Teaching", attendancePercent: null as number | null }));

  const examBase = db
    .select({
      examId: exam.id,
      courseCode: course.code,
      courseName: course.name,
      component: exam.component,
      examType: exam.examType,
      examDate: exam.examDate,
      startTime: exam.startTime,
    })
    .from(exam)
    .innerJoin(courseOffering, eq(courseOffering.id, exam.courseOfferingId))
    .innerJoin(course, eq(course.id, courseOffering.courseId));
  const exams =
    kind === "student"
      ? await examBase
          .innerJoin(enrolment, eq(enrolment.courseOfferingId, courseOffering.id))
          .where(offeringOf)
          .orderBy(desc(exam.examDate), asc(exam.startTime), asc(exam.id))
          .limit(SUMMARY_LIMIT)
      : await examBase
          .where(offeringOf)
          .orderBy(desc(exam.examDate), asc(exam.startTime), asc(exam.id))
          .limit(SUMMARY_LIMIT);

  if (kind === "faculty") return { enrolments, exams, marks: [], requests: [] };

  const marks = (
    await db
      .select({
        courseOfferingId: studentGrade.courseOfferingId,
        courseCode: course.code,
        courseName: course.name,
        termName: term.name,
        totalPercent: studentGrade.totalPercent,
        finalGrade: studentGrade.finalGrade,
        gradePoint: studentGrade.gradePoint,
        published: studentGrade.locked,
      })
      .from(studentGrade)
      .innerJoin(courseOffering, eq(courseOffering.id, studentGrade.courseOfferingId))
      .innerJoin(course, eq(course.id, courseOffering.courseId))
      .innerJoin(term, eq(term.id, courseOffering.termId))
      .where(eq(studentGrade.studentId, contactId))
      .orderBy(desc(term.startDate), asc(course.code))
      .limit(SUMMARY_LIMIT)
  ).map((m) => ({ ...m, totalPercent: Number(m.totalPercent), gradePoint: Number(m.gradePoint) }));

  const requestOf = (table: typeof revaluationRequest | typeof retestRequest) =>
    db
      .select({
        id: table.id,
        examId: table.examId,
        courseCode: course.code,
        courseName: course.name,
        component: exam.component,
        state: table.state,
        requestedAt: table.requestedAt,
      })
      .from(table)
      .innerJoin(exam, eq(exam.id, table.examId))
      .innerJoin(courseOffering, eq(courseOffering.id, exam.courseOfferingId))
      .innerJoin(course, eq(course.id, courseOffering.courseId))
      .where(eq(table.studentId, contactId))
      .orderBy(desc(table.requestedAt), asc(table.id))
      .limit(SUMMARY_LIMIT);
  const requests = [
    ...(await requestOf(revaluationRequest)).map((r) => ({ ...r, type: "Revaluation" as const })),
    ...(await requestOf(retestRequest)).map((r) => ({ ...r, type: "Retest" as const })),
  ]
    .sort((a, b) => b.requestedAt.getTime() - a.requestedAt.getTime() || a.id.localeCompare(b.id))
    .slice(0, SUMMARY_LIMIT)
    .map((r) => ({ ...r, requestedAt: iso(r.requestedAt) }));

  return { enrolments, exams, marks, requests };
}

/**
 * One page of students or faculty for the profile screens' pickers (`listProfileContacts`): name,
 * email or code containing `search` (case-insensitive), sorted by last and first name.
 */
export async function listProfileContacts(db: Executor, query: z.output<typeof ZProfileContactQuery>) {
  const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = and(
    eq(contact.kind, query.kind),
    query.search
      ? or(ilike(personName(contact), pattern), ilike(contact.email, pattern), ilike(contact.code, pattern))
      : undefined,
  );
  const [total] = await db.select({ n: count() }).from(contact).where(where);
  const rows = await db
    .select({
      contactId: contact.id,
      name: personName(contact),
      email: contact.email,
      code: contact.code,
      intakeName: intake.name,
      facultyType: contact.facultyType,
    })
    .from(contact)
    .leftJoin(intake, eq(intake.id, contact.intakeId))
    .where(where)
    .orderBy(asc(contact.lastName), asc(contact.firstName), asc(contact.id))
    .limit(query.count)
    .offset((query.pageNo - 1) * query.count);
  return { noOfRecords: total?.n ?? 0, contacts: rows };
}
