/**
 * Revaluation and retest requests (spec §2 Revaluation list, Retest list, Revaluation student list
 * (two variants), Retest student list; §3 revaluation student, revaluation and retest update items,
 * evaluator option, revaluation or retest list row; §4 revaluation status and accept, retest accept;
 * §7 RetestRevaluationDetails, ReetstData and the update calls; openapi/revaluation.yaml). Requests
 * move only along the domain's transition tables (packages/domain/src/revaluation.ts); every write is
 * one transaction with audit rows, names the version it read (409 when stale) and, when refused,
 * leaves every table as it was. Completing a revaluation writes the revised mark to the marks store
 * (`student_mark`, source revaluation) and recomputes the course offering's grades.
 */

import {
  addDays,
  GRADING_MESSAGES,
  planRevaluationUpdate,
  type RequestListSortColumn,
  type RetestAcceptLabel,
  type RevaluationState,
  retestAcceptLabel,
  retestUpdateProblem,
  revaluationAcceptLabel,
  revaluationStatusLabel,
  type SortDirection,
  todayIn,
} from "@portal/domain";
import { type AnyColumn, and, asc, count, eq, ne, type SQL, sql } from "drizzle-orm";
import { type AuditEntry, writeAudit } from "../audit.ts";
import { type ListScope, offeringIdInListScope } from "../auth/public.ts";
import type { AppContext, SessionUser } from "../context.ts";
import type { Executor } from "../db/client.ts";
import { personName } from "../db/person-name.ts";
import {
  academicProgramme,
  answerSheet,
  contact,
  course,
  courseOffering,
  enrolment,
  evaluatorAssignment,
  exam,
  examCycle,
  gradingComponent,
  gradingSubComponent,
  intake,
  retestRequest,
  revaluationRequest,
  studentMark,
  term,
} from "../db/schema.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { updateVersioned } from "../db/versioned-update.ts";
import { examHeaderColumns, withExamHeaderJoins } from "../exam/public.ts";
import { RETEST_STATES_THAT_DOWNGRADE, regradeRetestDecisions, regradeStudents } from "../grading/public.ts";
import { ApiError, badRequest, notFound, versionConflict } from "../http/errors.ts";
import { isUuid } from "../http/request.ts";

/** Which requests a list or student list is about (spec §7 RetestRevaluationDetails type). */
export type RequestType = "Revaluation" | "Retest";

/** Days a revaluation has from its request to its due date. */
export const REVALUATION_DUE_DAYS = 14;

const illegalTransition = (message: string, field: string) =>
  new ApiError(409, message, { errorCode: "illegal_transition", field });

const studentName = personName(contact);

/** The exam a list row or student list is about: course, term, programme, batch, cycle. */
export type ExamHeader = {
  examId: string;
  courseOfferingId: string;
  courseId: string;
  courseName: string;
  section: string;
  termName: string;
  program: string;
  batch: string;
  examCycle: string;
  examType: string;
  examDate: string;
  component: string;
};

/** The header of exam `id` under the revaluation screens' names; 404 naming `field` when unknown. */
export async function loadExamHeader(db: Executor, id: string, field: string): Promise<ExamHeader> {
  const [row] = isUuid(id)
    ? await withExamHeaderJoins(db.select(examHeaderColumns).from(exam).$dynamic()).where(eq(exam.id, id))
    : [];
  if (!row) throw notFound("No such exam", field);
  return {
    examId: row.id,
    courseOfferingId: row.courseOfferingId,
    courseId: row.courseId,
    courseName: row.courseName,
    section: row.section,
    termName: row.term,
    program: row.programme,
    batch: row.batch,
    examCycle: row.examCycle,
    examType: row.examType,
    examDate: row.examDate,
    component: row.component,
  };
}

// ---------------------------------------------------------------- lists

/** One row of the Revaluation or Retest list (spec §3 revaluation or retest list row): one exam with requests. */
export type RequestListRow = {
  id: string;
  courseId: string;
  courseOfferingId: string;
  program: string;
  courseName: string;
  section: string;
  termName: string;
  batch: string;
  examType: string;
  examDate: string;
  examCycle: string;
  revalDueDate: string | null;
  status: "Completed" | "Pending";
  documentStatus: "Submitted" | "Not Submitted";
  numberofDocuments: number;
  requests: number;
  pending: number;
};

