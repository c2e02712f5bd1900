/**
 * Promotion criteria and who meets them (spec §7 PromotionCriteriaData, CriteriaWithFilterData with
 * recordType Master or Default and criteriaType, createCriteriaWithFilter; route
 * /app/exam/promotionCriteria). Students are evaluated against their stored, published results.
 */

import {
  gradePointAverage,
  type PromotionCriteria,
  type PromotionStatus,
  promotionStatus,
} from "@portal/domain";
import { and, asc, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import { writeAudit } from "../audit.ts";
import type { AppContext, SessionUser } from "../context.ts";
import type { Executor } from "../db/client.ts";
import { personName } from "../db/person-name.ts";
import {
  contact,
  course,
  courseOffering,
  enrolment,
  intake,
  promotionCriteria,
  studentGrade,
} from "../db/schema.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { updateVersioned } from "../db/versioned-update.ts";
import { ApiError, badRequest, notFound } from "../http/errors.ts";
import { isUuid } from "../http/request.ts";

type CriteriaRow = typeof promotionCriteria.$inferSelect;

/** Wire form of a criterion. */
export function criteriaWire(row: CriteriaRow) {
  return {
    id: row.id,
    name: row.name,
    recordType: row.recordType,
    criteriaType: row.criteriaType,
    programmeId: row.programmeId,
    minGradePoints: row.minGradePoints,
    maxFailedCourses: row.maxFailedCourses,
    minAttendancePercent: row.minAttendancePercent,
    version: row.version,
  };
}

/** Criteria filtered by record type and criteria type ("" = any), by name. */
export async function listCriteria(db: Executor, filter: { recordType: string; criteriaType: string }) {
  const where: SQL[] = [];
  if (filter.recordType) where.push(sql`${promotionCriteria.recordType} = ${filter.recordType}`);
  if (filter.criteriaType) where.push(sql`${promotionCriteria.criteriaType} = ${filter.criteriaType}`);
  const rows = await db
    .select()
    .from(promotionCriteria)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(promotionCriteria.name));
  return rows.map(criteriaWire);
}

/**
 * Creates (no `id`) or updates (with `id` and `version`) a criterion; audited. 400 unknown programme,
 * 404 unknown id, 409 stale version or a name already used.
 */
