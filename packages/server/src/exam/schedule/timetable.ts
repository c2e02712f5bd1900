import {
  type ExamDataSortColumn,
  type ExamTimetableItem,
  evaluationDeadlineAfterMove,
  formatDate,
  formatStudentFacultyRatio,
  formatTime,
  type SortDirection,
  todayIn,
} from "@portal/domain";
import { type AnyColumn, and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { type AuditEntry, writeAudit } from "../../audit.ts";
import { type ListScope, offeringInListScope } from "../../auth/public.ts";
import type { AppContext, SessionUser } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import {
  academicProgramme,
  campus,
  contact,
  course,
  courseOffering,
  enrolment,
  exam,
  examCycle,
  intake,
  invigilation,
  seatAssignment,
  term,
} from "../../db/schema.ts";
import { updateVersioned } from "../../db/versioned-update.ts";
import { badRequest, notFound } from "../../http/errors.ts";
import { isUuid } from "../../http/request.ts";
import { movePlannerEventOfExam } from "../../scheduling/public.ts";
import { continuesFirstDate } from "../date-groups.ts";
import { RETEST_EXAM, scheduledInto } from "../eligibility/candidates.ts";
import { examCampusTimeZone, examCampusToday, withExamHeaderJoins } from "../header.ts";
import { type ExamOverlap, overlapsOfExams } from "./clash-report.ts";
import { ensureExamPeriod, releaseExamRooms } from "./periods.ts";

/**
 * One row of the exam timetable (spec §3 "Exam timetable row": id, course, dateOfExam, examType,
 * duration, examTimeZone, studentFacultyRatio, startTimeOfExam), with what the screens show beside
 * it. Date YYYY-MM-DD, start time HH:MM and duration in minutes: wall times at the exam's campus,
 * whose IANA zone is `examTimeZone` (e.g. Asia/Dubai; Asia/Kolkata for a campus given none).
 */
export type ExamTimetableRow = {
  id: string;
  course: string;
  courseCode: string;
  section: string;
  term: string;
  batch: string;
  program: string;
  component: string;
  examCycle: string;
  examCycleId: string;
  dateOfExam: string;
  startTimeOfExam: string;
  duration: number;
  examType: "MidTerm" | "EndTerm" | "Retest";
  examTimeZone: string;
  studentFacultyRatio: string;
  examMode: "offline" | "online";
  venue: string;
  students: number;
  /** Students with a seat in the exam's period. */
  seated: number;
  invigilatorsAssigned: number;
  /** Sum over the exam's rooms of ceil(seated / students per invigilator). */
  invigilatorsNeeded: number;
  /** Locked in its exam period by staff: a timetabling job never moves it. */
  locked: boolean;
  /** Row version: send it back with an update (409 version_conflict when the row changed since). */
  version: number;
};

/** Students seated for the exam, invigilation duties assigned, and duties needed (per room, ceil(seated / ratio)). */
const seatedCount = sql<number>`(select count(*)::int from ${seatAssignment} where ${seatAssignment.examId} = ${exam.id})`;
const invigilatorsAssigned = sql<number>`(select count(*)::int from ${invigilation} where ${invigilation.examId} = ${exam.id})`;
const invigilatorsNeeded = sql<number>`(select coalesce(sum(ceil(r.n::numeric / ${exam.studentsPerInvigilator})), 0)::int
  from (select count(*) as n from ${seatAssignment} where ${seatAssignment.examId} = ${exam.id} group by ${seatAssignment.facilityId}) r)`;

/** Students enrolled in the exam's course offering; of a retest exam, only those scheduled into it. */
const studentCount = sql<number>`(select count(*)::int from ${enrolment} where ${enrolment.courseOfferingId} = ${exam.courseOfferingId} and (${exam.examType} <> ${RETEST_EXAM} or ${scheduledInto(exam.id, enrolment.studentId)}))`;

/** The timetable's rows: each exam with its header (course, section, cycle...) and its counts. */
function selectRows(db: Executor) {
  return withExamHeaderJoins(
    db
      .select({
        id: exam.id,
        course: course.name,
        courseCode: course.code,
        section: courseOffering.section,
        term: term.name,
        batch: intake.name,
        program: academicProgramme.name,
        component: exam.component,
        examCycle: examCycle.name,
        examCycleId: exam.examCycleId,
        dateOfExam: exam.examDate,
        startTimeOfExam: exam.startTime,
        duration: exam.durationMinutes,
        examType: exam.examType,
        examTimeZone: campus.timeZone,
        studentsPerInvigilator: exam.studentsPerInvigilator,
        examMode: exam.examMode,
        venue: exam.venue,
        students: studentCount,
        seated: seatedCount,
        invigilatorsAssigned,
        invigilatorsNeeded,
        locked: exam.locked,
        version: exam.version,
      })
      .from(exam)
      .$dynamic(),
  );
}

type SelectedRow = Awaited<ReturnType<ReturnType<typeof selectRows>["execute"]>>[number];

function toRow(r: SelectedRow): ExamTimetableRow {
  const { studentsPerInvigilator, ...rest } = r;
  return {
    ...rest,
    students: Number(r.students),
    seated: Number(r.seated),
    invigilatorsAssigned: Number(r.invigilatorsAssigned),
    invigilatorsNeeded: Number(r.invigilatorsNeeded),
    studentFacultyRatio: formatStudentFacultyRatio(studentsPerInvigilator),
  };
}

/** Filters of the timetable list: exam cycle id, course name or code (contains), page. */
export type TimetableQuery = { examCycleId: string; course: string; pageNo: number; count: number };

/**
 * The reach condition of the timetable: the exam's course offering ({@link offeringInListScope}) read
 * from the intake the statement already joins (no statement or lookup per row); undefined for a null
 * reach (everywhere).
 */
function timetableReach(scope: ListScope | null): SQL | undefined {
  if (!scope) return undefined;
  return offeringInListScope(
    { offeringId: courseOffering.id, programmeId: intake.programmeId, planId: intake.programmePlanId },
    scope,
  );
}

/**
 * The exam timetable of a cycle (or of every cycle when examCycleId is empty), by date, start time
 * and course, one page at a time, with the total. An examCycleId that is not a UUID matches nothing.
 * With a reach `scope` (listScopeOf), only the exams of course offerings within it, counted alike
 * (docs/security/roles.md): the condition is on the intake both statements join, so the cycle's
 * exams are still found through exam_cycle_date_idx. `firstDateContinued` says that the page's first
 * exam date already had exams on the pages before ({@link continuesFirstDate}: one more count, not
 * on page 1), so the screens' date group continues from the previous page.
 */
export async function listExamTimetable(
  db: Executor,
  q: TimetableQuery,
  scope: ListScope | null = null,
): Promise<{ timetable: ExamTimetableRow[]; noOfRecords: number; firstDateContinued: boolean }> {
  const where: SQL[] = [];
  if (q.examCycleId) where.push(isUuid(q.examCycleId) ? eq(exam.examCycleId, q.examCycleId) : sql`false`);
  if (q.course) {
    const pattern = `%${q.course.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    where.push(or(ilike(course.name, pattern), ilike(course.code, pattern)) as SQL);
  }
  const reach = timetableReach(scope);
  if (reach) where.push(reach);
  const condition = where.length ? and(...where) : undefined;
  /** The list's rows that also meet `extra` (all of them without), counted over the joins its conditions need. */
  const countListed = async (extra?: SQL) => {
    const counted = db
      .select({ n: count() })
      .from(exam)
      .innerJoin(courseOffering, eq(courseOffering.id, exam.courseOfferingId))
      .innerJoin(course, eq(course.id, courseOffering.courseId))
      .$dynamic();
    if (reach) {
      counted
        .innerJoin(term, eq(term.id, courseOffering.termId))
        .innerJoin(intake, eq(intake.id, term.intakeId));
    }
    const [n] = await counted.where(and(condition, extra));
    return n?.n ?? 0;
  };
  const total = await countListed();
  const rows = await selectRows(db)
    .where(condition)
    .orderBy(
      asc(exam.examDate),
      asc(exam.startTime),
      asc(course.name),
      asc(courseOffering.section),
      asc(exam.id),
    )
    .limit(q.count)
    .offset((q.pageNo - 1) * q.count);
  // Always in date order (soonest first), so the screens group the rows by exam date.
  const firstDateContinued = await continuesFirstDate(countListed, rows[0]?.dateOfExam, {
    offset: (q.pageNo - 1) * q.count,
    dates: "asc",
  });
  return { timetable: rows.map(toRow), noOfRecords: total, firstDateContinued };
}

/**
 * One exam's timetable row (spec §7 /sf/exam/getExamSetupSPJ/{id}); 404 `not_found` "No such exam"
 * (field `id`) when there is no such exam or, with a reach `scope` (listScopeOf), when its course
 * offering lies outside it: the same answer, so it does not tell that the exam exists. The reach is a
 * condition of the row's own statement.
 */
export async function getExamTimetableRow(
  db: Executor,
  id: string,
  scope: ListScope | null = null,
): Promise<ExamTimetableRow> {
  const [row] = isUuid(id) ? await selectRows(db).where(and(eq(exam.id, id), timetableReach(scope))) : [];
  if (!row) throw notFound("No such exam", "id");
  return toRow(row);
}

/**
 * Saves timetable rows (spec §7 "Exam timetable get / save") in one transaction: date, start time,
 * duration, exam type, venue and, when given, the student to faculty ratio. An exam moved to another
 * date or time joins that exam period (made if new) and its seats and invigilation duties in the old
 * period are released: the seating and invigilation of its new period must be planned again. An
 * evaluation deadline the new date passes moves with the exam ({@link evaluationDeadlineAfterMove}).
 * With sendEmail the course offering's faculty member is told by mail. One audit row per changed exam.
 * An exam booked on the planner moves its planner event with it ({@link movePlannerEventOfExam}).
 * Errors (nothing written): 400 duplicate id or a date outside the exam cycle; 404 unknown exam;
 * each names the item (`3.dateOfExam`); 409 `version_conflict` when an item's `version` is not the
 * exam's current version (someone saved it since it was read); 409 `booking_conflict` when a
 * planner exam's faculty or room is taken at the new time. Each saved exam's version goes up by
 * one. Returns the message the screen shows as a toast, and `clashes`: the student clashes the moved
 * exams now make ({@link overlapsOfExams}), which the save does not refuse but the screen warns of.
 */
export async function saveExamTimetable(
  ctx: AppContext,
  actor: SessionUser,
  items: (ExamTimetableItem & { version: number })[],
): Promise<{ message: string; saved: number; seatingCleared: number; clashes: ExamOverlap[] }> {
  const seen = new Set<string>();
  for (const [i, item] of items.entries()) {
    if (seen.has(item.id)) {
      throw badRequest("The same exam is listed twice", `${i}.id`, "unique");
    }
    seen.add(item.id);
    if (!isUuid(item.id)) throw notFound("No such exam", `${i}.id`);
  }
  const at = new Date(ctx.now());
  return ctx.db.transaction(async (tx) => {
    const current = await tx
      .select({
        id: exam.id,
        examCycleId: exam.examCycleId,
        examDate: exam.examDate,
        startTime: exam.startTime,
        durationMinutes: exam.durationMinutes,
        examType: exam.examType,
        venue: exam.venue,
        studentsPerInvigilator: exam.studentsPerInvigilator,
        examPeriodId: exam.examPeriodId,
        evaluationDeadline: exam.evaluationDeadline,
        cycleStart: examCycle.startDate,
        cycleEnd: examCycle.endDate,
        cycleName: examCycle.name,
        courseName: course.name,
        section: courseOffering.section,
        facultyEmail: contact.email,
        timeZone: examCampusTimeZone,
      })
      .from(exam)
      .innerJoin(examCycle, eq(examCycle.id, exam.examCycleId))
      .innerJoin(courseOffering, eq(courseOffering.id, exam.courseOfferingId))
      .innerJoin(course, eq(course.id, courseOffering.courseId))
      .leftJoin(contact, eq(contact.id, courseOffering.facultyId))
      .where(
        inArray(
          exam.id,
          items.map((i) => i.id),
        ),
      )
      .for("update", { of: exam });
    const byId = new Map(current.map((r) => [r.id, r]));
    const audit: AuditEntry[] = [];
    let seatingCleared = 0;
    const moved: string[] = [];
    for (const [i, item] of items.entries()) {
      const before = byId.get(item.id);
      if (!before) throw notFound("No such exam", `${i}.id`);
      if (item.dateOfExam < before.cycleStart || item.dateOfExam > before.cycleEnd) {
        throw badRequest(
          `The date of exam must fall within the exam cycle ${before.cycleName} (${formatDate(before.cycleStart)} to ${formatDate(before.cycleEnd)})`,
          `${i}.dateOfExam`,
          "exam_cycle",
          { cycle: before.cycleName, min: before.cycleStart, max: before.cycleEnd },
        );
      }
      const examPeriodId = await ensureExamPeriod(tx, {
        examCycleId: before.examCycleId,
        date: item.dateOfExam,
        startTime: item.timeOfExam,
        durationMinutes: item.duration,
      });
      const after = {
        examDate: item.dateOfExam,
        startTime: item.timeOfExam,
        durationMinutes: item.duration,
        examType: item.examType,
        venue: item.venue,
        studentsPerInvigilator: item.studentFacultyRatio ?? before.studentsPerInvigilator,
        examPeriodId,
        evaluationDeadline: evaluationDeadlineAfterMove(
          before.evaluationDeadline,
          before.examDate,
          item.dateOfExam,
        ),
      };
      // The version check is the UPDATE's own condition, so of two concurrent saves of one version
      // exactly one changes the row; the other affects nothing and is refused.
      await updateVersioned(tx, exam, { id: item.id, version: item.version }, after, {
        what: "This exam",
        field: `${i}.version`,
      });
      if (
        item.dateOfExam !== before.examDate ||
        item.timeOfExam !== before.startTime ||
        item.duration !== before.durationMinutes
      ) {
        moved.push(item.id);
        // An exam booked on the planner moves there too (its faculty and room must be free).
        await movePlannerEventOfExam(
          ctx,
          tx,
          actor,
          item.id,
          {
            date: item.dateOfExam,
            startTime: item.timeOfExam,
            durationMinutes: item.duration,
            timeZone: before.timeZone,
          },
          `${i}.dateOfExam`,
        );
      }
      if (before.examPeriodId && before.examPeriodId !== examPeriodId) {
        if (await releaseExamRooms(tx, item.id, before.examPeriodId)) seatingCleared++;
      }
      audit.push({
        action: "update_timetable",
        entity: "exam",
        entityId: item.id,
        before: {
          examDate: before.examDate,
          startTime: before.startTime,
          durationMinutes: before.durationMinutes,
          examType: before.examType,
          venue: before.venue,
          studentsPerInvigilator: before.studentsPerInvigilator,
          examPeriodId: before.examPeriodId,
          evaluationDeadline: before.evaluationDeadline,
        },
        after,
      });
      if (item.sendEmail && before.facultyEmail) {
        await ctx.mailer.enqueue(tx, {
          to: [before.facultyEmail],
          subject: `Exam timetable: ${before.courseName} (${before.section}) on ${formatDate(item.dateOfExam)}`,
          text: [
            `The exam of ${before.courseName}, section ${before.section} (${before.cycleName}) is scheduled:`,
            `Date: ${formatDate(item.dateOfExam)}`,
            `Start: ${formatTime(item.timeOfExam, { timeZone: before.timeZone })}`,
            `Duration: ${item.duration} minutes`,
            `Type: ${item.examType}`,
            ...(item.venue ? [`Venue: ${item.venue}`] : []),
          ].join("\n"),
          source: `exam.timetable:${item.id}`,
        });
      }
    }
    await writeAudit(tx, actor, audit, at);
    const message =
      seatingCleared > 0
        ? `Exam timetable saved. The seats and invigilators of ${seatingCleared} moved ${seatingCleared === 1 ? "exam were" : "exams were"} released: plan the seating and invigilation of the new exam period.`
        : "Exam timetable saved";
    // A move that makes students sit two exams at once is saved (the office may be mid-way through
    // a rearrangement) but said at once, not only later by the clash report.
    const clashes = await overlapsOfExams(tx, moved);
    return { message, saved: items.length, seatingCleared, clashes };
  });
}

/**
 * Exam information of the spec's ExamData call (spec §3 "Exam info"): wire names kept, Deadline is
 * the exam date (YYYY-MM-DD), daysFromToday is negative for exams already held.
 */
export type ExamInfo = {
  Id: string;
  Intake__c: string;
  Term_Name__c: string;
  Specialization_Name__c: string;
  Course_Code__c: string;
  Course_Name__c: string;
  Section__c: string;
  Exam_Name1__c: string;
  Exam_Type__c: string;
  Deadline: string;
  startTimeOfExam: string;
  duration: number;
  examCycle: string;
  examCycleId: string;
  students: number;
  daysFromToday: number;
};

/** The ORDER BY terms of an ExamData sort (EXAM_DATA_SORT_COLUMNS); the caller adds the tie-breaks. */
function examDataSort(column: ExamDataSortColumn, direction: SortDirection): SQL[] {
  const by = (value: SQL | AnyColumn) => (direction === "desc" ? desc(value) : asc(value));
  switch (column) {
    case "courseCode":
      return [by(course.code)];
    case "courseName":
      return [by(course.name)];
    case "section":
      return [by(courseOffering.section)];
    case "intake":
      return [by(intake.name)];
    case "term":
      return [by(term.name)];
    case "programme":
      return [by(academicProgramme.name)];
    case "examType":
      return [by(exam.examType)];
    case "date":
      return [by(exam.examDate), by(exam.startTime)];
  }
}

/**
 * ExamData (spec §7, with dueDays and completedIn): with `dueDays`, the exams from today (each exam's
 * today at its campus, in the campus's zone; `today` of the answer is the default zone's, Asia/Kolkata)
 * to dueDays days ahead, soonest first (the Upcoming screen); with `completedIn`, the exams held in
 * the last completedIn days before today, latest first (completedExams). Both may be combined with an
 * exam cycle id. One page at a time, with the total. With a `scope` (not null), only the exams of
 * course offerings within it (docs/security/roles.md, "Lists that narrow"), counted alike.
 * `firstDateContinued` says that the page's first exam date already had exams on the pages before,
 * so the screens' date group continues from the previous page (only in date order: the list's own
 * or `sortBy` date; false otherwise and on page 1).
 */
export async function listExamData(
  db: Executor,
  now: number,
  q: {
    dueDays?: number | undefined;
    completedIn?: number | undefined;
    examCycleId: string;
    pageNo: number;
    count: number;
    sortBy?: ExamDataSortColumn | undefined;
    sortDirection?: SortDirection | undefined;
  },
  scope: ListScope | null = null,
): Promise<{ exams: ExamInfo[]; noOfRecords: number; today: string; firstDateContinued: boolean }> {
  // `today` of the answer is the default zone's; each exam counts from today at its own campus.
  const today = todayIn(now);
  const campusToday = examCampusToday(now);
  const where: SQL[] = [];
  const upcoming = q.completedIn === undefined;
  if (upcoming) {
    where.push(sql`${exam.examDate} >= ${campusToday}`);
    if (q.dueDays !== undefined) where.push(sql`${exam.examDate} <= ${campusToday} + ${q.dueDays}::int`);
  } else {
    where.push(
      sql`${exam.examDate} < ${campusToday}`,
      sql`${exam.examDate} >= ${campusToday} - ${q.completedIn ?? 0}::int`,
    );
  }
  if (q.examCycleId) where.push(isUuid(q.examCycleId) ? eq(exam.examCycleId, q.examCycleId) : sql`false`);
  if (scope) {
    const within = offeringInListScope(
      { offeringId: sql`so.id`, programmeId: sql`si.programme_id`, planId: sql`si.programme_plan_id` },
      scope,
    );
    where.push(sql`exists (select 1 from course_offering so join term st on st.id = so.term_id
      join intake si on si.id = st.intake_id where so.id = ${exam.courseOfferingId} and ${within})`);
  }
  /** The list's exams that also meet `extra` (all of them without). */
  const countListed = async (extra?: SQL) => {
    const [n] = await db
      .select({ n: count() })
      .from(exam)
      .where(and(...where, extra));
    return n?.n ?? 0;
  };
  const total = await countListed();
  const order = upcoming
    ? [asc(exam.examDate), asc(exam.startTime)]
    : [sql`${exam.examDate} desc`, sql`${exam.startTime} desc`];
  const sorted = q.sortBy ? examDataSort(q.sortBy, q.sortDirection ?? "asc") : [];
  const rows = await selectRows(db)
    .where(and(...where))
    .orderBy(...sorted, ...order, asc(course.name), asc(courseOffering.section), asc(exam.id))
    .limit(q.count)
    .offset((q.pageNo - 1) * q.count);
  const firstDateContinued = await continuesFirstDate(countListed, rows[0]?.dateOfExam, {
    offset: (q.pageNo - 1) * q.count,
    // The order the dates run in, or null when another column sorts the list (no date groups).
    dates:
      q.sortBy === undefined
        ? upcoming
          ? "asc"
          : "desc"
        : q.sortBy === "date"
          ? (q.sortDirection ?? "asc")
          : null,
  });
  const dayNumber = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / 86_400_000;
  return {
    today,
    noOfRecords: total,
    firstDateContinued,
    exams: rows.map((r) => ({
      Id: r.id,
      Intake__c: r.batch,
      Term_Name__c: r.term,
      Specialization_Name__c: r.program,
      Course_Code__c: r.courseCode,
      Course_Name__c: r.course,
      Section__c: r.section,
      Exam_Name1__c: r.component,
      Exam_Type__c: r.examType,
      Deadline: r.dateOfExam,
      startTimeOfExam: r.startTimeOfExam,
      duration: r.duration,
      examCycle: r.examCycle,
      examCycleId: r.examCycleId,
      students: Number(r.students),
      daysFromToday: dayNumber(r.dateOfExam) - dayNumber(todayIn(now, r.examTimeZone)),
    })),
  };
}