/** What {@link requestListSort} reads of the grouped requests of an exam. */
type GroupedRequests = {
  requests: SQL.Aliased<number>;
  pending: SQL.Aliased<number>;
  documents: SQL.Aliased<number>;
  due: SQL.Aliased<string | null>;
};

/** The ORDER BY terms of a Revaluation / Retest list sort; the caller adds the tie-breaks. */
function requestListSort(
  column: RequestListSortColumn,
  direction: SortDirection,
  grouped: GroupedRequests,
): SQL[] {
  const dir = sql.raw(direction === "desc" ? "desc" : "asc");
  const by = (value: SQL | AnyColumn | SQL.Aliased) => sql`${value} ${dir}`;
  switch (column) {
    case "program":
      return [by(academicProgramme.name)];
    case "term":
      return [by(term.name)];
    case "course":
      return [by(course.name), by(courseOffering.section)];
    case "batch":
      return [by(intake.name)];
    case "examType":
      return [by(exam.examType)];
    case "examDate":
      return [by(exam.examDate)];
    case "examCycle":
      return [by(examCycle.name)];
    case "requests":
      return [by(grouped.requests)];
    case "pending":
      return [by(grouped.pending)];
    case "status":
      // Completed (nothing open) before Pending when ascending, as the words sort.
      return [by(sql`(${grouped.pending} > 0)`)];
    case "due":
      return [sql`${grouped.due} ${dir} nulls last`];
    case "documents":
      return [by(grouped.documents)];
  }
}

/**
 * The Revaluation list or the Retest list (spec §2, §7 RetestRevaluationDetails): one row per exam
 * with requests of `type`, by course name, section and exam date, `count` rows from page `pageNo`
 * (spec §9: 25, 50, 100). `pending` counts open requests (revaluation: not Completed or Rejected;
 * retest: Pending or Accept); `status` is Pending while any is open. `numberofDocuments` counts the
 * requesting students' answer sheets on file, `documentStatus` Submitted when every one is.
 * `revalDueDate` is the earliest due date of open revaluation requests (null for retests).
 * With `sortBy` (REQUEST_LIST_SORT_COLUMNS) the rows are ordered by that column in
 * `sortDirection` first (a missing due date last in either direction); ties always fall back to the
 * list's own order and then the exam's id, so the pages of one sort hold each exam exactly once.
 * With a reach `scope` (listScopeOf), only the exams of course offerings within it (rows and count
 * alike).
 */
export async function listRequests(
  db: Executor,
  q: {
    type: RequestType;
    pageNo: number;
    count: number;
    sortBy?: RequestListSortColumn | undefined;
    sortDirection?: SortDirection | undefined;
  },
  scope: ListScope | null = null,
): Promise<{ rows: RequestListRow[]; noOfRecords: number }> {
  const table = q.type === "Revaluation" ? revaluationRequest : retestRequest;
  const open =
    q.type === "Revaluation"
      ? sql`${revaluationRequest.state} not in ('Completed', 'Rejected')`
      : sql`${retestRequest.state} in ('Pending', 'Accept')`;
  const dueDate =
    q.type === "Revaluation"
      ? sql<string | null>`min(${revaluationRequest.dueDate}::text) filter (where ${open})`
      : sql<string | null>`null::text`;
  const grouped = db
    .select({
      examId: table.examId,
      requests: sql<number>`count(*)::int`.as("requests"),
      pending: sql<number>`(count(*) filter (where ${open}))::int`.as("pending"),
      documents: sql<number>`count(${answerSheet.id})::int`.as("documents"),
      due: dueDate.as("due"),
    })
    .from(table)
    .leftJoin(
      answerSheet,
      and(eq(answerSheet.examId, table.examId), eq(answerSheet.studentId, table.studentId)),
    )
    .groupBy(table.examId)
    .as("grouped");
  const rows = await withExamHeaderJoins(
    db
      .select({
        ...examHeaderColumns,
        requests: grouped.requests,
        pending: grouped.pending,
        documents: grouped.documents,
        due: grouped.due,
        total: sql<number>`count(*) over ()::int`,
      })
      .from(grouped)
      .innerJoin(exam, eq(exam.id, grouped.examId))
      .$dynamic(),
  )
    .where(offeringIdInListScope(exam.courseOfferingId, scope))
    .orderBy(
      ...(q.sortBy ? requestListSort(q.sortBy, q.sortDirection ?? "asc", grouped) : []),
      asc(course.name),
      asc(courseOffering.section),
      asc(exam.examDate),
      asc(exam.id),
    )
    .limit(q.count)
    .offset((q.pageNo - 1) * q.count);
  return {
    noOfRecords: rows[0]?.total ?? 0,
    rows: rows.map((r) => ({
      id: r.id,
      courseId: r.courseId,
      courseOfferingId: r.courseOfferingId,
      program: r.programme,
      courseName: r.courseName,
      section: r.section,
      termName: r.term,
      batch: r.batch,
      examType: r.examType,
      examDate: r.examDate,
      examCycle: r.examCycle,
      revalDueDate: r.due,
      status: r.pending > 0 ? "Pending" : "Completed",
      documentStatus: r.documents === r.requests ? "Submitted" : "Not Submitted",
      numberofDocuments: r.documents,
      requests: r.requests,
      pending: r.pending,
    })),
  };
}

