import { activityEndDate, CAMPUS_NAMES, workingDaysBetween } from "@portal/domain";
import { sql } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { rows } from "../db/rows.ts";
import { academicCalendarEntry, classSession, masterPlannerActivity, sectionActivity } from "../db/schema.ts";
import { holidaysOfIntake } from "../planning/public.ts";

/** Demo campus holidays (ISO dates) by campus name. */
const CAMPUS_HOLIDAYS: Record<(typeof CAMPUS_NAMES)[number], Array<[string, string]>> = {
  Mumbai: [
    ["Diwali", "2026-11-09"],
    ["Christmas", "2026-12-25"],
    ["Republic Day", "2027-01-26"],
  ],
  Singapore: [
    ["Deepavali", "2026-11-09"],
    ["Christmas", "2026-12-25"],
    ["New Year's Day", "2027-01-01"],
  ],
  Dubai: [
    ["Commemoration Day", "2026-12-01"],
    ["National Day", "2026-12-02"],
    ["New Year's Day", "2027-01-01"],
  ],
};

/** The programme's planner template: [name, type, start week, weeks], the same for every term. */
const MASTER_PLANNER: Array<[string, string, number, number]> = [
  ["Orientation", "Other", 1, 1],
  ["Lectures", "Lecture", 1, 7],
  ["Mid-term exams", "Exam", 8, 1],
  ["Lectures and labs", "Lecture", 9, 5],
  ["End-term exams", "Exam", 15, 1],
  ["Term break", "Term Break", 16, 1],
];

const DESIGNATIONS = [
  "Professor",
  "Associate Professor",
  "Assistant Professor",
  "Visiting Professor",
] as const;

/**
 * Planning demo data, inside the demo loader's transaction, after programmes, intakes, terms,
 * courses, faculty and course offerings exist: each programme's master curriculum (from its latest
 * intake's courses by term) and planner template; every taught course as its term's subject; faculty
 * profiles (association from the faculty type, locations, visits) and subject ratings; campus
 * holidays and an orientation event per 2026 intake; the planner of the two first programmes' 2026
 * intakes imported from the template, with a four-week lecture activity (Monday to Friday,
 * holidays skipped) and its class sessions for every section of their second term.
 */
