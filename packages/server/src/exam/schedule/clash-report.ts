import { sql } from "drizzle-orm";
import { type ListScope, offeringIdInListScope } from "../../auth/public.ts";
import type { Executor } from "../../db/client.ts";
import { personName } from "../../db/person-name.ts";
import { cachedReadModel } from "../../db/read-model-cache.ts";
import { rows } from "../../db/rows.ts";
import { candidateSql } from "../eligibility/candidates.ts";

/** Two exams one student sits at overlapping times (same date, [start, start+duration) overlap). */
export type StudentClash = {
  studentId: string;
  studentCode: string;
  studentName: string;
  date: string;
  exams: Array<{
    examId: string;
    courseCode: string;
    courseName: string;
    startTime: string;
    duration: number;
  }>;
};

/** A faculty member invigilating two different rooms at overlapping times. */
export type FacultyClash = {
  facultyId: string;
  facultyName: string;
  facEmail: string;
  date: string;
  assignments: Array<{
    examId: string;
    courseName: string;
    room: string;
    startTime: string;
    duration: number;
  }>;
};

/** A room holding more seated students than its capacity at some time (overlapping periods add up). */
export type RoomOverCapacity = {
  roomId: string;
  room: string;
  capacity: number;
  seated: number;
  date: string;
  startTime: string;
};

/** A section of the report: how many there are, and the first `limit` of them in time order. */
export type ClashList<T> = { total: number; items: T[] };

export type ClashReport = {
  studentClashes: ClashList<StudentClash>;
  facultyClashes: ClashList<FacultyClash>;
  roomsOverCapacity: ClashList<RoomOverCapacity>;
};

/** Who sits the exams of a cycle (candidates.ts): (student, exam) rows and distinct students. */
export type CycleCandidates = { enrolments: number; students: number };

/**
 * The clash report as computed and kept per cycle, with the counts of the cycle's candidates that
 * its student section reads anyway (the exam dashboard shows them; not part of the report's answer).
 */
export type KeptClashReport = ClashReport & { candidates: CycleCandidates };

/** Largest number of items per section a caller may ask for. */
export const CLASH_REPORT_MAX_ITEMS = 500;

/** A sitting of the cycle as the report compares it: minutes on the local clock, [start, end). */
type Sitting = { start: number; end: number };
/** An exam of the cycle with what an item names of it. */
type CycleExam = Sitting & {
  id: string;
  date: string;
  startTime: string;
  duration: number;
  courseCode: string;
  courseName: string;
};

/** Two sittings overlap: [start, end) ranges intersect (touching ends do not), as examSlotsOverlap. */
const overlaps = (a: Sitting, b: Sitting) => a.start < b.end && b.start < a.end;

/** A UUID list as a PostgreSQL array literal; only ever given ids read from the database. */
const uuidArray = (ids: readonly string[]) => `{${ids.join(",")}}`;

/** Start of a sitting in whole minutes of the local clock read as UTC (SQL), from a date and an HH:MM text. */
const startMinutes = (alias: string, date: string, start: string) =>
  sql.raw(`(extract(epoch from ${alias}.${date} + ${alias}.${start}::time) / 60)::int`);

/** Ascending comparison of the fields of two keys, in order: numbers, then texts by code point. */
function byKeys(a: ReadonlyArray<number | string>, b: ReadonlyArray<number | string>): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number | string;
    const y = b[i] as number | string;
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return 0;
}

/**
 * Groups of exams whose sittings chain into one stretch of time (sorted by start, a new group begins
 * where an exam starts at or after every earlier one has ended): two exams can only overlap within
 * one group, so a student only clashes among the exams of one group. Answers each exam's group
 * number.
 */
function overlapGroups(exams: readonly CycleExam[]): Map<string, number> {
  const sorted = [...exams].sort((a, b) => a.start - b.start);
  const groupOf = new Map<string, number>();
  const sizes: number[] = [];
  let end = Number.NEGATIVE_INFINITY;
  for (const e of sorted) {
    if (e.start >= end || sizes.length === 0) sizes.push(0);
    const group = sizes.length - 1;
    sizes[group] = (sizes[group] ?? 0) + 1;
    groupOf.set(e.id, group);
    end = Math.max(end, e.end);
  }
  return groupOf;
}

