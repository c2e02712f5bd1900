import {
  AT_RISK_MIN_ATTENDANCE,
  addToEligibilityCounts,
  type DocumentStatus,
  documentStatusFor,
  ELIGIBILITY_MIN_ATTENDANCE,
  type EligibilityCounts,
  type EligibilityStatus,
  type EligibilityUpdateItem,
  type ExamProgressStatus,
  emptyEligibilityCounts,
  examStatusFor,
  todayIn,
} from "@portal/domain";
import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias, type PgSelect } from "drizzle-orm/pg-core";
import { type AuditEntry, writeAudit } from "../../audit.ts";
import { type ListScope, offeringIdInListScope } from "../../auth/public.ts";
import type { AppContext, SessionUser } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { personName } from "../../db/person-name.ts";
import { cachedReadModel, readModelCacheOn } from "../../db/read-model-cache.ts";
import { rows } from "../../db/rows.ts";
import {
  contact,
  course,
  courseOffering,
  enrolment,
  exam,
  examCycle,
  examEligibility,
  intake,
  term,
} from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { updateVersioned } from "../../db/versioned-update.ts";
import { ApiError, badRequest, notFound, versionConflict } from "../../http/errors.ts";
import { isUuid } from "../../http/request.ts";
import { examHeaderColumns, withExamHeaderJoins } from "../header.ts";
import { candidateOf, candidateOfExamRow } from "./candidates.ts";

/**
 * Exam eligibility (spec §3 exam row fields, §4 eligibility / status / document labels, §7
 * /sf/exam/studentStatus/{id}, /sf/exam/update/eligibily, StudentRiskData, StudentData): which
 * students of an exam may sit it. The status is computed from the enrolment's attendance and
 * documents ({@link computedEligibilitySql}, the SQL twin of the domain's `computeEligibility`)
 * unless the exam office recorded a decision (exam_eligibility), which then wins.
 */

export { ENROLLED } from "./candidates.ts";

/**
 * The exam a screen is about (dates YYYY-MM-DD, start HH:MM at its campus and duration in minutes):
 * course, section (course offering), term, batch (intake), programme, cycle, the teacher of the
 * section (`subjectFaculty`) and the exam's status (Completed once its date has passed).
 */
export type EvaluationExamHeader = {
  id: string;
  examCycleId: string;
  examCycle: string;
  courseId: string;
  courseCode: string;
  courseName: string;
  courseOfferingId: string;
  section: string;
  termId: string;
  term: string;
  batch: string;
  programme: string;
  component: string;
  examType: string;
  dateOfExam: string;
  startTimeOfExam: string;
  duration: number;
  status: ExamProgressStatus;
  subjectFacultyId: string | null;
  subjectFaculty: string | null;
  /** The evaluation deadline (spec §3 Exam info "Deadline"), YYYY-MM-DD; null until it is set. */
  deadline: string | null;
  /** The exam's row version: send it back with an evaluation deadline update. */
  version: number;
};

/** An exam header with what the server needs besides: its campus and exam period. */
export type ExamContext = EvaluationExamHeader & {
  campusId: string;
  periodId: string | null;
  /** The IANA zone of the exam's campus: its date and start time are wall times there. */
  timeZone: string;
};

/** One student of an exam with their eligibility (spec §3 exam row fields, wire names kept). */
export type StudentStatusRow = {
  id: string;
  studentCode: string | null;
  name: string;
  email: string;
  /** Attendance in the exam's course offering, percent; null while none is recorded. */
  attendancePercent: number | null;
  /** The status that holds: the office's decision when there is one, else the computed one. */
  eligibility_status: EligibilityStatus;
  computedStatus: EligibilityStatus;
  overridden: boolean;
  /** Reason of the office's decision ("" without one). */
  reason: string;
  decidedBy: string | null;
  decidedAt: string | null;
  status: ExamProgressStatus;
  document_submitted: DocumentStatus;
  /**
   * Version of the office's decision, 0 while there is none: send it back with an eligibility update
   * (409 version_conflict when the decision changed since).
   */
  version: number;
};

/** A student row of the cross-exam list (StudentData), with the exam it is about. */
export type StudentEligibilityRow = StudentStatusRow & {
  examId: string;
  courseName: string;
  section: string;
  dateOfExam: string;
};

/** Filters of the student status grid: one label ("" = all) and a name / code / e-mail search. */
export type StudentFilter = { eligibility: EligibilityStatus | ""; search: string };
/** A page: 1-based number and size. */
export type Page = { pageNo: number; count: number };

const studentName = personName(contact, { trim: true });
const teacher = alias(contact, "subject_faculty");