// ---------------------------------------------------------------- student lists

/** One student of the Revaluation student list (spec §3 revaluation student, both variants). */
export type RevaluationStudentRow = {
  id: string;
  studentId: string;
  StudentName: string;
  studentCode: string | null;
  subComponentId: string;
  subComponentName: string;
  Marks: number;
  TotalMarks: number;
  previousMarks: number;
  revisedMarks: number | null;
  EvaluatorAssigned: string | null;
  Evluaterid: string | null;
  ReasonForRevaluation: string;
  Reason: string;
  RevalutionStatus: "Completed" | "Pending";
  RevalAccept: "Accept" | "Reject" | null;
  state: RevaluationState;
  FeesStatus: string;
  AnswerSheetType: string;
  ModeOfExam: string;
  answerSheetAvailable: boolean;
  revalDueDate: string;
  remark: string;
  version: number;
};

/** One student of the Retest student list (spec §2 Retest student list). */
export type RetestStudentRow = {
  id: string;
  studentId: string;
  StudentName: string;
  studentCode: string | null;
  Marks: number | null;
  TotalMarks: number | null;
  Reason: string;
  RevalAccept: RetestAcceptLabel;
  state: string;
  retestExamId: string | null;
  version: number;
};

/**
 * The students of exam `id` who asked for a revaluation or a retest (spec §7 ReetstData CourseId =
 * the list row's id, the exam's; the Revaluation student list and the Retest student list): the header
 * (CourseName, Term, ProgrameName, Batch, Count) and StudentList by student name. Revaluation rows
 * carry the mark in question as it stands in the marks store (`Marks`), retest rows the student's
 * marks in the exam's component (sum of its sub-components, null without marks). 404 unknown exam.
 */