/**
 * Student clashes: for every student, each two exams they are candidates of whose sittings overlap.
 * The database counts the candidates (candidates.ts: a retest exam only its scheduled students) of
 * the exams that share a stretch of time ({@link overlapGroups}) per student and stretch and answers
 * only the students with two or more exams in one stretch, with those exams; the exact pairs are
 * worked out here. One join and one grouped count over the cycle's enrolments whose answer is as
 * small as the clashes, instead of a self-join of every student's exams (whose plan PostgreSQL and
 * PGlite misjudged into a nested loop over all pairs of enrolments: 6 s for the demo cycle), and
 * without an aggregate that builds a list per student (string_agg cost PGlite 15 µs a group;
 * docs/performance.md "Cold reads"). The same statement counts the cycle's candidates (rows and
 * distinct students), which the exam dashboard shows. Answers the total and the first `limit` by
 * date, start, student and exams.
 */
async function studentClashes(
  db: Executor,
  exams: ReadonlyMap<string, CycleExam>,
  limit: number,
): Promise<{ clashes: ClashList<StudentClash>; candidates: CycleCandidates }> {
  const groupOf = overlapGroups([...exams.values()]);
  if (groupOf.size === 0)
    return { clashes: { total: 0, items: [] }, candidates: { enrolments: 0, students: 0 } };
  const found = await rows<{
    student_id: string | null;
    exam_id: string | null;
    stretch: number | null;
    enrolments: number | null;
    students: number | null;
  }>(
    db,
    sql`
    with sat as materialized (
      select en.student_id, e.id as exam_id, g.stretch
      from unnest(${uuidArray([...groupOf.keys()])}::uuid[], ${`{${[...groupOf.values()].join(",")}}`}::int[])
        as g(exam_id, stretch)
        join exam e on e.id = g.exam_id
        join enrolment en on ${candidateSql("en", "e")}
    ), several as (
      select student_id, stretch from sat group by student_id, stretch having count(*) > 1
    )
    select sat.student_id, sat.exam_id, sat.stretch, null::int as enrolments, null::int as students
    from sat join several on several.student_id = sat.student_id and several.stretch = sat.stretch
    union all
    select null, null, null, (select count(*)::int from sat),
      (select count(*)::int from (select student_id from sat group by student_id) as distinct_students)`,
  );
  const candidates: CycleCandidates = { enrolments: 0, students: 0 };
  const sittings = new Map<string, { studentId: string; exams: CycleExam[] }>();
  for (const r of found) {
    if (r.student_id === null || r.exam_id === null) {
      candidates.enrolments = Number(r.enrolments ?? 0);
      candidates.students = Number(r.students ?? 0);
      continue;
    }
    const exam = exams.get(r.exam_id);
    if (!exam) continue;
    const key = `${r.student_id}|${r.stretch}`;
    const entry = sittings.get(key) ?? { studentId: r.student_id, exams: [] };
    entry.exams.push(exam);
    sittings.set(key, entry);
  }
  type Pair = { key: [number, string, string, string]; studentId: string; a: CycleExam; b: CycleExam };
  const pairs: Pair[] = [];
  for (const { studentId, exams: list } of sittings.values()) {
    list.sort((x, y) => (x.id < y.id ? -1 : 1));
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const [a, b] = [list[i] as CycleExam, list[j] as CycleExam];
        if (!overlaps(a, b)) continue;
        pairs.push({ key: [Math.min(a.start, b.start), studentId, a.id, b.id], studentId, a, b });
      }
    }
  }
  const first = pairs.sort((x, y) => byKeys(x.key, y.key)).slice(0, limit);
  const students = await namesOf(
    db,
    first.map((p) => p.studentId),
  );
  const clashes: ClashList<StudentClash> = {
    total: pairs.length,
    items: first.map(({ studentId, a, b }) => ({
      studentId,
      studentCode: students.get(studentId)?.code ?? "",
      studentName: students.get(studentId)?.name ?? "",
      date: a.start <= b.start ? a.date : b.date,
      exams: [a, b].map((e) => ({
        examId: e.id,
        courseCode: e.courseCode,
        courseName: e.courseName,
        startTime: e.startTime,
        duration: e.duration,
      })),
    })),
  };
  return { clashes, candidates };
}

