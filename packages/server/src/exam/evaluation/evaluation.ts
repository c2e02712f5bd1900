import {
  type AssignedPaper,
  EVALUATOR_STATUSES,
  type EvaluatorAssignmentItem,
  type EvaluatorResponseItem,
  type EvaluatorStatus,
  type ExamProgressStatus,
  evaluatorStatusLabel,
  examStatusFor,
  formatDate,
  formatTime,
  isActiveEvaluator,
  sheetsPerEvaluator,
  todayIn,
} from "@portal/domain";
import { and, asc, count, eq, inArray, lte, type SQL, sql } from "drizzle-orm";
import { alias, type PgSelect } from "drizzle-orm/pg-core";
import { type AuditEntry, writeAudit } from "../../audit.ts";
import { type ListScope, offeringIdInListScope, planningReach } from "../../auth/public.ts";
import type { AppContext, SessionUser } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { personName } from "../../db/person-name.ts";
import {
  contact,
  course,
  courseOffering,
  enrolment,
  evaluatorAssignment,
  exam,
  examCycle,
  facility,
  intake,
  invigilation,
  seatAssignment,
  term,
} from "../../db/schema.ts";
import { updateVersioned } from "../../db/versioned-update.ts";
import { ApiError, badRequest, notFound, versionConflict } from "../../http/errors.ts";
import { isUuid } from "../../http/request.ts";
import type { Mail } from "../../mail/mailer.ts";
import { continuesFirstDate } from "../date-groups.ts";
import { candidateOf, candidateOfExamRow } from "../eligibility/candidates.ts";
import {
  containsPattern,
  ENROLLED,
  type EvaluationExamHeader,
  type ExamContext,
  findCycle,
  loadExamContext,
  loadExamContexts,
  type Page,
  toExamHeader,
} from "../eligibility/eligibility.ts";
import { type CampusRoom, roomsOfCampus } from "../seating/rooms.ts";

/**
 * Evaluator assignment (spec Evaluation page; §3 evaluator assignment, evaluator option; §4 evaluator
 * status; §5 Add Evaluator; §7 EvaluationDetails get/post, EvaluatorDetails, /sf/exam/evaluatorList/{id},
 * /sf/exam/update/evaluation, /sf/exam/section/{a}/{b}): faculty members asked to evaluate (mark) the
 * answer sheets of an exam, for all its rooms or one room, and their answers, which the exam office
 * records as the evaluators give them (by mail, phone or in person).
 */

/** An evaluator assignment row (spec §3 evaluator assignment; wire names kept). */
export type EvaluatorRow = {
  id: string;
  /** The exam the assignment is for. */
  exam: string;
  /** The faculty member's id. */
  Contact__c: string;
  name: string;
  /** Type of faculty (e.g. Core, Visiting, Adjunct); null when the record has none. */
  role: string | null;
  email: string;
  status: EvaluatorStatus;
  /** Reason for rejection ("" unless Rejected). */
  reason: string;
  /** Name of the room whose answer sheets the evaluator marks; null = all rooms of the exam. */
  room: string | null;
  roomId: string | null;
  courseOfferingId: string;
  Assigned_Paper__c: AssignedPaper;
  /** The invigilation id when this faculty member invigilates the exam, else null. */
  invigilatorId: string | null;
  /** Answer sheets in the evaluator's scope: seated in their room, or all of the exam's. */
  answerSheets: number;
  requestedAt: string;
  respondedAt: string | null;
  /** Row version: send it back with a change of the assignment (409 version_conflict when stale). */
  version: number;
};

/** The summary cards of the evaluation page. */
export type EvaluationSummary = {
  evaluators: number;
  requested: number;
  accepted: number;
  rejected: number;
  answerSheets: number;
  sheetsPerEvaluator: number | null;
};

/** An evaluator candidate (spec §3 evaluator option, with the read-only role and e-mail of §5). */
export type EvaluatorCandidate = {
  facultyName: string;
  facultyId: string;
  role: string | null;
  email: string;
  /** True when the candidate teaches the exam's course offering. */
  teachesSection: boolean;
};

/** A room of an exam with its seated students and the evaluators who mark it. */
export type EvaluationRoom = CampusRoom & {
  seated: number;
  evaluators: Array<{ id: string; Contact__c: string; name: string; status: EvaluatorStatus }>;
};

/** A section (course offering) of a course in a term, with its teacher and students. */
export type SectionRow = {
  courseOfferingId: string;
  section: string;
  facultyId: string | null;
  facultyName: string | null;
  facultyEmail: string | null;
  role: string | null;
  students: number;
};

/** Most candidates one EvaluatorDetails call returns (narrow with the search). */
export const MAX_EVALUATOR_CANDIDATES = 500;

const contactName = personName(contact, { trim: true });

/**
 * The exam's answer sheets: students seated for it in its exam period, per room; when nobody is
 * seated yet, the students who sit it (candidates.ts; then no room has any).
 */
async function answerSheetsOf(
  db: Executor,
  info: ExamContext,
): Promise<{ total: number; byRoom: Map<string, number> }> {
  const seated = info.periodId
    ? await db
        .select({ roomId: seatAssignment.facilityId, n: count() })
        .from(seatAssignment)
        .where(and(eq(seatAssignment.examId, info.id), eq(seatAssignment.examPeriodId, info.periodId)))
        .groupBy(seatAssignment.facilityId)
    : [];
  const byRoom = new Map(seated.map((r) => [r.roomId, Number(r.n)]));
  const seatedTotal = [...byRoom.values()].reduce((a, b) => a + b, 0);
  if (seatedTotal > 0) return { total: seatedTotal, byRoom };
  const [enrolled] = await db.select({ n: count() }).from(enrolment).where(candidateOf(info));
  return { total: enrolled?.n ?? 0, byRoom };
}

/** Students seated for the joined exam in its exam period (any room). */
const seatedOfExamSql = sql<number>`(select count(*)::int from ${seatAssignment} where ${seatAssignment.examId} = ${exam.id} and ${seatAssignment.examPeriodId} = ${exam.examPeriodId})`;

/**
 * The joined exam's answer sheets, the SQL twin of {@link answerSheetsOf}: the students seated for
 * it in its exam period, or the students who sit it (candidates.ts) while nobody is seated.
 */
const examSheetsSql = sql<number>`coalesce(nullif(${seatedOfExamSql}, 0), (select count(*)::int from ${enrolment} where ${candidateOfExamRow}))`;

