import { countNoun, formatDate, formatNumber, formatTime, planSeating } from "@portal/domain";
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { type AuditEntry, writeAudit } from "../../audit.ts";
import { type ListScope, offeringIdInListScope } from "../../auth/public.ts";
import type { AppContext, SessionUser } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { personName } from "../../db/person-name.ts";
import {
  campus,
  contact,
  course,
  courseOffering,
  enrolment,
  exam,
  examPeriod,
  facility,
  intake,
  seatAssignment,
  term,
} from "../../db/schema.ts";
import { csvDocument } from "../../http/csv.ts";
import { ApiError, notFound, versionConflict } from "../../http/errors.ts";
import { isUuid } from "../../http/request.ts";
import { candidateOf, candidateOfExamRow } from "../eligibility/candidates.ts";
import { examHeaderColumns, withExamHeaderJoins } from "../header.ts";
import { bumpSeatingVersion, ensureExamPeriod } from "../schedule/periods.ts";
import { type CampusRoom, roomsOfCampus } from "./rooms.ts";

/**
 * Seating plans (spec §7 seatingPlan retrieve and save; route /app/exam/seatingPlan/{id}): where the
 * students of an exam period sit. All exams of one period (cycle, date, start time) on one campus
 * share that campus's rooms; a student holds one seat per period (seat_assignment keys).
 */

/** Rows per insert statement (keeps each statement well under PostgreSQL's parameter limit). */
const INSERT_CHUNK = 1000;
/** Seats written by one generation from which the table's planner statistics are refreshed. */
const ANALYZE_AFTER_ROWS = 1000;

/** An exam as the seating and invigilation screens head it (date YYYY-MM-DD, start HH:MM at its campus, minutes). */
export type ExamHeader = {
  id: string;
  courseName: string;
  section: string;
  examCycle: string;
  dateOfExam: string;
  startTimeOfExam: string;
  duration: number;
  periodId: string | null;
};

/**
 * An exam with what seating and invigilation need: its cycle, course offering, campus, ratio, and
 * whether it needs rooms of its own (ITC2007 ROOM_EXCLUSIVE).
 */
export type ExamInfo = ExamHeader & {
  examCycleId: string;
  courseOfferingId: string;
  /** MidTerm, EndTerm or Retest: a retest exam is sat only by its scheduled students (candidates.ts). */
  examType: string;
  campusId: string;
  campusName: string;
  /** The campus's IANA zone: the exam's date and start time are wall times there. */
  timeZone: string;
  studentsPerInvigilator: number;
  roomExclusive: boolean;
  /** Version of the seating plan of the exam's period; 0 while the exam has no period. */
  seatingVersion: number;
};

/** A room of the exam's campus with the seats used in the exam's period. */
export type RoomUse = CampusRoom & { seated: number };

/** One student of an exam and their seat (room and seat null while unseated). */
export type SeatView = {
  studentId: string;
  studentCode: string | null;
  studentName: string;
  examId: string;
  courseName: string;
  section: string;
  roomId: string | null;
  roomName: string | null;
  seatNumber: number | null;
};

/**
 * One exam of a period: its course offering, how many students sit it and are seated, and whether
 * it needs rooms of its own (ITC2007 ROOM_EXCLUSIVE).
 */
export type SectionView = {
  examId: string;
  courseOfferingId: string;
  courseName: string;
  section: string;
  students: number;
  seated: number;
  roomExclusive: boolean;
};

/** A move of the save call: the student's new room and seat (1-based). */
export type SeatMove = { studentId: string; roomId: string; seatNumber: number };

const studentName = personName(contact, { trim: true });

/**
 * The exams with these ids (unknown ids are left out), keyed by id: header, cycle, course offering,
 * campus (course offering -> term -> intake -> campus) and students per invigilator. With a reach
 * `scope` (listScopeOf), an exam of a course offering outside it is left out as an unknown one (a
 * condition of the same statement, so a write refuses it inside its transaction; docs/security/roles.md).
 */
