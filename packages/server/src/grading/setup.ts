/**
 * Reading a course offering's grading setup and its marks, and recomputing its stored grades from the
 * marks store with the domain's grading math (spec §2 Grading, §3 grade range, master component,
 * student score row). Every write of marks, ranges or components ends with {@link recomputeGrades}
 * in its transaction, so the grade shown is always the grade stored.
 */

import {
  type ComponentDefinition,
  DEFAULT_GRADE_BANDS,
  finalGradeOf,
  GRADING_MESSAGES,
  type GradeBand,
  type GradedStudent,
  type GradeLetter,
  type GradingType,
  gradeClass,
  gradePointOf,
  gradeTotals,
  type StudentMarks,
  weightedTotal,
} from "@portal/domain";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { type AuditActor, type AuditEntry, writeAudit } from "../audit.ts";
import type { Executor } from "../db/client.ts";
import { personName } from "../db/person-name.ts";
import {
  academicProgramme,
  contact,
  course,
  courseOffering,
  enrolment,
  gradeRange,
  gradingComponent,
  gradingSetting,
  gradingSubComponent,
  intake,
  studentGrade,
  studentMark,
  term,
} from "../db/schema.ts";
import { updateVersioned } from "../db/versioned-update.ts";
import { type ApiError, badRequest, notFound, versionConflict } from "../http/errors.ts";
import { isUuid } from "../http/request.ts";
import { loadDowngradingRules, retestStudents } from "./downgrading-rules.ts";

/** The course offering a grading screen is about. */
export type OfferingHeader = {
  id: string;
  courseCode: string;
  courseName: string;
  credits: number;
  section: string;
  termId: string;
  term: string;
  batch: string;
  programme: string;
};

/** A sub-component as stored. */
export type StoredSubComponent = { id: string; name: string; weightagePercent: number; totalMarks: number };
/** A component as stored, sub-components in order. */
export type StoredComponent = {
  id: string;
  name: string;
  weightagePercent: number;
  subComponents: StoredSubComponent[];
};

/** A course offering's grading setup; `version` 0 while nothing is saved (defaults shown). */
export type GradingSetup = {
  offering: OfferingHeader;
  settingId: string | null;
  typeOfGrading: GradingType;
  status: "Draft" | "Acknowledged" | "Published";
  version: number;
  bands: Record<GradingType, GradeBand[]>;
  components: StoredComponent[];
};

/** 404 for an unknown course offering, naming `field`. */
function noOffering(field: string): ApiError {
  return notFound("No such course offering", field);
}

/** The header of course offering `id`; 404 (`field`) when unknown or not a UUID. */
export async function loadOffering(db: Executor, id: string, field: string): Promise<OfferingHeader> {
  if (!isUuid(id)) throw noOffering(field);
  const [row] = await db
    .select({
      id: courseOffering.id,
      courseCode: course.code,
      courseName: course.name,
      credits: course.credits,
      section: courseOffering.section,
      termId: term.id,
      term: term.name,
      batch: intake.name,
      programme: academicProgramme.name,
    })
    .from(courseOffering)
    .innerJoin(course, eq(course.id, courseOffering.courseId))
    .innerJoin(term, eq(term.id, courseOffering.termId))
    .innerJoin(intake, eq(intake.id, term.intakeId))
    .innerJoin(academicProgramme, eq(academicProgramme.id, intake.programmeId))
    .where(eq(courseOffering.id, id));
  if (!row) throw noOffering(field);
  return row;
}

/** The grading setup of course offering `id` (404 `field` when unknown); defaults while none is saved. */
export async function loadSetup(db: Executor, id: string, field: string): Promise<GradingSetup> {
  const offering = await loadOffering(db, id, field);
  const [setting] = await db.select().from(gradingSetting).where(eq(gradingSetting.courseOfferingId, id));
  const ranges = await db
    .select()
    .from(gradeRange)
    .where(eq(gradeRange.courseOfferingId, id))
    .orderBy(sql`${gradeRange.lower} desc`);
  const bands: Record<GradingType, GradeBand[]> = {
    Absolute: [...DEFAULT_GRADE_BANDS.Absolute],
    Relative: [...DEFAULT_GRADE_BANDS.Relative],
  };
  for (const type of ["Absolute", "Relative"] as const) {
    const own = ranges.filter((r) => r.typeOfGrading === type);
    if (own.length > 0) {
      bands[type] = own.map((r) => ({
        letterGrade: r.letterGrade as GradeLetter,
        gradePoint: r.gradePoint,
        lower: r.lower,
        upper: r.upper,
      }));
    }
  }
  return {
    offering,
    settingId: setting?.id ?? null,
    typeOfGrading: setting?.typeOfGrading ?? "Absolute",
    status: setting?.status ?? "Draft",
    version: setting?.version ?? 0,
    bands,
    components: await loadComponents(db, id),
  };
}