/**
 * The answer sheets in the scope of the joined assignment: those seated in its room for the exam's
 * period, or all the exam's ({@link examSheetsSql}) when it covers every room.
 */
const assignmentSheetsSql = sql<number>`(case when ${evaluatorAssignment.facilityId} is null then ${examSheetsSql}
  else (select count(*)::int from ${seatAssignment} where ${seatAssignment.examId} = ${exam.id} and ${seatAssignment.examPeriodId} = ${exam.examPeriodId} and ${seatAssignment.facilityId} = ${evaluatorAssignment.facilityId}) end)`;

/** The columns of an evaluator row, on a query over evaluator_assignment with {@link withAssignmentJoins}. */
const evaluatorColumns = {
  id: evaluatorAssignment.id,
  exam: evaluatorAssignment.examId,
  Contact__c: evaluatorAssignment.facultyId,
  name: contactName,
  role: contact.facultyType,
  email: contact.email,
  status: evaluatorAssignment.status,
  reason: evaluatorAssignment.reason,
  room: facility.name,
  roomId: evaluatorAssignment.facilityId,
  courseOfferingId: exam.courseOfferingId,
  Assigned_Paper__c: evaluatorAssignment.assignedPaper,
  invigilatorId: invigilation.id,
  answerSheets: assignmentSheetsSql,
  requestedAt: evaluatorAssignment.requestedAt,
  respondedAt: evaluatorAssignment.respondedAt,
  version: evaluatorAssignment.version,
};

/** An evaluator row as selected, before {@link toEvaluatorRow}. */
type EvaluatorDbRow = Omit<EvaluatorRow, "status" | "Assigned_Paper__c" | "requestedAt" | "respondedAt"> & {
  status: string;
  Assigned_Paper__c: string;
  requestedAt: Date | string;
  respondedAt: Date | string | null;
};

/** Joins to a query on evaluator_assignment: its exam, the evaluator, the room and their invigilation. */
function withAssignmentJoins<Q extends PgSelect>(query: Q): Q {
  query
    .innerJoin(exam, eq(exam.id, evaluatorAssignment.examId))
    .innerJoin(contact, eq(contact.id, evaluatorAssignment.facultyId))
    .leftJoin(facility, eq(facility.id, evaluatorAssignment.facilityId))
    .leftJoin(
      invigilation,
      and(
        eq(invigilation.examId, evaluatorAssignment.examId),
        eq(invigilation.facultyId, evaluatorAssignment.facultyId),
      ),
    );
  return query;
}

/** The wire row of a selected assignment (status label, paper, ISO times); other columns are left out. */
function toEvaluatorRow(r: EvaluatorDbRow): EvaluatorRow {
  return {
    id: r.id,
    exam: r.exam,
    Contact__c: r.Contact__c,
    name: r.name,
    role: r.role,
    email: r.email,
    status: evaluatorStatusLabel(r.status),
    reason: r.reason,
    room: r.room,
    roomId: r.roomId,
    courseOfferingId: r.courseOfferingId,
    Assigned_Paper__c: r.Assigned_Paper__c as AssignedPaper,
    invigilatorId: r.invigilatorId,
    answerSheets: Number(r.answerSheets),
    requestedAt: new Date(r.requestedAt).toISOString(),
    respondedAt: r.respondedAt ? new Date(r.respondedAt).toISOString() : null,
    version: r.version,
  };
}

/** Evaluator order within an exam: by name, then id. */
const evaluatorOrder = [asc(contact.firstName), asc(contact.lastName), asc(evaluatorAssignment.id)];

/** Evaluator rows of one exam's assignments (all, or those with the given ids), with answer sheets. */
async function evaluatorRowsOf(
  db: Executor,
  info: ExamContext,
  ids?: readonly string[],
): Promise<{ rows: EvaluatorRow[]; sheets: { total: number; byRoom: Map<string, number> } }> {
  const [rows, sheets] = await Promise.all([
    withAssignmentJoins(db.select(evaluatorColumns).from(evaluatorAssignment).$dynamic())
      .where(
        and(
          eq(evaluatorAssignment.examId, info.id),
          ids ? inArray(evaluatorAssignment.id, [...ids]) : undefined,
        ),
      )
      .orderBy(...evaluatorOrder),
    answerSheetsOf(db, info),
  ]);
  return { sheets, rows: rows.map(toEvaluatorRow) };
}

/**
 * The summary cards of an exam from its evaluators per status and its answer sheets: sheets per
 * active evaluator (Requested or Accepted; Rejected ones do not count), rounded up, null without one.
 */
function toSummary(counts: Record<EvaluatorStatus, number>, answerSheets: number): EvaluationSummary {
  const active = EVALUATOR_STATUSES.filter(isActiveEvaluator).reduce((n, s) => n + counts[s], 0);
  return {
    evaluators: EVALUATOR_STATUSES.reduce((n, s) => n + counts[s], 0),
    requested: counts.Requested,
    accepted: counts.Accepted,
    rejected: counts.Rejected,
    answerSheets,
    sheetsPerEvaluator: sheetsPerEvaluator(answerSheets, active),
  };
}

/**
 * The evaluation page of an exam (spec §7 GET /sf/exam/evaluatorList/{id}; Evaluation page): header
 * (with the evaluation deadline), summary cards (evaluators and how many are Requested, Accepted,
 * Rejected; answer sheets = students seated for the exam, or its enrolled students while nobody is
 * seated; sheets per active evaluator, see {@link toSummary}) and the evaluator rows by name. 404
 * (field `id`) for an unknown exam.
 */
export async function getEvaluatorList(
  db: Executor,
  now: number,
  examId: string,
): Promise<{ exam: EvaluationExamHeader; summary: EvaluationSummary; data: EvaluatorRow[] }> {
  const info = await loadExamContext(db, examId, now);
  const { rows, sheets } = await evaluatorRowsOf(db, info);
  const by = (s: EvaluatorStatus) => rows.filter((r) => r.status === s).length;
  return {
    exam: toExamHeader(info),
    summary: toSummary(
      { Requested: by("Requested"), Accepted: by("Accepted"), Rejected: by("Rejected") },
      sheets.total,
    ),
    data: rows,
  };
}