export async function loadExams(
  db: Executor,
  ids: readonly string[],
  scope: ListScope | null = null,
): Promise<Map<string, ExamInfo>> {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return new Map();
  const rows = await withExamHeaderJoins(
    db
      .select({
        ...examHeaderColumns,
        campusName: campus.name,
        studentsPerInvigilator: exam.studentsPerInvigilator,
        roomExclusive: exam.roomExclusive,
        seatingVersion: sql<number>`coalesce(${examPeriod.seatingVersion}, 0)`,
      })
      .from(exam)
      .$dynamic(),
  )
    .leftJoin(examPeriod, eq(examPeriod.id, exam.examPeriodId))
    .where(
      and(inArray(exam.id, valid), scope ? offeringIdInListScope(exam.courseOfferingId, scope) : undefined),
    );
  // The seating and invigilation answers name the sitting dateOfExam, startTimeOfExam and duration.
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        courseName: r.courseName,
        section: r.section,
        examCycle: r.examCycle,
        dateOfExam: r.examDate,
        startTimeOfExam: r.startTime,
        duration: r.durationMinutes,
        periodId: r.periodId,
        examCycleId: r.examCycleId,
        courseOfferingId: r.courseOfferingId,
        examType: r.examType,
        campusId: r.campusId,
        campusName: r.campusName,
        timeZone: r.timeZone,
        studentsPerInvigilator: r.studentsPerInvigilator,
        roomExclusive: r.roomExclusive,
        seatingVersion: r.seatingVersion,
      },
    ]),
  );
}

/**
 * The exam `id`; throws 404 "No such exam" naming `field` when it is unknown or, with a reach
 * `scope` (listScopeOf), when its course offering lies outside it (the same answer).
 */
export async function loadExam(
  db: Executor,
  id: string,
  field = "examId",
  scope: ListScope | null = null,
): Promise<ExamInfo> {
  const info = (await loadExams(db, [id], scope)).get(id);
  if (!info) throw notFound("No such exam", field);
  return info;
}

/** The header fields of an exam (what the screens show above the seating plan). */
export function examHeader(info: ExamInfo): ExamHeader {
  const { id, courseName, section, examCycle, dateOfExam, startTimeOfExam, duration, periodId } = info;
  return { id, courseName, section, examCycle, dateOfExam, startTimeOfExam, duration, periodId };
}

/**
 * The rooms of the exam's campus with the seats used in `periodId` by students of exams still held
 * then (all exams of the period, not only this one), largest first. Seats are 0 without a period.
 */
export async function roomsWithSeated(
  db: Executor,
  campusId: string,
  periodId: string | null,
): Promise<RoomUse[]> {
  return db
    .select({
      id: facility.id,
      code: facility.code,
      name: facility.name,
      capacity: facility.capacity,
      seated: sql<number>`count(${exam.id})::int`,
    })
    .from(facility)
    .leftJoin(
      seatAssignment,
      and(
        eq(seatAssignment.facilityId, facility.id),
        periodId ? eq(seatAssignment.examPeriodId, periodId) : sql`false`,
      ),
    )
    .leftJoin(
      exam,
      and(eq(exam.id, seatAssignment.examId), eq(exam.examPeriodId, seatAssignment.examPeriodId)),
    )
    .where(eq(facility.campusId, campusId))
    .groupBy(facility.id)
    .orderBy(desc(facility.capacity), asc(facility.name), asc(facility.id));
}

/**
 * The exams of the exam's period on its campus (they share its rooms), by course name and section,
 * each with its students (candidates.ts) and those seated for it. Without a period: the exam alone.
 */