export async function getRequestStudents(db: Executor, id: string, type: RequestType) {
  const h = await loadExamHeader(db, id, "CourseId");
  const header = {
    examId: h.examId,
    courseOfferingId: h.courseOfferingId,
    CourseName: h.courseName,
    section: h.section,
    Term: h.termName,
    ProgrameName: h.program,
    Batch: h.batch,
    examCycle: h.examCycle,
    examDate: h.examDate,
  };
  if (type === "Revaluation") {
    const evaluator = sql<
      string | null
    >`(select ${personName(contact)} from ${contact} where ${contact.id} = ${revaluationRequest.evaluatorId})`;
    const rows = await db
      .select({
        r: revaluationRequest,
        name: studentName,
        code: contact.code,
        subName: gradingSubComponent.name,
        mark: studentMark.marksObtained,
        total: gradingSubComponent.totalMarks,
        evaluator,
        sheet: answerSheet.id,
        mode: exam.examMode,
      })
      .from(revaluationRequest)
      .innerJoin(contact, eq(contact.id, revaluationRequest.studentId))
      .innerJoin(exam, eq(exam.id, revaluationRequest.examId))
      .innerJoin(gradingSubComponent, eq(gradingSubComponent.id, revaluationRequest.subComponentId))
      .leftJoin(
        studentMark,
        and(
          eq(studentMark.studentId, revaluationRequest.studentId),
          eq(studentMark.subComponentId, revaluationRequest.subComponentId),
        ),
      )
      .leftJoin(
        answerSheet,
        and(
          eq(answerSheet.examId, revaluationRequest.examId),
          eq(answerSheet.studentId, revaluationRequest.studentId),
        ),
      )
      .where(eq(revaluationRequest.examId, id))
      .orderBy(
        asc(contact.lastName),
        asc(contact.firstName),
        asc(gradingSubComponent.name),
        asc(revaluationRequest.id),
      );
    const StudentList: RevaluationStudentRow[] = rows.map(({ r, ...x }) => ({
      id: r.id,
      studentId: r.studentId,
      StudentName: x.name,
      studentCode: x.code,
      subComponentId: r.subComponentId,
      subComponentName: x.subName,
      Marks: x.mark ?? r.previousMarks,
      TotalMarks: x.total,
      previousMarks: r.previousMarks,
      revisedMarks: r.revisedMarks,
      EvaluatorAssigned: x.evaluator,
      Evluaterid: r.evaluatorId,
      ReasonForRevaluation: r.reason,
      Reason: r.reason,
      RevalutionStatus: revaluationStatusLabel(r.state),
      RevalAccept: revaluationAcceptLabel(r.state),
      state: r.state,
      FeesStatus: r.feesStatus,
      AnswerSheetType: r.answerSheetType,
      ModeOfExam: x.mode,
      answerSheetAvailable: x.sheet !== null,
      revalDueDate: r.dueDate,
      remark: r.remark,
      version: r.version,
    }));
    return { success: true as const, type, ...header, Count: StudentList.length, StudentList };
  }
  const marks = db
    .select({
      studentId: studentMark.studentId,
      obtained: sql<number>`sum(${studentMark.marksObtained})::float8`.as("obtained"),
      total: sql<number>`sum(${studentMark.totalMarks})::float8`.as("total"),
    })
    .from(studentMark)
    .innerJoin(gradingSubComponent, eq(gradingSubComponent.id, studentMark.subComponentId))
    .innerJoin(gradingComponent, eq(gradingComponent.id, gradingSubComponent.componentId))
    .where(and(eq(studentMark.courseOfferingId, h.courseOfferingId), eq(gradingComponent.name, h.component)))
    .groupBy(studentMark.studentId)
    .as("marks");
  const rows = await db
    .select({
      r: retestRequest,
      name: studentName,
      code: contact.code,
      obtained: marks.obtained,
      total: marks.total,
    })
    .from(retestRequest)
    .innerJoin(contact, eq(contact.id, retestRequest.studentId))
    .leftJoin(marks, eq(marks.studentId, retestRequest.studentId))
    .where(eq(retestRequest.examId, id))
    .orderBy(asc(contact.lastName), asc(contact.firstName), asc(retestRequest.id));
  const StudentList: RetestStudentRow[] = rows.map(({ r, ...x }) => ({
    id: r.id,
    studentId: r.studentId,
    StudentName: x.name,
    studentCode: x.code,
    Marks: x.obtained === null ? null : Math.round(Number(x.obtained) * 100) / 100,
    TotalMarks: x.total === null ? null : Number(x.total),
    Reason: r.reason,
    RevalAccept: retestAcceptLabel(r.state),
    state: r.state,
    retestExamId: r.retestExamId,
    version: r.version,
  }));
  return { success: true as const, type, ...header, Count: StudentList.length, StudentList };
}

// ---------------------------------------------------------------- evaluators

/**
 * Faculty who may revalue exam `id`'s answer sheets (spec §3 evaluator option facultyName,
 * facultyId): every faculty member except the exam's own evaluators (those asked and not rejected):
 * a revaluation is marked by someone who did not mark the sheet first. By name. 404 unknown exam.
 */