/** The teacher of the exam's section: the spec's subject faculty. */
const subjectTeacher = alias(contact, "subject_faculty");
const subjectFacultyName = personName(subjectTeacher, { trim: true }) as SQL<string | null>;

/** The exam columns of the evaluation lists, on a query with {@link withExamJoins}. */
const listExamColumns = {
  examCycle: examCycle.name,
  courseCode: course.code,
  courseName: course.name,
  section: courseOffering.section,
  dateOfExam: exam.examDate,
  startTimeOfExam: exam.startTime,
  deadline: exam.evaluationDeadline,
  examVersion: exam.version,
  subjectFaculty: subjectFacultyName,
};

/** Joins to a query that has the exam: its cycle, course offering, course and the section's teacher. */
function withExamJoins<Q extends PgSelect>(query: Q): Q {
  query
    .innerJoin(examCycle, eq(examCycle.id, exam.examCycleId))
    .innerJoin(courseOffering, eq(courseOffering.id, exam.courseOfferingId))
    .innerJoin(course, eq(course.id, courseOffering.courseId))
    .leftJoin(subjectTeacher, eq(subjectTeacher.id, courseOffering.facultyId));
  return query;
}

/** The timetable's order of exams: date, start time, course, section, id. */
const examOrder = [
  asc(exam.examDate),
  asc(exam.startTime),
  asc(course.name),
  asc(courseOffering.section),
  asc(exam.id),
];

/** The exam of a row of the evaluation table (date YYYY-MM-DD, start HH:MM, deadline YYYY-MM-DD or null). */
export type AssignmentExam = {
  id: string;
  examCycle: string;
  courseCode: string;
  courseName: string;
  section: string;
  dateOfExam: string;
  startTimeOfExam: string;
  deadline: string | null;
  /** The exam's row version: send it back with an evaluation deadline update. */
  version: number;
};

/** One row of the evaluation table: an assignment, its exam and the exam's subject faculty. */
export type EvaluationAssignmentRow = {
  assignment: EvaluatorRow;
  exam: AssignmentExam;
  subjectFaculty: string | null;
};

/**
 * Filters of the evaluation table (spec §3 evaluation filters deadline, dateOfExam, subjectFaculty,
 * allocatedTo; plus the exam cycle and the evaluator status); "" keeps everything. `deadline` keeps
 * the exams due by that day (evaluation deadline on or before it; exams without one are left out).
 */
export type EvaluationAssignmentFilter = {
  examCycleId: string;
  dateOfExam: string;
  deadline: string;
  subjectFaculty: string;
  allocatedTo: string;
  status: EvaluatorStatus | "";
};

function assignmentConditions(cycleId: string | null, f: EvaluationAssignmentFilter): SQL | undefined {
  const where: SQL[] = [];
  if (cycleId) where.push(eq(exam.examCycleId, cycleId));
  if (f.dateOfExam) where.push(eq(exam.examDate, f.dateOfExam));
  if (f.deadline) where.push(lte(exam.evaluationDeadline, f.deadline));
  if (f.subjectFaculty) where.push(sql`lower(${subjectFacultyName}) = lower(${f.subjectFaculty})`);
  if (f.allocatedTo) {
    const pattern = containsPattern(f.allocatedTo);
    where.push(sql`(${contactName} ilike ${pattern} or ${contact.email} ilike ${pattern})`);
  }
  if (f.status) where.push(eq(evaluatorAssignment.status, f.status));
  return and(...where);
}

/**
 * The evaluation table (spec §2 evaluation/evaluationTable, §3 evaluation filters; GET
 * /sf/exam/evaluationAssignments): evaluator assignments across the exams of one cycle (every cycle
 * without `examCycleId`) matching the filters, by exam (timetable order) then evaluator name; one
 * page with the number of matches, and the subject faculty of the cycle's exams that have an
 * assignment (the filter's options, by name). Set-based: three queries, whatever the page size.
 * 404 (field `examCycleId`) for an unknown cycle. With a reach `scope` (listScopeOf), only the
 * exams of course offerings within it, in the count, the page and the options alike.
 */
export async function listEvaluationAssignments(
  db: Executor,
  q: EvaluationAssignmentFilter & Page,
  scope: ListScope | null = null,
): Promise<{
  examCycle: { id: string; name: string } | null;
  noOfRecords: number;
  pageNo: number;
  count: number;
  subjectFaculties: string[];
  data: EvaluationAssignmentRow[];
}> {
  const cycle = q.examCycleId ? await findCycle(db, q.examCycleId, "examCycleId") : null;
  const where = and(
    assignmentConditions(cycle?.id ?? null, q),
    offeringIdInListScope(exam.courseOfferingId, scope),
  );
  const [[total], rows, faculties] = await Promise.all([
    withExamJoins(withAssignmentJoins(db.select({ n: count() }).from(evaluatorAssignment).$dynamic())).where(
      where,
    ),
    withExamJoins(
      withAssignmentJoins(
        db
          .select({ ...evaluatorColumns, ...listExamColumns })
          .from(evaluatorAssignment)
          .$dynamic(),
      ),
    )
      .where(where)
      .orderBy(...examOrder, ...evaluatorOrder)
      .limit(q.count)
      .offset((q.pageNo - 1) * q.count),
    db
      .selectDistinct({ name: subjectFacultyName })
      .from(evaluatorAssignment)
      .innerJoin(exam, eq(exam.id, evaluatorAssignment.examId))
      .innerJoin(courseOffering, eq(courseOffering.id, exam.courseOfferingId))
      .innerJoin(subjectTeacher, eq(subjectTeacher.id, courseOffering.facultyId))
      .where(
        and(
          cycle ? eq(exam.examCycleId, cycle.id) : undefined,
          offeringIdInListScope(exam.courseOfferingId, scope),
        ),
      ),
  ]);
  return {
    examCycle: cycle,
    noOfRecords: total?.n ?? 0,
    pageNo: q.pageNo,
    count: q.count,
    subjectFaculties: faculties.flatMap((f) => (f.name ? [f.name] : [])).sort((a, b) => a.localeCompare(b)),
    data: rows.map((r) => {
      const {
        examCycle,
        courseCode,
        courseName,
        section,
        dateOfExam,
        startTimeOfExam,
        deadline,
        examVersion,
        subjectFaculty,
      } = r;
      return {
        assignment: toEvaluatorRow(r),
        exam: {
          id: r.exam,
          examCycle,
          courseCode,
          courseName,
          section,
          dateOfExam,
          startTimeOfExam,
          deadline,
          version: examVersion,
        },
        subjectFaculty,
      };
    }),
  };
}