export async function periodSections(db: Executor, info: ExamInfo): Promise<SectionView[]> {
  const students = sql<number>`(select count(*)::int from ${enrolment} where ${candidateOfExamRow})`;
  const seated = sql<number>`(select count(*)::int from ${seatAssignment} where ${seatAssignment.examId} = ${exam.id} and ${seatAssignment.examPeriodId} = ${exam.examPeriodId})`;
  return db
    .select({
      examId: exam.id,
      courseOfferingId: courseOffering.id,
      courseName: course.name,
      section: courseOffering.section,
      students,
      seated,
      roomExclusive: exam.roomExclusive,
      seatingVersion: sql<number>`coalesce(${examPeriod.seatingVersion}, 0)`,
    })
    .from(exam)
    .leftJoin(examPeriod, eq(examPeriod.id, exam.examPeriodId))
    .innerJoin(courseOffering, eq(courseOffering.id, exam.courseOfferingId))
    .innerJoin(course, eq(course.id, courseOffering.courseId))
    .innerJoin(term, eq(term.id, courseOffering.termId))
    .innerJoin(intake, eq(intake.id, term.intakeId))
    .where(
      info.periodId
        ? and(eq(exam.examPeriodId, info.periodId), eq(intake.campusId, info.campusId))
        : eq(exam.id, info.id),
    )
    .orderBy(asc(course.name), asc(courseOffering.section), asc(exam.id));
}

/**
 * Adds to a query on enrolment the exam's students (its candidates, candidates.ts) with their
 * contact and their seat for this exam in its period (seat and room columns null while unseated).
 */
function withArrangement<Q extends PgSelect>(query: Q, info: ExamInfo): Q {
  const seatOfStudent: SQL = info.periodId
    ? (and(
        eq(seatAssignment.studentId, enrolment.studentId),
        eq(seatAssignment.examId, info.id),
        eq(seatAssignment.examPeriodId, info.periodId),
      ) as SQL)
    : sql`false`;
  // Dynamic queries are changed in place (the select's own columns fix the row type).
  query.innerJoin(contact, eq(contact.id, enrolment.studentId));
  query.leftJoin(seatAssignment, seatOfStudent);
  query.leftJoin(facility, eq(facility.id, seatAssignment.facilityId));
  query.where(candidateOf(info));
  return query;
}

const arrangementColumns = {
  studentId: contact.id,
  studentCode: contact.code,
  studentName,
  roomId: facility.id,
  roomName: facility.name,
  seatNumber: seatAssignment.seatNumber,
};
/** Seated first, by room (largest first, then name) and seat; then the unseated by name. */
const arrangementOrder = [
  sql`${seatAssignment.id} is null`,
  desc(facility.capacity),
  asc(facility.name),
  asc(facility.id),
  asc(seatAssignment.seatNumber),
  asc(contact.lastName),
  asc(contact.firstName),
  asc(contact.id),
];

function toSeatView(info: ExamInfo, row: Omit<SeatView, "examId" | "courseName" | "section">): SeatView {
  return { ...row, examId: info.id, courseName: info.courseName, section: info.section };
}

/**
 * The exam's students (its candidates, candidates.ts) and those of them seated for it in its
 * period. Two counts from each side's own index, so that the plan does not hang on fresh statistics.
 */
async function seatCounts(db: Executor, info: ExamInfo): Promise<{ total: number; seated: number }> {
  const enrolled = candidateOf(info);
  const [[total], [seated]] = await Promise.all([
    db.select({ n: count() }).from(enrolment).where(enrolled),
    info.periodId
      ? db
          .select({ n: count() })
          .from(seatAssignment)
          .innerJoin(enrolment, and(eq(enrolment.studentId, seatAssignment.studentId), enrolled))
          .where(and(eq(seatAssignment.examId, info.id), eq(seatAssignment.examPeriodId, info.periodId)))
      : [{ n: 0 }],
  ]);
  return { total: total?.n ?? 0, seated: seated?.n ?? 0 };
}

/**
 * The seating plan screen of an exam (spec §7 seatingPlan retrieve): the exam's header, the rooms
 * available (its campus's rooms, with the seats used in its period), the exams of the period on that
 * campus (`sections`), one page (1-based `pageNo`, `count` rows) of this exam's students in room and
 * seat order with the unseated last (room null), and the totals. 404 for an unknown exam.
 */