/**
 * The computed status in SQL (attendance and documents of the joined enrolment), the same rule as
 * the domain's computeEligibility: no attendance -> Under Review; >= 75 with documents -> Eligible;
 * >= 65 -> At Risk; else Not eligible. Thresholds are inlined (constants), so the expression can be
 * grouped by.
 */
export const computedEligibilitySql = sql<EligibilityStatus>`(case
  when ${enrolment.attendancePercent} is null then 'Under Review'
  when ${enrolment.attendancePercent} >= ${sql.raw(String(ELIGIBILITY_MIN_ATTENDANCE))} and ${enrolment.documentsSubmitted} then 'Eligible'
  when ${enrolment.attendancePercent} >= ${sql.raw(String(AT_RISK_MIN_ATTENDANCE))} then 'At Risk'
  else 'Not eligible' end)`;

/** The status that holds: the decision of the left-joined exam_eligibility row, else the computed one. */
export const effectiveEligibilitySql = sql<EligibilityStatus>`coalesce(${examEligibility.status}, ${computedEligibilitySql})`;

/** A LIKE pattern matching `text` anywhere (wildcards in `text` escaped). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/**
 * The exams with these ids (unknown or malformed ids are left out), keyed by id, with their header
 * and campus; `now` (epoch ms, the server's clock) decides Completed / Pending on today's date at
 * the exam's campus (its zone, `todayIn(now, timeZone)`). With a reach `scope` (listScopeOf), an
 * exam of a course offering outside it is left out as an unknown one (a condition of the same
 * statement; docs/security/roles.md).
 */
export async function loadExamContexts(
  db: Executor,
  ids: readonly string[],
  now: number,
  scope: ListScope | null = null,
): Promise<Map<string, ExamContext>> {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return new Map();
  const rows = await withExamHeaderJoins(
    db
      .select({
        ...examHeaderColumns,
        subjectFacultyId: courseOffering.facultyId,
        subjectFaculty: personName(teacher, { trim: true }) as SQL<string | null>,
        deadline: exam.evaluationDeadline,
        version: exam.version,
      })
      .from(exam)
      .$dynamic(),
  )
    .leftJoin(teacher, eq(teacher.id, courseOffering.facultyId))
    .where(
      and(inArray(exam.id, valid), scope ? offeringIdInListScope(exam.courseOfferingId, scope) : undefined),
    );
  // The evaluation and eligibility answers name the sitting dateOfExam, startTimeOfExam and duration.
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        examCycleId: r.examCycleId,
        examCycle: r.examCycle,
        courseId: r.courseId,
        courseCode: r.courseCode,
        courseName: r.courseName,
        courseOfferingId: r.courseOfferingId,
        section: r.section,
        termId: r.termId,
        term: r.term,
        batch: r.batch,
        programme: r.programme,
        component: r.component,
        examType: r.examType,
        dateOfExam: r.examDate,
        startTimeOfExam: r.startTime,
        duration: r.durationMinutes,
        subjectFacultyId: r.subjectFacultyId,
        subjectFaculty: r.subjectFaculty,
        deadline: r.deadline,
        version: r.version,
        campusId: r.campusId,
        periodId: r.periodId,
        timeZone: r.timeZone,
        status: examStatusFor(r.examDate, todayIn(now, r.timeZone)),
      },
    ]),
  );
}

/**
 * The exam `id` with its header; 404 "No such exam" naming `field` when unknown or, with a reach
 * `scope` (listScopeOf), when its course offering lies outside it (the same answer).
 */
export async function loadExamContext(
  db: Executor,
  id: string,
  now: number,
  field = "id",
  scope: ListScope | null = null,
): Promise<ExamContext> {
  const info = (await loadExamContexts(db, [id], now, scope)).get(id);
  if (!info) throw notFound("No such exam", field);
  return info;
}

/** The wire header of an exam (without campus and period). */
export function toExamHeader(info: ExamContext): EvaluationExamHeader {
  const { campusId: _c, periodId: _p, timeZone: _z, ...header } = info;
  return header;
}

const studentColumns = {
  id: contact.id,
  studentCode: contact.code,
  name: studentName,
  email: contact.email,
  attendancePercent: enrolment.attendancePercent,
  documentsSubmitted: enrolment.documentsSubmitted,
  override: examEligibility.status,
  reason: examEligibility.reason,
  decidedBy: examEligibility.decidedBy,
  decidedAt: examEligibility.decidedAt,
  version: examEligibility.version,
  computedStatus: computedEligibilitySql,
  effectiveStatus: effectiveEligibilitySql,
};