export async function listRevaluationEvaluators(db: Executor, id: string) {
  await loadExamHeader(db, id, "id");
  const rows = await db
    .select({ facultyId: contact.id, facultyName: studentName, email: contact.email })
    .from(contact)
    .where(
      and(
        eq(contact.kind, "faculty"),
        sql`not exists (select 1 from ${evaluatorAssignment} where ${evaluatorAssignment.examId} = ${id}
          and ${evaluatorAssignment.facultyId} = ${contact.id} and ${evaluatorAssignment.status} <> 'Rejected')`,
      ),
    )
    .orderBy(asc(contact.lastName), asc(contact.firstName), asc(contact.id));
  return { success: true as const, data: rows };
}

/** 400 unless `evaluatorId` is a faculty member who is not one of exam `examId`'s own evaluators. */
async function checkEvaluator(tx: Executor, examId: string, evaluatorId: string, field: string) {
  const [f] = isUuid(evaluatorId)
    ? await tx
        .select({ id: contact.id })
        .from(contact)
        .where(and(eq(contact.id, evaluatorId), eq(contact.kind, "faculty")))
    : [];
  if (!f) throw badRequest("No such faculty member", field, "unknown");
  const [own] = await tx
    .select({ n: count() })
    .from(evaluatorAssignment)
    .where(
      and(
        eq(evaluatorAssignment.examId, examId),
        eq(evaluatorAssignment.facultyId, evaluatorId),
        ne(evaluatorAssignment.status, "Rejected"),
      ),
    );
  if ((own?.n ?? 0) > 0) {
    throw badRequest(
      "This faculty member evaluated the exam; a revaluation needs another evaluator",
      field,
      "original_evaluator",
    );
  }
}

// ---------------------------------------------------------------- revaluation update

/**
 * A SQL condition: the exam whose id is `examId` (a request's exam) is of a course offering within
 * the reach `scope` (listScopeOf); `undefined` (no condition) for a null reach. Part of the statement
 * that locks the request in a write's transaction, so a request outside the reach is refused as an
 * unknown one without another statement (docs/security/roles.md).
 */
function requestExamInReach(examId: AnyColumn, scope: ListScope | null): SQL | undefined {
  if (!scope) return undefined;
  return sql`exists (select 1 from ${exam} rx where rx.id = ${examId}
    and ${offeringIdInListScope(sql`rx.course_offering_id`, scope)})`;
}

/** One revaluation update item (spec §3, both variants), as read from the wire. */
export type RevaluationUpdate = {
  id: string;
  accept: "Accept" | "Reject" | null | undefined;
  evaluatorId: string | null | undefined;
  status: "Completed" | "Pending" | null | undefined;
  revisedMarks: number | undefined;
  reason: string;
  version: number;
};

/**
 * Applies revaluation update items in one transaction (spec §7 revaluation update): each item names a
 * request and the version read, and asks for a decision (RevalAccept or RevaluationRequestStatus
 * Accept/Reject), an evaluator (EvaluatorAssignedID) and/or completion (RevalutionStatus Completed
 * with `revisedMarks` and a `reason`). The steps follow the domain's table in order; completing
 * writes the revised mark to `student_mark` (source revaluation, previous value and reason kept,
 * version + 1, audited) and recomputes the course offering's grades. A rejected request changes no
 * mark. Errors, nothing written: 404 unknown request (alike a request on an exam outside the reach
 * `scope`, listScopeOf); 409 `version_conflict` stale version, 409
 * `illegal_transition`; 400 unknown or original evaluator, revised mark missing or outside 0..total,
 * reason missing on completion. Returns each request's new state and version.
 */
