import { and, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../db/client.ts";
import { personName } from "../db/person-name.ts";
import { rows as rawRows } from "../db/rows.ts";
import {
  adminUser,
  auditLog,
  contact,
  courseOffering,
  gradingSetting,
  studentGrade,
  studentMark,
} from "../db/schema.ts";
import { notFound } from "../http/errors.ts";

/** Most audit rows one grading audit answer holds (newest first). */
export const MAX_GRADING_AUDIT_ROWS = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every UUID found in `value` (strings at any depth of objects and arrays), added to `into`. */
function collectIds(value: unknown, into: Set<string>): void {
  if (typeof value === "string") {
    if (UUID.test(value)) into.add(value.toLowerCase());
  } else if (Array.isArray(value)) {
    for (const v of value) collectIds(v, into);
  } else if (value !== null && typeof value === "object") {
    for (const v of Object.values(value)) collectIds(v, into);
  }
}

/**
 * The display names of `ids`, in one query: students and faculty "First Last" (contact), subjects
 * "CODE Name" (course), course offerings by their subject, components by name and sub-components
 * "Component / Sub-component". Ids of none of these (or of records deleted since) are left out.
 */
export async function auditNames(db: Executor, ids: Iterable<string>): Promise<Record<string, string>> {
  const list = [...new Set(ids)];
  if (list.length === 0) return {};
  const inList = (column: SQL) =>
    sql`${column} in (${sql.join(
      list.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`;
  const found = await rawRows<{ id: string; name: string }>(
    db,
    sql`select c.id, ${personName("c", { trim: true })} as name from contact c where ${inList(sql`c.id`)}
      union all
      select s.id, s.code || ' ' || s.name as name from course s where ${inList(sql`s.id`)}
      union all
      select o.id, s.code || ' ' || s.name as name from course_offering o join course s on s.id = o.course_id where ${inList(sql`o.id`)}
      union all
      select g.id, g.name from grading_component g where ${inList(sql`g.id`)}
      union all
      select sc.id, g.name || ' / ' || sc.name as name from grading_sub_component sc join grading_component g on g.id = sc.component_id where ${inList(sql`sc.id`)}`,
  );
  return Object.fromEntries(found.map((r) => [r.id, r.name]));
}

/**
 * The grading audit of course offering `id` (openapi/grading.yaml gradingAudit; docs/architecture.md "Audit
 * rows"): the audit rows of its marks (entity `student_mark`), its students' grades (`student_grade`, e.g.
 * `change_published_grade` with the grades before and after and the reason) and its grading setting
 * (`grading_setting`: send, publish, ranges, components), newest first, at most `limit` (1..200). 404 for an
 * unknown offering.
 *
 * Read as people read it: each row carries its actor's name (`actorName`, null for a system actor) and,
 * for a mark or grade, its student (`student`: id, "First Last", student number), joined in the rows'
 * query; `names` maps every id the rows' before and after mention to its display name
 * ({@link auditNames}), resolved in one more query whatever the number of rows.
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
  const student = alias(contact, "audit_student");
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorEmail: auditLog.actorEmail,
      actorName: adminUser.name,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      studentId: student.id,
      studentName: personName(student, { trim: true }),
      studentCode: student.code,
    })
    .from(auditLog)
    .leftJoin(adminUser, eq(adminUser.id, auditLog.actorUserId))
    .leftJoin(studentGrade, and(eq(auditLog.entity, "student_grade"), eq(studentGrade.id, auditLog.entityId)))
    .leftJoin(studentMark, and(eq(auditLog.entity, "student_mark"), eq(studentMark.id, auditLog.entityId)))
    .leftJoin(student, sql`${student.id} = coalesce(${studentGrade.studentId}, ${studentMark.studentId})`)
    .where(
      or(
        and(eq(auditLog.entity, "student_grade"), inArray(auditLog.entityId, grades)),
        and(eq(auditLog.entity, "student_mark"), inArray(auditLog.entityId, marks)),
        and(eq(auditLog.entity, "grading_setting"), inArray(auditLog.entityId, settings)),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(Math.min(MAX_GRADING_AUDIT_ROWS, Math.max(1, limit)));
  const mentioned = new Set<string>();
  for (const r of rows) {
    collectIds(r.before, mentioned);
    collectIds(r.after, mentioned);
  }
  return {
    courseOfferingId: id,
    names: await auditNames(db, mentioned),
    entries: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actorEmail: r.actorEmail,
      actorName: r.actorName ?? null,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      student:
        r.studentId === null
          ? null
          : { id: r.studentId, name: r.studentName ?? "", code: r.studentCode ?? null },
      before: (r.before ?? null) as Record<string, unknown> | null,
      after: (r.after ?? null) as Record<string, unknown> | null,
    })),
  };
}
