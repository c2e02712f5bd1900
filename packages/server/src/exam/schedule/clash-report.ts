import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { personName } from "../../db/person-name.ts";
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

/** Largest number of items per section a caller may ask for. */
export const CLASH_REPORT_MAX_ITEMS = 500;

/** Start and end of a sitting as local timestamps, from a date, an HH:MM text and minutes. */
const range = (alias: string, date: string, start: string, minutes: string) =>
  sql.raw(
    `(${alias}.${date} + ${alias}.${start}::time) as s, (${alias}.${date} + ${alias}.${start}::time + make_interval(mins => ${alias}.${minutes})) as en`,
  );

type Row = Record<string, unknown>;
async function rows(db: Executor, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * The clash report of an exam cycle (issue: students with two exams at once, faculty in two places
 * at once, rooms over capacity). A student sits the exams they are candidates of (candidates.ts: a
 * retest exam only its scheduled students). Times are compared as [date + start, + duration) on the local clock (Asia/Kolkata), so exams in
 * different periods that overlap, also across midnight, clash. Each section has its total and the first
 * `limit` items (0..500) by date and time. Counts only with `limit` 0 (the exam dashboard).
 */
export async function buildClashReport(
  db: Executor,
  examCycleId: string,
  limit: number,
): Promise<ClashReport> {
  const s = range("e", "exam_date", "start_time", "duration_minutes");
  const studentRows = await rows(
    db,
    sql`
    with se as (
      select en.student_id, e.id as exam_id, e.exam_date, ${s}
      from exam e join enrolment en on ${candidateSql("en", "e")}
      where e.exam_cycle_id = ${examCycleId}
    ), pairs as (
      select a.student_id, a.exam_id as a_exam, b.exam_id as b_exam, least(a.exam_date, b.exam_date) as exam_date, least(a.s, b.s) as s
      from se a join se b
        on a.student_id = b.student_id and a.exam_id < b.exam_id and a.s < b.en and b.s < a.en
    ), firsts as (
      select p.*, count(*) over () as total from pairs p
      order by p.exam_date, p.s, p.student_id, p.a_exam, p.b_exam limit ${Math.max(limit, 1)}
    )
    select f.total, f.student_id, f.exam_date::text as date,
      coalesce(st.code, '') as student_code, ${personName("st")} as student_name,
      ea.id as a_id, ca.code as a_code, ca.name as a_name, ea.start_time as a_start, ea.duration_minutes as a_dur,
      eb.id as b_id, cb.code as b_code, cb.name as b_name, eb.start_time as b_start, eb.duration_minutes as b_dur
    from firsts f
      join contact st on st.id = f.student_id
      join exam ea on ea.id = f.a_exam join course_offering oa on oa.id = ea.course_offering_id join course ca on ca.id = oa.course_id
      join exam eb on eb.id = f.b_exam join course_offering ob on ob.id = eb.course_offering_id join course cb on cb.id = ob.course_id
    order by f.exam_date, f.s, f.student_id, f.a_exam, f.b_exam`,
  );

  const facultyRows = await rows(
    db,
    sql`
    with fi as (
      select i.faculty_id, i.facility_id, i.exam_id, e.exam_date, ${s}
      from invigilation i join exam e on e.id = i.exam_id
      where e.exam_cycle_id = ${examCycleId}
    ), pairs as (
      select a.faculty_id, a.exam_id as a_exam, a.facility_id as a_room, b.exam_id as b_exam,
        b.facility_id as b_room, least(a.exam_date, b.exam_date) as exam_date, least(a.s, b.s) as s
      from fi a join fi b
        on a.faculty_id = b.faculty_id and a.exam_id < b.exam_id and a.facility_id <> b.facility_id
       and a.s < b.en and b.s < a.en
    ), firsts as (
      select p.*, count(*) over () as total from pairs p
      order by p.exam_date, p.s, p.faculty_id, p.a_exam, p.b_exam limit ${Math.max(limit, 1)}
    )
    select f.total, f.faculty_id, f.exam_date::text as date, ${personName("fc")} as faculty_name,
      fc.email, ea.id as a_id, ca.name as a_name, ra.name as a_room, ea.start_time as a_start, ea.duration_minutes as a_dur,
      eb.id as b_id, cb.name as b_name, rb.name as b_room, eb.start_time as b_start, eb.duration_minutes as b_dur
    from firsts f
      join contact fc on fc.id = f.faculty_id
      join facility ra on ra.id = f.a_room join facility rb on rb.id = f.b_room
      join exam ea on ea.id = f.a_exam join course_offering oa on oa.id = ea.course_offering_id join course ca on ca.id = oa.course_id
      join exam eb on eb.id = f.b_exam join course_offering ob on ob.id = eb.course_offering_id join course cb on cb.id = ob.course_id
    order by f.exam_date, f.s, f.faculty_id, f.a_exam, f.b_exam`,
  );

  const p = range("p", "date", "start_time", "duration_minutes");
  const roomRows = await rows(
    db,
    sql`
    with occ as (
      select sa.facility_id, p.id as period_id, p.date::text as date, p.start_time, ${p}, count(*)::int as seated
      from seat_assignment sa join exam_period p on p.id = sa.exam_period_id
      where p.exam_cycle_id = ${examCycleId}
      group by sa.facility_id, p.id, p.date, p.start_time, p.duration_minutes
    ), load as (
      select a.facility_id, a.period_id, a.date, a.start_time, a.s, sum(b.seated)::int as seated
      from occ a join occ b
        on a.facility_id = b.facility_id and b.s < a.en and a.s < b.en
      group by a.facility_id, a.period_id, a.date, a.start_time, a.s
    ), over as (
      select l.*, f.name, f.capacity, count(*) over () as total
      from load l join facility f on f.id = l.facility_id
      where l.seated > f.capacity
    )
    select * from over order by date, s, name limit ${Math.max(limit, 1)}`,
  );

  const total = (list: Row[]) => Number(list[0]?.total ?? 0);
  const take = <T>(list: Row[], map: (r: Row) => T): T[] => (limit === 0 ? [] : list.map(map));
  return {
    studentClashes: {
      total: total(studentRows),
      items: take(studentRows, (r) => ({
        studentId: String(r.student_id),
        studentCode: String(r.student_code),
        studentName: String(r.student_name),
        date: String(r.date),
        exams: [
          {
            examId: String(r.a_id),
            courseCode: String(r.a_code),
            courseName: String(r.a_name),
            startTime: String(r.a_start),
            duration: Number(r.a_dur),
          },
          {
            examId: String(r.b_id),
            courseCode: String(r.b_code),
            courseName: String(r.b_name),
            startTime: String(r.b_start),
            duration: Number(r.b_dur),
          },
        ],
      })),
    },
    facultyClashes: {
      total: total(facultyRows),
      items: take(facultyRows, (r) => ({
        facultyId: String(r.faculty_id),
        facultyName: String(r.faculty_name),
        facEmail: String(r.email),
        date: String(r.date),
        assignments: [
          {
            examId: String(r.a_id),
            courseName: String(r.a_name),
            room: String(r.a_room),
            startTime: String(r.a_start),
            duration: Number(r.a_dur),
          },
          {
            examId: String(r.b_id),
            courseName: String(r.b_name),
            room: String(r.b_room),
            startTime: String(r.b_start),
            duration: Number(r.b_dur),
          },
        ],
      })),
    },
    roomsOverCapacity: {
      total: total(roomRows),
      items: take(roomRows, (r) => ({
        roomId: String(r.facility_id),
        room: String(r.name),
        capacity: Number(r.capacity),
        seated: Number(r.seated),
        date: String(r.date),
        startTime: String(r.start_time),
      })),
    },
  };
}