export async function retrieveSeatingPlan(
  db: Executor,
  examId: string,
  page: { pageNo: number; count: number },
) {
  const info = await loadExam(db, examId);
  const [roomsAvailable, sections, { total, seated }, rows] = await Promise.all([
    roomsWithSeated(db, info.campusId, info.periodId),
    periodSections(db, info),
    seatCounts(db, info),
    withArrangement(db.select(arrangementColumns).from(enrolment).$dynamic(), info)
      .orderBy(...arrangementOrder)
      .limit(page.count)
      .offset((page.pageNo - 1) * page.count),
  ]);
  return {
    exam: examHeader(info),
    roomsAvailable,
    document: {
      fileName: seatingPlanFileName(info),
      url: `/api/salesforce/seatingPlan/document?examId=${info.id}`,
      contentType: "text/csv",
    },
    sections,
    /** Seating plan version of the exam's period: send it back with seatingPlan/save. */
    version: Number(info.seatingVersion),
    seatingArrangement: rows.map((r) => toSeatView(info, r)),
    noOfRecords: total,
    seated,
    unseated: total - seated,
  };
}

/** File name of an exam's seating plan document, e.g. "seating-plan-BUS101-A-2026-11-16.csv". */
function seatingPlanFileName(info: ExamInfo): string {
  const part = (s: string) => s.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "");
  return `seating-plan-${part(info.courseName)}-${part(info.section)}-${info.dateOfExam}.csv`;
}

/**
 * The whole seating plan of an exam as a CSV document (RFC 4180, CRLF line ends, header row, cells
 * that would start a spreadsheet formula escaped, see csvCell): room,
 * seat, student code, student name, course, section, date (DD-MM-YYYY), start time; in room and seat
 * order, unseated students last with room and seat empty. 404 for an unknown exam.
 */
export async function seatingPlanDocument(
  db: Executor,
  examId: string,
): Promise<{ fileName: string; text: string }> {
  const info = await loadExam(db, examId);
  const rows = await withArrangement(db.select(arrangementColumns).from(enrolment).$dynamic(), info).orderBy(
    ...arrangementOrder,
  );
  const date = formatDate(info.dateOfExam);
  const lines = [
    ["Room", "Seat", "Student code", "Student name", "Course", "Section", "Date", "Start time"],
    ...rows.map((r) => [
      r.roomName,
      r.seatNumber,
      r.studentCode,
      r.studentName,
      info.courseName,
      info.section,
      date,
      info.startTimeOfExam,
    ]),
  ];
  return {
    fileName: seatingPlanFileName(info),
    text: csvDocument(lines),
  };
}

/**
 * The exam's period id. An exam without one (written before periods existed) joins the period of its
 * cycle, date and start time, made when missing, inside the caller's transaction.
 */
async function periodOf(tx: Executor, info: ExamInfo): Promise<string> {
  if (info.periodId) return info.periodId;
  const id = await ensureExamPeriod(tx, {
    examCycleId: info.examCycleId,
    date: info.dateOfExam,
    startTime: info.startTimeOfExam,
    durationMinutes: info.duration,
  });
  await tx.update(exam).set({ examPeriodId: id }).where(eq(exam.id, info.id));
  return id;
}

/**
 * Locks the period's row for the rest of the transaction (seating writes of one period run one at a
 * time) and drops its seats that no longer hold: the exam has left the period or the student no
 * longer sits the exam (candidates.ts).
 */
async function lockPeriod(tx: Executor, periodId: string): Promise<void> {
  await tx.select({ id: examPeriod.id }).from(examPeriod).where(eq(examPeriod.id, periodId)).for("update");
  await tx.execute(sql`
    delete from ${seatAssignment}
    where ${seatAssignment.examPeriodId} = ${periodId}
      and not exists (
        select 1 from ${exam}
        join ${enrolment} on ${enrolment.studentId} = ${seatAssignment.studentId} and ${candidateOfExamRow}
        where ${exam.id} = ${seatAssignment.examId} and ${exam.examPeriodId} = ${seatAssignment.examPeriodId}
      )`);
}