/** Code (empty when none), display name and email of the contacts `ids`, by id. */
async function namesOf(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, { code: string; name: string; email: string }>> {
  if (ids.length === 0) return new Map();
  const found = await rows<{ id: string; code: string; name: string; email: string }>(
    db,
    sql`select id, coalesce(code, '') as code, ${personName("c")} as name, email
    from contact c where id = any(${uuidArray([...new Set(ids)])}::uuid[])`,
  );
  return new Map(found.map(({ id, ...who }) => [id, who]));
}

/**
 * Faculty clashes: a faculty member invigilating two exams in different rooms whose sittings
 * overlap. The cycle's invigilations are few (one per faculty member, exam and room): read whole
 * and paired per faculty member here. The total and the first `limit` by date, start, faculty
 * member and exams.
 */
async function facultyClashes(
  db: Executor,
  examCycleId: string,
  exams: ReadonlyMap<string, CycleExam>,
  limit: number,
): Promise<ClashList<FacultyClash>> {
  const duties = await rows<{ faculty_id: string; facility_id: string; exam_id: string }>(
    db,
    sql`select i.faculty_id, i.facility_id, i.exam_id
    from invigilation i join exam e on e.id = i.exam_id where e.exam_cycle_id = ${examCycleId}`,
  );
  type Duty = { exam: CycleExam; room: string };
  const byFaculty = new Map<string, Duty[]>();
  for (const d of duties) {
    const exam = exams.get(d.exam_id);
    if (!exam) continue;
    const list = byFaculty.get(d.faculty_id) ?? [];
    list.push({ exam, room: d.facility_id });
    byFaculty.set(d.faculty_id, list);
  }
  type Pair = { key: [number, string, string, string]; facultyId: string; a: Duty; b: Duty };
  const pairs: Pair[] = [];
  for (const [facultyId, list] of byFaculty) {
    list.sort((x, y) => (x.exam.id < y.exam.id ? -1 : 1));
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const [a, b] = [list[i] as Duty, list[j] as Duty];
        if (a.room === b.room || !overlaps(a.exam, b.exam)) continue;
        pairs.push({
          key: [Math.min(a.exam.start, b.exam.start), facultyId, a.exam.id, b.exam.id],
          facultyId,
          a,
          b,
        });
      }
    }
  }
  const first = pairs.sort((x, y) => byKeys(x.key, y.key)).slice(0, limit);
  const [faculty, rooms] = await Promise.all([
    namesOf(
      db,
      first.map((p) => p.facultyId),
    ),
    roomNames(
      db,
      first.flatMap((p) => [p.a.room, p.b.room]),
    ),
  ]);
  return {
    total: pairs.length,
    items: first.map(({ facultyId, a, b }) => ({
      facultyId,
      facultyName: faculty.get(facultyId)?.name ?? "",
      facEmail: faculty.get(facultyId)?.email ?? "",
      date: a.exam.start <= b.exam.start ? a.exam.date : b.exam.date,
      assignments: [a, b].map((d) => ({
        examId: d.exam.id,
        courseName: d.exam.courseName,
        room: rooms.get(d.room) ?? "",
        startTime: d.exam.startTime,
        duration: d.exam.duration,
      })),
    })),
  };
}

/** Names of the rooms `ids`, by id. */
async function roomNames(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const found = await rows<{ id: string; name: string }>(
    db,
    sql`select id, name from facility where id = any(${uuidArray([...new Set(ids)])}::uuid[])`,
  );
  return new Map(found.map((r) => [r.id, r.name]));
}

/**
 * Rooms over capacity: the students seated in a room per exam period of the cycle (one grouped
 * count), and for each, the seated of every period of that room overlapping it added up (periods
 * that overlap share the room) against the room's capacity. The total and the first `limit` by
 * date, start and room name. With `within` (the exams of a reach), only the room's periods in which
 * one of those exams seats students (the room's whole count, which names no other exam).
 */