type StudentDbRow = {
  id: string;
  studentCode: string | null;
  name: string;
  email: string;
  attendancePercent: number | null;
  documentsSubmitted: boolean;
  override: EligibilityStatus | null;
  reason: string | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  version: number | null;
  computedStatus: EligibilityStatus;
  effectiveStatus: EligibilityStatus;
};

/**
 * Joins to a query on enrolment: the student's contact and the office's decision for the exam
 * `examIdSql` (an exam id or the joined exam's id column).
 */
function withStudentJoins<Q extends PgSelect>(query: Q, examIdSql: SQL | typeof exam.id): Q {
  query.innerJoin(contact, eq(contact.id, enrolment.studentId));
  query.leftJoin(
    examEligibility,
    and(eq(examEligibility.examId, examIdSql), eq(examEligibility.studentId, enrolment.studentId)),
  );
  return query;
}

function toStudentRow(row: StudentDbRow, status: ExamProgressStatus): StudentStatusRow {
  return {
    id: row.id,
    studentCode: row.studentCode,
    name: row.name,
    email: row.email,
    attendancePercent: row.attendancePercent,
    eligibility_status: row.effectiveStatus,
    computedStatus: row.computedStatus,
    overridden: row.override !== null,
    reason: row.reason ?? "",
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt ? new Date(row.decidedAt).toISOString() : null,
    status,
    document_submitted: documentStatusFor(row.documentsSubmitted),
    version: row.version ?? 0,
  };
}

/** Conditions of the label filter and the search (name, student code or e-mail, case-insensitive). */
function studentConditions(filter: StudentFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.eligibility) where.push(sql`${effectiveEligibilitySql} = ${filter.eligibility}`);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    where.push(
      sql`(${studentName} ilike ${pattern} or coalesce(${contact.code}, '') ilike ${pattern} or ${contact.email} ilike ${pattern})`,
    );
  }
  return where;
}

/** Eligibility counts of the rows `{status, n}` of a grouped count. */
function countsOf(rows: Array<{ status: EligibilityStatus; n: number }>): EligibilityCounts {
  return rows.reduce(
    (acc, r) => addToEligibilityCounts(acc, r.status, Number(r.n)),
    emptyEligibilityCounts(),
  );
}

/**
 * The student status screen of an exam (spec §7 GET /sf/exam/studentStatus/{id}): the exam header,
 * the counts per eligibility label over all its students (the summary cards; filters do not change
 * them), and one page of its students (its candidates, candidates.ts), optionally only
 * those holding one label and matching a search, ordered by name then id, with the number of
 * matches. 404 (field `id`) for an unknown exam and, alike, with a reach `scope` (listScopeOf), for
 * an exam of a course offering outside it.
 */
export async function getStudentStatus(
  db: Executor,
  now: number,
  examId: string,
  filter: StudentFilter,
  page: Page,
  scope: ListScope | null = null,
): Promise<{
  exam: EvaluationExamHeader;
  summary: EligibilityCounts;
  noOfRecords: number;
  pageNo: number;
  count: number;
  students: StudentStatusRow[];
}> {
  const info = await loadExamContext(db, examId, now, "id", scope);
  const ofExam = candidateOf(info);
  const where = and(ofExam, ...studentConditions(filter));
  const [grouped, [total], rows] = await Promise.all([
    withStudentJoins(
      db.select({ status: effectiveEligibilitySql, n: count() }).from(enrolment).$dynamic(),
      sql`${info.id}::uuid`,
    )
      .where(ofExam)
      .groupBy(effectiveEligibilitySql),
    withStudentJoins(db.select({ n: count() }).from(enrolment).$dynamic(), sql`${info.id}::uuid`).where(
      where,
    ),
    withStudentJoins(db.select(studentColumns).from(enrolment).$dynamic(), sql`${info.id}::uuid`)
      .where(where)
      .orderBy(asc(contact.firstName), asc(contact.lastName), asc(contact.id))
      .limit(page.count)
      .offset((page.pageNo - 1) * page.count),
  ]);
  return {
    exam: toExamHeader(info),
    summary: countsOf(grouped),
    noOfRecords: total?.n ?? 0,
    pageNo: page.pageNo,
    count: page.count,
    students: rows.map((r) => toStudentRow(r, info.status)),
  };
}

/** The rows of these students of an exam (those who sit it, candidates.ts), keyed by student id. */
async function studentRowsOf(
  db: Executor,
  info: ExamContext,
  studentIds: readonly string[],
): Promise<Map<string, StudentStatusRow>> {
  if (studentIds.length === 0) return new Map();
  const rows = await withStudentJoins(
    db.select(studentColumns).from(enrolment).$dynamic(),
    sql`${info.id}::uuid`,
  ).where(and(candidateOf(info), inArray(enrolment.studentId, [...studentIds])));
  return new Map(rows.map((r) => [r.id, toStudentRow(r, info.status)]));
}

