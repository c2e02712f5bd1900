/**
 * Demo grading data: three course offerings with components, sub-components, marks for every
 * enrolled student and a grading setting, and one Default promotion criterion, so the grading screens
 * show real records. Offerings 1 and 3 (by course code, term, section) are graded Absolute and still
 * Drafts (one to publish, one to set up, as staff would); offering 2 is graded Relative and
 * Published (grades locked). Marks are deterministic.
 */
import { DEFAULT_GRADE_BANDS } from "@portal/domain";
import { and, asc, count, eq, gte } from "drizzle-orm";
import type { AuditActor } from "../audit.ts";
import type { Executor } from "../db/client.ts";
import {
  course,
  courseOffering,
  enrolment,
  gradeRange,
  gradingComponent,
  gradingSetting,
  gradingSubComponent,
  promotionCriteria,
  studentMark,
  term,
} from "../db/schema.ts";
import { loadStudents, recomputeGrades } from "../grading/public.ts";
import { createRandom } from "./random.ts";

/** The demo's component set: name, weight, sub-components (name, weight, total marks). */
export const DEMO_COMPONENTS = [
  {
    name: "Quiz",
    weight: 20,
    subs: [
      ["Quiz 1", 50, 10],
      ["Quiz 2", 50, 10],
    ],
  },
  { name: "Mid Term Exam", weight: 30, subs: [["Mid Term Paper", 100, 50]] },
  {
    name: "End Term Exam",
    weight: 50,
    subs: [
      ["Theory", 60, 100],
      ["Case Analysis", 40, 50],
    ],
  },
] as const;

/** The demo promotion criterion. */
export const DEMO_PROMOTION_CRITERIA = "Default promotion";

const DEMO_ACTOR: AuditActor = { id: null, email: "demo" };

/** Adds the grading demo inside the demo load's transaction `tx`. Returns the three offerings' ids. */
export async function loadGradingDemo(tx: Executor, at: Date): Promise<string[]> {
  const random = createRandom(20_261_123);
  const candidates = await tx
    .select({ id: courseOffering.id })
    .from(courseOffering)
    .innerJoin(course, eq(course.id, courseOffering.courseId))
    .innerJoin(term, eq(term.id, courseOffering.termId))
    .innerJoin(enrolment, eq(enrolment.courseOfferingId, courseOffering.id))
    .groupBy(courseOffering.id, course.code, term.name, courseOffering.section)
    .having(gte(count(), 5))
    .orderBy(asc(course.code), asc(term.name), asc(courseOffering.section))
    .limit(3);
  const ids = candidates.map((c) => c.id);
  for (const [n, id] of ids.entries()) {
    const type = n === 1 ? "Relative" : "Absolute";
    await tx.insert(gradingSetting).values({ courseOfferingId: id, typeOfGrading: type });
    await tx
      .insert(gradeRange)
      .values(
        (["Absolute", "Relative"] as const).flatMap((t) =>
          DEFAULT_GRADE_BANDS[t].map((b) => ({ courseOfferingId: id, typeOfGrading: t, ...b })),
        ),
      );
    const subIds: Array<{ id: string; total: number }> = [];
    for (const [ci, c] of DEMO_COMPONENTS.entries()) {
      const [comp] = await tx
        .insert(gradingComponent)
        .values({ courseOfferingId: id, name: c.name, weightagePercent: c.weight, position: ci })
        .returning({ id: gradingComponent.id });
      for (const [si, [name, weight, total]] of c.subs.entries()) {
        const [sub] = await tx
          .insert(gradingSubComponent)
          .values({
            componentId: (comp as { id: string }).id,
            name,
            weightagePercent: weight,
            totalMarks: total,
            position: si,
          })
          .returning({ id: gradingSubComponent.id });
        subIds.push({ id: (sub as { id: string }).id, total });
      }
    }
    const students = await loadStudents(tx, id);
    const marks = students.flatMap((s) => {
      // Each student has an ability of 35-95 %; a mark is that share of the total, ± 15 points.
      const ability = random.int(35, 95);
      return subIds.map((sub) => {
        const percent = Math.min(100, Math.max(0, ability + random.int(-15, 15)));
        return {
          courseOfferingId: id,
          studentId: s.id,
          subComponentId: sub.id,
          marksObtained: Math.round(((sub.total * percent) / 100) * 2) / 2,
          totalMarks: sub.total,
          updatedBy: "demo",
          updatedAt: at,
        };
      });
    });
    if (marks.length) await tx.insert(studentMark).values(marks);
    const published = n === 1;
    if (published) {
      await tx
        .update(gradingSetting)
        .set({ status: "Published", publishedAt: at, publishedBy: "demo" })
        .where(and(eq(gradingSetting.courseOfferingId, id)));
    }
    await recomputeGrades(tx, DEMO_ACTOR, id, at, "", { lock: published });
  }
  await tx.insert(promotionCriteria).values({
    name: DEMO_PROMOTION_CRITERIA,
    recordType: "Default",
    criteriaType: "Promotion",
    minGradePoints: 2,
    maxFailedCourses: 1,
    minAttendancePercent: 75,
  });
  return ids;
}