/** One exam of the evaluation list and plan with its evaluation figures. */
export type EvaluationOverviewExam = AssignmentExam & {
  term: string;
  batch: string;
  status: ExamProgressStatus;
  subjectFaculty: string | null;
  summary: EvaluationSummary;
};

/** Evaluators of the joined exam with `status`. */
const evaluatorsWithStatus = (status: EvaluatorStatus) =>
  sql<number>`(select count(*)::int from ${evaluatorAssignment} where ${evaluatorAssignment.examId} = ${exam.id} and ${evaluatorAssignment.status} = ${status})`;

/**
 * The evaluation list and plan (spec §2 evaluation, evaluvationPlan; GET /sf/exam/evaluationOverview):
 * one page of the exams of one cycle (every cycle without `examCycleId`) in the timetable's order
 * (date, start time, course, section), each with its deadline, subject faculty, Completed / Pending
 * and the figures of its Evaluation page's summary cards ({@link toSummary}); with the number of
 * exams. Two queries, whatever the page size (a third past page 1: `firstDateContinued`, whether the
 * page's first exam date had exams on the pages before, {@link continuesFirstDate}). 404 (field
 * `examCycleId`) for an unknown cycle. With a reach `scope` (listScopeOf), only the exams of course
 * offerings within it.
 */
export async function getEvaluationOverview(
  db: Executor,
  now: number,
  q: { examCycleId: string } & Page,
  scope: ListScope | null = null,
): Promise<{
  examCycle: { id: string; name: string } | null;
  noOfRecords: number;
  pageNo: number;
  count: number;
  firstDateContinued: boolean;
  exams: EvaluationOverviewExam[];
}> {
  const cycle = q.examCycleId ? await findCycle(db, q.examCycleId, "examCycleId") : null;
  const where = and(
    cycle ? eq(exam.examCycleId, cycle.id) : undefined,
    offeringIdInListScope(exam.courseOfferingId, scope),
  );
  /** The cycle's exams (within the reach) that also meet `extra` (all of them without). */
  const countListed = async (extra?: SQL) => {
    const [n] = await db.select({ n: count() }).from(exam).where(and(where, extra));
    return n?.n ?? 0;
  };
  const [total, rows] = await Promise.all([
    countListed(),
    withExamJoins(
      db
        .select({
          id: exam.id,
          ...listExamColumns,
          term: term.name,
          batch: intake.name,
          requested: evaluatorsWithStatus("Requested"),
          accepted: evaluatorsWithStatus("Accepted"),
          rejected: evaluatorsWithStatus("Rejected"),
          answerSheets: examSheetsSql,
        })
        .from(exam)
        .$dynamic(),
    )
      .innerJoin(term, eq(term.id, courseOffering.termId))
      .innerJoin(intake, eq(intake.id, term.intakeId))
      .where(where)
      .orderBy(...examOrder)
      .limit(q.count)
      .offset((q.pageNo - 1) * q.count),
  ]);
  // The timetable's order, dates soonest first, so the screens group the exams by date.
  const firstDateContinued = await continuesFirstDate(countListed, rows[0]?.dateOfExam, {
    offset: (q.pageNo - 1) * q.count,
    dates: "asc",
  });
  const today = todayIn(now);
  return {
    examCycle: cycle,
    noOfRecords: total,
    pageNo: q.pageNo,
    count: q.count,
    firstDateContinued,
    exams: rows.map(({ requested, accepted, rejected, answerSheets, examVersion, ...e }) => ({
      ...e,
      version: examVersion,
      status: examStatusFor(e.dateOfExam, today),
      summary: toSummary(
        { Requested: Number(requested), Accepted: Number(accepted), Rejected: Number(rejected) },
        Number(answerSheets),
      ),
    })),
  };
}

/**
 * Evaluator candidates of the Add Evaluator dialog (spec §7 EvaluatorDetails, §5): faculty members
 * not yet assigned to the exam (whatever their assignment's status), optionally matching a search on
 * name or e-mail (case-insensitive), the section's own teacher first, then by name; at most
 * {@link MAX_EVALUATOR_CANDIDATES}. 404 (field `examId`) for an unknown exam.
 */
export async function listEvaluatorCandidates(
  db: Executor,
  now: number,
  examId: string,
  search: string,
): Promise<EvaluatorCandidate[]> {
  const info = await loadExamContext(db, examId, now, "examId");
  const pattern = search ? containsPattern(search) : null;
  const teaches = info.subjectFacultyId
    ? sql<boolean>`(${contact.id} = ${info.subjectFacultyId}::uuid)`
    : sql<boolean>`false`;
  // Without a subject faculty nobody teaches the section; PostgreSQL rejects ordering by a constant.
  const teacherFirst = info.subjectFacultyId ? [sql`${teaches} desc`] : [];
  const rows = await db
    .select({
      facultyName: contactName,
      facultyId: contact.id,
      role: contact.facultyType,
      email: contact.email,
      teachesSection: teaches,
    })
    .from(contact)
    .where(
      and(
        eq(contact.kind, "faculty"),
        sql`not exists (select 1 from ${evaluatorAssignment} where ${evaluatorAssignment.examId} = ${info.id}::uuid and ${evaluatorAssignment.facultyId} = ${contact.id})`,
        pattern ? sql`(${contactName} ilike ${pattern} or ${contact.email} ilike ${pattern})` : undefined,
      ),
    )
    .orderBy(...teacherFirst, asc(contact.firstName), asc(contact.lastName), asc(contact.id))
    .limit(MAX_EVALUATOR_CANDIDATES);
  return rows.map((r) => ({ ...r, teachesSection: Boolean(r.teachesSection) }));
}

/**
 * The rooms an evaluator may be given for the exam: the rooms that seat its students, or, while
 * nobody is seated, the rooms of its campus; plus any room an assignment already names.
 */