/** An eligibility decision as the audit log keeps it. */
type DecisionRecord = { examId: string; studentId: string; status: EligibilityStatus; reason: string };

/**
 * Records the exam office's eligibility decisions (spec §7 PATCH /sf/exam/update/eligibily) in one
 * transaction: a label sets (or replaces) the decision with its reason, decidedBy the actor's e-mail
 * and decidedAt now; null withdraws it, so the computed status applies again. An item that changes
 * nothing (same label and reason, or null without a decision) writes no audit row and keeps who
 * decided and when (only the version of an existing decision moves on). One audit row per
 * change (entity exam_eligibility, before/after {examId, studentId, status, reason}). Errors name
 * the item, nothing written: 400 the same exam and student twice (`i.studentId`, rule unique); 404
 * unknown exam (`i.examId`) or student (`i.studentId`); 400 `student_not_enrolled` (`i.studentId`)
 * for a student not enrolled in the exam's course offering; 404 (`i.examId`) alike for an exam of a
 * course offering outside the reach `scope` (listScopeOf; checked in the transaction's first
 * statement); 409 `version_conflict` (`i.version`) when
 * the decision is not at the item's `version` (0: the client saw none) any more. Every write to a
 * decision moves its version on by one. Returns the students' rows after the
 * change, in item order, each with its exam id.
 */
export async function updateEligibility(
  ctx: AppContext,
  actor: SessionUser,
  items: ReadonlyArray<EligibilityUpdateItem & { version: number }>,
  scope: ListScope | null = null,
): Promise<Array<StudentStatusRow & { examId: string }>> {
  const seen = new Set<string>();
  for (const [i, item] of items.entries()) {
    const key = `${item.examId}|${item.studentId}`;
    if (seen.has(key)) {
      throw badRequest("The same exam and student are listed twice", `${i}.studentId`, "unique");
    }
    seen.add(key);
  }
  const at = new Date(ctx.now());
  try {
    return await updateEligibilityIn(ctx, actor, items, at, scope);
  } catch (err) {
    // Two updates that both saw no decision: the second insert breaks exam_eligibility_uq.
    if (isUniqueViolation(err)) throw versionConflict("An eligibility decision of this exam");
    throw err;
  }
}

async function updateEligibilityIn(
  ctx: AppContext,
  actor: SessionUser,
  items: ReadonlyArray<EligibilityUpdateItem & { version: number }>,
  at: Date,
  scope: ListScope | null,
): Promise<Array<StudentStatusRow & { examId: string }>> {
  return ctx.db.transaction(async (tx) => {
    // An exam outside the caller's reach is left out: refused below as an unknown one.
    const exams = await loadExamContexts(
      tx,
      items.map((i) => i.examId),
      ctx.now(),
      scope,
    );
    const audit: AuditEntry[] = [];
    for (const [i, item] of items.entries()) {
      const info = exams.get(item.examId);
      if (!info) throw notFound("No such exam", `${i}.examId`);
      const studentField = `${i}.studentId`;
      if (!isUuid(item.studentId)) {
        throw notFound("No such student", studentField);
      }
      // Locking the enrolment makes concurrent decisions on one student and exam run one after the other.
      const [enrolled] = await tx
        .select({ id: enrolment.id })
        .from(enrolment)
        .where(and(candidateOf(info), eq(enrolment.studentId, item.studentId)))
        .for("update");
      if (!enrolled) {
        const [student] = await tx
          .select({ id: contact.id })
          .from(contact)
          .where(and(eq(contact.id, item.studentId), eq(contact.kind, "student")));
        if (!student) throw notFound("No such student", studentField);
        throw new ApiError(400, "The student is not enrolled in the exam's course offering", {
          errorCode: "student_not_enrolled",
          field: studentField,
          rule: "enrolled",
        });
      }
      const [existing] = await tx
        .select()
        .from(examEligibility)
        .where(and(eq(examEligibility.examId, info.id), eq(examEligibility.studentId, item.studentId)))
        .for("update");
      const conflict = () => versionConflict("The eligibility of this student", `${i}.version`);
      if ((existing?.version ?? 0) !== item.version) throw conflict();
      const before: DecisionRecord | null = existing
        ? { examId: info.id, studentId: item.studentId, status: existing.status, reason: existing.reason }
        : null;
      if (item.eligibility_status === null) {
        if (!existing) continue;
        const gone = await tx
          .delete(examEligibility)
          .where(and(eq(examEligibility.id, existing.id), eq(examEligibility.version, item.version)))
          .returning({ id: examEligibility.id });
        if (gone.length === 0) throw conflict();
        audit.push({
          action: "clear_eligibility",
          entity: "exam_eligibility",
          entityId: existing.id,
          before,
          after: null,
        });
        continue;
      }
      const after: DecisionRecord = {
        examId: info.id,
        studentId: item.studentId,
        status: item.eligibility_status,
        reason: item.reason,
      };
      const unchanged = existing && existing.status === after.status && existing.reason === after.reason;
      let decisionId: string;
      if (existing) {
        // The same decision again keeps who decided it and when; the version still moves on.
        await updateVersioned(
          tx,
          examEligibility,
          { id: existing.id, version: item.version },
          unchanged
            ? {}
            : { status: after.status, reason: after.reason, decidedBy: actor.email, decidedAt: at },
          conflict,
        );
        if (unchanged) continue;
        decisionId = existing.id;
      } else {
        const [row] = await tx
          .insert(examEligibility)
          .values({ ...after, decidedBy: actor.email, decidedAt: at })
          .returning({ id: examEligibility.id });
        if (!row) throw new Error("exam_eligibility insert returned nothing");
        decisionId = row.id;
      }
      audit.push({
        action: "set_eligibility",
        entity: "exam_eligibility",
        entityId: decisionId,
        before,
        after,
      });
    }
    await writeAudit(tx, actor, audit, at);

    const result: Array<StudentStatusRow & { examId: string }> = [];
    const byExam = new Map<string, string[]>();
    for (const item of items) byExam.set(item.examId, [...(byExam.get(item.examId) ?? []), item.studentId]);
    const rows = new Map<string, StudentStatusRow>();
    for (const [examId, studentIds] of byExam) {
      const info = exams.get(examId);
      if (!info) continue;
      for (const [studentId, row] of await studentRowsOf(tx, info, studentIds)) {
        rows.set(`${examId}|${studentId}`, row);
      }
    }
    for (const item of items) {
      const row = rows.get(`${item.examId}|${item.studentId}`);
      if (row) result.push({ examId: item.examId, ...row });
    }
    return result;
  });
}

