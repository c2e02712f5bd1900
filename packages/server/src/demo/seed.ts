import { randomUUID } from "node:crypto";
import {
  CAMPUS_NAMES,
  DEMO_CAMPUS_TIME_ZONES,
  PROGRAMME_CODES,
  ROLE_ACADEMIC_OFFICE,
  ROLE_ADMIN,
  ROLE_EXAM_OFFICE,
} from "@portal/domain";
import { count, getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type { AppContext } from "../context.ts";
import { type Database, DEMO_SEED_LOCK, type Executor } from "../db/client.ts";
import * as schema from "../db/schema.ts";
import {
  academicProgramme,
  adminUser,
  campus,
  chatMessage,
  contact,
  course,
  courseOffering,
  enrolment,
  exam,
  examCycle,
  examPeriod,
  facility,
  institution,
  intake,
  programmePlan,
  questionPaper,
  questionPaperSet,
  role,
  term,
  userRole,
} from "../db/schema.ts";
import { type FileWriter, withStoredFiles } from "../files/stored-files.ts";
import { COURSE_NAMES, FIRST_NAMES, LAST_NAMES, QUESTIONS } from "./catalogue.ts";
import { loadGradingDemo } from "./grading.ts";
import { renderQuestionPaperPdf } from "./pdf.ts";
import { loadPlanningDemo } from "./planning.ts";
import { loadOwnProfileDemo } from "./profiles.ts";
import { createRandom, type Random } from "./random.ts";
import { loadRevaluationDemo } from "./revaluation.ts";
import { loadSchedulingDemo } from "./scheduling.ts";

/** How much demo data to make: `full` for the portal, `small` for fast tests. */
export type DemoSize = "full" | "small";

type SizeSpec = { courses: number; faculty: number; students: number; sections: number };
const SIZES: Record<DemoSize, SizeSpec> = {
  full: { courses: 40, faculty: 60, students: 1500, sections: 2 },
  small: { courses: 20, faculty: 12, students: 48, sections: 1 },
};

/**
 * Demo sign-in accounts, one per role (README, Demo accounts). The staff member holds only `staff`,
 * which is no portal role, so cannot sign in ('User is not an admin').
 */
export const DEMO_ADMIN = {
  email: "admin@university.example",
  name: "Asha Verma",
  role: ROLE_ADMIN,
} as const;
export const DEMO_STAFF = { email: "staff@university.example", name: "Rahul Mehta", role: "staff" } as const;
/** The exam office's controller of examinations: the exam areas only. */
export const DEMO_EXAM_OFFICE = {
  email: "exams@university.example",
  name: "Ravi Menon",
  role: ROLE_EXAM_OFFICE,
} as const;
/** The exam office's results officer (grading, marks, publishing): the exam areas only. */
export const DEMO_RESULTS_OFFICE = {
  email: "results@university.example",
  name: "Kavita Rao",
  role: ROLE_EXAM_OFFICE,
} as const;
/** The academic office's registrar: the planning areas only. */
export const DEMO_ACADEMIC_OFFICE = {
  email: "academic@university.example",
  name: "Meera Iyer",
  role: ROLE_ACADEMIC_OFFICE,
} as const;

/** Role rows of the demo: the portal's three (as the migrations create them) and a non-portal one. */
const DEMO_ROLES: ReadonlyArray<readonly [string, string]> = [
  [ROLE_ADMIN, "Administrator: may use everything"],
  [ROLE_EXAM_OFFICE, "Exam office: the exam areas"],
  [ROLE_ACADEMIC_OFFICE, "Academic office: the planning areas"],
  ["staff", "Staff member without portal access"],
];

/** The exam cycle whose papers show every status of spec §4. */
export const DEMO_EXAM_CYCLE = "Nov 2026 End Term";
export const DEMO_PAST_EXAM_CYCLE = "Jun 2026 End Term";

const PROGRAMME_NAMES: Record<string, string> = {
  MBA: "Master of Business Administration",
  EMBA: "Executive Master of Business Administration",
  GMBA: "Global Master of Business Administration",
  PGPFMB: "Post Graduate Programme in Family Managed Business",
};
const COURSES_PER_TERM = 5;
const TERMS_PER_INTAKE = 4;
const INTAKE_YEARS = [2025, 2026] as const;
const SECTION_NAMES = ["A", "B", "C", "D"] as const;
const CHUNK = 1000;

/** Inserts `rows` in chunks (keeps each statement under PostgreSQL's parameter limit). */
async function insertMany<T extends PgTable>(
  db: Executor,
  table: T,
  rows: T["$inferInsert"][],
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db.insert(table).values(rows.slice(i, i + CHUNK));
  }
}