async function roomsOfExam(
  db: Executor,
  info: ExamContext,
  byRoom: Map<string, number>,
  assignedRoomIds: readonly string[] = [],
): Promise<CampusRoom[]> {
  const campusRooms = await roomsOfCampus(db, info.campusId);
  const wanted = new Set([...byRoom.keys(), ...assignedRoomIds]);
  const rooms = byRoom.size > 0 ? campusRooms.filter((r) => wanted.has(r.id)) : [...campusRooms];
  const missing = [...wanted].filter((id) => !rooms.some((r) => r.id === id));
  if (missing.length > 0) {
    const extra = await db
      .select({ id: facility.id, code: facility.code, name: facility.name, capacity: facility.capacity })
      .from(facility)
      .where(inArray(facility.id, missing))
      .orderBy(asc(facility.name));
    rooms.push(...extra);
  }
  return rooms;
}

/**
 * Rooms and evaluators of an exam (spec §7 EvaluationDetails get, "room/evaluator list"): the exam
 * header, its answer sheets, each room that seats its students (the rooms of its campus while
 * nobody is seated, plus rooms an assignment names) with the students seated there and the
 * evaluators given that room, and the evaluators who mark all rooms. 404 (field `examId`).
 */
export async function getEvaluationRooms(
  db: Executor,
  now: number,
  examId: string,
): Promise<{
  exam: EvaluationExamHeader;
  answerSheets: number;
  rooms: EvaluationRoom[];
  allRoomsEvaluators: EvaluationRoom["evaluators"];
}> {
  const info = await loadExamContext(db, examId, now, "examId");
  const { rows, sheets } = await evaluatorRowsOf(db, info);
  const rooms = await roomsOfExam(
    db,
    info,
    sheets.byRoom,
    rows.flatMap((r) => (r.roomId ? [r.roomId] : [])),
  );
  const brief = (r: EvaluatorRow) => ({ id: r.id, Contact__c: r.Contact__c, name: r.name, status: r.status });
  return {
    exam: toExamHeader(info),
    answerSheets: sheets.total,
    rooms: rooms.map((room) => ({
      ...room,
      seated: sheets.byRoom.get(room.id) ?? 0,
      evaluators: rows.filter((r) => r.roomId === room.id).map(brief),
    })),
    allRoomsEvaluators: rows.filter((r) => r.roomId === null).map(brief),
  };
}

/**
 * The sections of a course in a term (spec §7 GET /sf/exam/section/{courseId}/{termId}, "evaluator
 * sections"): each course offering with its teacher (name, e-mail, type of faculty) and enrolled
 * students, by section name. 404 for an unknown course (`courseId`) or term (`termId`). With a
 * reach `scope` (listScopeOf; docs/security/roles.md): a term outside it (its intake of no programme
 * or plan in it, teaching no section in it) answers the 404 of an unknown term, and only the
 * sections within it are listed (a class-section scope: that section). Each is a condition of the
 * term's and the sections' own statements.
 */
export async function listCourseSections(
  db: Executor,
  courseId: string,
  termId: string,
  scope: ListScope | null = null,
): Promise<{
  course: { id: string; code: string; name: string };
  term: { id: string; name: string; batch: string };
  data: SectionRow[];
}> {
  const [courseRow] = isUuid(courseId)
    ? await db
        .select({ id: course.id, code: course.code, name: course.name })
        .from(course)
        .where(eq(course.id, courseId))
    : [];
  if (!courseRow) throw notFound("No such course", "courseId");
  const [termRow] = isUuid(termId)
    ? await db
        .select({ id: term.id, name: term.name, batch: intake.name })
        .from(term)
        .innerJoin(intake, eq(intake.id, term.intakeId))
        .where(and(eq(term.id, termId), scope ? planningReach.term(term.id, scope) : undefined))
    : [];
  if (!termRow) throw notFound("No such term", "termId");
  const rows = await db
    .select({
      courseOfferingId: courseOffering.id,
      section: courseOffering.section,
      facultyId: courseOffering.facultyId,
      facultyName: sql<string | null>`case when ${contact.id} is null then null else ${contactName} end`,
      facultyEmail: contact.email,
      role: contact.facultyType,
      students: sql<number>`(select count(*)::int from ${enrolment} where ${enrolment.courseOfferingId} = ${courseOffering.id} and ${enrolment.status} = ${ENROLLED})`,
    })
    .from(courseOffering)
    .leftJoin(contact, eq(contact.id, courseOffering.facultyId))
    .where(
      and(
        eq(courseOffering.courseId, courseRow.id),
        eq(courseOffering.termId, termRow.id),
        scope ? offeringIdInListScope(courseOffering.id, scope) : undefined,
      ),
    )
    .orderBy(asc(courseOffering.section), asc(courseOffering.id));
  return {
    course: courseRow,
    term: termRow,
    data: rows.map((r) => ({ ...r, students: Number(r.students) })),
  };
}

/** An assignment as the audit log keeps it. */
type AssignmentRecord = {
  examId: string;
  facultyId: string;
  facilityId: string | null;
  assignedPaper: string;
  status: EvaluatorStatus;
  reason: string;
};

function recordOf(row: typeof evaluatorAssignment.$inferSelect): AssignmentRecord {
  return {
    examId: row.examId,
    facultyId: row.facultyId,
    facilityId: row.facilityId,
    assignedPaper: row.assignedPaper,
    status: row.status,
    reason: row.reason,
  };
}

/**
 * The columns that change when an assignment moves to `status` (with `reason`), or null when nothing
 * changes. Accepted / Rejected set respondedAt to `at`; Rejected keeps the reason, the others clear
 * it; going back to Requested asks again (requestedAt `at`, respondedAt cleared).
 */
function statusChange(
  current: typeof evaluatorAssignment.$inferSelect,
  status: EvaluatorStatus,
  reason: string,
  at: Date,
): Partial<typeof evaluatorAssignment.$inferInsert> | null {
  const nextReason = status === "Rejected" ? reason : "";
  if (current.status === status && current.reason === nextReason) return null;
  if (status === "Requested") return { status, reason: "", requestedAt: at, respondedAt: null };
  return { status, reason: nextReason, respondedAt: at };
}

/**
 * The evaluation request mail: subject "Evaluation request: <course> (<section>)"; the body names the
 * exam, its date (DD-MM-YYYY) and start time with its campus's zone ("10:00 (Asia/Dubai)"), the answer sheets in the evaluator's scope, the room (or all rooms)
 * and the paper to mark.
 */