async function roomsOverCapacity(
  db: Executor,
  examCycleId: string,
  limit: number,
  within: readonly string[] | null,
): Promise<ClashList<RoomOverCapacity>> {
  const occupied = await rows<{
    facility_id: string;
    name: string;
    capacity: number;
    date: string;
    start_time: string;
    s: number;
    minutes: number;
    seated: number;
    in_reach: boolean;
  }>(
    db,
    sql`
    select sa.facility_id, f.name, f.capacity, p.date::text as date, p.start_time,
      ${startMinutes("p", "date", "start_time")} as s, p.duration_minutes as minutes, count(*)::int as seated,
      ${within ? sql`bool_or(sa.exam_id = any(${uuidArray(within)}::uuid[]))` : sql`true`} as in_reach
    from seat_assignment sa
      join exam_period p on p.id = sa.exam_period_id
      join facility f on f.id = sa.facility_id
    where p.exam_cycle_id = ${examCycleId}
    group by sa.facility_id, f.name, f.capacity, p.id, p.date, p.start_time, p.duration_minutes`,
  );
  type Use = Sitting & { row: (typeof occupied)[number] };
  const byRoom = new Map<string, Use[]>();
  for (const row of occupied) {
    const start = Number(row.s);
    const list = byRoom.get(row.facility_id) ?? [];
    list.push({ start, end: start + Number(row.minutes), row });
    byRoom.set(row.facility_id, list);
  }
  const over: Array<{ key: [number, string, string]; item: RoomOverCapacity }> = [];
  for (const list of byRoom.values()) {
    for (const a of list) {
      let seated = 0;
      for (const b of list) if (overlaps(a, b)) seated += Number(b.row.seated);
      const capacity = Number(a.row.capacity);
      if (seated <= capacity || !a.row.in_reach) continue;
      over.push({
        key: [a.start, a.row.name, a.row.facility_id],
        item: {
          roomId: a.row.facility_id,
          room: a.row.name,
          capacity,
          seated,
          date: a.row.date,
          startTime: a.row.start_time,
        },
      });
    }
  }
  over.sort((x, y) => byKeys(x.key, y.key));
  return { total: over.length, items: over.slice(0, limit).map((o) => o.item) };
}

/** The exams of a cycle (of course offerings within `scope`, when given) with their sittings and course, by id. */
async function cycleExams(
  db: Executor,
  examCycleId: string,
  scope: ListScope | null,
): Promise<Map<string, CycleExam>> {
  const found = await rows<{
    id: string;
    date: string;
    start_time: string;
    s: number;
    duration: number;
    course_code: string;
    course_name: string;
  }>(
    db,
    sql`
    select e.id, e.exam_date::text as date, e.start_time, ${startMinutes("e", "exam_date", "start_time")} as s,
      e.duration_minutes as duration, c.code as course_code, c.name as course_name
    from exam e
      join course_offering o on o.id = e.course_offering_id
      join course c on c.id = o.course_id
    where e.exam_cycle_id = ${examCycleId} and ${offeringIdInListScope(sql`e.course_offering_id`, scope)}`,
  );
  return new Map(
    found.map((r) => {
      const start = Number(r.s);
      const duration = Number(r.duration);
      return [
        r.id,
        {
          id: r.id,
          date: r.date,
          startTime: r.start_time,
          duration,
          start,
          end: start + duration,
          courseCode: r.course_code,
          courseName: r.course_name,
        },
      ];
    }),
  );
}

/**
 * The clash report of an exam cycle (students with two exams at once, faculty in two places at
 * once, rooms over capacity), computed afresh, with the counts of the cycle's candidates. A student sits the exams they are candidates of
 * (candidates.ts: a retest exam only its scheduled students). Times are compared as [date + start,
 * + duration) on the local clock (Asia/Kolkata), so exams in different periods that overlap, also
 * across midnight, clash. Each section has its total and the first `limit` items (0..500) by date
 * and time. A handful of statements whose answers are as small as the cycle's exams and its
 * clashes; the pairing is done here (docs/performance.md "Cold reads"). With a reach `scope`
 * (listScopeOf), over the exams of course offerings within it only: the clashes among them, their
 * candidates, and the rooms over capacity while one of them seats students there
 * (docs/security/roles.md); null: every exam of the cycle.
 */
export async function buildClashReport(
  db: Executor,
  examCycleId: string,
  limit: number,
  scope: ListScope | null = null,
): Promise<KeptClashReport> {
  const exams = await cycleExams(db, examCycleId, scope);
  const [students, faculty, rooms] = await Promise.all([
    studentClashes(db, exams, limit),
    facultyClashes(db, examCycleId, exams, limit),
    roomsOverCapacity(db, examCycleId, limit, scope ? [...exams.keys()] : null),
  ]);
  return {
    studentClashes: students.clashes,
    facultyClashes: faculty,
    roomsOverCapacity: rooms,
    candidates: students.candidates,
  };
}

/**
 * The clash report of a cycle with the first {@link CLASH_REPORT_MAX_ITEMS} items of each section,
 * kept behind the exam_operations counter (every table the report reads bumps it: migrations 0002,
 * 0009, 0017), so the clash report call of any limit and the exam dashboard's counts share one
 * computation per change ({@link firstClashes} cuts it to a limit). Kept per reach (`scope.key`),
 * so no one is served another reach's report.
 */