/** One exam of the eligibility overview with its counts per label. */
export type ExamRiskRow = {
  examId: string;
  examCycle: string;
  courseCode: string;
  courseName: string;
  section: string;
  term: string;
  batch: string;
  dateOfExam: string;
  startTimeOfExam: string;
  status: ExamProgressStatus;
  summary: EligibilityCounts;
};

/** The exam cycle `id` (404 naming `field` when unknown). */
export async function findCycle(
  db: Executor,
  id: string,
  field: string,
): Promise<{ id: string; name: string }> {
  const [row] = isUuid(id)
    ? await db.select({ id: examCycle.id, name: examCycle.name }).from(examCycle).where(eq(examCycle.id, id))
    : [];
  if (!row) throw notFound("No such exam cycle", field);
  return row;
}

/**
 * The overview's exams: of the cycle `cycleId` (null: every cycle), matching `search` (course name,
 * code or section), within the reach `scope` (null: everywhere).
 */
function examSelection(cycleId: string | null, search: string, scope: ListScope | null): SQL | undefined {
  const where: SQL[] = [];
  if (cycleId) where.push(eq(exam.examCycleId, cycleId));
  if (scope) where.push(offeringIdInListScope(exam.courseOfferingId, scope));
  if (search) {
    const pattern = containsPattern(search);
    where.push(
      sql`(${course.name} ilike ${pattern} or ${course.code} ilike ${pattern} or ${courseOffering.section} ilike ${pattern})`,
    );
  }
  return and(...where);
}

/** One exam of the overview as kept: its row without the status of today's date. */
type KeptRiskRow = Omit<ExamRiskRow, "status">;

/**
 * Every exam of the cycle `cycleId` (null: every cycle) in the overview's order (date, start time,
 * course name, section, id), each with its counts per eligibility label.
 * It reads exam, exam_cycle, course_offering, course, term, intake, enrolment, contact,
 * exam_eligibility and retest_request, every one of which moves the exam_operations counter
 * (migrations 0002, 0009, 0017), so it is kept behind that counter, one key per cycle and reach.
 * With a reach `scope` (listScopeOf), only the exams of course offerings within it.
 */