export async function loadPlanningDemo(tx: Executor): Promise<void> {
  // Curriculum: the courses of each programme's latest intake, by term number.
  await tx.execute(sql`insert into plan_requirement (programme_plan_id, term_number, term_name, course_id)
    select distinct pp.id, t.number, t.name, o.course_id
    from programme_plan pp
    join lateral (select i.id from intake i where i.programme_id = pp.programme_id order by i.year desc, i.name limit 1) latest on true
    join term t on t.intake_id = latest.id join course_offering o on o.term_id = t.id
    where pp.is_primary
    on conflict do nothing`);
  await tx.execute(sql`insert into term_subject (term_id, course_id, start_date, end_date)
    select distinct o.term_id, o.course_id, t.start_date, t.end_date from course_offering o join term t on t.id = o.term_id
    on conflict do nothing`);

  const programmes = await rows<{ id: string; code: string }>(
    tx,
    sql`select id, code from academic_programme order by code`,
  );
  await tx.insert(masterPlannerActivity).values(
    programmes.flatMap((p) =>
      [1, 2, 3, 4].flatMap((termNumber) =>
        MASTER_PLANNER.map(([name, activityType, startWeek, durationWeeks]) => ({
          programmeId: p.id,
          termNumber,
          name,
          activityType,
          startWeek,
          durationWeeks,
        })),
      ),
    ),
  );

  // Faculty profiles and ratings.
  await tx.execute(sql`insert into faculty_profile (contact_id, designation, phone, association, location, location_preference, visits)
    select f.id,
      (array[${sql.join(
        DESIGNATIONS.map((d) => sql`${d}`),
        sql`, `,
      )}])[1 + (row_number() over (order by f.email))::int % ${DESIGNATIONS.length}],
      '+91 98' || lpad(((row_number() over (order by f.email)) * 7919 % 100000000)::text, 8, '0'),
      case when f.faculty_type = 'Visiting' then 'Visiting' else 'Internal' end,
      (array[${sql.join(
        CAMPUS_NAMES.map((c) => sql`${c}`),
        sql`, `,
      )}])[1 + (row_number() over (order by f.email))::int % ${CAMPUS_NAMES.length}],
      jsonb_build_array((array[${sql.join(
        CAMPUS_NAMES.map((c) => sql`${c}`),
        sql`, `,
      )}])[1 + ((row_number() over (order by f.email))::int + 1) % ${CAMPUS_NAMES.length}], 'Remote'),
      case when f.faculty_type = 'Visiting' then jsonb_build_array(
        jsonb_build_object('startDate', '2026-11-16', 'endDate', '2026-11-20', 'startTime', '09:00', 'endTime', '13:00'),
        jsonb_build_object('startDate', '2027-01-11', 'endDate', '2027-01-15', 'startTime', '14:00', 'endTime', '17:30'))
      else '[]'::jsonb end
    from contact f where f.kind = 'faculty' and f.import_source_id is null`);
  await tx.execute(sql`insert into faculty_subject_rating (faculty_id, course_id, batch, rating_halves)
    select distinct on (o.faculty_id, o.course_id, i.name) o.faculty_id, o.course_id, i.name,
      6 + (abs(hashtext(o.faculty_id::text || o.course_id::text)) % 5)
    from course_offering o join term t on t.id = o.term_id join intake i on i.id = t.intake_id
    where o.faculty_id is not null and i.year = 2025
    on conflict do nothing`);

  // Calendar: campus holidays and an orientation event of each 2026 intake.
  const campuses = await rows<{ id: string; name: string }>(tx, sql`select id, name from campus`);
  const holidays = campuses.flatMap((c) =>
    (CAMPUS_HOLIDAYS[c.name as keyof typeof CAMPUS_HOLIDAYS] ?? []).map(([name, date]) => ({
      campusId: c.id,
      name,
      kind: "Holiday" as const,
      startDate: date,
      endDate: date,
    })),
  );
  if (holidays.length > 0) await tx.insert(academicCalendarEntry).values(holidays);
  await tx.execute(sql`insert into academic_calendar_entry (intake_id, name, kind, start_date, end_date)
    select i.id, 'Orientation week', 'Event', t.start_date, t.start_date + 4 from intake i join term t on t.intake_id = i.id and t.number = 1
    where i.year = 2026`);

  // A planned term: the first two programmes' 2026 intakes.
  const planned = await rows<{ intakeId: string }>(
    tx,
    sql`select i.id as "intakeId" from intake i join academic_programme p on p.id = i.programme_id
        where i.year = 2026 and p.code in (${sql.join(
          programmes.slice(0, 2).map((p) => sql`${p.code}`),
          sql`, `,
        )}) order by p.code`,
  );
  for (const { intakeId } of planned) {
    await tx.execute(sql`insert into planner_activity (term_id, name, activity_type, start_date, end_date)
      select t.id, m.name, m.activity_type, t.start_date + (m.start_week - 1) * 7,
        least(t.end_date, t.start_date + (m.start_week - 1) * 7 + m.duration_weeks * 7 - 1)
      from term t join intake i on i.id = t.intake_id
      join master_planner_activity m on m.programme_id = i.programme_id and m.term_number = t.number
      where t.intake_id = ${intakeId} and t.start_date + (m.start_week - 1) * 7 <= t.end_date`);
    const rule = { weekdays: [1, 2, 3, 4, 5], holidays: await holidaysOfIntake(tx, intakeId) };
    const sections = await rows<{
      termId: string;
      subjectId: string;
      offeringId: string;
      facultyId: string;
      start: string;
    }>(
      tx,
      sql`select t.id as "termId", ts.id as "subjectId", o.id as "offeringId", o.faculty_id as "facultyId",
          to_char(t.start_date, 'YYYY-MM-DD') as start
          from term t join term_subject ts on ts.term_id = t.id
          join course_offering o on o.term_id = t.id and o.course_id = ts.course_id
          where t.intake_id = ${intakeId} and t.number = 2 and o.faculty_id is not null order by o.id`,
    );
    for (const s of sections) {
      const end = activityEndDate(s.start, 20, rule);
      if (!end) continue;
      const [activity] = await tx
        .insert(sectionActivity)
        .values({
          termId: s.termId,
          termSubjectId: s.subjectId,
          courseOfferingId: s.offeringId,
          activityType: "Lecture",
          startDate: s.start,
          endDate: end,
          durationDays: 20,
          sessions: 20,
          hoursPerSessionCenti: 150,
          description: "Core lectures",
          facultyId: s.facultyId,
        })
        .returning({ id: sectionActivity.id });
      if (!activity) continue;
      const days = workingDaysBetween(s.start, end, rule);
      await tx.insert(classSession).values(
        days.slice(0, 20).map((date, i) => ({
          sectionActivityId: activity.id,
          courseOfferingId: s.offeringId,
          date,
          sequence: i + 1,
        })),
      );
    }
  }
}