export async function updateRevaluations(
  ctx: AppContext,
  actor: SessionUser,
  items: RevaluationUpdate[],
  scope: ListScope | null = null,
) {
  const at = new Date(ctx.now());
  return ctx.db.transaction(async (tx) => {
    const audit: AuditEntry[] = [];
    /** Offerings to regrade: the reason and the students whose marks were revised. */
    const regrade = new Map<string, { reason: string; students: Set<string> }>();
    const saved = [];
    for (const [i, item] of items.entries()) {
      const [current] = isUuid(item.id)
        ? await tx
            .select()
            .from(revaluationRequest)
            .where(
              and(eq(revaluationRequest.id, item.id), requestExamInReach(revaluationRequest.examId, scope)),
            )
            .for("update")
        : [];
      if (!current) throw notFound("No such revaluation request", `${i}.id`);
      if (current.version !== item.version) throw versionConflict("This revaluation request", `${i}.version`);
      const plan = planRevaluationUpdate(current.state, current.evaluatorId, {
        accept: item.accept,
        evaluatorId: item.evaluatorId,
        status: item.status,
      });
      if ("problem" in plan) throw illegalTransition(plan.problem, `${i}.${plan.field}`);
      const changes: Partial<typeof revaluationRequest.$inferInsert> = { state: plan.state };
      for (const action of plan.actions) {
        if (action === "accept" || action === "reject") {
          changes.decidedAt = at;
          if (item.reason) changes.remark = item.reason;
        } else if (action === "assignEvaluator") {
          await checkEvaluator(tx, current.examId, item.evaluatorId as string, `${i}.EvaluatorAssignedID`);
          changes.evaluatorId = item.evaluatorId as string;
        } else {
          const markAudit = await writeRevisedMark(tx, actor, current, item, i, at);
          audit.push(markAudit.audit);
          const revised = regrade.get(markAudit.courseOfferingId) ?? {
            reason: item.reason,
            students: new Set(),
          };
          revised.reason = item.reason;
          revised.students.add(current.studentId);
          regrade.set(markAudit.courseOfferingId, revised);
          changes.revisedMarks = item.revisedMarks as number;
          changes.remark = item.reason;
          changes.completedAt = at;
        }
      }
      if (plan.actions.length === 0) {
        saved.push({ id: current.id, state: current.state, version: current.version });
        continue;
      }
      const row = await updateVersioned(
        tx,
        revaluationRequest,
        { id: current.id, version: item.version },
        changes,
        { what: "This revaluation request", field: `${i}.version` },
      );
      audit.push({
        action: "update_revaluation_request",
        entity: "revaluation_request",
        entityId: current.id,
        before: {
          state: current.state,
          evaluatorId: current.evaluatorId,
          revisedMarks: current.revisedMarks,
        },
        after: {
          state: row.state,
          evaluatorId: row.evaluatorId,
          revisedMarks: row.revisedMarks,
          actions: plan.actions,
          reason: item.reason,
        },
      });
      saved.push({ id: row.id, state: row.state, version: row.version });
    }
    await writeAudit(tx, actor, audit, at);
    for (const [offeringId, { reason, students }] of regrade) {
      await regradeStudents(tx, actor, offeringId, at, reason, students);
    }
    return saved.map((s) => ({
      ...s,
      RevalAccept: revaluationAcceptLabel(s.state),
      RevalutionStatus: revaluationStatusLabel(s.state),
    }));
  });
}

/** Writes a completed revaluation's revised mark to the marks store; returns its audit entry. */
async function writeRevisedMark(
  tx: Executor,
  actor: SessionUser,
  request: typeof revaluationRequest.$inferSelect,
  item: RevaluationUpdate,
  i: number,
  at: Date,
): Promise<{ audit: AuditEntry; courseOfferingId: string }> {
  if (item.revisedMarks === undefined) {
    throw badRequest("revisedMarks is required to complete a revaluation", `${i}.revisedMarks`, "required");
  }
  if (item.reason.trim() === "") {
    throw badRequest(
      "Say why the mark changes (reason) to complete a revaluation",
      `${i}.reason`,
      "required",
    );
  }
  const [mark] = await tx
    .select()
    .from(studentMark)
    .where(
      and(
        eq(studentMark.studentId, request.studentId),
        eq(studentMark.subComponentId, request.subComponentId),
      ),
    )
    .for("update");
  if (!mark) {
    throw new ApiError(409, "The mark of this request is no longer in the marks store", {
      errorCode: "mark_missing",
      field: `${i}.id`,
    });
  }
  if (item.revisedMarks < 0) throw badRequest(GRADING_MESSAGES.markBelowZero, `${i}.revisedMarks`, "min");
  if (item.revisedMarks > mark.totalMarks)
    throw badRequest(GRADING_MESSAGES.markAboveTotal, `${i}.revisedMarks`, "max");
  await tx
    .update(studentMark)
    .set({
      marksObtained: item.revisedMarks,
      previousMarksObtained: mark.marksObtained,
      source: "revaluation",
      reason: item.reason,
      updatedBy: actor.email,
      updatedAt: at,
      version: sql`${studentMark.version} + 1`,
    })
    .where(eq(studentMark.id, mark.id));
  return {
    courseOfferingId: mark.courseOfferingId,
    audit: {
      action: "change_mark",
      entity: "student_mark",
      entityId: mark.id,
      before: { marksObtained: mark.marksObtained, totalMarks: mark.totalMarks },
      after: {
        studentId: mark.studentId,
        subComponentId: mark.subComponentId,
        marksObtained: item.revisedMarks,
        totalMarks: mark.totalMarks,
        source: "revaluation",
        revaluationRequestId: request.id,
        reason: item.reason,
      },
    },
  };
}