/** The components of course offering `id` with their sub-components, in order. */
export async function loadComponents(db: Executor, id: string): Promise<StoredComponent[]> {
  const rows = await db
    .select({
      id: gradingComponent.id,
      name: gradingComponent.name,
      weightagePercent: gradingComponent.weightagePercent,
      subId: gradingSubComponent.id,
      subName: gradingSubComponent.name,
      subWeight: gradingSubComponent.weightagePercent,
      totalMarks: gradingSubComponent.totalMarks,
    })
    .from(gradingComponent)
    .leftJoin(gradingSubComponent, eq(gradingSubComponent.componentId, gradingComponent.id))
    .where(eq(gradingComponent.courseOfferingId, id))
    .orderBy(asc(gradingComponent.position), asc(gradingSubComponent.position));
  const byId = new Map<string, StoredComponent>();
  for (const r of rows) {
    let c = byId.get(r.id);
    if (!c) {
      c = { id: r.id, name: r.name, weightagePercent: r.weightagePercent, subComponents: [] };
      byId.set(r.id, c);
    }
    if (r.subId) {
      c.subComponents.push({
        id: r.subId,
        name: r.subName as string,
        weightagePercent: r.subWeight as number,
        totalMarks: r.totalMarks as number,
      });
    }
  }
  return [...byId.values()];
}

/**
 * Claims the grading setting of offering `id` for a write at `version` (0 = none saved yet: creates
 * it) and moves it to version + 1. 409 version_conflict (`field`) when stale. Returns the setting's id.
 */
export async function claimSetting(
  tx: Executor,
  id: string,
  version: number,
  field = "version",
  changes: Partial<typeof gradingSetting.$inferInsert> = {},
): Promise<string> {
  const [current] = await tx
    .select({ id: gradingSetting.id, version: gradingSetting.version })
    .from(gradingSetting)
    .where(eq(gradingSetting.courseOfferingId, id))
    .for("update");
  if (!current) {
    if (version !== 0) throw versionConflict("The grading setting of this course offering", field);
    const [made] = await tx
      .insert(gradingSetting)
      .values({ courseOfferingId: id, ...changes })
      .onConflictDoNothing()
      .returning({ id: gradingSetting.id });
    if (!made) throw versionConflict("The grading setting of this course offering", field);
    return made.id;
  }
  const updated = await updateVersioned(
    tx,
    gradingSetting,
    { id: current.id, version },
    { ...changes, updatedAt: sql`now()` },
    { what: "The grading setting of this course offering", field },
  );
  return updated.id;
}

/** A student of a course offering (enrolled), by name. */
export type OfferingStudent = { id: string; code: string | null; name: string; email: string };

/** The students enrolled in course offering `id`, by last and first name. */
export async function loadStudents(db: Executor, id: string): Promise<OfferingStudent[]> {
  return db
    .select({
      id: contact.id,
      code: contact.code,
      name: personName(contact),
      email: contact.email,
    })
    .from(enrolment)
    .innerJoin(contact, eq(contact.id, enrolment.studentId))
    .where(and(eq(enrolment.courseOfferingId, id), eq(enrolment.status, "Enrolled")))
    .orderBy(asc(contact.lastName), asc(contact.firstName), asc(contact.id));
}

/** A stored mark. */
export type StoredMark = typeof studentMark.$inferSelect;

/** What the score rows, the sheet and the mark checks read of a stored mark. */
export type MarkSummary = Pick<StoredMark, "id" | "subComponentId" | "marksObtained" | "version" | "source">;

/** Every mark of course offering `id`. */
export async function loadMarks(db: Executor, id: string): Promise<StoredMark[]> {
  return db.select().from(studentMark).where(eq(studentMark.courseOfferingId, id));
}