async function riskOverviewOf(
  db: Executor,
  cycleId: string | null,
  scope: ListScope | null,
): Promise<KeptRiskRow[]> {
  const where = examSelection(cycleId, "", scope);
  const [rows, grouped] = await Promise.all([
    db
      .select({
        examId: exam.id,
        examCycle: examCycle.name,
        courseCode: course.code,
        courseName: course.name,
        section: courseOffering.section,
        term: term.name,
        batch: intake.name,
        dateOfExam: exam.examDate,
        startTimeOfExam: exam.startTime,
      })
      .from(exam)
      .innerJoin(courseOffering, eq(courseOffering.id, exam.courseOfferingId))
      .innerJoin(course, eq(course.id, courseOffering.courseId))
      .innerJoin(examCycle, eq(examCycle.id, exam.examCycleId))
      .innerJoin(term, eq(term.id, courseOffering.termId))
      .innerJoin(intake, eq(intake.id, term.intakeId))
      .where(where)
      .orderBy(
        asc(exam.examDate),
        asc(exam.startTime),
        asc(course.name),
        asc(courseOffering.section),
        asc(exam.id),
      ),
    // The counts need no contact row (enrolment.student_id is a required reference): one probe
    // fewer per enrolment than the student lists' joins.
    db
      .select({ examId: exam.id, status: effectiveEligibilitySql, n: count() })
      .from(exam)
      .innerJoin(enrolment, candidateOfExamRow)
      .leftJoin(
        examEligibility,
        and(eq(examEligibility.examId, exam.id), eq(examEligibility.studentId, enrolment.studentId)),
      )
      .where(where)
      .groupBy(exam.id, effectiveEligibilitySql),
  ]);
  const perExam = new Map<string, EligibilityCounts>();
  for (const r of grouped) {
    perExam.set(
      r.examId,
      addToEligibilityCounts(perExam.get(r.examId) ?? emptyEligibilityCounts(), r.status, Number(r.n)),
    );
  }
  return rows.map((e) => ({ ...e, summary: perExam.get(e.examId) ?? emptyEligibilityCounts() }));
}

/** Sum of the counts of `exams`. */
function totalsOfRows(exams: ReadonlyArray<KeptRiskRow>): EligibilityCounts {
  const totals = emptyEligibilityCounts();
  for (const e of exams) {
    for (const key of Object.keys(totals) as Array<keyof EligibilityCounts>) totals[key] += e.summary[key];
  }
  return totals;
}

/**
 * The eligibility overview (spec §7 StudentRiskData; the studentEligibility screen): the exams of
 * one exam cycle (all cycles without `examCycleId`), optionally matching a search on course name,
 * code or section, by date, start time, course and section; one page of them, each with its counts
 * per eligibility label and its progress status on today's date in Asia/Kolkata (`now`, epoch
 * milliseconds); the totals over all matching exams (the summary cards) and the number of matching
 * exams. The cycle's exams with their counts are kept behind the exam_operations counter
 * ({@link riskOverviewOf}); a search only picks which of them match, by one query on exam, course
 * offering and course (PostgreSQL's `ilike`, as before). 404 (field `examCycleId`) for an unknown
 * cycle. With a reach `scope` (listScopeOf; docs/security/roles.md), only the exams of course
 * offerings within it, totals and count alike; the reach is part of the kept overview's key.
 */
export async function getStudentRiskData(
  db: Executor,
  now: number,
  q: { examCycleId: string; search: string } & Page,
  scope: ListScope | null = null,
): Promise<{
  examCycle: { id: string; name: string } | null;
  totals: EligibilityCounts;
  noOfRecords: number;
  pageNo: number;
  count: number;
  exams: ExamRiskRow[];
}> {
  const cycle = q.examCycleId ? await findCycle(db, q.examCycleId, "examCycleId") : null;
  const [overview, matching] = await Promise.all([
    cachedReadModel(
      db,
      "exam_operations",
      `student_risk_overview|${cycle?.id ?? ""}|${scope?.key ?? ""}`,
      () => riskOverviewOf(db, cycle?.id ?? null, scope),
    ),
    q.search
      ? db
          .select({ id: exam.id })
          .from(exam)
          .innerJoin(courseOffering, eq(courseOffering.id, exam.courseOfferingId))
          .innerJoin(course, eq(course.id, courseOffering.courseId))
          .where(examSelection(cycle?.id ?? null, q.search, null))
          .then((rows) => new Set(rows.map((r) => r.id)))
      : null,
  ]);
  const exams = matching ? overview.filter((e) => matching.has(e.examId)) : overview;
  const from = (q.pageNo - 1) * q.count;
  const today = todayIn(now);
  return {
    examCycle: cycle,
    totals: totalsOfRows(exams),
    noOfRecords: exams.length,
    pageNo: q.pageNo,
    count: q.count,
    exams: exams.slice(from, from + q.count).map(({ summary, ...e }) => ({
      ...e,
      status: examStatusFor(e.dateOfExam, today),
      summary: { ...summary },
    })),
  };
}

/** Groups of a list in its order (students, exams) with the running sum of their rows. */
export type StudentRun = { ids: string[]; ends: Int32Array };