/** The answer of a generation: seats used, the rooms of the period's campuses and the clashes left out. */
export type GeneratedSeating = {
  message: string;
  seated: number;
  rooms: Array<{ id: string; code: string; name: string; capacity: number; seated: number }>;
  clashes: Array<{ studentId: string; examId: string }>;
};

/**
 * Seats every student of the exam's whole period again (spec §7 seatingPlan; domain planSeating):
 * for each campus of the period's exams, exams that need rooms of their own (room exclusive, ITC2007
 * ROOM_EXCLUSIVE) first take whole rooms (the smallest that holds them, else the largest and on), then
 * the campus's other rooms are filled largest first with the other exams interleaved; the period's
 * old seats are replaced, other periods are untouched. A student who sits
 * two exams of the period (a timetable clash) is seated once, for the first exam by course name, and
 * reported in `clashes`. One audit row (entity exam_period). Errors, nothing written: 404 unknown
 * exam (alike an exam of a course offering outside the reach `scope`, listScopeOf); 409
 * `insufficient_capacity` when a campus's rooms seat fewer than its students (counting the
 * seats exclusive exams leave empty).
 */
export async function generateSeatingPlan(
  ctx: AppContext,
  actor: SessionUser,
  examId: string,
  scope: ListScope | null = null,
): Promise<GeneratedSeating> {
  const at = new Date(ctx.now());
  const answer = await ctx.db.transaction(async (tx) => {
    const info = await loadExam(tx, examId, "examId", scope);
    const periodId = await periodOf(tx, info);
    await lockPeriod(tx, periodId);
    // Generation replaces every seat of the period: a plan read before it is stale.
    await bumpSeatingVersion(tx, periodId);
    const [before] = await tx
      .select({ n: count() })
      .from(seatAssignment)
      .where(eq(seatAssignment.examPeriodId, periodId));

    const exams = await tx
      .select({
        id: exam.id,
        courseOfferingId: exam.courseOfferingId,
        campusId: intake.campusId,
        campusName: campus.name,
        roomExclusive: exam.roomExclusive,
      })
      .from(exam)
      .innerJoin(courseOffering, eq(courseOffering.id, exam.courseOfferingId))
      .innerJoin(course, eq(course.id, courseOffering.courseId))
      .innerJoin(term, eq(term.id, courseOffering.termId))
      .innerJoin(intake, eq(intake.id, term.intakeId))
      .innerJoin(campus, eq(campus.id, intake.campusId))
      .where(eq(exam.examPeriodId, periodId))
      .orderBy(asc(campus.name), asc(course.name), asc(courseOffering.section), asc(exam.id));
    // Each exam's candidates (candidates.ts): a retest exam only its scheduled students.
    const enrolled =
      exams.length === 0
        ? []
        : await tx
            .select({ studentId: enrolment.studentId, examId: exam.id })
            .from(exam)
            .innerJoin(enrolment, candidateOfExamRow)
            .innerJoin(contact, eq(contact.id, enrolment.studentId))
            .where(eq(exam.examPeriodId, periodId))
            .orderBy(asc(contact.lastName), asc(contact.firstName), asc(contact.id));
    const studentsOf = new Map<string, string[]>();
    for (const e of enrolled) {
      const list = studentsOf.get(e.examId) ?? [];
      list.push(e.studentId);
      studentsOf.set(e.examId, list);
    }

    const campuses = new Map<string, { name: string; exams: typeof exams }>();
    for (const e of exams) {
      const entry = campuses.get(e.campusId) ?? { name: e.campusName, exams: [] };
      entry.exams.push(e);
      campuses.set(e.campusId, entry);
    }
    const seatedAnywhere = new Set<string>();
    const rows: Array<typeof seatAssignment.$inferInsert> = [];
    const rooms: GeneratedSeating["rooms"] = [];
    const clashes: GeneratedSeating["clashes"] = [];
    for (const [campusId, entry] of campuses) {
      const campusRooms = await roomsOfCampus(tx, campusId);
      const groups = entry.exams.map((e) => {
        const students: string[] = [];
        for (const s of studentsOf.get(e.id) ?? []) {
          if (seatedAnywhere.has(s)) clashes.push({ studentId: s, examId: e.id });
          else students.push(s);
        }
        return { key: e.id, students, exclusive: e.roomExclusive };
      });
      const plan = planSeating({ rooms: campusRooms, groups });
      if (plan.unseated.length > 0) {
        // Every seat is used unless exams with rooms of their own leave some empty.
        const students = plan.seats.length + plan.unseated.length;
        const own = entry.exams.filter((e) => e.roomExclusive).length;
        const why =
          own === 0
            ? ""
            : `; ${own} ${own === 1 ? "exam needs rooms of its own" : "exams need rooms of their own"} (room exclusive), whose other seats stay empty`;
        throw new ApiError(
          409,
          `The rooms available seat ${formatNumber("en", plan.seats.length)} of ${countNoun(students, "student")} (campus ${entry.name}, exam period of ${formatDate(info.dateOfExam)} ${formatTime(info.startTimeOfExam)}${why}). Add rooms or move exams to another period.`,
          { errorCode: "insufficient_capacity", field: "examId", rule: "capacity" },
        );
      }
      const used = new Map<string, number>();
      for (const seat of plan.seats) {
        seatedAnywhere.add(seat.student);
        used.set(seat.room, (used.get(seat.room) ?? 0) + 1);
        rows.push({
          examPeriodId: periodId,
          examId: seat.group,
          studentId: seat.student,
          facilityId: seat.room,
          seatNumber: seat.seat,
        });
      }
      for (const r of plan.repeated) clashes.push({ studentId: r.student, examId: r.group });
      for (const r of campusRooms) rooms.push({ ...r, seated: used.get(r.id) ?? 0 });
    }

    await tx.delete(seatAssignment).where(eq(seatAssignment.examPeriodId, periodId));
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await tx.insert(seatAssignment).values(rows.slice(i, i + INSERT_CHUNK));
    }
    const usedRooms = rooms.filter((r) => r.seated > 0);
    await writeAudit(
      tx,
      actor,
      [
        {
          action: "generate_seating",
          entity: "exam_period",
          entityId: periodId,
          before: { seated: before?.n ?? 0 },
          after: {
            seated: rows.length,
            requestedFor: examId,
            rooms: usedRooms.map((r) => ({ id: r.id, seated: r.seated })),
            clashes: clashes.length,
          },
        },
      ],
      at,
    );
    const message =
      rows.length === 0
        ? "No students to seat in this exam period"
        : `Seating plan generated: ${countNoun(rows.length, "student")} seated in ${countNoun(usedRooms.length, "room")}`;
    return { message, seated: rows.length, rooms, clashes };
  });
  if (answer.seated >= ANALYZE_AFTER_ROWS) {
    // A large plan changes the table's make-up at once; fresh statistics keep the planner from
    // choosing nested loops over thousands of seats before autovacuum gets round to it.
    await ctx.db.execute(sql`analyze ${seatAssignment}`).catch((err: unknown) => {
      ctx.log(`[seating] analyze seat_assignment failed: ${(err as Error).message}`);
    });
  }
  return answer;
}