// ---------------------------------------------------------------- retest update

/** Whether a retest request in `state` makes its student's result a retest (downgrading rules). */
const isRetestResult = (state: string) => (RETEST_STATES_THAT_DOWNGRADE as readonly string[]).includes(state);

/**
 * Applies retest update items in one transaction (spec §7 retest update: id and RevalAccept Accept,
 * Pending or Reject, plus the version read). Moves follow the domain's table: the decision may be
 * reconsidered until the student is scheduled into a retest exam; a Scheduled request stays.
 * A decision that makes a student's result a retest (Accept) or takes that back regrades the exam's
 * course offering in the same transaction under the downgrading rules (grading downgrading.ts,
 * audited `recalculate_grade`); without a rule no grade changes.
 * Errors, nothing written: 404 unknown request (alike a request on an exam outside the reach `scope`,
 * listScopeOf); 409 stale version or illegal transition.
 */
export async function updateRetests(
  ctx: AppContext,
  actor: SessionUser,
  items: Array<{ id: string; accept: RetestAcceptLabel; version: number }>,
  scope: ListScope | null = null,
) {
  const at = new Date(ctx.now());
  return ctx.db.transaction(async (tx) => {
    const audit: AuditEntry[] = [];
    const saved = [];
    /** Students whose result became or stopped being a retest, by course offering. */
    const regrade = new Map<string, Set<string>>();
    for (const [i, item] of items.entries()) {
      const [current] = isUuid(item.id)
        ? await tx
            .select()
            .from(retestRequest)
            .where(and(eq(retestRequest.id, item.id), requestExamInReach(retestRequest.examId, scope)))
            .for("update")
        : [];
      if (!current) throw notFound("No such retest request", `${i}.id`);
      if (current.version !== item.version) throw versionConflict("This retest request", `${i}.version`);
      const problem = retestUpdateProblem(current.state, item.accept);
      if (problem) throw illegalTransition(problem, `${i}.RevalAccept`);
      if (retestAcceptLabel(current.state) === item.accept) {
        saved.push({
          id: current.id,
          RevalAccept: item.accept,
          state: current.state,
          version: current.version,
        });
        continue;
      }
      const row = await updateVersioned(
        tx,
        retestRequest,
        { id: current.id, version: item.version },
        { state: item.accept, decidedAt: at },
        { what: "This retest request", field: `${i}.version` },
      );
      if (isRetestResult(current.state) !== isRetestResult(row.state)) {
        const [of] = await tx
          .select({ offeringId: exam.courseOfferingId })
          .from(exam)
          .where(eq(exam.id, current.examId));
        if (of) {
          const students = regrade.get(of.offeringId) ?? new Set<string>();
          students.add(current.studentId);
          regrade.set(of.offeringId, students);
        }
      }
      audit.push({
        action: "update_retest_request",
        entity: "retest_request",
        entityId: row.id,
        before: { state: current.state },
        after: { state: row.state },
      });
      saved.push({
        id: row.id,
        RevalAccept: retestAcceptLabel(row.state),
        state: row.state,
        version: row.version,
      });
    }
    await writeAudit(tx, actor, audit, at);
    await regradeRetestDecisions(tx, actor, regrade, at);
    return saved;
  });
}

// ---------------------------------------------------------------- recording requests

