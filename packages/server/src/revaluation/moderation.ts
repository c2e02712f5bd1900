/**
 * Moderation (spec §1 exam management "moderation", §2 routes moderation and moderation/details/{id}):
 * per course offering and sub-component, the distribution of the marks in the marks store, and an
 * adjustment (the domain's `add`, `scale` or `individual`, capped at the total marks) previewed, then
 * applied with a reason: every changed mark is written to `student_mark` with source moderation
 * (previous value and reason kept, version + 1, audited), the moderation is kept with every mark
 * before and after, and the offering's grades are recomputed, in one transaction.
 */

import { createHash } from "node:crypto";
import { type ModerationAdjustment, markDistribution, moderateMark, moderationSample } from "@portal/domain";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { type AuditEntry, writeAudit } from "../audit.ts";
import type { AppContext, SessionUser } from "../context.ts";
import type { Executor } from "../db/client.ts";
import { personName } from "../db/person-name.ts";
import {
  answerSheet,
  contact,
  exam,
  gradingComponent,
  gradingSubComponent,
  moderation,
  studentMark,
} from "../db/schema.ts";
import { loadOffering, regradeStudents } from "../grading/public.ts";
import { badRequest, versionConflict } from "../http/errors.ts";
import { isUuid } from "../http/request.ts";
import { answerSheetUrl } from "./answer-sheets.ts";

/** A sub-component of course offering `offeringId` with its total marks; 400 naming `subComponentId` otherwise. */
async function loadSubComponent(db: Executor, offeringId: string, subId: string) {
  const [sub] = isUuid(subId)
    ? await db
        .select({
          id: gradingSubComponent.id,
          name: gradingSubComponent.name,
          component: gradingComponent.name,
          totalMarks: gradingSubComponent.totalMarks,
        })
        .from(gradingSubComponent)
        .innerJoin(gradingComponent, eq(gradingComponent.id, gradingSubComponent.componentId))
        .where(and(eq(gradingSubComponent.id, subId), eq(gradingComponent.courseOfferingId, offeringId)))
    : [];
  if (!sub) {
    throw badRequest("No such sub-component in this course offering", "subComponentId", "unknown");
  }
  return sub;
}

/** The marks of one sub-component, by student name, and their fingerprint (ids and versions). */
async function loadSubMarks(db: Executor, subId: string, lock = false) {
  const q = db
    .select({
      id: studentMark.id,
      studentId: studentMark.studentId,
      studentName: personName(contact),
      marks: studentMark.marksObtained,
      version: studentMark.version,
    })
    .from(studentMark)
    .innerJoin(contact, eq(contact.id, studentMark.studentId))
    .where(eq(studentMark.subComponentId, subId))
    .orderBy(asc(contact.lastName), asc(contact.firstName), asc(studentMark.id));
  const rows = lock ? await q.for("update", { of: studentMark }) : await q;
  const marksVersion = createHash("sha256")
    .update(
      rows
        .map((r) => `${r.id}:${r.version}`)
        .sort()
        .join(","),
    )
    .digest("hex")
    .slice(0, 32);
  return { rows, marksVersion };
}

/**
 * The mark distribution of a course offering's sub-component (spec moderation details): the
 * offering, the sub-component, `marksVersion` (the fingerprint of its marks' ids and versions, which
 * an apply sends back), the distribution (count, mean, lowest, highest, ten bands of percent) and
 * each student's mark by name (what a per-student adjustment starts from), and the sample of scripts
 * to review (the domain's `moderationSample`: at most ten students spread over the marks, highest
 * first) with each sampled student's uploaded answer sheets in the offering's exams (exam type and
 * the PDF's address; none uploaded: an empty list).
 * 404 unknown offering; 400 unknown sub-component.
 */
export async function getModeration(db: Executor, offeringId: string, subId: string) {
  const offering = await loadOffering(db, offeringId, "courseOfferingId");
  const sub = await loadSubComponent(db, offeringId, subId);
  const { rows, marksVersion } = await loadSubMarks(db, sub.id);
  const sampled = moderationSample(rows);
  const sheets =
    sampled.length === 0
      ? []
      : await db
          .select({ examId: answerSheet.examId, studentId: answerSheet.studentId, examType: exam.examType })
          .from(answerSheet)
          .innerJoin(exam, eq(exam.id, answerSheet.examId))
          .where(
            and(
              eq(exam.courseOfferingId, offeringId),
              inArray(
                answerSheet.studentId,
                sampled.map((r) => r.studentId),
              ),
            ),
          )
          .orderBy(asc(exam.examType), asc(answerSheet.examId));
  const history = await db
    .select()
    .from(moderation)
    .where(eq(moderation.subComponentId, sub.id))
    .orderBy(asc(moderation.appliedAt), asc(moderation.id));
  return {
    success: true as const,
    course: offering,
    subComponent: sub,
    marksVersion,
    distribution: markDistribution(
      rows.map((r) => r.marks),
      sub.totalMarks,
    ),
    marks: rows.map((r) => ({ studentId: r.studentId, studentName: r.studentName, marks: r.marks })),
    sample: sampled.map((r) => ({
      studentId: r.studentId,
      studentName: r.studentName,
      marks: r.marks,
      answerSheets: sheets
        .filter((a) => a.studentId === r.studentId)
        .map((a) => ({ examId: a.examId, examType: a.examType, url: answerSheetUrl(a.examId, r.studentId) })),
    })),
    moderations: history.map((m) => ({
      id: m.id,
      adjustment: m.adjustment,
      reason: m.reason,
      changed: m.changes.length,
      appliedBy: m.appliedBy,
      appliedAt: m.appliedAt.toISOString(),
    })),
  };
}