export function keptClashReport(
  db: Executor,
  examCycleId: string,
  scope: ListScope | null = null,
): Promise<KeptClashReport> {
  return cachedReadModel(db, "exam_operations", `clash_report|${examCycleId}|${scope?.key ?? ""}`, () =>
    buildClashReport(db, examCycleId, CLASH_REPORT_MAX_ITEMS, scope),
  );
}

/** The three sections of `report` with the first `limit` items of each (their totals unchanged). */
export function firstClashes(report: ClashReport, limit: number): ClashReport {
  const cut = <T>(list: ClashList<T>): ClashList<T> => ({
    total: list.total,
    items: list.items.slice(0, limit),
  });
  return {
    studentClashes: cut(report.studentClashes),
    facultyClashes: cut(report.facultyClashes),
    roomsOverCapacity: cut(report.roomsOverCapacity),
  };
}

/**
 * A student clash a timetable save made: exam `examId` (one the save moved) now overlaps exam
 * `otherExamId` of the same cycle, and `students` students are candidates of both (candidates.ts).
 * `date` and `startTime` (YYYY-MM-DD, HH:MM local) are the other exam's sitting.
 */
export type ExamOverlap = {
  examId: string;
  courseCode: string;
  section: string;
  otherExamId: string;
  otherCourseCode: string;
  otherSection: string;
  date: string;
  startTime: string;
  students: number;
};

/**
 * The student clashes of the exams `examIds` (at most a save's 200) with the other exams of their
 * cycles, as the clash report would count them: sittings compared as [date + start, + duration) on the
 * local clock, so neighbouring days that overlap across midnight count; only pairs with at least one
 * shared candidate. Pairs of two listed exams appear once (the lower id first). Ordered by exam, then
 * the other exam's sitting. Read in the caller's transaction, after its writes, so a save sees what
 * it made.
 */
export async function overlapsOfExams(db: Executor, examIds: readonly string[]): Promise<ExamOverlap[]> {
  if (examIds.length === 0) return [];
  const found = await rows<{
    exam_id: string;
    course_code: string;
    section: string;
    other_exam_id: string;
    other_course_code: string;
    other_section: string;
    date: string;
    start_time: string;
    students: number;
  }>(
    db,
    sql`
    with pair as (
      select m.id as exam_id, o.id as other_exam_id
      from exam m
        join exam o on o.exam_cycle_id = m.exam_cycle_id and o.id <> m.id
          and o.exam_date between m.exam_date - 1 and m.exam_date + 1
      where m.id = any(${uuidArray(examIds)}::uuid[])
        and not (o.id = any(${uuidArray(examIds)}::uuid[]) and o.id < m.id)
        and ${startMinutes("o", "exam_date", "start_time")} < ${startMinutes("m", "exam_date", "start_time")} + m.duration_minutes
        and ${startMinutes("m", "exam_date", "start_time")} < ${startMinutes("o", "exam_date", "start_time")} + o.duration_minutes
    )
    select p.exam_id, mc.code as course_code, mo.section, p.other_exam_id, oc.code as other_course_code,
      oo.section as other_section, o.exam_date::text as date, o.start_time, count(*)::int as students
    from pair p
      join exam m on m.id = p.exam_id
      join exam o on o.id = p.other_exam_id
      join course_offering mo on mo.id = m.course_offering_id
      join course mc on mc.id = mo.course_id
      join course_offering oo on oo.id = o.course_offering_id
      join course oc on oc.id = oo.course_id
      join enrolment men on ${candidateSql("men", "m")}
      join enrolment oen on ${candidateSql("oen", "o")} and oen.student_id = men.student_id
    group by p.exam_id, mc.code, mo.section, p.other_exam_id, oc.code, oo.section, o.exam_date, o.start_time
    order by p.exam_id, o.exam_date, o.start_time, oc.code, p.other_exam_id`,
  );
  return found.map((r) => ({
    examId: r.exam_id,
    courseCode: r.course_code,
    section: r.section,
    otherExamId: r.other_exam_id,
    otherCourseCode: r.other_course_code,
    otherSection: r.other_section,
    date: r.date,
    startTime: r.start_time,
    students: Number(r.students),
  }));
}