/** True when the database holds no institution and no user (a fresh install). */
export async function isDatabaseEmpty(db: Executor): Promise<boolean> {
  const [i] = await db.select({ n: count() }).from(institution);
  const [u] = await db.select({ n: count() }).from(adminUser);
  return (i?.n ?? 0) === 0 && (u?.n ?? 0) === 0;
}

/** Deletes every row of every table (demo reload). */
export async function wipeDatabase(db: Executor): Promise<void> {
  const tables: string[] = [];
  for (const value of Object.values(schema) as unknown[]) {
    // The change counters stay: they must keep rising so caches in other processes see the wipe.
    if (is(value, PgTable) && value !== schema.readModelVersion) tables.push(`"${getTableName(value)}"`);
  }
  await db.execute(sql.raw(`TRUNCATE ${tables.join(", ")} CASCADE`));
}

function isoDate(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Term n (1-4) of an intake starting in July of `year`: four terms of about four months. */
function termDates(year: number, n: number): { startDate: string; endDate: string } {
  const startMonth = 7 + (n - 1) * 4; // Jul, Nov, Mar, Jul
  const y = year + Math.floor((startMonth - 1) / 12);
  const m = ((startMonth - 1) % 12) + 1;
  const endMonth = m + 3;
  const ey = y + Math.floor((endMonth - 1) / 12);
  const em = ((endMonth - 1) % 12) + 1;
  return { startDate: isoDate(y, m, 1), endDate: isoDate(ey, em, 28) };
}

function personName(random: Random) {
  return { firstName: random.pick(FIRST_NAMES), lastName: random.pick(LAST_NAMES) };
}

function emailPart(s: string) {
  return s.toLowerCase().replace(/[^a-z]+/g, "");
}

/** Types of faculty of the demo (shown as an evaluator's role). */
export const DEMO_FACULTY_TYPES = ["Core", "Visiting", "Adjunct"] as const;

/** Seats of the demo exam rooms on each campus. */
export const DEMO_ROOM_CAPACITIES = [120, 90, 60, 60, 40, 30] as const;

/** One of the patterns of paper status and set states of spec §4 used by the demo. */
type PaperPattern = {
  status: (typeof schema.QUESTION_PAPER_STATUS_VALUES)[number];
  sets: [(typeof schema.SET_STATUS_VALUES)[number] | null, (typeof schema.SET_STATUS_VALUES)[number] | null];
};
/** Cycled over the current cycle's papers; `null` = the set has no document (missing). */
export const DEMO_PAPER_PATTERNS: readonly PaperPattern[] = [
  { status: "Not Submitted", sets: [null, null] },
  { status: "Submitted", sets: ["Submitted", "Submitted"] },
  { status: "Submitted", sets: ["Submitted", null] },
  { status: "Under Review", sets: ["Approved", "Submitted"] },
  { status: "Request Sent", sets: ["Submitted", null] },
  { status: "Approved", sets: ["Approved", "Approved"] },
  { status: "Under Review", sets: ["Approved", "Approved"] },
  { status: "Request Sent", sets: ["Submitted", "Submitted"] },
];

/**
 * Loads the demo data (deterministic): one institution; programmes MBA, EMBA, GMBA, PGPFMB; campuses
 * Mumbai, Singapore, Dubai; a 2025 and a 2026 intake per programme with terms 1-4; courses, faculty,
 * students and their enrolments in course offerings (sections); exam cycles "Jun 2026 End Term" (all
 * papers Approved) and "Nov 2026 End Term" (papers in every status of spec §4, some with a set
 * missing) with real PDFs; chat threads; users admin@university.example (admin) and
 * staff@university.example (staff, not an admin). Runs in one transaction under an advisory lock;
 * with `onlyIfEmpty` it loads nothing (and returns false) when the database already holds data.
 */
export async function loadDemoData(
  ctx: Pick<AppContext, "db" | "files" | "now" | "log">,
  options: { size: DemoSize; onlyIfEmpty?: boolean },
): Promise<boolean> {
  const spec = SIZES[options.size];
  const random = createRandom(20_261_121);
  const pdfKeys = new Map<string, string>();

  // The demo PDFs are written with the records that name them (files/stored-files.ts).
  const loaded = await withStoredFiles(ctx, async (tx, files) => {
    // One loader at a time across processes; with onlyIfEmpty, a process that waited finds data and stops.
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK})`);
    if (options.onlyIfEmpty && !(await isDatabaseEmpty(tx))) return false;
    const institutionId = randomUUID();
    await tx.insert(institution).values({ id: institutionId, name: "University Business School" });

    const campusIds = CAMPUS_NAMES.map(() => randomUUID());
    await tx.insert(campus).values(
      CAMPUS_NAMES.map((name, i) => ({
        id: campusIds[i],
        institutionId,
        name,
        timeZone: DEMO_CAMPUS_TIME_ZONES[name],
      })),
    );

    // Exam rooms on each campus (codes like "MUM-R101").
    await tx.insert(facility).values(
      CAMPUS_NAMES.flatMap((name, ci) =>
        DEMO_ROOM_CAPACITIES.map((capacity, ri) => ({
          campusId: campusIds[ci] ?? null,
          code: `${name.slice(0, 3).toUpperCase()}-R${101 + ri}`,
          name: `${name} Room ${101 + ri}`,
          capacity,
        })),
      ),
    );

    const programmes = PROGRAMME_CODES.map((code) => ({
      id: randomUUID(),
      planId: randomUUID(),
      code,
    }));
    await tx.insert(academicProgramme).values(
      programmes.map((p, i) => ({
        id: p.id,
        institutionId,
        code: p.code,
        name: PROGRAMME_NAMES[p.code] ?? p.code,
        // Current Programmes' Type filter (spec §9 Type 1, Type 2): MBA and GMBA Type 1, EMBA and PGPFMB Type 2.
        programmeType: i % 2 === 0 ? ("Type 1" as const) : ("Type 2" as const),
      })),
    );
    await tx
      .insert(programmePlan)
      .values(
        programmes.map((p) => ({ id: p.planId, programmeId: p.id, name: `${p.code} Curriculum 2025` })),
      );

    const courses = COURSE_NAMES.slice(0, spec.courses).map((name, i) => ({
      id: randomUUID(),
      code: `BUS${String(101 + i)}`,
      name,
      credits: i % 4 === 0 ? 4 : 3,
    }));
    await tx.insert(course).values(courses);

    const faculty = Array.from({ length: spec.faculty }, (_, i) => {
      const n = personName(random);
      return {
        id: randomUUID(),
        kind: "faculty" as const,
        ...n,
        email: `${emailPart(n.firstName)}.${emailPart(n.lastName)}.${i + 1}@faculty.university.example`,
      };
    });
    await tx
      .insert(contact)
      .values(
        faculty.map((f, i) => ({ ...f, facultyType: DEMO_FACULTY_TYPES[i % DEMO_FACULTY_TYPES.length] })),
      );

    // Intakes and terms.
    type IntakeRow = { id: string; programmeIndex: number; year: number; name: string; terms: string[] };
    const intakes: IntakeRow[] = [];
    const termRows: (typeof term.$inferInsert)[] = [];
    programmes.forEach((p, pi) => {
      INTAKE_YEARS.forEach((year, yi) => {
        const campusName = CAMPUS_NAMES[(pi + yi) % CAMPUS_NAMES.length] ?? "Mumbai";
        const row: IntakeRow = {
          id: randomUUID(),
          programmeIndex: pi,
          year,
          name: `${p.code} ${year} ${campusName}`,
          terms: [],
        };
        for (let n = 1; n <= TERMS_PER_INTAKE; n++) {
          const id = randomUUID();
          row.terms.push(id);
          termRows.push({ id, intakeId: row.id, name: `Term ${n}`, number: n, ...termDates(year, n) });
        }
        intakes.push(row);
      });
    });
    await tx.insert(intake).values(
      intakes.map((r) => ({
        id: r.id,
        programmeId: programmes[r.programmeIndex]?.id ?? "",
        programmePlanId: programmes[r.programmeIndex]?.planId ?? null,
        campusId:
          campusIds[(r.programmeIndex + INTAKE_YEARS.indexOf(r.year as 2025)) % campusIds.length] ?? "",
        name: r.name,
        year: r.year,
        month: "JUL",
      })),
    );
    await tx.insert(term).values(termRows);

    // Course offerings: five courses per term, `sections` sections each.
    type OfferingRow = typeof courseOffering.$inferInsert & {
      id: string;
      intakeIndex: number;
      termNumber: number;
    };
    const offerings: OfferingRow[] = [];
    intakes.forEach((r, ii) => {
      r.terms.forEach((termId, ti) => {
        for (let k = 0; k < COURSES_PER_TERM; k++) {
          const c = courses[(r.programmeIndex * 7 + ti * COURSES_PER_TERM + k) % courses.length];
          if (!c) continue;
          for (let s = 0; s < spec.sections; s++) {
            offerings.push({
              id: randomUUID(),
              courseId: c.id,
              termId,
              section: SECTION_NAMES[s] ?? `S${s + 1}`,
              facultyId: random.pick(faculty).id,
              capacity: 120,
              intakeIndex: ii,
              termNumber: ti + 1,
            });
          }
        }
      });
    });
    await insertMany(
      tx,
      courseOffering,
      offerings.map(({ intakeIndex: _i, termNumber: _t, ...o }) => o),
    );

    // Students, spread over the intakes, each enrolled in every offering of their section.
    const students = Array.from({ length: spec.students }, (_, i) => {
      const n = personName(random);
      const intakeIndex = i % intakes.length;
      return {
        id: randomUUID(),
        kind: "student" as const,
        ...n,
        email: `${emailPart(n.firstName)}.${emailPart(n.lastName)}.${i + 1}@students.university.example`,
        /** Student number, e.g. "UBS-S00001". */
        code: `UBS-S${String(i + 1).padStart(5, "0")}`,
        intakeId: intakes[intakeIndex]?.id ?? null,
        intakeIndex,
        section: SECTION_NAMES[Math.floor(i / intakes.length) % spec.sections] ?? "A",
      };
    });
    await insertMany(
      tx,
      contact,
      students.map(({ intakeIndex: _i, section: _s, ...s }) => s),
    );
    const enrolments: (typeof enrolment.$inferInsert)[] = [];
    // A stream of its own, so the rest of the demo data stays as it was before attendance existed.
    const progress = createRandom(20_261_122);
    for (const s of students) {
      for (const o of offerings) {
        if (o.intakeIndex === s.intakeIndex && o.section === s.section) {
          // Attendance 55-100 % (a few below the eligibility thresholds); most documents handed in.
          enrolments.push({
            studentId: s.id,
            courseOfferingId: o.id,
            attendancePercent: progress.int(55, 100),
            documentsSubmitted: progress.next() < 0.9,
          });
        }
      }
    }
    await insertMany(tx, enrolment, enrolments);

    // Exam cycles, exams and question papers.
    const past = { id: randomUUID(), name: DEMO_PAST_EXAM_CYCLE };
    const current = { id: randomUUID(), name: DEMO_EXAM_CYCLE };
    await tx.insert(examCycle).values([
      { id: past.id, name: past.name, examType: "EndTerm", startDate: "2026-06-15", endDate: "2026-06-27" },
      {
        id: current.id,
        name: current.name,
        examType: "EndTerm",
        startDate: "2026-11-16",
        endDate: "2026-11-28",
      },
    ]);
    const inPast = offerings.filter((o) => intakes[o.intakeIndex]?.year === 2025 && o.termNumber === 3);
    const inCurrent = offerings.filter(
      (o) =>
        (intakes[o.intakeIndex]?.year === 2025 && o.termNumber === 4) ||
        (intakes[o.intakeIndex]?.year === 2026 && o.termNumber === 1),
    );

    const exams: (typeof exam.$inferInsert)[] = [];
    const papers: (typeof questionPaper.$inferInsert)[] = [];
    const sets: (typeof questionPaperSet.$inferInsert)[] = [];
    const chats: (typeof chatMessage.$inferInsert)[] = [];
    const courseById = new Map<string, (typeof courses)[number]>(courses.map((c) => [c.id, c]));
    const facultyById = new Map<string, (typeof faculty)[number]>(faculty.map((f) => [f.id, f]));

    const addPaper = async (
      o: OfferingRow,
      cycle: { id: string; name: string },
      pattern: PaperPattern,
      n: number,
    ) => {
      const examId = randomUUID();
      const paperId = randomUUID();
      const day = 16 + (n % 10);
      exams.push({
        id: examId,
        examCycleId: cycle.id,
        courseOfferingId: o.id,
        component: "End Term Exam",
        examType: "EndTerm",
        examDate: cycle.id === current.id ? isoDate(2026, 11, day) : isoDate(2026, 6, day - 1),
        startTime: n % 2 === 0 ? "10:00" : "14:30",
        durationMinutes: 180,
      });
      papers.push({
        id: paperId,
        courseOfferingId: o.id,
        examCycleId: cycle.id,
        examId,
        facultyId: o.facultyId,
        status: pattern.status,
      });
      const c = courseById.get(o.courseId);
      for (const setNumber of [1, 2] as const) {
        const state = pattern.sets[setNumber - 1] ?? null;
        const documentKey = state && c ? await demoPdf(files, pdfKeys, c, setNumber) : null;
        sets.push({
          questionPaperId: paperId,
          setNumber,
          status: state ?? "Not Submitted",
          documentKey,
          submittedAt: state ? new Date("2026-10-20T09:00:00Z") : null,
        });
      }
      const f = o.facultyId ? facultyById.get(o.facultyId) : undefined;
      if (pattern.status !== "Not Submitted" && f && c) {
        const base = Date.parse("2026-10-21T05:30:00Z") + n * 3_600_000;
        chats.push(
          {
            questionPaperId: paperId,
            authorRole: "faculty",
            authorContactId: f.id,
            authorName: `${f.firstName} ${f.lastName}`,
            body: `I have uploaded the question paper for ${c.name}. Please review.`,
            createdAt: new Date(base),
          },
          {
            questionPaperId: paperId,
            authorRole: "admin",
            authorName: DEMO_ADMIN.name,
            body: "Thank you. We will review both sets this week.",
            createdAt: new Date(base + 45 * 60_000),
          },
        );
      }
    };
    let n = 0;
    for (const o of inPast)
      await addPaper(o, past, { status: "Approved", sets: ["Approved", "Approved"] }, n++);
    for (const [i, o] of inCurrent.entries()) {
      await addPaper(o, current, DEMO_PAPER_PATTERNS[i % DEMO_PAPER_PATTERNS.length] as PaperPattern, n++);
    }
    // Each (cycle, date, start time) is an exam period; the exams held then share its rooms.
    const periods = new Map<string, typeof examPeriod.$inferInsert & { id: string }>();
    for (const e of exams) {
      const key = `${e.examCycleId}|${e.examDate}|${e.startTime}`;
      let period = periods.get(key);
      if (!period) {
        period = {
          id: randomUUID(),
          examCycleId: e.examCycleId,
          date: e.examDate,
          startTime: e.startTime,
          durationMinutes: e.durationMinutes,
        };
        periods.set(key, period);
      }
      e.examPeriodId = period.id;
    }
    await insertMany(tx, examPeriod, [...periods.values()]);
    await insertMany(tx, exam, exams);
    await insertMany(tx, questionPaper, papers);
    await insertMany(tx, questionPaperSet, sets);
    await insertMany(tx, chatMessage, chats);

    // Users and roles. The portal's role rows come with the migrations; a reload wipes them, so
    // they are put back here (by name, keeping existing rows).
    const roleRows = await tx
      .insert(role)
      .values(DEMO_ROLES.map(([name, description]) => ({ name, description })))
      .onConflictDoUpdate({ target: role.name, set: { description: sql`excluded.description` } })
      .returning({ id: role.id, name: role.name });
    const roleId = (name: string) => roleRows.find((r) => r.name === name)!.id;
    const users = [
      { ...DEMO_ADMIN, id: randomUUID() },
      { ...DEMO_STAFF, id: randomUUID() },
      { ...DEMO_EXAM_OFFICE, id: randomUUID() },
      { ...DEMO_RESULTS_OFFICE, id: randomUUID() },
      { ...DEMO_ACADEMIC_OFFICE, id: randomUUID() },
    ];
    await tx.insert(adminUser).values(users.map(({ id, name, email }) => ({ id, name, email })));
    await tx.insert(userRole).values(users.map((u) => ({ userId: u.id, roleId: roleId(u.role) })));
    await loadPlanningDemo(tx);
    await loadSchedulingDemo(tx);
    const gradingAt = new Date(Date.UTC(2026, 10, 1));
    const graded = await loadGradingDemo(tx, gradingAt);
    // The revaluation requests are on the first two graded offerings; the third stays a plain Draft.
    await loadRevaluationDemo(files, tx, graded.slice(0, 2), DEMO_PAST_EXAM_CYCLE, gradingAt);
    // The academic office's registrar has a 360 profile of her own (/app/my360).
    await loadOwnProfileDemo(tx, DEMO_ACADEMIC_OFFICE.email);
    return true;
  });
  if (loaded) {
    // As after an import: without statistics of the freshly loaded rows the planner takes every
    // cycle's exams for one row and probes enrolments one course offering at a time (the embedded
    // database has no autovacuum to gather them later); docs/performance.md "Cold reads".
    await ctx.db.execute(
      sql`analyze enrolment, contact, exam, course_offering, exam_period, exam_eligibility, seat_assignment, invigilation`,
    );
  }
  return loaded;
}

/** Key of the demo PDF of a course's set, rendering and storing it once per load. */
async function demoPdf(
  files: FileWriter,
  cache: Map<string, string>,
  c: { code: string; name: string },
  setNumber: 1 | 2,
): Promise<string> {
  const key = `question-papers/demo/${c.code}-set-${setNumber}.pdf`;
  if (cache.has(key)) return key;
  {
    const offset = (c.code.charCodeAt(c.code.length - 1) + setNumber * 3) % QUESTIONS.length;
    const questions = Array.from({ length: 5 }, (_, i) => QUESTIONS[(offset + i) % QUESTIONS.length] ?? "");
    const bytes = await renderQuestionPaperPdf({
      title: "End Term Examination",
      courseCode: c.code,
      courseName: c.name,
      setNumber,
      questions,
    });
    await files.put(key, bytes, "application/pdf");
  }
  cache.set(key, key);
  return key;
}

/**
 * Adds `total` question papers for benchmarks: new exam cycles "Benchmark cycle k", one paper per
 * course offering per cycle, both sets Submitted with a shared PDF. Batch inserts; returns the count.
 */
export async function createBenchmarkPapers(
  ctx: Pick<AppContext, "db" | "files" | "now" | "log">,
  total: number,
): Promise<number> {
  if (!Number.isInteger(total) || total < 1)
    throw new Error("the number of papers must be a positive integer");
  const db: Database = ctx.db;
  const offerings = await db
    .select({ id: courseOffering.id, facultyId: courseOffering.facultyId, courseId: courseOffering.courseId })
    .from(courseOffering);
  if (offerings.length === 0) throw new Error("no course offerings: load the demo data first");
  const [first] = await db.select({ code: course.code, name: course.name }).from(course).limit(1);
  const key = first ? await withStoredFiles(ctx, (_tx, files) => demoPdf(files, new Map(), first, 1)) : null;
  const [existing] = await db
    .select({ n: count() })
    .from(examCycle)
    .where(sql`${examCycle.name} like 'Benchmark cycle %'`);
  let cycleNo = (existing?.n ?? 0) + 1;
  let made = 0;
  const statuses = schema.QUESTION_PAPER_STATUS_VALUES;
  while (made < total) {
    const cycleId = randomUUID();
    await db.insert(examCycle).values({
      id: cycleId,
      name: `Benchmark cycle ${cycleNo++}`,
      examType: "EndTerm",
      startDate: "2027-01-04",
      endDate: "2027-01-16",
    });
    const batch = offerings.slice(0, Math.min(offerings.length, total - made));
    const papers = batch.map((o, i) => ({
      id: randomUUID(),
      courseOfferingId: o.id,
      examCycleId: cycleId,
      facultyId: o.facultyId,
      status: statuses[(made + i) % statuses.length] ?? "Submitted",
    }));
    const sets = papers.flatMap((p) =>
      ([1, 2] as const).map((setNumber) => ({
        questionPaperId: p.id,
        setNumber,
        status: "Submitted" as const,
        documentKey: key,
      })),
    );
    await db.transaction(async (tx) => {
      await insertMany(tx, questionPaper, papers);
      await insertMany(tx, questionPaperSet, sets);
    });
    made += papers.length;
  }
  return made;
}