/**
 * Moves students of an exam to the given rooms and seats (spec §7 seatingPlan save), in one
 * transaction with one audit row (entity exam, before and after of every moved student). A student's
 * seat in the period is replaced, whatever exam it was for. Errors name the item, nothing written:
 * 404 unknown exam (`examId`; alike an exam of a course offering outside the reach `scope`,
 * listScopeOf); 400 a student listed twice or not sitting the exam
 * (`seats.i.studentId`), a room not available for the exam (`seats.i.roomId`), a seat outside
 * 1..capacity (`seats.i.seatNumber`); 409 `seat_taken` when the seat is held by a student who is not
 * moved away in the same request, or given twice (`seats.i.seatNumber`); 409 `room_exclusive` when a
 * room would hold students of a room-exclusive exam (ITC2007 ROOM_EXCLUSIVE) and of another exam
 * (`seats.i.roomId`); 409 `room_full` when the room would hold more students than its capacity
 * (`seats.i.roomId`); 409 `version_conflict` (`version`) when the seating plan of the exam's period
 * is no longer at `version` (the version retrieve answered; 0 for an exam without a period): any
 * write to the period's seats since then (another save, a generation, an exam leaving the period)
 * moved it on. A save moves it on by one.
 */
export async function moveSeats(
  ctx: AppContext,
  actor: SessionUser,
  examId: string,
  moves: readonly SeatMove[],
  version: number,
  scope: ListScope | null = null,
): Promise<{ moved: number }> {
  const at = new Date(ctx.now());
  const bad = (status: 400 | 409, i: number, key: keyof SeatMove, message: string, errorCode: string) =>
    new ApiError(status, message, { errorCode, field: `seats.${i}.${key}`, rule: errorCode });
  const listed = new Set<string>();
  for (const [i, move] of moves.entries()) {
    if (listed.has(move.studentId)) {
      throw bad(400, i, "studentId", `Student ${move.studentId} is listed twice`, "unique");
    }
    listed.add(move.studentId);
  }
  return ctx.db.transaction(async (tx) => {
    const info = await loadExam(tx, examId, "examId", scope);
    const periodId = await periodOf(tx, info);
    // Compare-and-increment in one statement (it also locks the period row): of two saves of the
    // same plan version exactly one passes. An exam that had no period was read as version 0.
    const expected = info.periodId ? version : undefined;
    if ((info.periodId === null && version !== 0) || !(await bumpSeatingVersion(tx, periodId, expected))) {
      throw versionConflict("The seating plan of this exam", "version");
    }
    await lockPeriod(tx, periodId);

    const studentIds = moves.map((m) => m.studentId).filter(isUuid);
    const sitting =
      studentIds.length === 0
        ? []
        : await tx
            .select({ id: enrolment.studentId })
            .from(enrolment)
            .where(and(candidateOf(info), inArray(enrolment.studentId, studentIds)));
    const sits = new Set(sitting.map((s) => s.id));
    const rooms = new Map((await roomsOfCampus(tx, info.campusId)).map((r) => [r.id, r]));
    for (const [i, move] of moves.entries()) {
      if (!sits.has(move.studentId)) {
        throw bad(
          400,
          i,
          "studentId",
          `Student ${move.studentId} does not sit the exam of ${info.courseName} (${info.section})`,
          "student_not_in_exam",
        );
      }
      const room = rooms.get(move.roomId);
      if (!room) {
        throw bad(
          400,
          i,
          "roomId",
          `Room ${move.roomId} is not available for this exam (rooms of campus ${info.campusName})`,
          "room_not_available",
        );
      }
      if (move.seatNumber < 1 || move.seatNumber > room.capacity) {
        throw bad(
          400,
          i,
          "seatNumber",
          `${room.name} has seats 1 to ${room.capacity}; seat ${move.seatNumber} does not exist`,
          "seat_out_of_range",
        );
      }
    }

    const targetRooms = [...new Set(moves.map((m) => m.roomId))];
    const current = await tx
      .select({
        studentId: seatAssignment.studentId,
        examId: seatAssignment.examId,
        roomId: seatAssignment.facilityId,
        seatNumber: seatAssignment.seatNumber,
        studentName,
        roomExclusive: exam.roomExclusive,
        exam: sql<string>`${course.name} || ' (' || ${courseOffering.section} || ')'`,
      })
      .from(seatAssignment)
      .innerJoin(contact, eq(contact.id, seatAssignment.studentId))
      .innerJoin(exam, eq(exam.id, seatAssignment.examId))
      .innerJoin(courseOffering, eq(courseOffering.id, exam.courseOfferingId))
      .innerJoin(course, eq(course.id, courseOffering.courseId))
      .where(
        and(
          eq(seatAssignment.examPeriodId, periodId),
          or(inArray(seatAssignment.studentId, [...listed]), inArray(seatAssignment.facilityId, targetRooms)),
        ),
      );
    const holder = new Map<string, { name: string; item: number | null }>();
    const inRoom = new Map<string, number>();
    /** Per room, a student of another exam staying there: one of an exclusive exam when there is one. */
    const otherExam = new Map<string, { exam: string; roomExclusive: boolean }>();
    for (const row of current) {
      if (listed.has(row.studentId)) continue; // moved away by this request
      holder.set(`${row.roomId}#${row.seatNumber}`, { name: row.studentName, item: null });
      inRoom.set(row.roomId, (inRoom.get(row.roomId) ?? 0) + 1);
      if (row.examId !== info.id && !otherExam.get(row.roomId)?.roomExclusive) otherExam.set(row.roomId, row);
    }
    for (const [i, move] of moves.entries()) {
      const room = rooms.get(move.roomId) as CampusRoom;
      const key = `${move.roomId}#${move.seatNumber}`;
      const taken = holder.get(key);
      if (taken) {
        throw bad(
          409,
          i,
          "seatNumber",
          taken.item === null
            ? `Seat ${move.seatNumber} of ${room.name} is taken by ${taken.name} in this exam period`
            : `Seat ${move.seatNumber} of ${room.name} is also given to seats.${taken.item} of this request`,
          "seat_taken",
        );
      }
      holder.set(key, { name: "", item: i });
      const other = otherExam.get(move.roomId);
      if (other && (info.roomExclusive || other.roomExclusive)) {
        throw bad(
          409,
          i,
          "roomId",
          info.roomExclusive
            ? `${room.name} holds students of ${other.exam} in this exam period, but the exam of ${info.courseName} (${info.section}) needs a room of its own`
            : `${room.name} is kept for the exam of ${other.exam} in this exam period: it needs a room of its own`,
          "room_exclusive",
        );
      }
      const occupied = (inRoom.get(move.roomId) ?? 0) + 1;
      if (occupied > room.capacity) {
        throw bad(
          409,
          i,
          "roomId",
          `${room.name} would hold ${countNoun(occupied, "student")} but seats ${formatNumber("en", room.capacity)}`,
          "room_full",
        );
      }
      inRoom.set(move.roomId, occupied);
    }

    const previous = new Map(current.filter((r) => listed.has(r.studentId)).map((r) => [r.studentId, r]));
    await tx
      .delete(seatAssignment)
      .where(and(eq(seatAssignment.examPeriodId, periodId), inArray(seatAssignment.studentId, [...listed])));
    await tx.insert(seatAssignment).values(
      moves.map((m) => ({
        examPeriodId: periodId,
        examId: info.id,
        studentId: m.studentId,
        facilityId: m.roomId,
        seatNumber: m.seatNumber,
      })),
    );
    const audit: AuditEntry = {
      action: "move_seats",
      entity: "exam",
      entityId: info.id,
      before: {
        seats: moves.map((m) => {
          const p = previous.get(m.studentId);
          return p
            ? { studentId: m.studentId, examId: p.examId, roomId: p.roomId, seatNumber: p.seatNumber }
            : { studentId: m.studentId, examId: null, roomId: null, seatNumber: null };
        }),
      },
      after: { seats: moves.map((m) => ({ ...m, examId: info.id })) },
    };
    await writeAudit(tx, actor, [audit], at);
    return { moved: moves.length };
  });
}