/** A run from grouped counts `{id, n}` in list order. */
export function runOf(groups: ReadonlyArray<{ id: string; n: number }>): StudentRun {
  const ends = new Int32Array(groups.length);
  let sum = 0;
  groups.forEach((g, i) => {
    sum += Number(g.n);
    ends[i] = sum;
  });
  return { ids: groups.map((g) => g.id), ends };
}

/**
 * The groups of `run` holding rows `from` (inclusive) to `to` (exclusive), 0-based, and the number
 * of rows before the first of them; no groups when `from` is past the end. Binary search.
 */
export function spanOf(run: StudentRun, from: number, to: number): { ids: string[]; before: number } {
  const firstEndAfter = (row: number) => {
    let lo = 0;
    let hi = run.ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((run.ends[mid] ?? 0) > row) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  const first = firstEndAfter(from);
  if (first >= run.ends.length) return { ids: [], before: 0 };
  const last = Math.min(run.ends.length - 1, firstEndAfter(to - 1));
  return { ids: run.ids.slice(first, last + 1), before: first === 0 ? 0 : (run.ends[first - 1] ?? 0) };
}

/**
 * The students of one page of a student list: those holding rows `from` (inclusive) to `to`
 * (exclusive), 0-based, of the list in its order, with the number of rows before the first of them,
 * and the number of rows of the whole list. No students when `from` is past the end.
 */
export type StudentSpan = { ids: string[]; before: number; total: number };

/**
 * The {@link StudentSpan} of rows `from` to `to` of a list whose rows `grouped` counts per
 * student (a query answering `id`, the student, and `n`, the student's rows), the students in name
 * order (first name, last name, id). One statement: the counts are summed in that order by a window
 * in the database, which answers only the page's few students and the total, where reading every
 * student's count (18,419 rows for car-f-92) cost more than the counting itself on PGlite.
 */
async function studentSpan(db: Executor, grouped: SQL, from: number, to: number): Promise<StudentSpan> {
  const found = await rows<{
    total: number | string;
    id: string | null;
    n: number | string | null;
    ends: number | string | null;
  }>(
    db,
    sql`with g as (${grouped}),
        r as (select g.id, g.n, sum(g.n) over (order by ${contact.firstName}, ${contact.lastName}, ${contact.id}) as ends
          from g join ${contact} on ${contact.id} = g.id)
        select t.total, r.id, r.n, r.ends
        from (select coalesce(sum(n), 0) as total from g) t
        left join r on r.ends > ${from} and r.ends - r.n < ${to}
        order by r.ends`,
  );
  const page = found.filter((r) => r.id !== null);
  const first = page[0];
  return {
    ids: page.map((r) => r.id as string),
    before: first ? Number(first.ends) - Number(first.n) : 0,
    total: Number(found[0]?.total ?? 0),
  };
}

/** An exam's course name and section, and its place in the student lists' order of a student's exams. */
type ExamListLabel = { courseName: string; section: string; place: number };

/**
 * Every exam's course name and section, and its place in the order of a student's exams in
 * StudentData (date, course name, id; the database's collation), by exam id. It reads exam,
 * course_offering and course, which move the exam_operations counter (migration 0002), so it is kept
 * behind that counter.
 */
function examListLabels(db: Executor): Promise<Map<string, ExamListLabel>> {
  return cachedReadModel(db, "exam_operations", "student_data_exam_labels", async () => {
    const rows = await db
      .select({ id: exam.id, courseName: course.name, section: courseOffering.section })
      .from(exam)
      .innerJoin(courseOffering, eq(courseOffering.id, exam.courseOfferingId))
      .innerJoin(course, eq(course.id, courseOffering.courseId))
      .orderBy(asc(exam.examDate), asc(course.name), asc(exam.id));
    return new Map(rows.map(({ id, ...names }, place) => [id, { ...names, place }]));
  });
}

/**
 * Students across exams (spec §7 StudentData): one row per student and exam of one exam cycle (all
 * cycles without `examCycleId`), or of one exam (`examId`), optionally only those holding one label
 * and matching a search on name, code or e-mail; ordered by student name, then exam date and course;
 * one page with the number of matches. The list the overview opens to follow up students at risk.
 * 404 for an unknown cycle (`examCycleId`) or exam (`examId`). With a reach `scope` (listScopeOf;
 * docs/security/roles.md): only the rows of exams of course offerings within it (a condition of the
 * rows' own statements; the reach is part of the kept counts' key), and an exam outside it answers
 * the 404 of an unknown one.
 */
export async function listStudentEligibility(
  db: Executor,
  now: number,
  q: { examCycleId: string; examId: string } & StudentFilter & Page,
  scope: ListScope | null = null,
): Promise<{ noOfRecords: number; pageNo: number; count: number; students: StudentEligibilityRow[] }> {
  const where: SQL[] = [...studentConditions(q)];
  if (q.examCycleId) where.push(eq(exam.examCycleId, (await findCycle(db, q.examCycleId, "examCycleId")).id));
  if (q.examId) where.push(eq(exam.id, (await loadExamContext(db, q.examId, now, "examId", scope)).id));
  if (scope) where.push(offeringIdInListScope(exam.courseOfferingId, scope));
  const rowsOf = <Q extends PgSelect>(query: Q, extra?: SQL) =>
    withStudentJoins(query.innerJoin(enrolment, candidateOfExamRow), exam.id).where(and(...where, extra));
  // Which students hold the page's rows, from each student's count of matching rows in name order.
  // With the cache on and no search, every student's count is kept behind the exam_operations
  // counter (bumped by every write to the tables they read, eligibility decisions included) and
  // any page is cut from it here. Otherwise (a search, or every answer computed, the first reader
  // after a write's figure: READ_MODEL_CACHE=off) the database groups the rows by student (the
  // contact joined only when the search needs its columns) and sums them in name order itself,
  // answering only the page's students and the total: reading all 18,419 counts of car-f-92 cost
  // more than counting them.
  const from = (q.pageNo - 1) * q.count;
  const countStudents = async (): Promise<StudentRun> => {
    const grouped = await rowsOf(db.select({ id: contact.id, n: count() }).from(exam).$dynamic())
      .groupBy(contact.id, contact.firstName, contact.lastName)
      .orderBy(asc(contact.firstName), asc(contact.lastName), asc(contact.id));
    return runOf(grouped);
  };
  const spanInDatabase = (): Promise<StudentSpan> => {
    const grouped = db
      .select({ id: sql<string>`${enrolment.studentId}`.as("id"), n: count().as("n") })
      .from(exam)
      .innerJoin(enrolment, candidateOfExamRow)
      .$dynamic();
    if (q.search) grouped.innerJoin(contact, eq(contact.id, enrolment.studentId));
    grouped.leftJoin(
      examEligibility,
      and(eq(examEligibility.examId, exam.id), eq(examEligibility.studentId, enrolment.studentId)),
    );
    return studentSpan(
      db,
      grouped
        .where(and(...where))
        .groupBy(enrolment.studentId)
        .getSQL(),
      from,
      from + q.count,
    );
  };
  let span: StudentSpan;
  if (q.search || !readModelCacheOn(db)) span = await spanInDatabase();
  else {
    const run = await cachedReadModel(
      db,
      "exam_operations",
      `student_data|${q.examCycleId}|${q.examId}|${q.eligibility}|${scope?.key ?? ""}`,
      countStudents,
    );
    span = { ...spanOf(run, from, from + q.count), total: run.ends.at(-1) ?? 0 };
  }
  // Every matching row of the page's students (a few per student), from four relations: the course
  // and section beside each exam, and the exams' order, come from the kept exam labels, so the
  // statement is cheap to plan. The rows are put in list order here: students as the span has
  // them, then each student's exams by their place in the list.
  const [keptLabels, spanRows] =
    span.ids.length === 0
      ? [null, []]
      : await Promise.all([
          examListLabels(db),
          rowsOf(
            db
              .select({ ...studentColumns, examId: exam.id, dateOfExam: exam.examDate })
              .from(exam)
              .$dynamic(),
            inArray(contact.id, span.ids),
          ),
        ]);
  // The labels and the rows are read side by side: an exam added between the two reads is not in
  // the labels yet, and they are then read again (the counter has moved, so they are made afresh).
  const labels =
    keptLabels && spanRows.some((r) => !keptLabels.has(r.examId)) ? await examListLabels(db) : keptLabels;
  const studentPlace = new Map(span.ids.map((id, i) => [id, i]));
  const examPlace = (id: string) => labels?.get(id)?.place ?? 0;
  const rows = spanRows
    .sort(
      (a, b) =>
        (studentPlace.get(a.id) ?? 0) - (studentPlace.get(b.id) ?? 0) ||
        examPlace(a.examId) - examPlace(b.examId),
    )
    .slice(from - span.before, from - span.before + q.count);
  const today = todayIn(now);
  return {
    noOfRecords: span.total,
    pageNo: q.pageNo,
    count: q.count,
    students: rows.map((r) => ({
      ...toStudentRow(r, examStatusFor(r.dateOfExam, today)),
      examId: r.examId,
      courseName: labels?.get(r.examId)?.courseName ?? "",
      section: labels?.get(r.examId)?.section ?? "",
      dateOfExam: r.dateOfExam,
    })),
  };
}