/**
 * Records a student's revaluation request (the office receives it on paper or from the student
 * portal): exam, student (enrolled in the exam's course offering), the sub-component whose mark is
 * questioned (of the exam's course offering, with a mark in the marks store: `previousMarks`),
 * reason, fee status and answer sheet type; due 14 days after today (Asia/Kolkata). Audited.
 * Errors: 404 unknown exam; 400 student not enrolled, sub-component not of the offering, no mark;
 * 409 `duplicate_request` when the student already asked for this mark.
 */
export async function createRevaluationRequest(
  ctx: AppContext,
  actor: SessionUser,
  input: {
    examId: string;
    studentId: string;
    subComponentId: string;
    reason: string;
    feesStatus: "Paid" | "Unpaid" | "Waived";
    answerSheetType: "Set 1" | "Set 2";
  },
) {
  const at = new Date(ctx.now());
  try {
    return await ctx.db.transaction(async (tx) => {
      const h = await loadExamHeader(tx, input.examId, "examId");
      await requireEnrolled(tx, h.courseOfferingId, input.studentId);
      const [mark] = isUuid(input.subComponentId)
        ? await tx
            .select({ marks: studentMark.marksObtained, offering: studentMark.courseOfferingId })
            .from(studentMark)
            .where(
              and(
                eq(studentMark.studentId, input.studentId),
                eq(studentMark.subComponentId, input.subComponentId),
              ),
            )
        : [];
      if (!mark || mark.offering !== h.courseOfferingId) {
        throw badRequest(
          "The student has no mark in this sub-component of the exam's course",
          "subComponentId",
          "no_mark",
        );
      }
      const [row] = await tx
        .insert(revaluationRequest)
        .values({
          ...input,
          previousMarks: mark.marks,
          dueDate: addDays(todayIn(ctx.now()), REVALUATION_DUE_DAYS),
          requestedAt: at,
        })
        .returning();
      const made = row as typeof revaluationRequest.$inferSelect;
      await writeAudit(
        tx,
        actor,
        [
          {
            action: "create_revaluation_request",
            entity: "revaluation_request",
            entityId: made.id,
            before: null,
            after: { ...input, previousMarks: mark.marks },
          },
        ],
        at,
      );
      return {
        id: made.id,
        state: made.state,
        version: made.version,
        previousMarks: made.previousMarks,
        revalDueDate: made.dueDate,
      };
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new ApiError(409, "The student has already asked for a revaluation of this mark", {
        errorCode: "duplicate_request",
        field: "subComponentId",
      });
    }
    throw err;
  }
}

/**
 * Records a student's retest request for exam `examId` (the student enrolled in its course offering)
 * with a reason; Pending. Audited. 404 unknown exam; 400 not enrolled; 409 `duplicate_request`.
 */
export async function createRetestRequest(
  ctx: AppContext,
  actor: SessionUser,
  input: { examId: string; studentId: string; reason: string },
) {
  const at = new Date(ctx.now());
  try {
    return await ctx.db.transaction(async (tx) => {
      const h = await loadExamHeader(tx, input.examId, "examId");
      await requireEnrolled(tx, h.courseOfferingId, input.studentId);
      const [row] = await tx
        .insert(retestRequest)
        .values({ ...input, requestedAt: at })
        .returning();
      const made = row as typeof retestRequest.$inferSelect;
      await writeAudit(
        tx,
        actor,
        [
          {
            action: "create_retest_request",
            entity: "retest_request",
            entityId: made.id,
            before: null,
            after: input,
          },
        ],
        at,
      );
      return { id: made.id, state: made.state, version: made.version };
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new ApiError(409, "The student has already asked for a retest of this exam", {
        errorCode: "duplicate_request",
        field: "studentId",
      });
    }
    throw err;
  }
}

async function requireEnrolled(tx: Executor, offeringId: string, studentId: string) {
  const [row] = isUuid(studentId)
    ? await tx
        .select({ id: enrolment.id })
        .from(enrolment)
        .where(and(eq(enrolment.courseOfferingId, offeringId), eq(enrolment.studentId, studentId)))
    : [];
  if (!row)
    throw badRequest(
      "The student is not enrolled in the exam's course offering",
      "studentId",
      "not_enrolled",
    );
}