/** Domain component definitions of stored components. */
export function toDefinitions(components: readonly StoredComponent[]): ComponentDefinition[] {
  return components.map((c) => ({
    componentName: c.name as ComponentDefinition["componentName"],
    weightagePercent: c.weightagePercent,
    subComponents: c.subComponents.map((s) => ({
      subComponentName: s.name,
      weightagePercent: s.weightagePercent,
      totalMarks: s.totalMarks,
    })),
  }));
}

/** One student's computed grade with the stored row's penalty, lock and version. */
export type StudentResult = GradedStudent & {
  student: OfferingStudent;
  gradeId: string | null;
  penalty: string;
  penaltySteps: number;
  finalGrade: GradeLetter;
  finalGradePoint: number;
  locked: boolean;
  gradeVersion: number;
  /** Stored marks by sub-component id (see `detail` of {@link computeResults}). */
  marks: Map<string, MarkSummary>;
};

/** A student's marks obtained by sub-component id, in the domain's shape for `setup` (missing = null). */
function marksOf(setup: GradingSetup, own: ReadonlyMap<string, number> | undefined): StudentMarks {
  return setup.components.map((c) =>
    c.subComponents.map((sub) => {
      const m = own?.get(sub.id);
      return m === undefined ? null : { marksObtained: m, totalMarks: sub.totalMarks };
    }),
  );
}

/**
 * Grades course offering `setup` from the marks store: the domain's gradeClass (Absolute or
 * Relative on the class's own distribution), then the downgrading rules lower the calculated grade
 * of a retest (downgrading.ts) and each stored penalty lowers that by its steps to the final grade. Nothing is written. Grading reads one row per student (the marks as
 * arrays; totals are the sub-components', kept in step with the marks); the stored mark rows
 * (`marks` of a result: ids, versions, sources) are read only for the students in `detail` ("all"
 * by default), which keeps a whole-class regrade to one small query.
 */
export async function computeResults(
  db: Executor,
  setup: GradingSetup,
  detail: "all" | ReadonlySet<string> = "all",
): Promise<{
  results: StudentResult[];
  statistics: { mean: number; standardDeviation: number; size: number };
}> {
  const id = setup.offering.id;
  // One after another: `db` is often a transaction (one connection), where overlapping queries are
  // deprecated in pg 8 and refused in pg 9. The marks read is most of the time anyway.
  const students = await loadStudents(db, id);
  const slim = await db
    .select({
      studentId: studentMark.studentId,
      subs: sql<string[]>`array_agg(${studentMark.subComponentId}::text)`,
      marks: sql<number[]>`array_agg(${studentMark.marksObtained}::float8)`,
    })
    .from(studentMark)
    .where(eq(studentMark.courseOfferingId, id))
    .groupBy(studentMark.studentId);
  const grades = await db.select().from(studentGrade).where(eq(studentGrade.courseOfferingId, id));
  const obtained = new Map<string, Map<string, number>>();
  for (const row of slim) {
    const own = new Map<string, number>();
    row.subs.forEach((sub, i) => {
      own.set(sub, Number(row.marks[i]));
    });
    obtained.set(row.studentId, own);
  }
  const detailIds = detail === "all" ? null : [...detail].filter(isUuid);
  const rows =
    detailIds === null
      ? await loadMarks(db, id)
      : detailIds.length === 0
        ? []
        : await db
            .select()
            .from(studentMark)
            .where(and(eq(studentMark.courseOfferingId, id), inArray(studentMark.studentId, detailIds)));
  const marksByStudent = new Map<string, Map<string, StoredMark>>();
  for (const m of rows) {
    const own = marksByStudent.get(m.studentId) ?? new Map<string, StoredMark>();
    own.set(m.subComponentId, m);
    marksByStudent.set(m.studentId, own);
  }
  const gradeByStudent = new Map(grades.map((g) => [g.studentId, g]));
  const rules = await loadDowngradingRules(db);
  const retests = await retestStudents(db, id, rules);
  const bands = setup.bands[setup.typeOfGrading];
  const graded = gradeClass(
    setup.typeOfGrading,
    bands,
    toDefinitions(setup.components),
    students.map((s) => ({ studentId: s.id, marks: marksOf(setup, obtained.get(s.id)) })),
  );
  const results = graded.students.map((g, i) => {
    const stored = gradeByStudent.get(g.studentId);
    const steps = stored?.penaltySteps ?? 0;
    const finalGrade = finalGradeOf(g.calculatedGrade, steps, { retest: retests.has(g.studentId) }, rules);
    return {
      ...g,
      student: students[i] as OfferingStudent,
      gradeId: stored?.id ?? null,
      penalty: stored?.penalty ?? "",
      penaltySteps: steps,
      finalGrade,
      finalGradePoint: gradePointOf(bands, finalGrade),
      locked: stored?.locked ?? false,
      gradeVersion: stored?.version ?? 0,
      marks: marksByStudent.get(g.studentId) ?? new Map(),
    };
  });
  return { results, statistics: graded.statistics };
}