export function evaluationRequestMail(request: {
  evaluatorName: string;
  email: string;
  exam: Pick<
    EvaluationExamHeader,
    "courseName" | "section" | "examCycle" | "component" | "dateOfExam" | "startTimeOfExam"
  > & { timeZone: string };
  answerSheets: number;
  roomName: string | null;
  assignedPaper: AssignedPaper;
}): Mail {
  const { exam } = request;
  return {
    to: [request.email],
    subject: `Evaluation request: ${exam.courseName} (${exam.section})`,
    text: [
      `Dear ${request.evaluatorName},`,
      "",
      `The exam office asks you to evaluate the answer sheets of ${exam.courseName} (section ${exam.section}, ${exam.component}, ${exam.examCycle}).`,
      "",
      `Exam date: ${formatDate(exam.dateOfExam)}, ${formatTime(exam.startTimeOfExam, { timeZone: exam.timeZone })}`,
      `Answer sheets: ${request.answerSheets}`,
      `Room: ${request.roomName ?? "All rooms"}`,
      `Paper: ${request.assignedPaper}`,
      "",
      "Please let the exam office know whether you accept; if you cannot, tell us why.",
      "",
      "Exam Office",
    ].join("\n"),
  };
}

/** The mail telling an evaluator that the exam office withdrew its request. */
function withdrawalMail(evaluatorName: string, email: string, exam: EvaluationExamHeader): Mail {
  return {
    to: [email],
    subject: `Evaluation request withdrawn: ${exam.courseName} (${exam.section})`,
    text: [
      `Dear ${evaluatorName},`,
      "",
      `The exam office has withdrawn its request to evaluate the answer sheets of ${exam.courseName} (section ${exam.section}, ${exam.component}, ${exam.examCycle}, exam date ${formatDate(exam.dateOfExam)}). You need not evaluate them.`,
      "",
      "Exam Office",
    ].join("\n"),
  };
}

type FacultyInfo = { id: string; name: string; email: string };

