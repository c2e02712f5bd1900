/**
 * Benchmark of the scheduling reads (docs/performance.md "Scheduling"): a term of 5,000 sessions
 * across 300 faculty and 100 rooms, seeded deterministically (no random numbers: each session's
 * day, slot, room, faculty and subject follow from its index, and no faculty member or room is
 * booked twice) into the second term of the demo's largest scheduled intake, in a fresh database
 * with the small demo data. Then, signed in as the academic office, 50 concurrent callers each ask
 * 10 times (after one warm-up round) for GET /api/salesforce/SchedulerData (the scheduler's load of
 * the term; budget 50 ms at p95) and GET /api/salesforce/SessionTimeTable (a busy week of the
 * intake; same budget), through the whole API in process. Embedded database by default; with
 * DATABASE_URL (an admin URL of PostgreSQL) also on a new database there, dropped afterwards. The
 * machine's load average is printed with the figures. Run:
 * `npx -y pnpm@10.34.9 bench:scheduling`.
 */

import { randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import { addDays, localToInstant } from "@portal/domain";
import { sql } from "drizzle-orm";
import {
  contact,
  course,
  courseOffering,
  facility,
  scheduledEvent,
  scheduledEventFaculty,
  termSubject,
} from "../db/schema.ts";
import { DEMO_ACADEMIC_OFFICE } from "../demo/seed.ts";
import { rows } from "../planning/common.ts";
import { schedulerData, weeklyTimeTable } from "../scheduling/reads.ts";
import { createTestApi, signInHeaders, testTargets } from "../test/harness.ts";

const SESSIONS = 5000;
const FACULTY = 300;
const ROOMS = 100;
const SUBJECTS = 60;
const CONCURRENT = 50;
const ROUNDS = 10;
const BUDGET_MS = 50;
/** Start times (Asia/Kolkata) of the 75-minute slots of a weekday. */
const SLOTS = ["08:00", "09:30", "11:00", "12:30", "14:00", "15:30", "17:00", "18:30"];

/** BENCH_TARGETS=embedded or =postgres runs one database only. */
const targets = testTargets().filter(
  (t) =>
    !process.env.BENCH_TARGETS ||
    t.name.toLowerCase().includes(process.env.BENCH_TARGETS === "embedded" ? "pglite" : "postgres"),
);

function p(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number;
}

for (const target of targets) {
  const api = await createTestApi(target);
  try {
    const db = api.ctx.db;
    const headers = await signInHeaders(api, DEMO_ACADEMIC_OFFICE.email);
    const [t] = await rows<{
      termId: string;
      start: string;
      end: string;
      campusId: string;
      code: string;
      month: string;
      year: number;
    }>(
      db,
      sql`select t.id as "termId", to_char(t.start_date, 'YYYY-MM-DD') as start,
          to_char(t.end_date, 'YYYY-MM-DD') as "end", i.campus_id as "campusId", p.code, i.month, i.year
          from scheduled_event e join term t on t.id = e.term_id join intake i on i.id = t.intake_id
          join academic_programme p on p.id = i.programme_id
          group by t.id, i.id, p.id order by count(*) desc, t.id limit 1`,
    );
    if (!t) throw new Error("no scheduled demo term");
    const allDays = new Set(
      (
        await rows<{ day: string }>(
          db,
          sql`select to_char(d, 'YYYY-MM-DD') as day from generate_series(${t.start}::date, ${t.end}::date, '1 day') d`,
        )
      ).map((r) => r.day),
    );
    // Weekdays of the term (the demo's own holidays are not avoided: reads do not care).
    const days = [...allDays].filter((d) => {
      const wd = new Date(`${d}T00:00:00Z`).getUTCDay();
      return wd >= 1 && wd <= 5;
    });
    const faculty = Array.from({ length: FACULTY }, (_, i) => ({
      id: randomUUID(),
      kind: "faculty" as const,
      firstName: "Bench",
      lastName: `Faculty ${i + 1}`,
      email: `bench.faculty.${i + 1}@university.example`,
    }));
    await db.insert(contact).values(faculty);
    const rooms = Array.from({ length: ROOMS }, (_, i) => ({
      id: randomUUID(),
      campusId: t.campusId,
      code: `BENCH-R${String(i + 1).padStart(3, "0")}`,
      name: `Bench room ${i + 1}`,
      capacity: 150,
    }));
    await db.insert(facility).values(rooms);
    const courses = Array.from({ length: SUBJECTS }, (_, i) => ({
      id: randomUUID(),
      code: `BENCH-C${String(i + 1).padStart(3, "0")}`,
      name: `Bench subject ${i + 1}`,
    }));
    await db.insert(course).values(courses);
    const subjects = courses.map((c) => ({
      id: randomUUID(),
      termId: t.termId,
      courseId: c.id,
      startDate: t.start,
      endDate: t.end,
    }));
    await db.insert(termSubject).values(subjects);
    const sections = courses.map((c, i) => ({
      id: randomUUID(),
      courseId: c.id,
      termId: t.termId,
      section: "A",
      facultyId: faculty[i % FACULTY]?.id,
    }));
    await db.insert(courseOffering).values(sections);
    // Session k: slot k mod (days x slots) spread over the term, the (k div slots-per-term)-th room
    // and faculty member of that slot: within one slot every room and faculty member differs.
    const perSlot = Math.ceil(SESSIONS / (days.length * SLOTS.length));
    if (perSlot > ROOMS) throw new Error("term too short for 5,000 sessions in 100 rooms");
    const events: Array<typeof scheduledEvent.$inferInsert & { id: string; facultyId: string }> = [];
    for (let k = 0; k < SESSIONS; k++) {
      const slotIndex = k % (days.length * SLOTS.length);
      const inSlot = Math.floor(k / (days.length * SLOTS.length));
      const day = days[Math.floor(slotIndex / SLOTS.length)] as string;
      const time = SLOTS[slotIndex % SLOTS.length] as string;
      const start = localToInstant(day, time);
      const subject = (k * 7) % SUBJECTS;
      events.push({
        id: randomUUID(),
        termId: t.termId,
        kind: "session",
        name: `Bench ${k + 1}`,
        termSubjectId: subjects[subject]?.id,
        courseOfferingId: sections[subject]?.id,
        facilityId: rooms[(inSlot * 37 + slotIndex) % ROOMS]?.id,
        startsAt: new Date(start),
        endsAt: new Date(Date.parse(start) + 75 * 60_000),
        createdBy: "bench",
        facultyId: faculty[(inSlot * 101 + slotIndex) % FACULTY]?.id as string,
      });
    }
    for (let i = 0; i < events.length; i += 1000) {
      const chunk = events.slice(i, i + 1000);
      await db.insert(scheduledEvent).values(chunk.map(({ facultyId: _, ...e }) => e));
      await db.insert(scheduledEventFaculty).values(
        chunk.map((e) => ({
          eventId: e.id,
          facultyId: e.facultyId,
          position: 1,
          startsAt: e.startsAt as Date,
          endsAt: e.endsAt as Date,
        })),
      );
    }
    await db.execute(sql`analyze`);
    const [clash] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from scheduled_event_faculty a join scheduled_event_faculty b
          on a.faculty_id = b.faculty_id and a.event_id < b.event_id
          and a.starts_at < b.ends_at and a.ends_at > b.starts_at`,
    );
    if (Number(clash?.n) !== 0) throw new Error("the seed double-booked a faculty member");

    const busyWeek = addDays(days[0] as string, 7);
    const calls: Array<[string, string]> = [
      ["getSchedulerData (term of 5,000 sessions)", `/api/salesforce/SchedulerData?termId=${t.termId}`],
      [
        "getSessionTimeTable (a week of the intake)",
        `/api/salesforce/SessionTimeTable?programName=${encodeURIComponent(t.code)}&intake=${t.month}&year=${t.year}&date=${busyWeek}`,
      ],
      [
        "getSessionData (a week of the term)",
        `/api/salesforce/SessionData?termId=${t.termId}&from=${busyWeek}&to=${addDays(busyWeek, 6)}`,
      ],
    ];
    console.log(
      `${target.name}: ${SESSIONS} sessions, ${FACULTY} faculty, ${ROOMS} rooms, ${days.length} weekdays; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    // Where the time goes: the reads alone (queries and mapping, no HTTP or JSON), one caller.
    for (const [label, read] of [
      ["schedulerData read alone", () => schedulerData(db, t.termId)],
      [
        "weeklyTimeTable read alone",
        () => weeklyTimeTable(db, { programName: t.code, intake: t.month, year: t.year, date: busyWeek }),
      ],
    ] as const) {
      const alone: number[] = [];
      for (let i = 0; i < 22; i++) {
        const started = performance.now();
        await read();
        if (i >= 2) alone.push(performance.now() - started);
      }
      console.log(
        `${target.name}: ${label}: p50 ${p(alone, 0.5).toFixed(1)} ms, p95 ${p(alone, 0.95).toFixed(1)} ms`,
      );
    }
    const [plan] = await rows<{ "QUERY PLAN": unknown }>(
      db,
      sql`explain (analyze, format json) select count(*) from scheduled_event e
          where e.term_id = ${t.termId} and e.starts_at < ${localToInstant(addDays(busyWeek, 7), "00:00")}::timestamptz
          and e.ends_at > ${localToInstant(busyWeek, "00:00")}::timestamptz`,
    );
    type Node = { "Node Type": string; "Index Name"?: string; Plans?: Node[] };
    const top = ((plan?.["QUERY PLAN"] ?? []) as Array<{ Plan: Node; "Execution Time": number }>)[0];
    const scan = top?.Plan.Plans?.[0] ?? top?.Plan;
    console.log(
      `${target.name}: a week's events of the term: ${scan?.["Node Type"]} ${scan?.["Index Name"] ?? ""}, ${top?.["Execution Time"]} ms in the database`,
    );
    for (const [label, url] of calls) {
      // One caller alone: the service time of one call.
      const alone: number[] = [];
      for (let i = 0; i < 22; i++) {
        const started = performance.now();
        const res = await api.raw("GET", url, { headers });
        await res.arrayBuffer();
        if (i >= 2) alone.push(performance.now() - started);
      }
      console.log(
        `${target.name}: ${label}: 1 caller, 20 calls, p50 ${p(alone, 0.5).toFixed(0)} ms, p95 ${p(alone, 0.95).toFixed(0)} ms`,
      );
      const times: number[] = [];
      let size = 0;
      for (let round = 0; round < ROUNDS + 1; round++) {
        const batch = await Promise.all(
          Array.from({ length: CONCURRENT }, async () => {
            const started = performance.now();
            const res = await api.raw("GET", url, { headers });
            const body = await res.arrayBuffer();
            if (res.status !== 200) throw new Error(`${label}: status ${res.status}`);
            size = body.byteLength;
            return performance.now() - started;
          }),
        );
        if (round > 0) times.push(...batch);
      }
      const p95 = p(times, 0.95);
      console.log(
        `${target.name}: ${label}: ${CONCURRENT} concurrent, ${times.length} calls, p50 ${p(times, 0.5).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, ${(size / 1024).toFixed(0)} KB (budget ${BUDGET_MS} ms: ${p95 <= BUDGET_MS ? "within" : "OVER"})`,
      );
    }
  } finally {
    await api.close();
  }
}
