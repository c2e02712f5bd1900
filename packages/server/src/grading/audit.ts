import { and, desc, eq, inArray, or } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { auditLog, courseOffering, gradingSetting, studentGrade, studentMark } from "../db/schema.ts";
import { notFound } from "../http/errors.ts";

/** Most audit rows one grading audit answer holds (newest first). */
export const MAX_GRADING_AUDIT_ROWS = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The grading audit of course offering `id` (openapi/grading.yaml gradingAudit; docs/architecture.md "Audit
 * rows"): the audit rows of its marks (entity `student_mark`), its students' grades (`student_grade`, e.g.
 * `change_published_grade` with the grades before and after and the reason) and its grading setting
 * (`grading_setting`: send, publish, ranges, components), newest first, at most `limit` (1..200). 404 for an
 * unknown offering.
 */
export async function listGradingAudit(db: Executor, id: string, limit = MAX_GRADING_AUDIT_ROWS) {
  const [offering] = UUID.test(id)
    ? await db.select({ id: courseOffering.id }).from(courseOffering).where(eq(courseOffering.id, id))
    : [];
  if (!offering) throw notFound("Data not found", "id");
  const grades = db
    .select({ id: studentGrade.id })
    .from(studentGrade)
    .where(eq(studentGrade.courseOfferingId, id));
  const marks = db
    .select({ id: studentMark.id })
    .from(studentMark)
    .where(eq(studentMark.courseOfferingId, id));
  const settings = db
    .select({ id: gradingSetting.id })
    .from(gradingSetting)
    .where(eq(gradingSetting.courseOfferingId, id));
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      or(
        and(eq(auditLog.entity, "student_grade"), inArray(auditLog.entityId, grades)),
        and(eq(auditLog.entity, "student_mark"), inArray(auditLog.entityId, marks)),
        and(eq(auditLog.entity, "grading_setting"), inArray(auditLog.entityId, settings)),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(Math.min(MAX_GRADING_AUDIT_ROWS, Math.max(1, limit)));
  return {
    courseOfferingId: id,
    entries: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actorEmail: r.actorEmail,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      before: (r.before ?? null) as Record<string, unknown> | null,
      after: (r.after ?? null) as Record<string, unknown> | null,
    })),
  };
}