async function loadFaculty(db: Executor, ids: readonly string[]): Promise<Map<string, FacultyInfo>> {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return new Map();
  const rows = await db
    .select({ id: contact.id, name: contactName, email: contact.email })
    .from(contact)
    .where(and(inArray(contact.id, valid), eq(contact.kind, "faculty")));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The request mail of a stored assignment (its room's name looked up; sheets in its scope). */
async function requestMailFor(
  db: Executor,
  evaluator: FacultyInfo,
  info: ExamContext,
  assignment: typeof evaluatorAssignment.$inferSelect,
  sheets: { total: number; byRoom: Map<string, number> },
): Promise<Mail> {
  const [room] = assignment.facilityId
    ? await db.select({ name: facility.name }).from(facility).where(eq(facility.id, assignment.facilityId))
    : [];
  return evaluationRequestMail({
    evaluatorName: evaluator.name,
    email: evaluator.email,
    exam: info,
    answerSheets: assignment.facilityId ? (sheets.byRoom.get(assignment.facilityId) ?? 0) : sheets.total,
    roomName: room?.name ?? null,
    assignedPaper: assignment.assignedPaper as AssignedPaper,
  });
}

/** Rows of the touched assignments, in the order given, after a change. */
async function rowsInOrder(
  tx: Executor,
  exams: Map<string, ExamContext>,
  touched: Array<{ id: string; examId: string }>,
): Promise<EvaluatorRow[]> {
  const byExam = new Map<string, string[]>();
  for (const t of touched) byExam.set(t.examId, [...(byExam.get(t.examId) ?? []), t.id]);
  const rows = new Map<string, EvaluatorRow>();
  for (const [examId, ids] of byExam) {
    const info = exams.get(examId);
    if (!info) continue;
    for (const row of (await evaluatorRowsOf(tx, info, ids)).rows) rows.set(row.id, row);
  }
  return [...new Set(touched.map((t) => t.id))].flatMap((id) => {
    const row = rows.get(id);
    return row ? [row] : [];
  });
}

/**
 * Saves evaluator assignments (spec §7 EvaluationDetails post, "evaluator assignment save") in one
 * transaction. An item without `id` asks the faculty member `evaluation` to evaluate the exam `exam`:
 * a Requested assignment (requestedAt now) for the given room (null = all rooms) and paper, and the
 * request mail ({@link evaluationRequestMail}). An item with `id` changes that assignment's room, paper
 * and status (as {@link recordEvaluatorResponses} does; back to Requested mails the request again);
 * its evaluator and exam cannot change. One audit row per change (entity evaluator_assignment).
 * Errors name the item, nothing written: 409 `evaluator_already_assigned` (`i.evaluation`) when the
 * faculty member is already assigned to the exam or listed twice for it; 404 unknown exam (`i.exam`;
 * alike an exam of a course offering outside the reach `scope`, listScopeOf, checked in the
 * transaction's first statement),
 * faculty member (`i.evaluation`), room (`i.room`) or assignment (`i.id`); 400 a room not available to
 * the exam (`i.room`, rule exam_room), `Course_Offering__c` other than the exam's (rule
 * exam_course_offering), an id listed twice (`i.id`, rule unique), an evaluator or exam other than the
 * assignment's (rule immutable); 409 `version_conflict` (`i.version`) when an item with `id` does not
 * carry the assignment's current `version` (required with `id`). The mails are queued in the
 * transaction and delivered after the commit (mail/delivery.ts). Returns the saved rows in item order.
 */
export async function saveEvaluatorAssignments(
  ctx: AppContext,
  actor: SessionUser,
  items: ReadonlyArray<EvaluatorAssignmentItem & { version?: number | undefined }>,
  scope: ListScope | null = null,
): Promise<EvaluatorRow[]> {
  const ids = new Set<string>();
  const pairs = new Set<string>();
  for (const [i, item] of items.entries()) {
    if (item.id !== undefined) {
      if (ids.has(item.id)) {
        throw badRequest("The same assignment is listed twice", `${i}.id`, "unique");
      }
      ids.add(item.id);
    }
    const pair = `${item.exam}|${item.evaluation}`;
    if (pairs.has(pair)) {
      throw new ApiError(409, "The same evaluator is listed twice for this exam", {
        errorCode: "evaluator_already_assigned",
        field: `${i}.evaluation`,
      });
    }
    pairs.add(pair);
  }
  const at = new Date(ctx.now());
  return ctx.db.transaction(async (tx) => {
    const exams = await loadExamContexts(
      tx,
      items.map((i) => i.exam),
      ctx.now(),
      scope,
    );
    const faculty = await loadFaculty(
      tx,
      items.map((i) => i.evaluation),
    );
    const sheetsCache = new Map<string, Awaited<ReturnType<typeof answerSheetsOf>>>();
    const sheetsFor = async (info: ExamContext) => {
      let sheets = sheetsCache.get(info.id);
      if (!sheets) {
        sheets = await answerSheetsOf(tx, info);
        sheetsCache.set(info.id, sheets);
      }
      return sheets;
    };
    const audit: AuditEntry[] = [];
    const mails: Mail[] = [];
    const touched: Array<{ id: string; examId: string }> = [];

    for (const [i, item] of items.entries()) {
      const info = exams.get(item.exam);
      if (!info) throw notFound("No such exam", `${i}.exam`);
      const evaluator = faculty.get(item.evaluation);
      if (!evaluator) {
        throw notFound("No such faculty member", `${i}.evaluation`);
      }
      if (item.Course_Offering__c && item.Course_Offering__c !== info.courseOfferingId) {
        throw badRequest(
          "Course_Offering__c is not the exam's course offering",
          `${i}.Course_Offering__c`,
          "exam_course_offering",
        );
      }
      let current: typeof evaluatorAssignment.$inferSelect | undefined;
      if (item.id !== undefined) {
        [current] = isUuid(item.id)
          ? await tx
              .select()
              .from(evaluatorAssignment)
              .where(eq(evaluatorAssignment.id, item.id))
              .for("update")
          : [];
        if (!current) {
          throw notFound("No such evaluator assignment", `${i}.id`);
        }
        if (current.version !== item.version) {
          throw versionConflict(`The assignment of ${evaluator.name}`, `${i}.version`);
        }
        if (current.facultyId !== evaluator.id || current.examId !== info.id) {
          throw badRequest(
            "An assignment keeps its evaluator and exam; withdraw it and assign the evaluator anew",
            `${i}.${current.facultyId !== evaluator.id ? "evaluation" : "exam"}`,
            "immutable",
          );
        }
      }
      // undefined: not given (an existing assignment keeps its room); null: all rooms.
      let room: CampusRoom | null | undefined = item.room === undefined ? undefined : null;
      if (item.room) {
        const sheets = await sheetsFor(info);
        const rooms = await roomsOfExam(
          tx,
          info,
          sheets.byRoom,
          current?.facilityId ? [current.facilityId] : [],
        );
        room = rooms.find((r) => r.id === item.room) ?? null;
        if (!room) {
          const [known] = isUuid(item.room)
            ? await tx.select({ id: facility.id }).from(facility).where(eq(facility.id, item.room))
            : [];
          if (!known) throw notFound("No such room", `${i}.room`);
          throw badRequest("The room is not one of the exam's rooms", `${i}.room`, "exam_room");
        }
      }

      if (!current) {
        const assignedPaper = item.Assigned_Paper__c ?? "All";
        const [inserted] = await tx
          .insert(evaluatorAssignment)
          .values({
            examId: info.id,
            facultyId: evaluator.id,
            facilityId: room?.id ?? null,
            assignedPaper,
            status: "Requested",
            reason: "",
            requestedAt: at,
          })
          .onConflictDoNothing({ target: [evaluatorAssignment.examId, evaluatorAssignment.facultyId] })
          .returning();
        if (!inserted) {
          throw new ApiError(409, `${evaluator.name} is already assigned to evaluate this exam`, {
            errorCode: "evaluator_already_assigned",
            field: `${i}.evaluation`,
          });
        }
        audit.push({
          action: "request_evaluator",
          entity: "evaluator_assignment",
          entityId: inserted.id,
          before: null,
          after: recordOf(inserted),
        });
        mails.push({
          ...(await requestMailFor(tx, evaluator, info, inserted, await sheetsFor(info))),
          source: `evaluation:${info.id}:request:${inserted.id}`,
        });
        touched.push({ id: inserted.id, examId: info.id });
        continue;
      }

      const patch: Partial<typeof evaluatorAssignment.$inferInsert> = {
        ...((item.status && statusChange(current, item.status, item.reason, at)) || {}),
      };
      if (room !== undefined && current.facilityId !== (room?.id ?? null))
        patch.facilityId = room?.id ?? null;
      if (item.Assigned_Paper__c !== undefined && current.assignedPaper !== item.Assigned_Paper__c) {
        patch.assignedPaper = item.Assigned_Paper__c;
      }
      touched.push({ id: current.id, examId: info.id });
      // Compare-and-increment even when nothing changes, so the version check is atomic.
      const updated = await updateVersioned(
        tx,
        evaluatorAssignment,
        { id: current.id, version: current.version },
        patch,
        {
          what: `The assignment of ${evaluator.name}`,
          field: `${i}.version`,
        },
      );
      if (Object.keys(patch).length === 0) continue;
      audit.push({
        action: "update_evaluator_assignment",
        entity: "evaluator_assignment",
        entityId: current.id,
        before: recordOf(current),
        after: recordOf(updated),
      });
      if (updated.status === "Requested" && current.status !== "Requested") {
        mails.push({
          ...(await requestMailFor(tx, evaluator, info, updated, await sheetsFor(info))),
          source: `evaluation:${info.id}:request:${updated.id}`,
        });
      }
    }
    await writeAudit(tx, actor, audit, at);
    for (const mail of mails) await ctx.mailer.enqueue(tx, mail);
    return rowsInOrder(tx, exams, touched);
  });
}

/**
 * Records evaluators' answers (spec §7 PATCH /sf/exam/update/evaluation, §4) in one transaction. The
 * exam office records them as the evaluators give them: Accepted or Rejected (with its reason) sets
 * respondedAt now; Requested asks again (requestedAt now, respondedAt and reason cleared, the request
 * mailed again); an answer equal to the stored one changes nothing but the row's version. Any status may follow any other
 * (staff correct mistakes). `remove: true` withdraws the assignment (deleted; the evaluator is mailed
 * unless they had rejected it) and the faculty member becomes a candidate again. One audit row per
 * change. Errors name the item, nothing written: 400 an id listed twice (`i.id`, rule unique); 404
 * unknown assignment (`i.id`); 409 `version_conflict` (`i.version`) when the assignment is not at the
 * item's `version` any more. Mails are queued in the transaction and delivered after the commit. Every change moves the version on by one. Returns the changed rows (in item order) and the
 * ids of the withdrawn ones.
 */
export async function recordEvaluatorResponses(
  ctx: AppContext,
  actor: SessionUser,
  items: ReadonlyArray<EvaluatorResponseItem & { version: number }>,
): Promise<{ data: EvaluatorRow[]; removed: string[] }> {
  const seen = new Set<string>();
  for (const [i, item] of items.entries()) {
    if (seen.has(item.id)) {
      throw badRequest("The same assignment is listed twice", `${i}.id`, "unique");
    }
    seen.add(item.id);
  }
  const at = new Date(ctx.now());
  return ctx.db.transaction(async (tx) => {
    const valid = [...seen].filter(isUuid);
    const current =
      valid.length === 0
        ? []
        : await tx
            .select()
            .from(evaluatorAssignment)
            .where(inArray(evaluatorAssignment.id, valid))
            .orderBy(asc(evaluatorAssignment.id))
            .for("update");
    const byId = new Map(current.map((r) => [r.id, r]));
    for (const [i, item] of items.entries()) {
      if (!byId.has(item.id)) {
        throw notFound("No such evaluator assignment", `${i}.id`);
      }
    }
    const exams = await loadExamContexts(
      tx,
      current.map((r) => r.examId),
      ctx.now(),
    );
    const faculty = await loadFaculty(
      tx,
      current.map((r) => r.facultyId),
    );
    const audit: AuditEntry[] = [];
    const mails: Mail[] = [];
    const touched: Array<{ id: string; examId: string }> = [];
    const removed: string[] = [];
    for (const [i, item] of items.entries()) {
      const row = byId.get(item.id);
      const info = row ? exams.get(row.examId) : undefined;
      if (!row || !info) continue;
      const evaluator = faculty.get(row.facultyId);
      const conflict = () =>
        versionConflict(`The assignment of ${evaluator?.name ?? "this evaluator"}`, `${i}.version`);
      if (row.version !== item.version) throw conflict();
      const sameVersion = and(
        eq(evaluatorAssignment.id, row.id),
        eq(evaluatorAssignment.version, item.version),
      );
      if (item.remove) {
        const gone = await tx
          .delete(evaluatorAssignment)
          .where(sameVersion)
          .returning({ id: evaluatorAssignment.id });
        if (gone.length === 0) throw conflict();
        audit.push({
          action: "withdraw_evaluator",
          entity: "evaluator_assignment",
          entityId: row.id,
          before: recordOf(row),
          after: null,
        });
        if (evaluator && row.status !== "Rejected")
          mails.push({
            ...withdrawalMail(evaluator.name, evaluator.email, info),
            source: `evaluation:${info.id}:withdraw:${row.id}`,
          });
        removed.push(row.id);
        continue;
      }
      const patch = statusChange(row, item.status ?? "Requested", item.reason, at);
      touched.push({ id: row.id, examId: row.examId });
      // Compare-and-increment even when the answer is the stored one, so the check is atomic.
      const updated = await updateVersioned(
        tx,
        evaluatorAssignment,
        { id: row.id, version: item.version },
        patch ?? {},
        conflict,
      );
      if (!patch) continue;
      audit.push({
        action: "record_evaluator_answer",
        entity: "evaluator_assignment",
        entityId: row.id,
        before: { ...recordOf(row), respondedAt: row.respondedAt?.toISOString() ?? null },
        after: { ...recordOf(updated), respondedAt: updated.respondedAt?.toISOString() ?? null },
      });
      if (evaluator && updated.status === "Requested") {
        mails.push({
          ...(await requestMailFor(tx, evaluator, info, updated, await answerSheetsOf(tx, info))),
          source: `evaluation:${info.id}:request:${updated.id}`,
        });
      }
    }
    await writeAudit(tx, actor, audit, at);
    for (const mail of mails) await ctx.mailer.enqueue(tx, mail);
    return { data: await rowsInOrder(tx, exams, touched), removed };
  });
}

/**
 * Sets or clears an exam's evaluation deadline (spec §3 Exam info "Deadline", evaluation filter
 * "deadline"; PATCH /sf/exam/update/evaluationDeadline) in one transaction: `deadline` YYYY-MM-DD (on
 * or after the exam date) or null to clear it. One audit row (entity exam, before/after
 * `{evaluationDeadline}`) when it changes; the same value again writes nothing. Errors, nothing
 * written: 404 unknown exam (`examId`; alike an exam of a course offering outside the reach `scope`,
 * listScopeOf, a condition of the locking statement); 400 a deadline before the exam date (`deadline`, rule
 * `not_before_exam_date`); 409 `version_conflict` (`version`) when the exam is not at `version` any
 * more. The exam's version goes up by one. Returns the exam's header after the change and whether it changed.
 */
export async function setEvaluationDeadline(
  ctx: AppContext,
  actor: SessionUser,
  item: { examId: string; deadline: string | null; version: number },
  scope: ListScope | null = null,
): Promise<{ changed: boolean; exam: EvaluationExamHeader }> {
  const at = new Date(ctx.now());
  return ctx.db.transaction(async (tx) => {
    const [current] = isUuid(item.examId)
      ? await tx
          .select({ id: exam.id, examDate: exam.examDate, deadline: exam.evaluationDeadline })
          .from(exam)
          .where(
            and(
              eq(exam.id, item.examId),
              scope ? offeringIdInListScope(exam.courseOfferingId, scope) : undefined,
            ),
          )
          .for("update")
      : [];
    if (!current) throw notFound("No such exam", "examId");
    if (item.deadline !== null && item.deadline < current.examDate) {
      throw badRequest(
        `The evaluation deadline cannot be before the exam date (${formatDate(current.examDate)})`,
        "deadline",
        "not_before_exam_date",
      );
    }
    const changed = current.deadline !== item.deadline;
    // Compare-and-increment even when the value is the same, so a stale form is always refused.
    await updateVersioned(
      tx,
      exam,
      { id: current.id, version: item.version },
      { evaluationDeadline: item.deadline },
      { what: "This exam", field: "version" },
    );
    if (changed) {
      await writeAudit(
        tx,
        actor,
        [
          {
            action: item.deadline === null ? "clear_evaluation_deadline" : "set_evaluation_deadline",
            entity: "exam",
            entityId: current.id,
            before: { evaluationDeadline: current.deadline },
            after: { evaluationDeadline: item.deadline },
          },
        ],
        at,
      );
    }
    return { changed, exam: toExamHeader(await loadExamContext(tx, current.id, ctx.now(), "examId")) };
  });
}