/** 400 when the offering's results are published and no reason is given (spec: audited grade change). */
export function requireReasonWhenPublished(setup: GradingSetup, reason: string, field = "reason"): void {
  if (setup.status === "Published" && reason.trim() === "") {
    throw badRequest(GRADING_MESSAGES.reasonRequired, field, "reason_required_after_publish");
  }
}

/** A student's grade as it is to be stored: the total (percent, 2 decimals), letters and penalty. */
type NextGrade = {
  studentId: string;
  total: number;
  calculatedGrade: GradeLetter;
  penalty: string;
  penaltySteps: number;
  finalGrade: GradeLetter;
  finalGradePoint: number;
};

type StoredGrade = typeof studentGrade.$inferSelect;

/**
 * Recomputes and stores every student grade of course offering `id` inside transaction `tx` after a
 * change: rows whose total, calculated grade, final grade or grade point moved are written (version
 * + 1) with one audit row each (action `recalculate_grade`, before/after grades, `reason`). Students
 * without a row get one. Returns the results as stored (without mark rows; grade ids and versions
 * as before the write).
 */
export async function recomputeGrades(
  tx: Executor,
  actor: AuditActor,
  id: string,
  at: Date,
  reason: string,
  options: { lock?: boolean } = {},
): Promise<StudentResult[]> {
  const setup = await loadSetup(tx, id, "courseOfferingId");
  const { results } = await computeResults(tx, setup, new Set());
  await storeGrades(
    tx,
    actor,
    { id, at, reason, lock: options.lock ?? false },
    results,
    await storedGrades(tx, id),
  );
  return results;
}

/**
 * Regrades course offering `id` inside transaction `tx` after the marks of `studentIds` alone
 * changed, storing exactly what {@link recomputeGrades} would (the same rows, versions and audit) but
 * in time proportional to the change: the changed students' totals come from their own marks, every
 * other student's from its stored grade row, and the domain's gradeTotals letters the class from
 * those totals (Relative grades still see the whole class). That is exact because grades depend on
 * marks only through the totals, which the domain rounds to the 2 decimals `total_percent` keeps.
 * Falls back to the whole regrade when an enrolled student has no grade row yet, or when the change
 * covers half the class or more (then reading every mark costs no more).
 */
export async function regradeStudents(
  tx: Executor,
  actor: AuditActor,
  id: string,
  at: Date,
  reason: string,
  studentIds: ReadonlySet<string>,
): Promise<void> {
  const enrolled = (
    await tx
      .select({ id: enrolment.studentId })
      .from(enrolment)
      .where(and(eq(enrolment.courseOfferingId, id), eq(enrolment.status, "Enrolled")))
  ).map((r) => r.id);
  const current = await storedGrades(tx, id);
  const changed = enrolled.filter((s) => studentIds.has(s));
  if (changed.length === 0) return;
  if (enrolled.some((s) => !current.has(s)) || changed.length * 2 >= enrolled.length) {
    await recomputeGrades(tx, actor, id, at, reason);
    return;
  }
  const setup = await loadSetup(tx, id, "courseOfferingId");
  const rows = await tx
    .select({
      studentId: studentMark.studentId,
      subComponentId: studentMark.subComponentId,
      marksObtained: studentMark.marksObtained,
    })
    .from(studentMark)
    .where(and(eq(studentMark.courseOfferingId, id), inArray(studentMark.studentId, changed)));
  const obtained = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const own = obtained.get(r.studentId) ?? new Map<string, number>();
    own.set(r.subComponentId, Number(r.marksObtained));
    obtained.set(r.studentId, own);
  }
  const definitions = toDefinitions(setup.components);
  const totals = enrolled.map((s) =>
    studentIds.has(s)
      ? weightedTotal(definitions, marksOf(setup, obtained.get(s)))
      : (current.get(s) as StoredGrade).totalPercent,
  );
  const bands = setup.bands[setup.typeOfGrading];
  const letters = gradeTotals(setup.typeOfGrading, bands, totals);
  const rules = await loadDowngradingRules(tx);
  const retests = await retestStudents(tx, id, rules);
  const next = enrolled.map((studentId, i): NextGrade => {
    const old = current.get(studentId) as StoredGrade;
    const calculatedGrade = letters[i]?.calculatedGrade as GradeLetter;
    const finalGrade = finalGradeOf(
      calculatedGrade,
      old.penaltySteps,
      { retest: retests.has(studentId) },
      rules,
    );
    return {
      studentId,
      total: totals[i] as number,
      calculatedGrade,
      penalty: old.penalty,
      penaltySteps: old.penaltySteps,
      finalGrade,
      finalGradePoint: gradePointOf(bands, finalGrade),
    };
  });
  await storeGrades(tx, actor, { id, at, reason, lock: false }, next, current);
}

