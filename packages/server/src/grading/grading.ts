/**
 * Grading and results operations (spec §2 Grading, Student components page; §3 grade range, component
 * mark, student score row, master component; §4 grade and component rows, marks sending state; §5
 * grade letters, component repeats, sub-component count; §7 GradingCourseDetails, SubjectScores,
 * CreateDefaultGradeRange, CourseEvaluationComponentSubcomponent, /sf/exam/delete/subcomponent,
 * /sf/exam/coursecomponent/{id}, /sf/exam/admin/cousesubcomponet, GradeAllocationSetup,
 * SendEmailForMarks, /sf/exam/update/publish; openapi/grading.yaml). Every write is one transaction
 * with audit rows and ends by recomputing the stored grades.
 */
import {
  type ComponentDefinition,
  componentsProblem,
  DOWNGRADING_MESSAGES,
  downgradedGrade,
  finalGradeProblem,
  GRADING_MESSAGES,
  type GradeBand,
  type GradeLetter,
  type GradeStudentSortColumn,
  type GradingCourseSortColumn,
  type GradingType,
  gradePointOf,
  lettersBelow,
  type SortDirection,
} from "@portal/domain";
import { type AnyColumn, and, asc, count, eq, exists, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { type AuditEntry, writeAudit } from "../audit.ts";
import { type ListScope, offeringInListScope } from "../auth/public.ts";
import type { AppContext, SessionUser } from "../context.ts";
import type { Executor } from "../db/client.ts";
import { cachedReadModel } from "../db/read-model-cache.ts";
import {
  academicProgramme,
  campus,
  contact,
  course,
  courseOffering,
  enrolment,
  exam,
  examCycle,
  gradeRange,
  gradingComponent,
  gradingSetting,
  gradingSubComponent,
  intake,
  studentGrade,
  studentMark,
  term,
} from "../db/schema.ts";
import { badRequest, notFound, versionConflict } from "../http/errors.ts";
import { isUuid } from "../http/request.ts";
import type { Mail } from "../mail/mailer.ts";
import { loadDowngradingRules, retestStudents } from "./downgrading-rules.ts";
import {
  claimSetting,
  computeResults,
  enrolledAmong,
  type GradingSetup,
  loadSetup,
  type MarkSummary,
  recomputeGrades,
  regradeStudents,
  requireReasonWhenPublished,
  type StoredMark,
  type StudentResult,
} from "./setup.ts";

// ---------------------------------------------------------------- course list

/** One course offering of the grading list (spec §3 grading filters). */
export type GradingCourseRow = {
  id: string;
  courseCode: string;
  courseName: string;
  section: string;
  term: string;
  batch: string;
  programme: string;
  campus: string;
  students: number;
  typeOfGrading: GradingType;
  status: "Draft" | "Acknowledged" | "Published";
  version: number;
};

/**
 * The grading list (spec §7 GradingCourseDetails, §3 grading filters course, status, term, batch,
 * examCycle, campus): course offerings with their enrolled student count and grading status, by
 * course name and section; `course`, `term`, `batch`, `campus` (the batch's campus) match
 * case-insensitively anywhere in the name; `examCycle` keeps offerings with an exam in a cycle whose
 * name contains it; `status` exactly. With `sortBy` (GRADING_COURSE_SORT_COLUMNS) the rows
 * are ordered by that column in `sortDirection` first; ties always fall back to the list's own order
 * and then the offering's id, so the pages of one sort hold each course offering exactly once. With a
 * `scope` (not null), only the course offerings within it (docs/security/roles.md, "Lists that
 * narrow"); list and total narrow alike.
 */
export async function listGradingCourses(
  db: Executor,
  filter: {
    course: string;
    term: string;
    batch: string;
    status: string;
    examCycle: string;
    campus: string;
    pageNo: number;
    count: number;
    sortBy?: GradingCourseSortColumn | undefined;
    sortDirection?: SortDirection | undefined;
  },
  scope: ListScope | null = null,
): Promise<{ courses: GradingCourseRow[]; noOfRecords: number }> {
  const like = (v: string) => `%${v.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  const where: SQL[] = [];
  if (scope) {
    where.push(
      offeringInListScope(
        { offeringId: courseOffering.id, programmeId: intake.programmeId, planId: intake.programmePlanId },
        scope,
      ),
    );
  }
  if (filter.course) {
    where.push(or(ilike(course.name, like(filter.course)), ilike(course.code, like(filter.course))) as SQL);
  }
  if (filter.term) where.push(ilike(term.name, like(filter.term)));
  if (filter.batch) where.push(ilike(intake.name, like(filter.batch)));
  if (filter.status) where.push(sql`coalesce(${gradingSetting.status}, 'Draft') = ${filter.status}`);
  if (filter.campus) where.push(ilike(campus.name, like(filter.campus)));
  if (filter.examCycle) {
    where.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(exam)
          .innerJoin(examCycle, eq(examCycle.id, exam.examCycleId))
          .where(
            and(eq(exam.courseOfferingId, courseOffering.id), ilike(examCycle.name, like(filter.examCycle))),
          ),
      ),
    );
  }
  const students = db
    .select({ offeringId: enrolment.courseOfferingId, n: count().as("n") })
    .from(enrolment)
    .where(eq(enrolment.status, "Enrolled"))
    .groupBy(enrolment.courseOfferingId)
    .as("students");
  const base = db
    .select({
      id: courseOffering.id,
      courseCode: course.code,
      courseName: course.name,
      section: courseOffering.section,
      term: term.name,
      batch: intake.name,
      programme: academicProgramme.name,
      campus: campus.name,
      students: sql<number>`coalesce(${students.n}, 0)::int`,
      typeOfGrading: sql<GradingType>`coalesce(${gradingSetting.typeOfGrading}, 'Absolute')`,
      status: sql<GradingCourseRow["status"]>`coalesce(${gradingSetting.status}, 'Draft')`,
      version: sql<number>`coalesce(${gradingSetting.version}, 0)::int`,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(courseOffering)
    .innerJoin(course, eq(course.id, courseOffering.courseId))
    .innerJoin(term, eq(term.id, courseOffering.termId))
    .innerJoin(intake, eq(intake.id, term.intakeId))
    .innerJoin(academicProgramme, eq(academicProgramme.id, intake.programmeId))
    .innerJoin(campus, eq(campus.id, intake.campusId))
    .leftJoin(gradingSetting, eq(gradingSetting.courseOfferingId, courseOffering.id))
    .leftJoin(students, eq(students.offeringId, courseOffering.id))
    .where(where.length ? and(...where) : undefined)
    .orderBy(
      ...(filter.sortBy
        ? gradingCourseSort(filter.sortBy, filter.sortDirection ?? "asc", sql`coalesce(${students.n}, 0)`)
        : []),
      asc(course.name),
      asc(courseOffering.section),
      asc(courseOffering.id),
    )
    .limit(filter.count)
    .offset((filter.pageNo - 1) * filter.count);
  const rows = await base;
  return {
    courses: rows.map(({ total: _total, ...r }) => r),
    noOfRecords: rows[0]?.total ?? 0,
  };
}

/**
 * The ORDER BY terms of a grading list sort (GRADING_COURSE_SORT_COLUMNS); `students` is the
 * enrolled count as the list computes it. The caller adds the tie-breaks.
 */
function gradingCourseSort(column: GradingCourseSortColumn, direction: SortDirection, students: SQL): SQL[] {
  const dir = sql.raw(direction === "desc" ? "desc" : "asc");
  const by = (value: SQL | AnyColumn) => sql`${value} ${dir}`;
  switch (column) {
    case "program":
      return [by(academicProgramme.name)];
    case "term":
      return [by(term.name)];
    case "course":
      return [by(course.name), by(courseOffering.section)];
    case "batch":
      return [by(intake.name)];
    case "campus":
      return [by(campus.name)];
    case "students":
      return [by(students)];
    case "typeOfGrading":
      return [by(sql`coalesce(${gradingSetting.typeOfGrading}, 'Absolute')`)];
    case "status":
      return [by(sql`coalesce(${gradingSetting.status}, 'Draft')`)];
  }
}

// ---------------------------------------------------------------- subject scores

/**
 * Reads the stored marks of `results`' students into their `marks`: one row per student (the mark
 * ids, sub-components, values and versions as arrays), which keeps a whole class of 2,000 students
 * with 64 sub-components to 2,000 rows instead of 128,000. Only the fields the score rows show are
 * filled (id, sub-component, value, version, source). With `subComponentIds`, only those
 * sub-components' marks are read (none for an empty list).
 */
async function attachMarks(
  db: Executor,
  id: string,
  results: StudentResult[],
  subComponentIds?: readonly string[],
): Promise<void> {
  const subs = subComponentIds?.filter(isUuid);
  if (results.length === 0 || subs?.length === 0) return;
  const byStudent = new Map(results.map((r) => [r.studentId, r]));
  const rows = await db
    .select({
      studentId: studentMark.studentId,
      ids: sql<string[]>`array_agg(${studentMark.id})`,
      subs: sql<string[]>`array_agg(${studentMark.subComponentId})`,
      values: sql<number[]>`array_agg(${studentMark.marksObtained}::float8)`,
      versions: sql<number[]>`array_agg(${studentMark.version})`,
      sources: sql<StoredMark["source"][]>`array_agg(${studentMark.source})`,
    })
    .from(studentMark)
    .where(
      and(
        eq(studentMark.courseOfferingId, id),
        inArray(studentMark.studentId, [...byStudent.keys()]),
        subs ? inArray(studentMark.subComponentId, subs) : undefined,
      ),
    )
    .groupBy(studentMark.studentId);
  for (const row of rows) {
    const marks = byStudent.get(row.studentId)?.marks;
    if (!marks) continue;
    row.subs.forEach((sub, i) => {
      marks.set(sub, {
        id: row.ids[i] as string,
        subComponentId: sub,
        marksObtained: Number(row.values[i]),
        version: Number(row.versions[i]),
        source: row.sources[i] as StoredMark["source"],
      });
    });
  }
}

/**
 * The wire form of one student's results (spec §3 student score row). With `subComponentIds`, each
 * component's `subCompList` holds only those sub-components (component percents stay whole).
 */
export function toScoreRow(setup: GradingSetup, r: StudentResult, subComponentIds?: ReadonlySet<string>) {
  return {
    id: r.gradeId,
    StudentId: r.studentId,
    student: r.student.name,
    studentName: r.student.name,
    studentCode: r.student.code,
    email: r.student.email,
    CourseOfferingId: setup.offering.id,
    componentList: setup.components.map((c, ci) => ({
      componentId: c.id,
      ComponentName: c.name,
      marksObtained: r.componentPercents[ci] ?? 0,
      subCompList: (subComponentIds
        ? c.subComponents.filter((s) => subComponentIds.has(s.id))
        : c.subComponents
      ).map((s) => {
        const m = r.marks.get(s.id);
        return {
          subComponentId: s.id,
          subComponentName: s.name,
          markId: m?.id ?? null,
          MarksObtined: m ? m.marksObtained : null,
          TotalMarks: s.totalMarks,
          version: m?.version ?? 0,
        };
      }),
    })),
    TotalMarksObtained: r.total,
    percentile: r.percentile,
    CalculatedGrade: r.calculatedGrade,
    calculatedLetterGrade: r.calculatedGrade,
    penality: r.penalty,
    finalGrade: r.finalGrade,
    finalLetterGrade: r.finalGrade,
    gradePoint: r.finalGradePoint,
    term: setup.offering.term,
    locked: r.locked,
    version: r.gradeVersion,
  };
}

/**
 * Subject scores of one course offering (spec §7 SubjectScores, grading id = course offering id):
 * header, grading type, status and setting version, the class's real statistics (mean, population
 * standard deviation of the weighted totals, size), the bands in use, the components, and one row per
 * enrolled student: marks per sub-component, component percents, weighted total (percent), percentile,
 * calculated grade, penalty, final grade and grade point; `count` students a page (0 = all, spec §9
 * student grade table 5, 10, 25, All), statistics always of the whole class. `studentId` answers that
 * student's row alone (none when not enrolled) instead of a page, for the student report; `roster`
 * adds every enrolled student's id, name and code (the report's student choice), without marks.
 * `subComponentIds` answers (and reads) only those sub-components' marks in each row's `subCompList`,
 * none for an empty list: the marks-by screens, which show component percents or one component, so
 * a class of thousands is not sent whole. 404 for an unknown offering.
 */
export async function getSubjectScores(
  db: Executor,
  gradingId: string,
  page: {
    pageNo: number;
    count: number;
    studentId?: string | undefined;
    roster?: boolean | undefined;
    subComponentIds?: string[] | undefined;
    sortBy?: GradeStudentSortColumn | undefined;
    sortDirection?: SortDirection | undefined;
  },
) {
  // The class results depend on every student's marks (relative grades, statistics), so they are
  // computed for the whole class and kept behind the 'grading' change counter (migration 0011);
  // a page then reads only its own students' mark rows.
  const { setup, all, statistics } = await cachedReadModel(
    db,
    "grading",
    `subject_scores|${gradingId}`,
    async () => {
      const setup = await loadSetup(db, gradingId, "gradingId");
      const { results, statistics } = await computeResults(db, setup, new Set());
      return { setup, all: results, statistics };
    },
  );
  const ordered = page.sortBy ? sortStudents(all, page.sortBy, page.sortDirection ?? "asc") : all;
  const chosen =
    page.studentId !== undefined
      ? all.filter((r) => r.studentId === page.studentId)
      : page.count === 0
        ? ordered
        : ordered.slice((page.pageNo - 1) * page.count, page.pageNo * page.count);
  const shown = chosen.map((r) => ({ ...r, marks: new Map<string, MarkSummary>() }));
  await attachMarks(db, gradingId, shown, page.subComponentIds);
  const onlySubs = page.subComponentIds ? new Set(page.subComponentIds) : undefined;
  return {
    noOfRecords: all.length,
    course: setup.offering,
    typeOfGrading: setup.typeOfGrading,
    status: setup.status,
    version: setup.version,
    statistics,
    classTotals: classTotals(all),
    gradeRanges: setup.bands[setup.typeOfGrading].map((b) => ({ ...b })),
    components: componentsWire(setup),
    students: shown.map((r) => toScoreRow(setup, r, onlySubs)),
    ...(page.roster
      ? {
          roster: all.map((r) => ({
            StudentId: r.studentId,
            studentName: r.student.name,
            studentCode: r.student.code,
          })),
        }
      : {}),
  };
}

/**
 * The class's results ordered by a grade students header sort (GRADE_STUDENT_SORT_COLUMNS):
 * `column` in `direction` first, ties in the list's own order (`all`'s: last name, first name, id),
 * so each sort is one total order and its pages hold each student exactly once. "student" is the
 * list's own order itself (reversed for desc); grades compare as letters (A first), the penalty by
 * its steps then its text (none first), the total by its percent. A new array; `all` is left as it is.
 */
export function sortStudents(
  all: readonly StudentResult[],
  column: GradeStudentSortColumn,
  direction: SortDirection,
): StudentResult[] {
  const sign = direction === "desc" ? -1 : 1;
  const keys = (r: StudentResult, position: number): (number | string)[] => {
    switch (column) {
      case "student":
        return [position];
      case "total":
        return [r.total];
      case "calculated":
        return [r.calculatedGrade];
      case "penalty":
        return [r.penaltySteps, r.penalty];
      case "final":
        return [r.finalGrade];
    }
  };
  const rows = all.map((r, position) => ({ r, position, keys: keys(r, position) }));
  rows.sort((a, b) => {
    for (const [i, key] of a.keys.entries()) {
      const other = b.keys[i] as number | string;
      if (key !== other) return (key < other ? -1 : 1) * sign;
    }
    return a.position - b.position;
  });
  return rows.map((x) => x.r);
}

/**
 * Every student's weighted total (percent, 2 decimals) in ascending order: what the mark histogram
 * draws while the table shows one page. Sorted so the answer says nothing about who scored what.
 */
function classTotals(all: readonly StudentResult[]): number[] {
  return all.map((r) => Math.round(r.total * 100) / 100).sort((a, b) => a - b);
}

// ---------------------------------------------------------------- grade ranges

/** Wire form of the two grade range lists (spec §7 grade ranges fetch: first Absolute, second Relative). */
export function gradeRangesWire(setup: GradingSetup) {
  return (["Absolute", "Relative"] as const).map((type) => ({
    typeOfGrading: type,
    selected: setup.typeOfGrading === type,
    gradeRanges: setup.bands[type].map((b) => ({
      letterGrade: b.letterGrade,
      gradePoint: b.gradePoint,
      typeOfGrading: type,
      minimumMark: type === "Absolute" ? b.lower : null,
      maximumMark: type === "Absolute" ? b.upper : null,
      minPercentile: type === "Relative" ? b.lower : null,
      maxPercentile: type === "Relative" ? b.upper : null,
    })),
  }));
}

/** The grade ranges of course offering `id` (defaults while none are saved). */
export async function getGradeRanges(db: Executor, id: string) {
  const setup = await loadSetup(db, id, "courseOfferingId");
  return {
    courseOfferingId: id,
    version: setup.version,
    status: setup.status,
    wrappers: gradeRangesWire(setup),
  };
}

/**
 * Saves course offering `id`'s grading type and the band lists given (spec §7 grade ranges save,
 * Grading Setting modal). `bands` holds only the types sent; each replaces that type's list. Then
 * every grade is recomputed (audited). 404 unknown offering; 409 stale version; 400 reason missing
 * after publish. Returns the ranges as saved.
 */
export async function saveGradeRanges(
  ctx: AppContext,
  actor: SessionUser,
  input: {
    courseOfferingId: string;
    typeOfGrading: GradingType;
    version: number;
    reason: string;
    bands: Partial<Record<GradingType, GradeBand[]>>;
  },
) {
  const at = new Date(ctx.now());
  return ctx.db.transaction(async (tx) => {
    const before = await loadSetup(tx, input.courseOfferingId, "courseOfferingId");
    requireReasonWhenPublished(before, input.reason);
    const settingId = await claimSetting(tx, input.courseOfferingId, input.version, "version", {
      typeOfGrading: input.typeOfGrading,
    });
    for (const [type, bands] of Object.entries(input.bands) as Array<[GradingType, GradeBand[]]>) {
      await tx
        .delete(gradeRange)
        .where(
          and(eq(gradeRange.courseOfferingId, input.courseOfferingId), eq(gradeRange.typeOfGrading, type)),
        );
      await tx.insert(gradeRange).values(
        bands.map((b) => ({
          courseOfferingId: input.courseOfferingId,
          typeOfGrading: type,
          letterGrade: b.letterGrade,
          gradePoint: b.gradePoint,
          lower: b.lower,
          upper: b.upper,
        })),
      );
    }
    await writeAudit(
      tx,
      actor,
      [
        {
          action: "save_grade_ranges",
          entity: "grading_setting",
          entityId: settingId,
          before: { typeOfGrading: before.typeOfGrading, bands: before.bands },
          after: {
            typeOfGrading: input.typeOfGrading,
            bands: { ...before.bands, ...input.bands },
            reason: input.reason,
          },
        },
      ],
      at,
    );
    await recomputeGrades(tx, actor, input.courseOfferingId, at, input.reason);
    return getGradeRanges(tx, input.courseOfferingId);
  });
}

// ---------------------------------------------------------------- components

/** Wire form of the master components (spec §3 master component). */
export function componentsWire(setup: GradingSetup) {
  return setup.components.map((c) => ({
    componentId: c.id,
    componentName: c.name,
    numberofSubcomps: c.subComponents.length,
    weightagePercent: c.weightagePercent,
    subComponents: c.subComponents.map((s) => ({
      subComponentid: s.id,
      subComponentName: s.name,
      subcompWeightageCompPercent: s.weightagePercent,
      totalMarks: s.totalMarks,
    })),
  }));
}

/** The master components of course offering `id` with the setting version. */
export async function getComponents(db: Executor, id: string) {
  const setup = await loadSetup(db, id, "courseOfferingId");
  return {
    courseOfferingId: id,
    version: setup.version,
    status: setup.status,
    components: componentsWire(setup),
  };
}

/** A component of a save: its id when it exists, and its sub-components' ids when they exist. */
export type ComponentInput = ComponentDefinition & {
  componentId: string | null;
  subComponentIds: Array<string | null>;
};

/**
 * Saves the whole component set of course offering `id` (spec §7 master components save): the list
 * is the whole set. Components and sub-components named by id are updated, new ones created, stored
 * ones left out are deleted with their marks (each deleted mark audited). A sub-component's total
 * marks cannot go below a mark already stored (400). Then grades are recomputed. Errors: 400 the
 * domain's component rules (weights 100 per level, no repeats, 1..8 sub-components), an id not of
 * this offering; 404 unknown offering; 409 stale version.
 */
export async function saveComponents(
  ctx: AppContext,
  actor: SessionUser,
  input: { courseOfferingId: string; version: number; reason: string; components: ComponentInput[] },
) {
  const problem = componentsProblem(input.components);
  if (problem) throw badRequest(problem, "components", "components");
  const at = new Date(ctx.now());
  return ctx.db.transaction(async (tx) => {
    const before = await loadSetup(tx, input.courseOfferingId, "courseOfferingId");
    requireReasonWhenPublished(before, input.reason);
    const settingId = await claimSetting(tx, input.courseOfferingId, input.version);
    const storedComponents = new Map(before.components.map((c) => [c.id, c]));
    const storedSubs = new Map(
      before.components.flatMap((c) => c.subComponents.map((s) => [s.id, { ...s, componentId: c.id }])),
    );
    const keptComponents = new Set<string>();
    const keptSubs = new Set<string>();
    input.components.forEach((c, ci) => {
      if (c.componentId) {
        if (!storedComponents.has(c.componentId)) {
          throw badRequest(
            "No such component in this course offering",
            `components.${ci}.componentId`,
            "unknown",
          );
        }
        keptComponents.add(c.componentId);
      }
      c.subComponentIds.forEach((sid, si) => {
        if (!sid) return;
        const stored = storedSubs.get(sid);
        if (!stored || stored.componentId !== c.componentId) {
          throw badRequest(
            "No such sub-component in this component",
            `components.${ci}.subComponents.${si}.subComponentid`,
            "unknown",
          );
        }
        keptSubs.add(sid);
      });
    });
    // Remove what the set leaves out (marks go with their sub-component; audited first).
    const goneSubs = [...storedSubs.keys()].filter((s) => !keptSubs.has(s));
    await auditDeletedMarks(tx, actor, goneSubs, at, input.reason);
    const goneComponents = [...storedComponents.keys()].filter((c) => !keptComponents.has(c));
    if (goneSubs.length)
      await tx.delete(gradingSubComponent).where(inArray(gradingSubComponent.id, goneSubs));
    if (goneComponents.length)
      await tx.delete(gradingComponent).where(inArray(gradingComponent.id, goneComponents));
    // Positions are rewritten in two steps so the unique names never collide midway.
    await tx
      .update(gradingComponent)
      .set({ name: sql`${gradingComponent.id}::text` })
      .where(eq(gradingComponent.courseOfferingId, input.courseOfferingId));
    for (const [ci, c] of input.components.entries()) {
      let componentId = c.componentId;
      if (componentId) {
        await tx
          .update(gradingComponent)
          .set({ name: c.componentName, weightagePercent: c.weightagePercent, position: ci })
          .where(eq(gradingComponent.id, componentId));
      } else {
        const [made] = await tx
          .insert(gradingComponent)
          .values({
            courseOfferingId: input.courseOfferingId,
            name: c.componentName,
            weightagePercent: c.weightagePercent,
            position: ci,
          })
          .returning({ id: gradingComponent.id });
        componentId = (made as { id: string }).id;
      }
      await tx
        .update(gradingSubComponent)
        .set({ name: sql`${gradingSubComponent.id}::text` })
        .where(eq(gradingSubComponent.componentId, componentId));
      for (const [si, s] of c.subComponents.entries()) {
        const sid = c.subComponentIds[si];
        if (sid) {
          const [highest] = await tx
            .select({ max: sql<number | null>`max(${studentMark.marksObtained})` })
            .from(studentMark)
            .where(eq(studentMark.subComponentId, sid));
          if (highest?.max !== null && highest?.max !== undefined && Number(highest.max) > s.totalMarks) {
            throw badRequest(
              `${s.subComponentName} has a mark of ${Number(highest.max)}: its total marks cannot be below that`,
              `components.${ci}.subComponents.${si}.totalMarks`,
              "below_stored_mark",
            );
          }
          await tx
            .update(gradingSubComponent)
            .set({
              name: s.subComponentName,
              weightagePercent: s.weightagePercent,
              totalMarks: s.totalMarks,
              position: si,
            })
            .where(eq(gradingSubComponent.id, sid));
          await tx
            .update(studentMark)
            .set({ totalMarks: s.totalMarks })
            .where(eq(studentMark.subComponentId, sid));
        } else {
          await tx.insert(gradingSubComponent).values({
            componentId,
            name: s.subComponentName,
            weightagePercent: s.weightagePercent,
            totalMarks: s.totalMarks,
            position: si,
          });
        }
      }
    }
    await writeAudit(
      tx,
      actor,
      [
        {
          action: "save_components",
          entity: "grading_setting",
          entityId: settingId,
          before: { components: componentsWire(before) },
          after: {
            components: input.components.map(({ subComponentIds: _s, ...c }) => c),
            reason: input.reason,
          },
        },
      ],
      at,
    );
    await recomputeGrades(tx, actor, input.courseOfferingId, at, input.reason);
    return getComponents(tx, input.courseOfferingId);
  });
}

/** Audits (action `delete_mark`) every mark of sub-components `subIds`, before they are deleted. */
async function auditDeletedMarks(
  tx: Executor,
  actor: SessionUser,
  subIds: string[],
  at: Date,
  reason: string,
) {
  if (subIds.length === 0) return;
  const marks = await tx.select().from(studentMark).where(inArray(studentMark.subComponentId, subIds));
  await writeAudit(
    tx,
    actor,
    marks.map((m) => ({
      action: "delete_mark",
      entity: "student_mark",
      entityId: m.id,
      before: {
        studentId: m.studentId,
        subComponentId: m.subComponentId,
        marksObtained: m.marksObtained,
        totalMarks: m.totalMarks,
      },
      after: reason ? { reason } : null,
    })),
    at,
  );
}

/**
 * Deletes one component (`kind` component) or sub-component with its marks (spec §7 delete component,
 * delete sub-component), at the setting's `version`. A component's last sub-component cannot be
 * deleted (1..8). Grades are recomputed. 404 unknown id; 409 stale version; 400 reason missing after
 * publish or last sub-component.
 */
export async function deleteComponentPart(
  ctx: AppContext,
  actor: SessionUser,
  kind: "component" | "subComponent",
  input: { id: string; version: number; reason: string },
) {
  const at = new Date(ctx.now());
  return ctx.db.transaction(async (tx) => {
    const missing = notFound(kind === "component" ? "No such component" : "No such sub-component", "id");
    if (!isUuid(input.id)) throw missing;
    const [found] =
      kind === "component"
        ? await tx
            .select({ offeringId: gradingComponent.courseOfferingId, componentId: gradingComponent.id })
            .from(gradingComponent)
            .where(eq(gradingComponent.id, input.id))
        : await tx
            .select({ offeringId: gradingComponent.courseOfferingId, componentId: gradingComponent.id })
            .from(gradingSubComponent)
            .innerJoin(gradingComponent, eq(gradingComponent.id, gradingSubComponent.componentId))
            .where(eq(gradingSubComponent.id, input.id));
    if (!found) throw missing;
    const before = await loadSetup(tx, found.offeringId, "id");
    requireReasonWhenPublished(before, input.reason);
    const settingId = await claimSetting(tx, found.offeringId, input.version);
    const component = before.components.find((c) => c.id === found.componentId);
    let subIds: string[];
    if (kind === "component") {
      subIds = component?.subComponents.map((s) => s.id) ?? [];
    } else {
      if ((component?.subComponents.length ?? 0) <= 1) {
        throw badRequest(GRADING_MESSAGES.subComponentCount, "id", "last_sub_component");
      }
      subIds = [input.id];
    }
    await auditDeletedMarks(tx, actor, subIds, at, input.reason);
    if (kind === "component") await tx.delete(gradingComponent).where(eq(gradingComponent.id, input.id));
    else await tx.delete(gradingSubComponent).where(eq(gradingSubComponent.id, input.id));
    await writeAudit(
      tx,
      actor,
      [
        {
          action: kind === "component" ? "delete_component" : "delete_sub_component",
          entity: "grading_setting",
          entityId: settingId,
          before: { id: input.id, components: componentsWire(before) },
          after: input.reason ? { reason: input.reason } : null,
        },
      ],
      at,
    );
    await recomputeGrades(tx, actor, found.offeringId, at, input.reason);
    return getComponents(tx, found.offeringId);
  });
}

// ---------------------------------------------------------------- marks

/**
 * Component marks of course offering `id` (spec §3 component mark, Student components page, §7
 * /sf/exam/coursecomponent/{id}): one row per student × sub-component (MarksObtined null while none
 * is entered), and per student × component the sums of marks and totals. `studentId` and
 * `componentName` narrow the answer. 404 unknown offering.
 */
export async function getComponentMarks(
  db: Executor,
  id: string,
  filter: { studentId: string; componentName: string },
) {
  const setup = await loadSetup(db, id, "id");
  const { results } = await computeResults(db, setup, filter.studentId ? new Set([filter.studentId]) : "all");
  const rows = [];
  const sums = [];
  for (const r of results) {
    if (filter.studentId && r.studentId !== filter.studentId) continue;
    for (const c of setup.components) {
      if (filter.componentName && c.name !== filter.componentName) continue;
      let obtained = 0;
      let total = 0;
      for (const s of c.subComponents) {
        const m = r.marks.get(s.id);
        obtained += m?.marksObtained ?? 0;
        total += s.totalMarks;
        rows.push({
          id: m?.id ?? null,
          ComponentName: c.name,
          SubComponentName: s.name,
          subComponentId: s.id,
          MarksObtined: m ? m.marksObtained : null,
          TotalMarks: s.totalMarks,
          courseOfferingId: id,
          studentId: r.studentId,
          studentName: r.student.name,
          source: m?.source ?? null,
          version: m?.version ?? 0,
        });
      }
      sums.push({
        ComponentName: c.name,
        componentId: c.id,
        MarksObtined: Math.round(obtained * 100) / 100,
        TotalMarks: total,
        courseOfferingId: id,
        studentId: r.studentId,
        studentName: r.student.name,
      });
    }
  }
  return { courseOfferingId: id, status: setup.status, marks: rows, components: sums };
}

/** One mark to write: by mark id, or by student and sub-component for a first mark (version 0). */
export type MarkInput = {
  id: string | null;
  studentId: string | null;
  subComponentId: string | null;
  marksObtained: number;
  totalMarks: number;
  version: number;
  reason: string;
};

/**
 * Writes marks to the marks store (spec §7 component marks update, /sf/exam/admin/cousesubcomponet)
 * in one transaction: each item names a stored mark (`id`, at its `version`) or a student enrolled
 * in the sub-component's course offering with no mark yet (version 0). TotalMarks must be the
 * sub-component's total marks and 0 ≤ MarksObtined ≤ TotalMarks. A changed mark keeps the value it
 * replaced, its source (`entry` or `upload`) and reason, version + 1, and one audit row (before,
 * after, reason); an unchanged one writes nothing. Then the touched offerings are regraded from the
 * changed students' marks and the others' stored totals (setup.ts regradeStudents). Errors (nothing written): 400 a rule above, an unknown student or sub-component, a
 * published offering without reason; 404 unknown mark id; 409 stale version.
 */
export async function writeMarks(
  ctx: AppContext,
  actor: SessionUser,
  items: MarkInput[],
  source: "entry" | "upload",
  tx0?: Executor,
): Promise<{ changed: number; unchanged: number; offerings: string[] }> {
  const at = new Date(ctx.now());
  const run = async (tx: Executor) => {
    const audit: AuditEntry[] = [];
    const offerings = new Map<string, GradingSetup>();
    /** Students whose marks changed, by course offering: only they are regraded from their marks. */
    const changedStudents = new Map<string, Set<string>>();
    let changed = 0;
    for (const [i, item] of items.entries()) {
      let current: typeof studentMark.$inferSelect | undefined;
      let subId = item.subComponentId;
      let studentId = item.studentId;
      if (item.id) {
        [current] = isUuid(item.id)
          ? await tx.select().from(studentMark).where(eq(studentMark.id, item.id)).for("update")
          : [];
        if (!current) throw notFound("No such mark", `${i}.id`);
        subId = current.subComponentId;
        studentId = current.studentId;
      } else {
        if (!subId || !isUuid(subId))
          throw badRequest("subComponentId is required for a first mark", `${i}.subComponentId`, "required");
        if (!studentId || !isUuid(studentId))
          throw badRequest("studentId is required for a first mark", `${i}.studentId`, "required");
        [current] = await tx
          .select()
          .from(studentMark)
          .where(and(eq(studentMark.subComponentId, subId), eq(studentMark.studentId, studentId)))
          .for("update");
      }
      const [sub] = await tx
        .select({
          totalMarks: gradingSubComponent.totalMarks,
          name: gradingSubComponent.name,
          offeringId: gradingComponent.courseOfferingId,
        })
        .from(gradingSubComponent)
        .innerJoin(gradingComponent, eq(gradingComponent.id, gradingSubComponent.componentId))
        .where(eq(gradingSubComponent.id, subId as string));
      if (!sub) throw badRequest("No such sub-component", `${i}.subComponentId`, "unknown");
      let setup = offerings.get(sub.offeringId);
      if (!setup) {
        setup = await loadSetup(tx, sub.offeringId, `${i}.subComponentId`);
        offerings.set(sub.offeringId, setup);
      }
      requireReasonWhenPublished(setup, item.reason, `${i}.reason`);
      if (item.totalMarks !== sub.totalMarks) {
        throw badRequest(`TotalMarks of ${sub.name} is ${sub.totalMarks}`, `${i}.TotalMarks`, "total_marks");
      }
      if (item.marksObtained > sub.totalMarks)
        throw badRequest(GRADING_MESSAGES.markAboveTotal, `${i}.MarksObtined`, "max");
      if (
        !current &&
        !(await enrolledAmong(tx, sub.offeringId, [studentId as string])).has(studentId as string)
      ) {
        throw badRequest(
          "The student is not enrolled in this course offering",
          `${i}.studentId`,
          "not_enrolled",
        );
      }
      if ((current?.version ?? 0) !== item.version) throw versionConflict("This mark", `${i}.version`);
      if (current && current.marksObtained === item.marksObtained) continue;
      changed++;
      const students = changedStudents.get(sub.offeringId) ?? new Set<string>();
      students.add(studentId as string);
      changedStudents.set(sub.offeringId, students);
      if (current) {
        await tx
          .update(studentMark)
          .set({
            marksObtained: item.marksObtained,
            previousMarksObtained: current.marksObtained,
            source,
            reason: item.reason,
            updatedBy: actor.email,
            updatedAt: at,
            version: sql`${studentMark.version} + 1`,
          })
          .where(eq(studentMark.id, current.id));
      }
      const [made] = current
        ? [current]
        : await tx
            .insert(studentMark)
            .values({
              courseOfferingId: sub.offeringId,
              studentId: studentId as string,
              subComponentId: subId as string,
              marksObtained: item.marksObtained,
              totalMarks: sub.totalMarks,
              source,
              reason: item.reason,
              updatedBy: actor.email,
              updatedAt: at,
            })
            .returning();
      audit.push({
        action: current ? "change_mark" : "enter_mark",
        entity: "student_mark",
        entityId: (made as { id: string }).id,
        before: current ? { marksObtained: current.marksObtained, totalMarks: current.totalMarks } : null,
        after: {
          studentId,
          subComponentId: subId,
          marksObtained: item.marksObtained,
          totalMarks: sub.totalMarks,
          source,
          reason: item.reason,
        },
      });
    }
    await writeAudit(tx, actor, audit, at);
    const reason = items.find((i) => i.reason)?.reason ?? "";
    for (const [id, students] of changedStudents) await regradeStudents(tx, actor, id, at, reason, students);
    return { changed, unchanged: items.length - changed, offerings: [...offerings.keys()] };
  };
  return tx0 ? run(tx0) : ctx.db.transaction(run);
}

// ---------------------------------------------------------------- student grade save

/** One student grade save (spec §7: id, CalculatedGrade, penality, finalGrade), with version and reason. */
export type GradeSaveInput = {
  id: string;
  calculatedGrade: GradeLetter;
  penalty: string;
  finalGrade: GradeLetter;
  version: number;
  reason: string;
};

/**
 * Saves students' penalties and final grades (spec §7 student grade save, GradeAllocationSetup) in
 * one transaction. The calculated grade comes from the marks: a CalculatedGrade other than the
 * stored one is refused (400); the final grade is the calculated grade or lower by a penalty (domain
 * finalGradeProblem). A published (locked) grade changes only with a reason, and its student is
 * mailed the change (changedGradeMail, queued in the transaction, delivered after the commit). Audit
 * row per change (action `change_grade`, or `change_published_grade` for a published one: before/after
 * grades, penalty, reason). 404 unknown id; 409 stale version.
 */
export async function saveStudentGrades(ctx: AppContext, actor: SessionUser, items: GradeSaveInput[]) {
  const at = new Date(ctx.now());
  return ctx.db.transaction(async (tx) => {
    const audit: AuditEntry[] = [];
    const saved = [];
    for (const [i, item] of items.entries()) {
      const [current] = isUuid(item.id)
        ? await tx.select().from(studentGrade).where(eq(studentGrade.id, item.id)).for("update")
        : [];
      if (!current) throw notFound("No such student grade", `${i}.id`);
      if (current.version !== item.version) throw versionConflict("This student's grade", `${i}.version`);
      if (current.calculatedGrade !== item.calculatedGrade) {
        throw badRequest(
          `The calculated grade is ${current.calculatedGrade}: it comes from the marks and cannot be set`,
          `${i}.CalculatedGrade`,
          "calculated",
        );
      }
      // The downgrading rules lower a retest's grade first (domain downgrading.ts): the penalty is
      // what the grader lowers below that, and a final grade above it is refused.
      const rules = await loadDowngradingRules(tx);
      const retests = await retestStudents(tx, current.courseOfferingId, rules);
      const calculated = current.calculatedGrade as GradeLetter;
      const ruled = downgradedGrade(calculated, { retest: retests.has(current.studentId) }, rules);
      const found = finalGradeProblem(ruled, item.finalGrade, item.penalty);
      const problem =
        found === GRADING_MESSAGES.finalAboveCalculated && ruled !== calculated
          ? DOWNGRADING_MESSAGES.aboveCeiling(ruled)
          : found;
      if (problem)
        throw badRequest(
          problem,
          `${i}.${problem === GRADING_MESSAGES.penaltyRequired ? "penality" : "finalGrade"}`,
          "final_grade",
        );
      if (current.locked && item.reason.trim() === "") {
        throw badRequest(GRADING_MESSAGES.reasonRequired, `${i}.reason`, "reason_required_after_publish");
      }
      const setup = await loadSetup(tx, current.courseOfferingId, `${i}.id`);
      const gradePoint = gradePointOf(setup.bands[setup.typeOfGrading], item.finalGrade);
      const penalty = item.finalGrade === ruled && item.penalty === "" ? "" : item.penalty;
      if (current.finalGrade === item.finalGrade && current.penalty === penalty) {
        saved.push({
          id: current.id,
          finalGrade: current.finalGrade,
          gradePoint: current.gradePoint,
          version: current.version,
        });
        continue;
      }
      const [row] = await tx
        .update(studentGrade)
        .set({
          penalty,
          penaltySteps: lettersBelow(ruled, item.finalGrade),
          finalGrade: item.finalGrade,
          gradePoint,
          updatedAt: at,
          version: sql`${studentGrade.version} + 1`,
        })
        .where(eq(studentGrade.id, current.id))
        .returning();
      audit.push({
        action: current.locked ? "change_published_grade" : "change_grade",
        entity: "student_grade",
        entityId: current.id,
        before: { finalGrade: current.finalGrade, penalty: current.penalty, gradePoint: current.gradePoint },
        after: { finalGrade: item.finalGrade, penalty, gradePoint, reason: item.reason },
      });
      const r = row as typeof studentGrade.$inferSelect;
      saved.push({ id: r.id, finalGrade: r.finalGrade, gradePoint: r.gradePoint, version: r.version });
      if (current.locked && current.finalGrade !== item.finalGrade) {
        // The student saw the published grade: they hear of the change, with the reason, once the
        // change commits (the mail is queued in this transaction).
        const [student] = await tx
          .select({ firstName: contact.firstName, lastName: contact.lastName, email: contact.email })
          .from(contact)
          .where(eq(contact.id, current.studentId));
        if (student) {
          await ctx.mailer.enqueue(tx, {
            ...changedGradeMail(setup, student, current.finalGrade, item.finalGrade, gradePoint, item.reason),
            source: `grading.publish:${current.courseOfferingId}`,
          });
        }
      }
    }
    await writeAudit(tx, actor, audit, at);
    return saved;
  });
}

// ---------------------------------------------------------------- sending and publishing

/**
 * The mail to a student whose published final grade was changed: course, section and term, the
 * grade before and after (with the new grade point) and the reason given. Queued with the change
 * under the offering's publish source, so the grading screen's mail status counts it.
 */
export function changedGradeMail(
  setup: GradingSetup,
  student: { firstName: string; lastName: string; email: string },
  before: string,
  after: string,
  gradePoint: string | number | null,
  reason: string,
): Mail {
  const c = setup.offering;
  const lines = [
    `Dear ${`${student.firstName} ${student.lastName}`.trim()},`,
    "",
    `Your published grade for ${c.courseName} (${c.courseCode}, section ${c.section}), ${c.term}, was changed.`,
    "",
    `Grade before: ${before}`,
    `Grade now: ${after}${gradePoint === null || gradePoint === "" ? "" : ` (grade point ${gradePoint})`}`,
    `Reason: ${reason.trim()}`,
  ];
  return {
    to: [student.email],
    subject: `Grade changed: ${c.courseName} (${c.section})`,
    text: lines.join("\n"),
  };
}

/** The marks mail of one student: component marks, and with `withGrade` the total and final grade. */
export function marksMail(
  setup: GradingSetup,
  r: StudentResult,
  withGrade: boolean,
  published: boolean,
): Mail {
  const c = setup.offering;
  const lines = [
    `Dear ${r.student.name},`,
    "",
    `${published ? "Your results are published" : "Please acknowledge your marks"} for ${c.courseName} (${c.courseCode}, section ${c.section}), ${c.term}.`,
    "",
    ...setup.components.map((comp, ci) => `${comp.name}: ${r.componentPercents[ci] ?? 0} %`),
  ];
  if (withGrade)
    lines.push("", `Total: ${r.total} %`, `Grade: ${r.finalGrade} (grade point ${r.finalGradePoint})`);
  return {
    to: [r.student.email],
    subject: `${published ? "Results" : "Marks"}: ${c.courseName} (${c.section})`,
    text: lines.join("\n"),
  };
}

/**
 * Sends the marks of course offering `id` to its students and/or publishes its results (spec §4
 * marks sending state, §7 SendEmailForMarks state/comState Ack or Publish, /update/publish):
 * `publish` moves the status to Published and locks every grade; otherwise the status becomes
 * Acknowledged (from Draft). `mail` null sends nothing; "Ack" mails each student their component
 * marks, "Publish" adds total and final grade. One transaction, the mails queued in it and delivered
 * after the commit (mail/delivery.ts; what SMTP says later changes nothing here), audit row
 * `publish_results` or `send_marks`. 404 unknown offering; 409 stale version; 400 without
 * components.
 */
export async function sendOrPublish(
  ctx: AppContext,
  actor: SessionUser,
  input: { courseOfferingId: string; version: number; publish: boolean; mail: "Ack" | "Publish" | null },
  field = "gradingId",
) {
  const at = new Date(ctx.now());
  return ctx.db.transaction(async (tx) => {
    const before = await loadSetup(tx, input.courseOfferingId, field);
    if (before.components.length === 0) {
      throw badRequest("Define the components and enter marks before sending them", field, "no_components");
    }
    const status = input.publish ? "Published" : before.status === "Draft" ? "Acknowledged" : before.status;
    const settingId = await claimSetting(tx, input.courseOfferingId, input.version, "version", {
      status,
      ...(input.publish && before.status !== "Published"
        ? { publishedAt: at, publishedBy: actor.email }
        : {}),
    });
    const results = await recomputeGrades(tx, actor, input.courseOfferingId, at, "", { lock: input.publish });
    let mails = 0;
    if (input.mail) {
      const setup = await loadSetup(tx, input.courseOfferingId, field);
      const source = `grading.${input.publish ? "publish" : "send_marks"}:${input.courseOfferingId}`;
      for (const r of results) {
        await ctx.mailer.enqueue(tx, {
          ...marksMail(setup, r, input.mail === "Publish", input.publish),
          source,
        });
        mails++;
      }
    }
    await writeAudit(
      tx,
      actor,
      [
        {
          action: input.publish ? "publish_results" : "send_marks",
          entity: "grading_setting",
          entityId: settingId,
          before: { status: before.status },
          after: { status, mail: input.mail, mails },
        },
      ],
      at,
    );
    const [setting] = await tx.select().from(gradingSetting).where(eq(gradingSetting.id, settingId));
    return { courseOfferingId: input.courseOfferingId, status, version: setting?.version ?? 0, mails };
  });
}

/** Counts, for tests and the list: grades locked in offering `id`. */
export async function lockedGrades(db: Executor, id: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(studentGrade)
    .where(and(eq(studentGrade.courseOfferingId, id), eq(studentGrade.locked, true)));
  return row?.n ?? 0;
}