/**
 * Previews (`apply` false: nothing written) or applies a moderation of a sub-component's marks. The
 * answer has the distribution before and after and every mark that changes (student, before, after).
 * Apply needs a `reason` and the `marksVersion` read (409 `version_conflict` when any mark of the
 * sub-component changed since, nothing written); it writes the changed marks (source moderation),
 * the moderation record and audit rows, and recomputes the offering's grades, in one transaction.
 * Errors: 404 unknown offering; 400 unknown sub-component, bad adjustment, missing reason or
 * marksVersion, an individual mark of a student without a mark.
 */
export async function moderate(
  ctx: AppContext,
  actor: SessionUser,
  input: {
    courseOfferingId: string;
    subComponentId: string;
    adjustment: ModerationAdjustment;
    apply: boolean;
    reason: string;
    marksVersion: string;
  },
) {
  const at = new Date(ctx.now());
  const run = async (tx: Executor) => {
    await loadOffering(tx, input.courseOfferingId, "courseOfferingId");
    const sub = await loadSubComponent(tx, input.courseOfferingId, input.subComponentId);
    const { rows, marksVersion } = await loadSubMarks(tx, sub.id, input.apply);
    if (input.adjustment.kind === "individual") {
      const known = new Set(rows.map((r) => r.studentId));
      const i = input.adjustment.marks.findIndex((m) => !known.has(m.studentId));
      if (i >= 0) {
        throw badRequest(
          "This student has no mark in the sub-component",
          `adjustment.marks.${i}.studentId`,
          "no_mark",
        );
      }
    }
    const changes = rows.flatMap((r) => {
      const after = moderateMark(input.adjustment, r.studentId, r.marks, sub.totalMarks);
      return after === null || after === r.marks
        ? []
        : [{ markId: r.id, studentId: r.studentId, studentName: r.studentName, before: r.marks, after }];
    });
    const afterMarks = rows.map((r) => changes.find((c) => c.markId === r.id)?.after ?? r.marks);
    const answer = {
      success: true as const,
      applied: input.apply,
      marksVersion,
      before: markDistribution(
        rows.map((r) => r.marks),
        sub.totalMarks,
      ),
      after: markDistribution(afterMarks, sub.totalMarks),
      changes,
      moderationId: null as string | null,
    };
    if (!input.apply) return answer;
    if (input.marksVersion !== marksVersion) {
      throw versionConflict("The marks of this sub-component", "marksVersion");
    }
    const audit: AuditEntry[] = [];
    for (const c of changes) {
      await tx
        .update(studentMark)
        .set({
          marksObtained: c.after,
          previousMarksObtained: c.before,
          source: "moderation",
          reason: input.reason,
          updatedBy: actor.email,
          updatedAt: at,
          version: sql`${studentMark.version} + 1`,
        })
        .where(eq(studentMark.id, c.markId));
      audit.push({
        action: "change_mark",
        entity: "student_mark",
        entityId: c.markId,
        before: { marksObtained: c.before, totalMarks: sub.totalMarks },
        after: {
          studentId: c.studentId,
          subComponentId: sub.id,
          marksObtained: c.after,
          totalMarks: sub.totalMarks,
          source: "moderation",
          reason: input.reason,
        },
      });
    }
    const [made] = await tx
      .insert(moderation)
      .values({
        courseOfferingId: input.courseOfferingId,
        subComponentId: sub.id,
        adjustment: input.adjustment as unknown as Record<string, unknown>,
        reason: input.reason,
        changes: changes.map(({ studentName: _n, ...c }) => c),
        appliedBy: actor.email,
        appliedAt: at,
      })
      .returning({ id: moderation.id });
    const moderationId = (made as { id: string }).id;
    audit.push({
      action: "apply_moderation",
      entity: "moderation",
      entityId: moderationId,
      before: { distribution: answer.before },
      after: {
        adjustment: input.adjustment,
        reason: input.reason,
        changed: changes.length,
        distribution: answer.after,
      },
    });
    await writeAudit(tx, actor, audit, at);
    const moderated = new Set(changes.map((c) => c.studentId));
    await regradeStudents(tx, actor, input.courseOfferingId, at, input.reason, moderated);
    return { ...answer, moderationId, marksVersion: (await loadSubMarks(tx, sub.id)).marksVersion };
  };
  return input.apply ? ctx.db.transaction(run) : run(ctx.db);
}