/** The stored grade rows of course offering `id`, by student. */
async function storedGrades(tx: Executor, id: string): Promise<Map<string, StoredGrade>> {
  const rows = await tx.select().from(studentGrade).where(eq(studentGrade.courseOfferingId, id));
  return new Map(rows.map((g) => [g.studentId, g]));
}

/**
 * Writes the grades of `next` that differ from `current` (total, calculated or final grade, grade
 * point, lock; `lock` true locks every row), version + 1, and audits each changed letter (action
 * `recalculate_grade`, before/after, `reason`), in batches of 1,000 rows.
 */
async function storeGrades(
  tx: Executor,
  actor: AuditActor,
  write: { id: string; at: Date; reason: string; lock: boolean },
  next: readonly NextGrade[],
  current: ReadonlyMap<string, StoredGrade>,
): Promise<void> {
  const { id, at, reason } = write;
  const audit: AuditEntry[] = [];
  const rows: Array<typeof studentGrade.$inferInsert> = [];
  for (const r of next) {
    const old = current.get(r.studentId);
    const locked = write.lock ? true : (old?.locked ?? false);
    if (
      old &&
      old.totalPercent === r.total &&
      old.calculatedGrade === r.calculatedGrade &&
      old.finalGrade === r.finalGrade &&
      old.gradePoint === r.finalGradePoint &&
      old.locked === locked
    ) {
      continue;
    }
    rows.push({
      courseOfferingId: id,
      studentId: r.studentId,
      totalPercent: r.total,
      calculatedGrade: r.calculatedGrade,
      penalty: r.penalty,
      penaltySteps: r.penaltySteps,
      finalGrade: r.finalGrade,
      gradePoint: r.finalGradePoint,
      locked,
      updatedAt: at,
    });
    if (old && (old.calculatedGrade !== r.calculatedGrade || old.finalGrade !== r.finalGrade)) {
      audit.push({
        action: "recalculate_grade",
        entity: "student_grade",
        entityId: old.id,
        before: {
          calculatedGrade: old.calculatedGrade,
          finalGrade: old.finalGrade,
          totalPercent: old.totalPercent,
        },
        after: {
          calculatedGrade: r.calculatedGrade,
          finalGrade: r.finalGrade,
          totalPercent: r.total,
          reason,
        },
      });
    }
  }
  for (let i = 0; i < rows.length; i += 1000) {
    await tx
      .insert(studentGrade)
      .values(rows.slice(i, i + 1000))
      .onConflictDoUpdate({
        target: [studentGrade.courseOfferingId, studentGrade.studentId],
        set: {
          totalPercent: sql`excluded.total_percent`,
          calculatedGrade: sql`excluded.calculated_grade`,
          finalGrade: sql`excluded.final_grade`,
          gradePoint: sql`excluded.grade_point`,
          locked: sql`excluded.locked`,
          updatedAt: sql`excluded.updated_at`,
          version: sql`${studentGrade.version} + 1`,
        },
      });
  }
  await writeAudit(tx, actor, audit, at);
}

/** The ids of `ids` that are students enrolled in course offering `id`. */
export async function enrolledAmong(db: Executor, id: string, ids: string[]): Promise<Set<string>> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return new Set();
  const rows = await db
    .select({ id: enrolment.studentId })
    .from(enrolment)
    .where(
      and(
        eq(enrolment.courseOfferingId, id),
        eq(enrolment.status, "Enrolled"),
        inArray(enrolment.studentId, valid),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
