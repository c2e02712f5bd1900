import {
  DEFAULT_CAMPUS_TIME_ZONE,
  type ExamSlot,
  examSlotEnd,
  examSlotsOverlap,
  formatDate,
  invigilatorsNeeded,
} from "@portal/domain";
import { and, asc, count, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { type AuditEntry, writeAudit } from "../../audit.ts";
import { type ListScope, offeringIdInListScope } from "../../auth/public.ts";
import type { AppContext, SessionUser } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { personName } from "../../db/person-name.ts";
import {
  contact,
  course,
  courseOffering,
  exam,
  examCycle,
  facility,
  invigilation,
  seatAssignment,
} from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { updateVersioned } from "../../db/versioned-update.ts";
import { ApiError, badRequest, notFound, versionConflict } from "../../http/errors.ts";
import { isUuid } from "../../http/request.ts";
import type { Mail } from "../../mail/mailer.ts";
import { continuesFirstDate } from "../date-groups.ts";
import { examCampusTimeZone } from "../header.ts";
import { type CampusRoom, roomsOfCampus } from "./rooms.ts";
import { type ExamHeader, type ExamInfo, examHeader, loadExam, loadExams } from "./seating.ts";

/**
 * Invigilation (spec Invigilation and proctoring assignment; §3 Invigilation faculty row and save
 * item; §4 Assigned / Not Assigned; §7 /sf/exam/invigilatorList/{id}, /sf/exam/update/invigilation):
 * which faculty member supervises which room during an exam, and the mail that tells them.
 */

/** The spec's assignment states (§4); an empty assignment shows as "Not Assigned". */
export type Allocation = "Assigned" | "Not Assigned";

/** Another duty of a faculty member that overlaps the exam in time (any room). */
export type OverlappingDuty = {
  examId: string;
  courseName: string;
  roomNo: string;
  dateOfExam: string;
  startTimeOfExam: string;
  duration: number;
};

/** Invigilation faculty row (spec §3) with the overlapping duty the screen warns about. */
export type FacultyRow = {
  id: string;
  name: string;
  facEmail: string;
  subjects: Array<{ courseName: string }>;
  allocatedRoomNo: string | null;
  isAllocated: Allocation;
  overlappingDuty: OverlappingDuty | null;
  /**
   * Version of the faculty member's invigilation duty for this exam, 0 while they have none: send it
   * back with the save (409 version_conflict when the duty changed since).
   */
  version: number;
};

/** A room of the exam with this exam's seated students and its invigilators needed and assigned. */
export type InvigilationRoom = CampusRoom & {
  seated: number;
  invigilatorsNeeded: number;
  invigilatorsAssigned: number;
};

/** Invigilation save item (spec §3): `roomNo` is a room name or code; facEmail and subject are not used. */
export type InvigilationItem = {
  facultyId: string;
  roomNo: string;
  examId: string;
  isAllocated: Allocation;
  sendEmail: boolean;
  /** Version of the duty the client read (FacultyRow.version), 0 for none. */
  version: number;
};

/** The state of one saved item: the assignment (id null once removed) and when its mail went out. */
export type AssignmentView = {
  id: string | null;
  examId: string;
  facultyId: string;
  facultyName: string;
  facEmail: string;
  roomId: string | null;
  roomNo: string | null;
  isAllocated: Allocation;
  notifiedAt: string | null;
  /** The duty's version after the save; 0 once removed. */
  version: number;
};

/** One assignment of the notification screen. */
export type NotificationView = {
  id: string;
  examId: string;
  courseName: string;
  section: string;
  dateOfExam: string;
  startTimeOfExam: string;
  duration: number;
  roomId: string;
  roomNo: string;
  facultyId: string;
  facultyName: string;
  facEmail: string;
  notifiedAt: string | null;
};

const contactName = personName(contact, { trim: true });

/** "10:00 to 13:00" of a sitting, with the end date when it runs past midnight. */
function timeRange(slot: ExamSlot): string {
  const end = examSlotEnd(slot);
  return `${slot.startTime} to ${end.time}${end.date === slot.date ? "" : ` on ${formatDate(end.date)}`}`;
}

/**
 * The invigilation notification mail (spec §7 invigilation save with sendEmail): subject
 * "Invigilation duty: <course> on DD-MM-YYYY"; the body names the exam, room, date, time (wall
 * time at the exam's campus, followed by its IANA zone, e.g. "(Asia/Dubai)") and duration in minutes.
 */
export function invigilationMail(duty: {
  facultyName: string;
  facEmail: string;
  courseName: string;
  section: string;
  examCycle: string;
  roomName: string;
  roomCode: string;
  dateOfExam: string;
  startTimeOfExam: string;
  duration: number;
  /** The IANA zone of the exam's campus. */
  timeZone: string;
}): Mail {
  const date = formatDate(duty.dateOfExam);
  const slot = { date: duty.dateOfExam, startTime: duty.startTimeOfExam, durationMinutes: duty.duration };
  return {
    to: [duty.facEmail],
    subject: `Invigilation duty: ${duty.courseName} on ${date}`,
    text: [
      `Dear ${duty.facultyName},`,
      "",
      `You are assigned to invigilate the exam of ${duty.courseName} (section ${duty.section}, ${duty.examCycle}).`,
      "",
      `Room: ${duty.roomName} (${duty.roomCode})`,
      `Date: ${date}`,
      `Time: ${timeRange(slot)} (${duty.timeZone})`,
      `Duration: ${duty.duration} minutes`,
      "",
      "Exam Office",
    ].join("\n"),
  };
}

/** The sitting of an exam as a domain slot. */
function slotOf(e: {
  dateOfExam: string;
  startTimeOfExam: string;
  duration: number;
  timeZone: string;
}): ExamSlot {
  return {
    date: e.dateOfExam,
    startTime: e.startTimeOfExam,
    durationMinutes: e.duration,
    timeZone: e.timeZone,
  };
}

/**
 * Assignments of other exams within two days of `date` (no exam runs longer), for overlap checks;
 * with `scope`, only those on exams within that reach (a duty outside it is never named).
 */
async function dutiesNear(
  db: Executor,
  date: string,
  exceptExamId: string,
  facultyIds?: string[],
  scope?: ListScope | null,
) {
  return db
    .select({
      facultyId: invigilation.facultyId,
      examId: exam.id,
      courseName: course.name,
      roomId: facility.id,
      roomNo: facility.name,
      dateOfExam: exam.examDate,
      startTimeOfExam: exam.startTime,
      duration: exam.durationMinutes,
      timeZone: examCampusTimeZone,
    })
    .from(invigilation)
    .innerJoin(exam, eq(exam.id, invigilation.examId))
    .innerJoin(facility, eq(facility.id, invigilation.facilityId))
    .innerJoin(courseOffering, eq(courseOffering.id, exam.courseOfferingId))
    .innerJoin(course, eq(course.id, courseOffering.courseId))
    .where(
      and(
        ne(exam.id, exceptExamId),
        sql`${exam.examDate} between ${date}::date - 2 and ${date}::date + 2`,
        facultyIds ? inArray(invigilation.facultyId, facultyIds) : undefined,
        scope ? offeringIdInListScope(exam.courseOfferingId, scope) : undefined,
      ),
    )
    .orderBy(asc(exam.examDate), asc(exam.startTime), asc(exam.id));
}

/**
 * The invigilation screen of an exam (spec §7 GET /sf/exam/invigilatorList/{id}, §3): every faculty
 * member (by name) with the courses they teach, the room they are given for this exam
 * (`allocatedRoomNo`, null when none; `isAllocated` Assigned / Not Assigned) and any duty of theirs
 * on another exam that overlaps this one; the rooms of the exam that seat its students (all rooms
 * available to it while nobody is seated, plus rooms that already have invigilators), each with
 * this exam's seated students, the invigilators needed (ceil(seated / students per invigilator))
 * and those assigned; `roomNo` lists those rooms' names. The overlapping duty is named only when
 * its exam lies within `scope`, the caller's exam office reach (null: everywhere), so the list never
 * names an exam outside it (docs/security/roles.md). 404 (field `id`) for an unknown exam.
 */
export async function getInvigilatorList(
  db: Executor,
  examId: string,
  scope: ListScope | null = null,
): Promise<{ exam: ExamHeader; facultyList: FacultyRow[]; roomNo: string[]; rooms: InvigilationRoom[] }> {
  const info = await loadExam(db, examId, "id");
  const [faculty, taught, assigned, seatedRows, campusRooms, near] = await Promise.all([
    db
      .select({ id: contact.id, name: contactName, facEmail: contact.email })
      .from(contact)
      .where(eq(contact.kind, "faculty"))
      .orderBy(asc(contact.firstName), asc(contact.lastName), asc(contact.id)),
    db
      .selectDistinct({ facultyId: courseOffering.facultyId, courseName: course.name })
      .from(courseOffering)
      .innerJoin(course, eq(course.id, courseOffering.courseId))
      .where(isNotNull(courseOffering.facultyId))
      .orderBy(asc(course.name)),
    db
      .select({
        facultyId: invigilation.facultyId,
        roomId: facility.id,
        roomNo: facility.name,
        version: invigilation.version,
      })
      .from(invigilation)
      .innerJoin(facility, eq(facility.id, invigilation.facilityId))
      .where(eq(invigilation.examId, info.id)),
    info.periodId
      ? db
          .select({ roomId: seatAssignment.facilityId, seated: sql<number>`count(*)::int` })
          .from(seatAssignment)
          .where(and(eq(seatAssignment.examId, info.id), eq(seatAssignment.examPeriodId, info.periodId)))
          .groupBy(seatAssignment.facilityId)
      : Promise.resolve([]),
    roomsOfCampus(db, info.campusId),
    dutiesNear(db, info.dateOfExam, info.id, undefined, scope),
  ]);

  const subjects = new Map<string, Array<{ courseName: string }>>();
  for (const t of taught) {
    if (!t.facultyId) continue;
    const list = subjects.get(t.facultyId) ?? [];
    list.push({ courseName: t.courseName });
    subjects.set(t.facultyId, list);
  }
  const roomOf = new Map(assigned.map((a) => [a.facultyId, a.roomNo]));
  const versionOf = new Map(assigned.map((a) => [a.facultyId, a.version]));
  const overlapping = new Map<string, OverlappingDuty>();
  for (const d of near) {
    if (overlapping.has(d.facultyId) || !examSlotsOverlap(slotOf(d), slotOf(info))) continue;
    const { facultyId: _f, roomId: _r, timeZone: _z, ...duty } = d;
    overlapping.set(d.facultyId, duty);
  }
  const facultyList: FacultyRow[] = faculty.map((f) => {
    const room = roomOf.get(f.id) ?? null;
    return {
      ...f,
      subjects: subjects.get(f.id) ?? [],
      allocatedRoomNo: room,
      isAllocated: room ? "Assigned" : "Not Assigned",
      overlappingDuty: overlapping.get(f.id) ?? null,
      version: versionOf.get(f.id) ?? 0,
    };
  });

  const seated = new Map(seatedRows.map((r) => [r.roomId, r.seated]));
  const invigilators = new Map<string, number>();
  for (const a of assigned) invigilators.set(a.roomId, (invigilators.get(a.roomId) ?? 0) + 1);
  const anySeated = seatedRows.some((r) => r.seated > 0);
  const rooms = campusRooms
    .filter((r) => !anySeated || (seated.get(r.id) ?? 0) > 0 || invigilators.has(r.id))
    .map((r) => {
      const n = seated.get(r.id) ?? 0;
      return {
        ...r,
        seated: n,
        invigilatorsNeeded: invigilatorsNeeded(n, info.studentsPerInvigilator),
        invigilatorsAssigned: invigilators.get(r.id) ?? 0,
      };
    });
  return { exam: examHeader(info), facultyList, roomNo: rooms.map((r) => r.name), rooms };
}

/** A room of an exam's campus by code, else by name (both without regard to case and outer spaces). */
function findRoom(rooms: CampusRoom[], roomNo: string): CampusRoom[] {
  const wanted = roomNo.trim().toLowerCase();
  const byCode = rooms.filter((r) => r.code.toLowerCase() === wanted);
  return byCode.length > 0 ? byCode : rooms.filter((r) => r.name.trim().toLowerCase() === wanted);
}

type Duty = {
  id: string | null;
  examId: string;
  roomId: string;
  roomNo: string;
  courseName: string;
  slot: ExamSlot;
  /** Index of the request item that gives this duty; null for a duty already held. */
  item: number | null;
};

/**
 * Saves invigilation items (spec §7 PATCH /sf/exam/update/invigilation) in one transaction:
 * "Assigned" gives the faculty member the room (`roomNo`: a room code or name of the exam's campus)
 * for the exam, replacing the room they had for it; "Not Assigned" removes their assignment for the
 * exam (`roomNo` is then not read). With `sendEmail` an assignment is mailed
 * ({@link invigilationMail}) and `notifiedAt` set; a change of room without mail clears
 * `notifiedAt`. One audit row per change. Errors name the item, nothing written: 400 the same exam
 * and faculty member twice (`i.facultyId`), a room name matching several rooms (`i.roomNo`); 404
 * unknown exam (`i.examId`; alike an exam of a course offering outside `scope`, checked in the
 * transaction's first statement), faculty member (`i.facultyId`) or room (`i.roomNo`); 409
 * `invigilator_double_booked` when the faculty member would hold another room during an overlapping
 * exam ([date + start, + duration) at its campus, compared as instants), held before or given in the same request,
 * naming that duty's room, course and time only when its exam lies within `scope`, the caller's exam
 * office reach (null: everywhere); outside it the message says only that the invigilator is busy at
 * that time (docs/security/roles.md); 409
 * `version_conflict` (`i.version`) when the duty is not at the item's `version` any more (0: the
 * client saw no duty) because someone changed, removed or made it since. Mails are queued in the
 * transaction and delivered after the commit (mail/delivery.ts). Every write to a duty moves its
 * version on by one.
 */
export async function saveInvigilations(
  ctx: AppContext,
  actor: SessionUser,
  items: readonly InvigilationItem[],
  scope: ListScope | null = null,
): Promise<AssignmentView[]> {
  const pairs = new Set<string>();
  for (const [i, item] of items.entries()) {
    const pair = `${item.examId}|${item.facultyId}`;
    if (pairs.has(pair)) {
      throw badRequest("The same exam and faculty member are listed twice", `${i}.facultyId`, "unique");
    }
    pairs.add(pair);
  }
  const at = new Date(ctx.now());
  try {
    return await saveInvigilationsIn(ctx, actor, items, at, scope);
  } catch (err) {
    // Two saves that both saw no duty for one faculty member and exam: the second insert breaks
    // invigilation_exam_faculty_uq, which is the same stale read as a version mismatch.
    if (isUniqueViolation(err)) throw versionConflict("An invigilation duty of this exam");
    throw err;
  }
}

/**
 * Whether the exam `examId` lies within the reach `scope` (true for null, without a statement): one
 * statement, asked only when a double booking is refused, to decide whether the refusal may name it.
 */
async function examInScope(db: Executor, examId: string, scope: ListScope | null): Promise<boolean> {
  if (!scope) return true;
  const found = await db
    .select({ id: exam.id })
    .from(exam)
    .where(and(eq(exam.id, examId), offeringIdInListScope(exam.courseOfferingId, scope)));
  return found.length > 0;
}

async function saveInvigilationsIn(
  ctx: AppContext,
  actor: SessionUser,
  items: readonly InvigilationItem[],
  at: Date,
  scope: ListScope | null,
): Promise<AssignmentView[]> {
  return ctx.db.transaction(async (tx) => {
    // An exam outside the caller's reach is left out: refused as an unknown one, nothing written.
    const exams = await loadExams(
      tx,
      items.map((i) => i.examId),
      scope,
    );
    for (const [i, item] of items.entries()) {
      if (!exams.has(item.examId)) {
        throw notFound("No such exam", `${i}.examId`);
      }
    }
    const facultyIds = [...new Set(items.map((i) => i.facultyId).filter(isUuid))].sort();
    // Lock the faculty members' rows: concurrent saves for one person run one after the other.
    const faculty =
      facultyIds.length === 0
        ? []
        : await tx
            .select({ id: contact.id, name: contactName, email: contact.email })
            .from(contact)
            .where(and(inArray(contact.id, facultyIds), eq(contact.kind, "faculty")))
            .orderBy(asc(contact.id))
            .for("update");
    const facultyById = new Map(faculty.map((f) => [f.id, f]));
    for (const [i, item] of items.entries()) {
      if (!facultyById.has(item.facultyId)) {
        throw notFound("No such faculty member", `${i}.facultyId`);
      }
    }
    const roomsByCampus = new Map<string, CampusRoom[]>();
    const roomOfItem = new Map<number, CampusRoom>();
    for (const [i, item] of items.entries()) {
      if (item.isAllocated !== "Assigned") continue;
      const info = exams.get(item.examId) as ExamInfo;
      let rooms = roomsByCampus.get(info.campusId);
      if (!rooms) {
        rooms = await roomsOfCampus(tx, info.campusId);
        roomsByCampus.set(info.campusId, rooms);
      }
      const found = findRoom(rooms, item.roomNo);
      if (found.length === 0) {
        throw notFound(
          `No such room among the rooms available for this exam (campus ${info.campusName})`,
          `${i}.roomNo`,
        );
      }
      if (found.length > 1) {
        throw badRequest("Several rooms have this name: give the room's code", `${i}.roomNo`, "ambiguous");
      }
      roomOfItem.set(i, found[0] as CampusRoom);
    }

    // Every duty the faculty members hold, then the request applied on top.
    const held = await tx
      .select({
        id: invigilation.id,
        facultyId: invigilation.facultyId,
        examId: invigilation.examId,
        roomId: invigilation.facilityId,
        notifiedAt: invigilation.notifiedAt,
        version: invigilation.version,
        roomNo: facility.name,
        courseName: course.name,
        dateOfExam: exam.examDate,
        startTimeOfExam: exam.startTime,
        duration: exam.durationMinutes,
        timeZone: examCampusTimeZone,
      })
      .from(invigilation)
      .innerJoin(exam, eq(exam.id, invigilation.examId))
      .innerJoin(facility, eq(facility.id, invigilation.facilityId))
      .innerJoin(courseOffering, eq(courseOffering.id, exam.courseOfferingId))
      .innerJoin(course, eq(course.id, courseOffering.courseId))
      .where(facultyIds.length === 0 ? sql`false` : inArray(invigilation.facultyId, facultyIds));
    const heldByPair = new Map(held.map((h) => [`${h.examId}|${h.facultyId}`, h]));
    const duties = new Map<string, Map<string, Duty>>();
    const dutiesOf = (facultyId: string) => {
      let map = duties.get(facultyId);
      if (!map) {
        map = new Map();
        duties.set(facultyId, map);
      }
      return map;
    };
    for (const h of held) {
      dutiesOf(h.facultyId).set(h.examId, {
        id: h.id,
        examId: h.examId,
        roomId: h.roomId,
        roomNo: h.roomNo,
        courseName: h.courseName,
        slot: slotOf(h),
        item: null,
      });
    }
    for (const [i, item] of items.entries()) {
      const map = dutiesOf(item.facultyId);
      const room = roomOfItem.get(i);
      if (!room) {
        map.delete(item.examId);
        continue;
      }
      const info = exams.get(item.examId) as ExamInfo;
      map.set(item.examId, {
        id: null,
        examId: item.examId,
        roomId: room.id,
        roomNo: room.name,
        courseName: info.courseName,
        slot: slotOf(info),
        item: i,
      });
    }
    for (const [i, item] of items.entries()) {
      const mine = duties.get(item.facultyId)?.get(item.examId);
      if (!mine || mine.item !== i) continue;
      for (const other of duties.get(item.facultyId)?.values() ?? []) {
        // A duty given by a later item is checked when that item's turn comes.
        if (other.item !== null && other.item > i) continue;
        if (other.examId === item.examId || other.roomId === mine.roomId) continue;
        if (!examSlotsOverlap(mine.slot, other.slot)) continue;
        const who = facultyById.get(item.facultyId)?.name ?? item.facultyId;
        const rule = { errorCode: "invigilator_double_booked", field: `${i}.facultyId`, rule: "no_overlap" };
        if (!(await examInScope(tx, other.examId, scope))) {
          // The other exam lies outside the caller's reach: refused all the same, without naming it.
          throw new ApiError(
            409,
            `${who} is busy at that time: another invigilation duty overlaps this exam; an invigilator cannot hold two rooms at once`,
            rule,
          );
        }
        const when = `${formatDate(other.slot.date)} from ${timeRange(other.slot)} (${other.slot.timeZone ?? DEFAULT_CAMPUS_TIME_ZONE})`;
        const also =
          other.item === null ? "already invigilates" : `is also being assigned (item ${other.item}) to`;
        throw new ApiError(
          409,
          `${who} ${also} ${other.roomNo} for ${other.courseName} on ${when}, which overlaps this exam (${formatDate(mine.slot.date)} from ${timeRange(mine.slot)}); an invigilator cannot hold two rooms at once`,
          rule,
        );
      }
    }

    const audit: AuditEntry[] = [];
    const answers: AssignmentView[] = [];
    for (const [i, item] of items.entries()) {
      const info = exams.get(item.examId) as ExamInfo;
      const person = facultyById.get(item.facultyId) as { id: string; name: string; email: string };
      const before = heldByPair.get(`${item.examId}|${item.facultyId}`);
      const snapshot = (v: { roomId: string; notifiedAt: Date | null }) => ({
        examId: item.examId,
        facultyId: item.facultyId,
        facilityId: v.roomId,
        notifiedAt: v.notifiedAt?.toISOString() ?? null,
      });
      const base = { examId: item.examId, facultyId: item.facultyId, facultyName: person.name };
      const conflict = () => versionConflict(`The invigilation duty of ${person.name}`, `${i}.version`);
      // The client saw no duty (0) but one exists now, or saw one that is gone.
      if ((before?.version ?? 0) !== item.version) throw conflict();
      const room = roomOfItem.get(i);
      if (!room) {
        if (before) {
          // Conditional on the version read: a concurrent change makes this delete nothing.
          const gone = await tx
            .delete(invigilation)
            .where(and(eq(invigilation.id, before.id), eq(invigilation.version, item.version)))
            .returning({ id: invigilation.id });
          if (gone.length === 0) throw conflict();
          audit.push({
            action: "remove_invigilator",
            entity: "invigilation",
            entityId: before.id,
            before: snapshot(before),
            after: null,
          });
        }
        answers.push({
          ...base,
          id: null,
          facEmail: person.email,
          roomId: null,
          roomNo: null,
          isAllocated: "Not Assigned",
          notifiedAt: null,
          version: 0,
        });
        continue;
      }
      let notifiedAt = before && before.roomId === room.id ? before.notifiedAt : null;
      if (item.sendEmail) {
        await ctx.mailer.enqueue(tx, {
          ...invigilationMail({
            facultyName: person.name,
            facEmail: person.email,
            courseName: info.courseName,
            section: info.section,
            examCycle: info.examCycle,
            roomName: room.name,
            roomCode: room.code,
            dateOfExam: info.dateOfExam,
            startTimeOfExam: info.startTimeOfExam,
            duration: info.duration,
            timeZone: info.timeZone,
          }),
          source: `invigilation:${item.examId}:assign:${item.facultyId}`,
        });
        notifiedAt = at;
      }
      let id: string;
      let version: number;
      if (!before) {
        // A concurrent insert of the same duty fails on invigilation_exam_faculty_uq: mapped to 409.
        const [row] = await tx
          .insert(invigilation)
          .values({ examId: item.examId, facultyId: item.facultyId, facilityId: room.id, notifiedAt })
          .returning({ id: invigilation.id, version: invigilation.version });
        if (!row) throw new Error("invigilation insert returned nothing");
        id = row.id;
        version = row.version;
        audit.push({
          action: "assign_invigilator",
          entity: "invigilation",
          entityId: id,
          before: null,
          after: snapshot({ roomId: room.id, notifiedAt }),
        });
      } else {
        id = before.id;
        const changed = before.roomId !== room.id || before.notifiedAt?.getTime() !== notifiedAt?.getTime();
        // Compare-and-increment even when nothing changes, so the version check is atomic.
        const row = await updateVersioned(
          tx,
          invigilation,
          { id: before.id, version: item.version },
          { facilityId: room.id, notifiedAt },
          conflict,
        );
        version = row.version;
        if (changed) {
          audit.push({
            action: before.roomId !== room.id ? "change_invigilator_room" : "notify_invigilator",
            entity: "invigilation",
            entityId: id,
            before: snapshot(before),
            after: snapshot({ roomId: room.id, notifiedAt }),
          });
        }
      }
      answers.push({
        ...base,
        id,
        facEmail: person.email,
        roomId: room.id,
        roomNo: room.name,
        isAllocated: "Assigned",
        notifiedAt: notifiedAt?.toISOString() ?? null,
        version,
      });
    }
    await writeAudit(tx, actor, audit, at);
    return answers;
  });
}

const notificationColumns = {
  id: invigilation.id,
  examId: exam.id,
  courseName: course.name,
  section: courseOffering.section,
  examCycle: examCycle.name,
  dateOfExam: exam.examDate,
  startTimeOfExam: exam.startTime,
  duration: exam.durationMinutes,
  roomId: facility.id,
  roomNo: facility.name,
  roomCode: facility.code,
  facultyId: contact.id,
  facultyName: contactName,
  facEmail: contact.email,
  notifiedAt: invigilation.notifiedAt,
  timeZone: examCampusTimeZone,
};

function selectNotifications(db: Executor) {
  return db
    .select(notificationColumns)
    .from(invigilation)
    .innerJoin(exam, eq(exam.id, invigilation.examId))
    .innerJoin(examCycle, eq(examCycle.id, exam.examCycleId))
    .innerJoin(facility, eq(facility.id, invigilation.facilityId))
    .innerJoin(contact, eq(contact.id, invigilation.facultyId))
    .innerJoin(courseOffering, eq(courseOffering.id, exam.courseOfferingId))
    .innerJoin(course, eq(course.id, courseOffering.courseId));
}

/** The order of duties in lists: by date, start time, course, section and room. */
function dutyOrder() {
  return [
    asc(exam.examDate),
    asc(exam.startTime),
    asc(course.name),
    asc(courseOffering.section),
    asc(facility.name),
  ];
}

type NotificationRow = Awaited<ReturnType<ReturnType<typeof selectNotifications>["execute"]>>[number];

function toNotificationView(row: NotificationRow): NotificationView {
  const { examCycle: _c, roomCode: _r, timeZone: _z, notifiedAt, ...rest } = row;
  return { ...rest, notifiedAt: notifiedAt?.toISOString() ?? null };
}

/** The exam cycle named by `ref` (its id, or its name without regard to case); 404 `examCycle` when unknown. */
async function findExamCycle(db: Executor, ref: string): Promise<{ id: string; name: string }> {
  const [cycle] = await db
    .select({ id: examCycle.id, name: examCycle.name })
    .from(examCycle)
    .where(isUuid(ref) ? eq(examCycle.id, ref) : sql`lower(${examCycle.name}) = lower(${ref})`)
    .limit(1);
  if (!cycle) {
    throw notFound("No such exam cycle", "examCycle");
  }
  return cycle;
}

/**
 * The invigilation assignments of an exam cycle for the notification screen
 * (/app/exams/invigilationProctoringNotification): `examCycle` is the cycle's id or name (404 when
 * unknown, field `examCycle`); `notified` true/false keeps only mailed / not yet mailed ones. Ordered
 * by date, start time, course, section, room and faculty name; one page (1-based) with the total
 * matching and the cycle's assignments not yet mailed (`pending`). With a reach `scope`
 * (listScopeOf), only the duties on exams of course offerings within it (docs/security/roles.md).
 * Always in date order, soonest first: `firstDateContinued` says that duties of the page's first exam
 * date are also on the pages before it ({@link continuesFirstDate}: one more count past page 1), so
 * the screen's date group continues from the previous page (spec academic-planning.md, shared
 * components: the table groups rows by date).
 */
export async function listInvigilationNotifications(
  db: Executor,
  query: { examCycle: string; notified?: boolean; pageNo: number; count: number },
  scope: ListScope | null = null,
) {
  const cycle = await findExamCycle(db, query.examCycle);
  const inCycle = and(eq(exam.examCycleId, cycle.id), offeringIdInListScope(exam.courseOfferingId, scope));
  const filter =
    query.notified === undefined
      ? inCycle
      : and(inCycle, query.notified ? isNotNull(invigilation.notifiedAt) : isNull(invigilation.notifiedAt));
  const countWhere = async (where: ReturnType<typeof and>) => {
    const [row] = await db
      .select({ n: count() })
      .from(invigilation)
      .innerJoin(exam, eq(exam.id, invigilation.examId))
      .where(where);
    return row?.n ?? 0;
  };
  const offset = (query.pageNo - 1) * query.count;
  const [rows, noOfRecords, pending] = await Promise.all([
    selectNotifications(db)
      .where(filter)
      .orderBy(...dutyOrder(), asc(contact.firstName), asc(contact.lastName), asc(invigilation.id))
      .limit(query.count)
      .offset(offset),
    countWhere(filter),
    countWhere(and(inCycle, isNull(invigilation.notifiedAt))),
  ]);
  const firstDateContinued = await continuesFirstDate(
    (earlier) => countWhere(and(filter, earlier)),
    rows[0]?.dateOfExam,
    { offset, dates: "asc" },
  );
  return {
    examCycle: cycle,
    notifications: rows.map(toNotificationView),
    noOfRecords,
    pending,
    firstDateContinued,
  };
}

/** One faculty member's invigilation duties in an exam cycle (faculty proctoring). */
export type FacultyDuties = {
  facultyId: string;
  facultyName: string;
  facEmail: string;
  duties: NotificationView[];
};

/**
 * The invigilation duties of an exam cycle grouped per faculty member, for the faculty proctoring
 * screen (/app/exam/faculty-Proctoring): one page (1-based, `count` faculty members a page) of the
 * members who have duties in the cycle, ordered by first name, last name and id, each with all of
 * their duties in the cycle by date, start time, course, section and room. `noOfRecords` counts
 * the members. `examCycle` is the cycle's id or name; 404 (field `examCycle`) when unknown. With a
 * reach `scope` (listScopeOf), only duties on exams of course offerings within it.
 */
export async function listFacultyProctoring(
  db: Executor,
  query: { examCycle: string; pageNo: number; count: number },
  scope: ListScope | null = null,
): Promise<{ examCycle: { id: string; name: string }; faculty: FacultyDuties[]; noOfRecords: number }> {
  const cycle = await findExamCycle(db, query.examCycle);
  const inCycle = and(eq(exam.examCycleId, cycle.id), offeringIdInListScope(exam.courseOfferingId, scope));
  const members = db
    .selectDistinct({ id: invigilation.facultyId })
    .from(invigilation)
    .innerJoin(exam, eq(exam.id, invigilation.examId))
    .where(inCycle);
  const [page, [total]] = await Promise.all([
    db
      .select({ id: contact.id })
      .from(contact)
      .where(inArray(contact.id, members))
      .orderBy(asc(contact.firstName), asc(contact.lastName), asc(contact.id))
      .limit(query.count)
      .offset((query.pageNo - 1) * query.count),
    db.select({ n: count() }).from(contact).where(inArray(contact.id, members)),
  ]);
  const ids = page.map((r) => r.id);
  const duties =
    ids.length === 0
      ? []
      : await selectNotifications(db)
          .where(and(inCycle, inArray(invigilation.facultyId, ids)))
          .orderBy(...dutyOrder(), asc(invigilation.id));
  const byFaculty = new Map<string, FacultyDuties>();
  for (const id of ids) byFaculty.set(id, { facultyId: id, facultyName: "", facEmail: "", duties: [] });
  for (const row of duties) {
    const group = byFaculty.get(row.facultyId);
    if (!group) continue;
    group.facultyName = row.facultyName;
    group.facEmail = row.facEmail;
    group.duties.push(toNotificationView(row));
  }
  return { examCycle: cycle, faculty: [...byFaculty.values()], noOfRecords: total?.n ?? 0 };
}

/**
 * Mails each listed assignment's invigilator ({@link invigilationMail}; again when already mailed)
 * and sets its `notifiedAt`, in one transaction with one audit row each. Errors, nothing sent: 400 an
 * id listed twice (`ids.i`); 404 unknown assignment (`ids.i`). The mails are queued in the
 * transaction and delivered after the commit (mail/delivery.ts). Returns the assignments in the
 * order given.
 */
export async function sendInvigilationNotifications(
  ctx: AppContext,
  actor: SessionUser,
  ids: readonly string[],
): Promise<NotificationView[]> {
  const seen = new Set<string>();
  for (const [i, id] of ids.entries()) {
    if (seen.has(id)) {
      throw badRequest("The same invigilation assignment is listed twice", `ids.${i}`, "unique");
    }
    seen.add(id);
  }
  const at = new Date(ctx.now());
  return ctx.db.transaction(async (tx) => {
    const valid = ids.filter(isUuid);
    const rows =
      valid.length === 0
        ? []
        : await selectNotifications(tx)
            .where(inArray(invigilation.id, valid))
            .for("update", { of: invigilation });
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const [i, id] of ids.entries()) {
      if (!byId.has(id)) {
        throw notFound("No such invigilation assignment", `ids.${i}`);
      }
    }
    const audit: AuditEntry[] = [];
    const answers: NotificationView[] = [];
    for (const id of ids) {
      const row = byId.get(id) as NotificationRow;
      await ctx.mailer.enqueue(tx, {
        ...invigilationMail({
          facultyName: row.facultyName,
          facEmail: row.facEmail,
          courseName: row.courseName,
          section: row.section,
          examCycle: row.examCycle,
          roomName: row.roomNo,
          roomCode: row.roomCode,
          dateOfExam: row.dateOfExam,
          startTimeOfExam: row.startTimeOfExam,
          duration: row.duration,
          timeZone: row.timeZone,
        }),
        source: `invigilation:${row.examId}:notify:${id}`,
      });
      await tx
        .update(invigilation)
        .set({ notifiedAt: at, version: sql`${invigilation.version} + 1` })
        .where(eq(invigilation.id, id));
      audit.push({
        action: "notify_invigilator",
        entity: "invigilation",
        entityId: id,
        before: { notifiedAt: row.notifiedAt?.toISOString() ?? null },
        after: { notifiedAt: at.toISOString() },
      });
      answers.push(toNotificationView({ ...row, notifiedAt: at }));
    }
    await writeAudit(tx, actor, audit, at);
    return answers;
  });
}