export async function saveCriteria(
  ctx: AppContext,
  actor: SessionUser,
  input: PromotionCriteria & { id: string | null; version: number; programmeId: string | null },
) {
  const at = new Date(ctx.now());
  const { id, version, ...values } = input;
  try {
    return await ctx.db.transaction(async (tx) => {
      if (id) {
        const [current] = isUuid(id)
          ? await tx.select().from(promotionCriteria).where(eq(promotionCriteria.id, id))
          : [];
        if (!current) throw notFound("No such criterion", "id");
        const row = await updateVersioned(tx, promotionCriteria, { id, version }, values, {
          what: "This criterion",
          field: "version",
        });
        await writeAudit(
          tx,
          actor,
          [
            {
              action: "change_promotion_criteria",
              entity: "promotion_criteria",
              entityId: id,
              before: criteriaWire(current),
              after: criteriaWire(row),
            },
          ],
          at,
        );
        return criteriaWire(row);
      }
      const [row] = await tx.insert(promotionCriteria).values(values).returning();
      const made = row as CriteriaRow;
      await writeAudit(
        tx,
        actor,
        [
          {
            action: "create_promotion_criteria",
            entity: "promotion_criteria",
            entityId: made.id,
            before: null,
            after: criteriaWire(made),
          },
        ],
        at,
      );
      return criteriaWire(made);
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new ApiError(409, "A criterion with this name exists already", {
        errorCode: "conflict",
        field: "name",
      });
    }
    if ((err as { cause?: { code?: string } }).cause?.code === "23503") {
      throw badRequest("No such programme", "programmeId", "unknown");
    }
    throw err;
  }
}

/** One student's promotion result. */
export type PromotionRow = {
  studentId: string;
  studentCode: string | null;
  studentName: string;
  batch: string | null;
  courses: number;
  gradePointAverage: number;
  failedCourses: number;
  attendancePercent: number | null;
  status: PromotionStatus;
};

/**
 * Evaluates criterion `criteriaId` (or, without one, the first Default criterion for the programme,
 * else any Default one) against stored published results: per student the credit-weighted grade point
 * average of locked grades, the count of final grade F, and mean attendance of their enrolments.
 * Only students with at least one published result are listed. `intakeId` narrows to one batch.
 * 404 no such criterion / none defined.
 */
export async function evaluatePromotion(
  db: Executor,
  filter: { criteriaId: string; intakeId: string; status: string },
) {
  let criteria: CriteriaRow | undefined;
  if (filter.criteriaId) {
    [criteria] = isUuid(filter.criteriaId)
      ? await db.select().from(promotionCriteria).where(eq(promotionCriteria.id, filter.criteriaId))
      : [];
  } else {
    [criteria] = await db
      .select()
      .from(promotionCriteria)
      .where(eq(promotionCriteria.recordType, "Default"))
      .orderBy(asc(promotionCriteria.name))
      .limit(1);
  }
  if (!criteria) {
    throw notFound("No such promotion criterion: create one first", "criteriaId");
  }
  const where: SQL[] = [eq(studentGrade.locked, true)];
  if (filter.intakeId) {
    if (!isUuid(filter.intakeId))
      return { criteria: criteriaWire(criteria), counts: counts([]), students: [] };
    where.push(eq(contact.intakeId, filter.intakeId));
  }
  if (criteria.programmeId) where.push(eq(intake.programmeId, criteria.programmeId));
  const rows = await db
    .select({
      studentId: contact.id,
      studentCode: contact.code,
      studentName: personName(contact),
      batch: intake.name,
      gradePoint: studentGrade.gradePoint,
      finalGrade: studentGrade.finalGrade,
      credits: course.credits,
    })
    .from(studentGrade)
    .innerJoin(contact, eq(contact.id, studentGrade.studentId))
    .innerJoin(courseOffering, eq(courseOffering.id, studentGrade.courseOfferingId))
    .innerJoin(course, eq(course.id, courseOffering.courseId))
    .leftJoin(intake, eq(intake.id, contact.intakeId))
    .where(and(...where))
    .orderBy(asc(contact.lastName), asc(contact.firstName), asc(contact.id));
  const attendance = new Map(
    (
      await db
        .select({ studentId: enrolment.studentId, avg: sql<string>`avg(${enrolment.attendancePercent})` })
        .from(enrolment)
        .where(isNotNull(enrolment.attendancePercent))
        .groupBy(enrolment.studentId)
    ).map((r) => [r.studentId, Math.round(Number(r.avg) * 100) / 100]),
  );
  const byStudent = new Map<
    string,
    { head: (typeof rows)[number]; results: Array<{ gradePoint: number; credits: number }>; failed: number }
  >();
  for (const r of rows) {
    const s = byStudent.get(r.studentId) ?? { head: r, results: [], failed: 0 };
    s.results.push({ gradePoint: r.gradePoint, credits: r.credits });
    if (r.finalGrade === "F") s.failed++;
    byStudent.set(r.studentId, s);
  }
  const domainCriteria: PromotionCriteria = {
    name: criteria.name,
    recordType: criteria.recordType,
    criteriaType: criteria.criteriaType,
    minGradePoints: criteria.minGradePoints,
    maxFailedCourses: criteria.maxFailedCourses,
    minAttendancePercent: criteria.minAttendancePercent,
  };
  const students: PromotionRow[] = [...byStudent.values()].map(({ head, results, failed }) => {
    const record = {
      gradePointAverage: gradePointAverage(results),
      failedCourses: failed,
      attendancePercent: attendance.get(head.studentId) ?? null,
    };
    return {
      studentId: head.studentId,
      studentCode: head.studentCode,
      studentName: head.studentName,
      batch: head.batch,
      courses: results.length,
      ...record,
      status: promotionStatus(domainCriteria, record),
    };
  });
  return {
    criteria: criteriaWire(criteria),
    counts: counts(students),
    students: filter.status ? students.filter((s) => s.status === filter.status) : students,
  };
}

function counts(students: PromotionRow[]) {
  return {
    students: students.length,
    promoted: students.filter((s) => s.status === "Promoted").length,
    atRisk: students.filter((s) => s.status === "At Risk").length,
    notPromoted: students.filter((s) => s.status === "Not Promoted").length,
  };
}
