import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { and, asc, count, eq, getTableName, is, isNotNull, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Executor } from "../db/client.ts";
import * as schema from "../db/schema.ts";
import {
  auditLog,
  campus,
  contact,
  course,
  courseOffering,
  enrolment,
  exam,
  examCycle,
  examPeriod,
  facility,
  importSource,
  institution,
  intake,
  term,
} from "../db/schema.ts";
import { ApiError } from "../http/errors.ts";
import { createTestApi, type Target, type TestApi, testTargets } from "../test/harness.ts";
import { importExamData } from "./importer.ts";
import { type Itc2007Dataset, parseItc2007 } from "./itc2007.ts";

/**
 * The real exam-enrolment data kept in the repository (data/exam-timetabling), or the
 * folder EXAM_DATA_DIR names. The expected counts are those of that folder's README.
 */
const dataDir =
  process.env.EXAM_DATA_DIR ?? fileURLToPath(new URL("../../../../data/exam-timetabling", import.meta.url));
const read = (...parts: string[]) => readFileSync(join(dataDir, ...parts), "utf8");

type Json = Record<string, unknown>;
type Counts = {
  courses: number;
  students: number;
  enrolments: number;
  rooms: number;
  periods: number;
  exams: number;
  unplacedExams: number;
};
type Summary = {
  id: string;
  code: string;
  name: string;
  format: string;
  checksum: string;
  counts: Counts;
  examCycleId: string;
  examCycleName: string;
  importedAt: string;
};
type DataSet = {
  name: string;
  code: string;
  institution: string;
  counts: Counts;
  body: () => Json;
  /** The first course's id in the file and the first student's. */
  firstCourse: string;
  firstStudent: string;
};

const toronto = (
  name: string,
  code: string,
  institutionName: string,
  [exams, students, enrolments, periods]: number[],
): DataSet => ({
  name,
  code,
  institution: institutionName,
  counts: {
    courses: exams as number,
    students: students as number,
    enrolments: enrolments as number,
    rooms: 0,
    periods: periods as number,
    exams: exams as number,
    unplacedExams: 0,
  },
  body: () => ({
    format: "toronto",
    name,
    files: { crs: read("toronto", `${name}.crs`), stu: read("toronto", `${name}.stu`) },
  }),
  firstCourse: read("toronto", `${name}.crs`).split(/\s+/)[0] as string,
  firstStudent: "1",
});
const itc = (
  name: string,
  code: string,
  [exams, students, enrolments, periods, rooms]: number[],
): DataSet => ({
  name,
  code,
  institution: `ITC2007 ${name}`,
  counts: {
    courses: exams as number,
    students: students as number,
    enrolments: enrolments as number,
    rooms: rooms as number,
    periods: periods as number,
    exams: exams as number,
    unplacedExams: 0,
  },
  body: () => ({ format: "itc2007", name, files: { exam: read("itc2007", `${name}.exam`) } }),
  firstCourse: "0",
  firstStudent: "",
});

/** The README's table: exams, students, enrolments, periods (and rooms for ITC2007). */
const DATA_SETS: DataSet[] = [
  toronto("car-f-92", "CAR92", "Carleton University", [543, 18_419, 55_522, 32]),
  toronto("ear-f-83", "EAR83", "Earl Haig Collegiate", [190, 1_125, 8_109, 24]),
  toronto("hec-s-92", "HEC92", "Ecole des Hautes Etudes Commerciales", [81, 2_823, 10_632, 18]),
  toronto("kfu-s-93", "KFU93", "King Fahd University", [461, 5_349, 25_113, 20]),
  toronto("sta-f-83", "STA83", "St. Andrews High School", [139, 611, 5_751, 13]),
  toronto("yor-f-83", "YOR83", "York Mills Collegiate", [181, 941, 6_034, 21]),
  itc("exam_comp_set1", "ITC1", [607, 7_883, 32_380, 54, 7]),
  itc("exam_comp_set4", "ITC4", [273, 4_421, 21_740, 21, 1]),
  itc("exam_comp_set6", "ITC6", [242, 7_909, 18_466, 16, 8]),
];

const ADMIN = "admin@university.example";
/** The actor of command-line imports. */
const CLI = { id: null, email: "cli" };

/** Rows in every table of the schema, by table name. */
async function tableCounts(api: TestApi): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of Object.values(schema) as unknown[]) {
    if (!is(table, PgTable)) continue;
    const [row] = await api.ctx.db.select({ n: count() }).from(table);
    counts[getTableName(table)] = row?.n ?? 0;
  }
  return counts;
}

/**
 * The hard constraints of an ITC2007 file that an import's exams break in the database, one text
 * each ("4 AFTER 1"): EXCLUSION pairs in one period, EXAM_COINCIDENCE pairs in different periods,
 * AFTER pairs not in a strictly later period (date and start time), and exams whose room_exclusive
 * flag differs from the file's ROOM_EXCLUSIVE list.
 */
async function brokenConstraints(
  db: Executor,
  importSourceId: string,
  file: Itc2007Dataset,
): Promise<string[]> {
  const rows = await db
    .select({
      originalId: exam.originalId,
      periodId: exam.examPeriodId,
      at: sql<string>`${examPeriod.date}::text || ' ' || ${examPeriod.startTime}`,
      roomExclusive: exam.roomExclusive,
    })
    .from(exam)
    .innerJoin(examPeriod, eq(examPeriod.id, exam.examPeriodId))
    .where(eq(exam.importSourceId, importSourceId));
  const byIndex = new Map(rows.map((r) => [Number(r.originalId), r]));
  const broken: string[] = [];
  for (const c of file.periodConstraints) {
    const a = byIndex.get(c.first);
    const b = byIndex.get(c.second);
    const holds =
      a !== undefined &&
      b !== undefined &&
      (c.kind === "EXCLUSION"
        ? a.periodId !== b.periodId
        : c.kind === "EXAM_COINCIDENCE"
          ? a.periodId === b.periodId
          : a.at > b.at);
    if (!holds) broken.push(`${c.first} ${c.kind} ${c.second}`);
  }
  const exclusive = new Set(file.roomConstraints.map((c) => c.exam));
  for (const [index, row] of byIndex) {
    if (row.roomExclusive !== exclusive.has(index)) broken.push(`${index} ROOM_EXCLUSIVE`);
  }
  return broken;
}

/** A fresh API with the small demo data, and a signed-in administrator's headers. */
async function signedInApi(target: Target): Promise<{ api: TestApi; auth: Record<string, string> }> {
  const api = await createTestApi(target);
  const sent = await api.call("POST", "/api/salesforce/AdminOtp/send", { body: { email: ADMIN } });
  expect(sent.status).toBe(200);
  const outbox = await api.call("GET", `/api/dev/outbox?to=${encodeURIComponent(ADMIN)}`);
  const otp = (outbox.body as { mails: Array<{ text: string }> }).mails[0]?.text.match(
    /one-time password is (\d{4})/,
  )?.[1];
  const verified = await api.call("POST", "/api/salesforce/AdminOtp/verify", {
    body: { id: (sent.body as { id: string }).id, otp },
  });
  expect(verified.status).toBe(200);
  return { api, auth: { authorization: `Bearer ${(verified.body as { accessToken: string }).accessToken}` } };
}

describe.each(testTargets())("exam data import on $name", (target) => {
  describe("of the real data sets", () => {
    let api: TestApi;
    let auth: Record<string, string>;
    beforeAll(async () => {
      ({ api, auth } = await signedInApi(target));
    });
    afterAll(async () => {
      await api?.close();
    });

    // car-f-92 (55,522 enrolments) takes about 7 s on the embedded database, 3 s on PostgreSQL.
    const imported: string[] = [];

    it.each(DATA_SETS)(
      "imports $name with the README's counts, readable codes and a timetable without clashes",
      async (set) => {
        api.advance(60_000);
        const before = await tableCounts(api);
        const res = await api.call("POST", "/api/sf/exam/import", { body: set.body(), headers: auth });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const { created, importSource: summary } = res.body as { created: boolean; importSource: Summary };
        expect(created).toBe(true);
        expect(summary).toMatchObject({
          code: set.code,
          name: set.name,
          counts: set.counts,
          examCycleName: `${set.code} exam session`,
          importedAt: new Date(api.ctx.now()).toISOString(),
        });
        expect(summary.checksum).toMatch(/^[0-9a-f]{64}$/);
        imported.push(set.code);

        // Every table grew by exactly what the import made, and nothing else changed.
        const c = set.counts;
        const grown: Record<string, number> = {
          import_source: 1,
          institution: 1,
          campus: 1,
          academic_programme: 1,
          intake: 1,
          term: 1,
          exam_cycle: 1,
          course: c.courses,
          course_offering: c.courses,
          contact: c.students,
          enrolment: c.enrolments,
          facility: c.rooms,
          exam_period: c.periods,
          exam: c.exams,
          audit_log: 1,
        };
        const after = await tableCounts(api);
        for (const [table, n] of Object.entries(after)) {
          expect(n - (before[table] ?? 0), table).toBe(grown[table] ?? 0);
        }

        // The records belong to the import and its exam cycle.
        const db = api.ctx.db;
        const id = summary.id;
        const [cycle] = await db.select().from(examCycle).where(eq(examCycle.id, summary.examCycleId));
        expect(cycle).toMatchObject({
          name: `${set.code} exam session`,
          examType: "EndTerm",
          importSourceId: id,
        });
        const n = async (query: Promise<Array<{ n: number }>>) => (await query)[0]?.n ?? -1;
        expect(await n(db.select({ n: count() }).from(course).where(eq(course.importSourceId, id)))).toBe(
          c.courses,
        );
        expect(
          await n(
            db
              .select({ n: count() })
              .from(contact)
              .where(and(eq(contact.importSourceId, id), eq(contact.kind, "student"))),
          ),
        ).toBe(c.students);
        expect(
          await n(
            db
              .select({ n: count() })
              .from(enrolment)
              .innerJoin(courseOffering, eq(courseOffering.id, enrolment.courseOfferingId))
              .innerJoin(course, eq(course.id, courseOffering.courseId))
              .where(eq(course.importSourceId, id)),
          ),
        ).toBe(c.enrolments);
        expect(await n(db.select({ n: count() }).from(facility).where(eq(facility.importSourceId, id)))).toBe(
          c.rooms,
        );
        expect(
          await n(
            db.select({ n: count() }).from(examPeriod).where(eq(examPeriod.examCycleId, summary.examCycleId)),
          ),
        ).toBe(c.periods);
        expect(
          await n(
            db
              .select({ n: count() })
              .from(exam)
              .innerJoin(examPeriod, eq(examPeriod.id, exam.examPeriodId))
              .where(
                and(
                  eq(exam.examCycleId, summary.examCycleId),
                  eq(exam.importSourceId, id),
                  eq(examPeriod.examCycleId, summary.examCycleId),
                  eq(exam.examDate, examPeriod.date),
                  eq(exam.startTime, examPeriod.startTime),
                  sql`${exam.durationMinutes} <= ${examPeriod.durationMinutes}`,
                ),
              ),
          ),
        ).toBe(c.exams);

        // No student sits two exams in one period.
        const clashes = await db
          .select({ student: enrolment.studentId, period: exam.examPeriodId, n: count() })
          .from(enrolment)
          .innerJoin(exam, eq(exam.courseOfferingId, enrolment.courseOfferingId))
          .where(eq(exam.importSourceId, id))
          .groupBy(enrolment.studentId, exam.examPeriodId)
          .having(sql`count(*) > 1`);
        expect(clashes).toEqual([]);

        // ITC2007: every hard constraint of the file holds in the database.
        if (set.counts.rooms > 0) {
          const text = (set.body().files as { exam: string }).exam;
          const file = parseItc2007(`${set.name}.exam`, text);
          expect(file.periodConstraints.length).toBeGreaterThan(0);
          expect(await brokenConstraints(db, id, file)).toEqual([]);
        }

        // Readable codes, names and provenance.
        const [first] = await db
          .select({ code: course.code, name: course.name, originalId: course.originalId })
          .from(course)
          .where(eq(course.importSourceId, id))
          .orderBy(asc(course.code))
          .limit(1);
        expect(first).toEqual({
          code: `${set.code}-0001`,
          name: `${set.code} course ${set.firstCourse}`,
          originalId: set.firstCourse,
        });
        const [student] = await db
          .select()
          .from(contact)
          .where(eq(contact.code, `${set.code}-S00001`));
        expect(student).toMatchObject({
          kind: "student",
          firstName: "Student",
          lastName: `${set.code}-S00001`,
          email: `${set.code.toLowerCase()}-s00001@students.university.example`,
          importSourceId: id,
        });
        if (set.firstStudent) expect(student?.originalId).toBe(set.firstStudent);
        const [institutionRow] = await db
          .select({ name: institution.name })
          .from(institution)
          .innerJoin(intake, eq(intake.name, `${set.code} intake`))
          .innerJoin(term, eq(term.intakeId, intake.id))
          .where(eq(term.name, `${set.code} term`));
        expect(institutionRow).toBeDefined();
        expect((await db.select({ name: institution.name }).from(institution)).map((r) => r.name)).toContain(
          set.institution,
        );

        if (set.counts.rooms > 0) {
          const rooms = await db
            .select({ code: facility.code, name: facility.name, originalId: facility.originalId })
            .from(facility)
            .where(eq(facility.importSourceId, id))
            .orderBy(asc(facility.code));
          expect(rooms[0]).toEqual({ code: `${set.code}-R01`, name: `${set.code} Room 1`, originalId: "0" });
        } else {
          // Toronto: three periods a weekday at 09:00, 13:00 and 17:00 from the first Monday after today.
          const periods = await db
            .select({
              date: examPeriod.date,
              startTime: examPeriod.startTime,
              minutes: examPeriod.durationMinutes,
            })
            .from(examPeriod)
            .where(eq(examPeriod.examCycleId, summary.examCycleId))
            .orderBy(asc(examPeriod.date), asc(examPeriod.startTime));
          const monday = firstMondayAfterNow(api);
          expect(periods.slice(0, 4)).toEqual([
            { date: monday, startTime: "09:00", minutes: 180 },
            { date: monday, startTime: "13:00", minutes: 180 },
            { date: monday, startTime: "17:00", minutes: 180 },
            { date: addDays(monday, 1), startTime: "09:00", minutes: 180 },
          ]);
          for (const p of periods) expect([1, 2, 3, 4, 5]).toContain(weekday(p.date));
        }

        // ITC2007: the exams of a period fit its seat total.
        if (set.counts.rooms > 0) {
          const seats = (
            await db.select({ c: facility.capacity }).from(facility).where(eq(facility.importSourceId, id))
          )
            .map((r) => r.c)
            .reduce((a, b) => a + b, 0);
          const perPeriod = await db
            .select({ period: exam.examPeriodId, seats: sql<number>`sum(${courseOffering.capacity})::int` })
            .from(exam)
            .innerJoin(courseOffering, eq(courseOffering.id, exam.courseOfferingId))
            .where(eq(exam.importSourceId, id))
            .groupBy(exam.examPeriodId);
          for (const p of perPeriod) expect(Number(p.seats)).toBeLessThanOrEqual(seats);
        }

        // One audit row.
        const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, id));
        expect(audit).toHaveLength(1);
        expect(audit[0]).toMatchObject({ action: "import", entity: "import_source", actorEmail: ADMIN });

        // Importing the same files again changes nothing and answers the first import.
        const again = await api.call("POST", "/api/sf/exam/import", { body: set.body(), headers: auth });
        expect(again.status).toBe(200);
        expect(again.body).toEqual({ success: true, created: false, importSource: summary });
        expect(await tableCounts(api)).toEqual(after);
      },
      120_000,
    );

    it("lists the imports newest first", async () => {
      const res = await api.call("GET", "/api/sf/exam/imports", { headers: auth });
      expect(res.status).toBe(200);
      const imports = (res.body as { imports: Summary[] }).imports;
      expect(imports.map((i) => i.code)).toEqual([...imported].reverse());
      expect(imports.every((i) => i.examCycleName === `${i.code} exam session`)).toBe(true);
    });
  });

  describe("refusals and choices", () => {
    let api: TestApi;
    let auth: Record<string, string>;
    beforeAll(async () => {
      ({ api, auth } = await signedInApi(target));
    });
    afterAll(async () => {
      await api?.close();
    });

    /** Three courses, three students: courses 0001 and 0002 share a student. */
    const tiny = (name: string, extra: Json = {}, stu = "0001\n0001 0002\n0003\n") => ({
      format: "toronto",
      name,
      files: { crs: "0001 2\n0002 1\n0003 1\n", stu },
      ...extra,
    });
    const post = (body: unknown, headers = auth) =>
      api.call("POST", "/api/sf/exam/import", { body, headers });

    /** Posts `body` and expects `status` with `field` (and `errorCode`) and no row changed anywhere. */
    async function refused(body: unknown, status: number, expected: Json): Promise<Json> {
      const before = await tableCounts(api);
      const res = await post(body);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body).toMatchObject({ success: false, ...expected });
      expect(await tableCounts(api)).toEqual(before);
      return res.body as Json;
    }

    it("answers 401 without a signed-in user, writing nothing", async () => {
      const before = await tableCounts(api);
      expect((await post(tiny("anon-x-1"), {})).status).toBe(401);
      expect((await api.call("GET", "/api/sf/exam/imports")).status).toBe(401);
      expect(await tableCounts(api)).toEqual(before);
    });

    const itcMinimal = "[Exams:1]\n60, 1\n[Periods:1]\n10:12:2005, 09:00:00, 180, 0\n[Rooms:1]\n10, 0\n";
    it.each<[string, unknown, string, string?]>([
      ["an array body", [1], "body"],
      ["no format", { name: "x-y-1", files: {} }, "format"],
      ["an unknown format", { ...tiny("unk-x-1"), format: "csv" }, "format"],
      ["no name", { format: "toronto", files: { crs: "0001 1\n", stu: "0001\n" } }, "name"],
      ["a name with a slash", tiny("../etc"), "name"],
      ["no files", { format: "toronto", name: "nof-x-1" }, "files"],
      ["no .stu text", { format: "toronto", name: "nos-x-1", files: { crs: "0001 1\n" } }, "files.stu"],
      ["no .crs text", { format: "toronto", name: "noc-x-1", files: { stu: "0001\n" } }, "files.crs"],
      ["no .exam text", { format: "itc2007", name: "exam_comp_set9", files: {} }, "files.exam"],
      ["a lower-case code", tiny("low-x-1", { code: "low1" }), "code"],
      ["a one-letter code", tiny("one-x-1", { code: "A" }), "code"],
      ["a code starting with a digit", tiny("dig-x-1", { code: "1ABC" }), "code"],
      ["a name no code can be made from", tiny("123"), "code", "required"],
      ["an impossible startDate", tiny("imp-x-1", { startDate: "2026-02-30" }), "startDate"],
      ["a startDate written DD-MM-YYYY", tiny("ddm-x-1", { startDate: "09-11-2026" }), "startDate"],
      [
        "a startDate for ITC2007",
        { format: "itc2007", name: "itcdate", files: { exam: itcMinimal }, startDate: "2026-11-09" },
        "startDate",
      ],
      ["an empty institutionName", tiny("ins-x-1", { institutionName: " " }), "institutionName"],
      ["an unknown timeZone", tiny("tzu-x-1", { timeZone: "Asia/Atlantis" }), "timeZone"],
      ["an offset for a timeZone", tiny("tzo-x-1", { timeZone: "+04:00" }), "timeZone"],
    ])("refuses %s with 400 naming the field", async (_case, body, field, rule) => {
      await refused(body, 400, { errorCode: "validation_failed", field, ...(rule ? { rule } : {}) });
    });

    it("refuses malformed JSON with 400 naming the body", async () => {
      const before = await tableCounts(api);
      const res = await api.call("POST", "/api/sf/exam/import", {
        rawBody: '{"format": "toronto",',
        headers: { ...auth, "content-type": "application/json" },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ errorCode: "malformed_json", field: "body" });
      expect(await tableCounts(api)).toEqual(before);
    });

    it("takes a body over 1 MB, refuses one over 32 MB with 413, and keeps 1 MB elsewhere", async () => {
      const json = JSON.stringify(tiny("big-x-1"));
      const big = await api.call("POST", "/api/sf/exam/import", {
        rawBody: json + " ".repeat(2 * 1024 * 1024),
        headers: { ...auth, "content-type": "application/json" },
      });
      expect(big.status).toBe(200);
      expect(big.body).toMatchObject({ created: true, importSource: { code: "BIG1" } });

      const before = await tableCounts(api);
      const huge = await api.call("POST", "/api/sf/exam/import", {
        rawBody: JSON.stringify(tiny("huge-x-1")) + " ".repeat(32 * 1024 * 1024),
        headers: { ...auth, "content-type": "application/json" },
      });
      expect(huge.status).toBe(413);
      expect(huge.body).toMatchObject({ success: false, errorCode: "payload_too_large" });
      const other = await api.call("POST", "/api/sf/exam/questionPaperList", {
        rawBody: `{}${" ".repeat(1024 * 1024 + 10)}`,
        headers: { ...auth, "content-type": "application/json" },
      });
      expect(other.status).toBe(413);
      expect(await tableCounts(api)).toEqual(before);
    });

    /** `text` with line `line` (1-based) replaced. */
    const withLine = (text: string, line: number, value: string) => {
      const lines = text.split("\n");
      lines[line - 1] = value;
      return lines.join("\n");
    };

    it.each<[string, () => Json, string, string]>([
      [
        "a bad line in the .stu file",
        () => ({
          format: "toronto",
          name: "hec-s-92",
          files: {
            crs: read("toronto", "hec-s-92.crs"),
            stu: withLine(read("toronto", "hec-s-92.stu"), 57, "0001 x7"),
          },
        }),
        "files.stu",
        'hec-s-92.stu, line 57: "x7" is not a course id',
      ],
      [
        "a bad line in the .crs file",
        () => ({
          format: "toronto",
          name: "sta-f-83",
          files: {
            crs: withLine(read("toronto", "sta-f-83.crs"), 3, "0003 many"),
            stu: read("toronto", "sta-f-83.stu"),
          },
        }),
        "files.crs",
        "sta-f-83.crs, line 3: expected `course_id number_of_students`",
      ],
      [
        "a bad period line in the .exam file",
        () => ({
          format: "itc2007",
          name: "exam_comp_set6",
          files: {
            exam: withLine(read("itc2007", "exam_comp_set6.exam"), 250, "2005-01-15, 09:30:00, 180, 0"),
          },
        }),
        "files.exam",
        'exam_comp_set6.exam, line 250: the date must be DD:MM:YYYY, got "2005-01-15"',
      ],
      [
        "a bad exam line in the .exam file",
        () => ({
          format: "itc2007",
          name: "exam_comp_set4",
          files: { exam: withLine(read("itc2007", "exam_comp_set4.exam"), 12, "long, 1, 2") },
        }),
        "files.exam",
        'exam_comp_set4.exam, line 12: the duration must be a whole number, got "long"',
      ],
    ])(
      "refuses %s with 400 naming the file and line, writing nothing",
      async (_case, body, field, message) => {
        await refused(body(), 400, { errorCode: "import_format", field, errorMessage: message });
      },
    );

    it("refuses ITC2007 periods at the same date and time", async () => {
      const text = `${itcMinimal.replace("[Periods:1]\n", "[Periods:2]\n10:12:2005, 09:00:00, 120, 0\n")}`;
      await refused({ format: "itc2007", name: "twice", files: { exam: text } }, 400, {
        errorCode: "import_format",
        field: "files.exam",
        rule: "duplicate_period",
      });
    });

    it("refuses an ITC2007 file without periods", async () => {
      const text = "[Exams:1]\n60, 1\n[Periods:0]\n[Rooms:1]\n10, 0\n";
      await refused({ format: "itc2007", name: "noperiods", files: { exam: text } }, 400, {
        errorCode: "import_format",
        field: "files.exam",
        rule: "no_period",
      });
    });

    it("derives the code from the name, places a small set in as many periods as it needs, and keeps a given startDate", async () => {
      const res = await post(
        tiny("tiny-x-7", {
          startDate: "2026-11-07",
          institutionName: "Tiny College",
          timeZone: "Asia/Dubai",
        }),
      );
      expect(res.status).toBe(200);
      const summary = (res.body as { importSource: Summary }).importSource;
      expect(summary).toMatchObject({
        code: "TINY7",
        format: "toronto",
        counts: { courses: 3, students: 3, enrolments: 4, rooms: 0, periods: 2, exams: 3, unplacedExams: 0 },
      });
      const db = api.ctx.db;
      const periods = await db
        .select({ date: examPeriod.date, startTime: examPeriod.startTime })
        .from(examPeriod)
        .where(eq(examPeriod.examCycleId, summary.examCycleId))
        .orderBy(asc(examPeriod.startTime));
      // 2026-11-07 is a Saturday: the periods start on the Monday after.
      expect(periods).toEqual([
        { date: "2026-11-09", startTime: "09:00" },
        { date: "2026-11-09", startTime: "13:00" },
      ]);
      const [cycle] = await db.select().from(examCycle).where(eq(examCycle.id, summary.examCycleId));
      expect(cycle).toMatchObject({ startDate: "2026-11-09", endDate: "2026-11-09" });
      expect((await db.select().from(institution).where(eq(institution.name, "Tiny College"))).length).toBe(
        1,
      );
      // The import's campus keeps the given zone; its periods are wall times there.
      const [own] = await db.select().from(campus).where(eq(campus.name, "TINY7 campus"));
      expect(own?.timeZone).toBe("Asia/Dubai");
      const [student] = await db.select().from(contact).where(eq(contact.code, "TINY7-S00002"));
      expect(student?.originalId).toBe("2");
      const [offering] = await db
        .select({ capacity: courseOffering.capacity, section: courseOffering.section })
        .from(courseOffering)
        .innerJoin(course, eq(course.id, courseOffering.courseId))
        .where(eq(course.code, "TINY7-0001"));
      expect(offering).toEqual({ capacity: 2, section: "A" });
    });

    it("refuses the same code with other files (409), and answers the first import for the same files under another name", async () => {
      const first = await post(tiny("same-x-1", { code: "SAME1" }));
      expect(first.status).toBe(200);
      const body = await refused(tiny("same-x-1", { code: "SAME1" }, "0001\n0001 0003\n0002\n"), 409, {
        errorCode: "import_conflict",
        field: "code",
        rule: "checksum_differs",
      });
      expect(body.errorMessage).toContain("SAME1");
      const before = await tableCounts(api);
      const renamed = await post(tiny("renamed", { code: "SAME1" }));
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({
        created: false,
        importSource: (first.body as { importSource: Summary }).importSource,
      });
      expect(await tableCounts(api)).toEqual(before);
    });

    it.each<[string, string, () => Promise<unknown>, string]>([
      [
        "a course code",
        "TAKEN",
        () => api.ctx.db.insert(course).values({ code: "TAKEN-0002", name: "Hand-made course" }),
        "course TAKEN-0002",
      ],
      [
        "a student e-mail",
        "MAIL",
        () =>
          api.ctx.db.insert(contact).values({
            kind: "student",
            firstName: "A",
            lastName: "B",
            email: "mail-s00003@students.university.example",
          }),
        "mail-s00003@students.university.example",
      ],
      [
        "a room code",
        "ROOMS",
        () => api.ctx.db.insert(facility).values({ code: "ROOMS-R01", name: "Hand-made room", capacity: 10 }),
        "room ROOMS-R01",
      ],
      [
        "an exam cycle name",
        "CYCLE",
        () =>
          api.ctx.db.insert(examCycle).values({
            name: "CYCLE exam session",
            examType: "EndTerm",
            startDate: "2026-11-09",
            endDate: "2026-11-20",
          }),
        'exam cycle "CYCLE exam session"',
      ],
    ])("refuses a code whose %s is taken (409), writing nothing", async (_case, code, make, what) => {
      await make();
      const exams =
        "[Exams:2]\n60, 1, 2\n60, 3\n[Periods:1]\n10:12:2005, 09:00:00, 180, 0\n[Rooms:1]\n10, 0\n";
      const body =
        code === "ROOMS"
          ? { format: "itc2007", name: "rooms", code, files: { exam: exams } }
          : tiny(`t-x-1`, { code });
      const answer = await refused(body, 409, {
        errorCode: "import_conflict",
        field: "code",
        rule: "record_exists",
      });
      expect(answer.errorMessage).toContain(what);
    });

    it("puts an ITC2007 exam that fits no period where it clashes least and counts it", async () => {
      const text = [
        "[Exams:3]",
        "60, 1, 2",
        "60, 2, 3",
        "200, 4",
        "[Periods:2]",
        "10:12:2005, 09:00:00, 180, 0",
        "10:12:2005, 14:00:00, 120, 5",
        "[Rooms:2]",
        "2, 0",
        "1, 0",
        "[PeriodHardConstraints]",
        "[RoomHardConstraints]",
        "[InstitutionalWeightings]",
        "TWOINAROW, 7",
        "",
      ].join("\n");
      const res = await post({ format: "itc2007", name: "small_set", files: { exam: text } });
      expect(res.status).toBe(200);
      const summary = (res.body as { importSource: Summary }).importSource;
      expect(summary).toMatchObject({
        code: "SMALLSET",
        format: "itc2007",
        counts: { courses: 3, students: 4, enrolments: 5, rooms: 2, periods: 2, exams: 3, unplacedExams: 1 },
      });
      const db = api.ctx.db;
      const periods = await db
        .select({
          startTime: examPeriod.startTime,
          penalty: examPeriod.penalty,
          originalId: examPeriod.originalId,
        })
        .from(examPeriod)
        .where(eq(examPeriod.examCycleId, summary.examCycleId))
        .orderBy(asc(examPeriod.startTime));
      expect(periods).toEqual([
        { startTime: "09:00", penalty: 0, originalId: "0" },
        { startTime: "14:00", penalty: 5, originalId: "1" },
      ]);
      const exams = await db
        .select({ originalId: exam.originalId, minutes: exam.durationMinutes })
        .from(exam)
        .where(and(eq(exam.importSourceId, summary.id), isNotNull(exam.examPeriodId)))
        .orderBy(asc(exam.originalId));
      expect(exams).toEqual([
        { originalId: "0", minutes: 60 },
        { originalId: "1", minutes: 60 },
        { originalId: "2", minutes: 200 },
      ]);
      const rooms = await db
        .select({ code: facility.code, capacity: facility.capacity })
        .from(facility)
        .where(eq(facility.importSourceId, summary.id))
        .orderBy(asc(facility.code));
      expect(rooms).toEqual([
        { code: "SMALLSET-R01", capacity: 2 },
        { code: "SMALLSET-R02", capacity: 1 },
      ]);
    });

    it("keeps ITC2007's EXAM_COINCIDENCE, AFTER (in time order) and EXCLUSION and marks ROOM_EXCLUSIVE exams", async () => {
      // Periods listed out of time order; exam 3 shares a student with exam 0 and must sit with
      // exam 1; exam 4 must come after exam 1; exam 2 takes the two-seat room for itself.
      const text = [
        "[Exams:5]",
        "60, 1, 2",
        "60, 3",
        "60, 4",
        "60, 1, 5",
        "60, 6",
        "[Periods:3]",
        "11:12:2005, 09:00:00, 180, 0",
        "10:12:2005, 09:00:00, 180, 0",
        "10:12:2005, 14:00:00, 180, 0",
        "[Rooms:2]",
        "4, 0",
        "2, 0",
        "[PeriodHardConstraints]",
        "1, EXAM_COINCIDENCE, 3",
        "4, AFTER, 1",
        "0, EXCLUSION, 2",
        "[RoomHardConstraints]",
        "2, ROOM_EXCLUSIVE",
        "[InstitutionalWeightings]",
        "",
      ].join("\n");
      const res = await post({ format: "itc2007", name: "constrained", files: { exam: text } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const summary = (res.body as { importSource: Summary }).importSource;
      expect(summary.counts).toMatchObject({ exams: 5, periods: 3, unplacedExams: 0 });
      const file = parseItc2007("constrained.exam", text);
      expect(file.roomConstraints).toEqual([{ exam: 2, kind: "ROOM_EXCLUSIVE" }]);
      expect(await brokenConstraints(api.ctx.db, summary.id, file)).toEqual([]);
      const flagged = await api.ctx.db
        .select({ originalId: exam.originalId })
        .from(exam)
        .where(and(eq(exam.importSourceId, summary.id), eq(exam.roomExclusive, true)));
      expect(flagged).toEqual([{ originalId: "2" }]);
    });

    /** Imports as the command line does (periods and improvement given); expects a refusal writing nothing. */
    async function refusedTimetable(body: Json, periods: number, status: number, message: RegExp) {
      const before = await tableCounts(api);
      const error = await importExamData(api.ctx, CLI, body as never, { periods }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(status);
      expect((error as ApiError).details.field).toBe("periods");
      expect((error as ApiError).message).toMatch(message);
      expect(await tableCounts(api)).toEqual(before);
    }

    it("refuses a Toronto set that does not fit in the periods given, naming the exams, writing nothing", async () => {
      // Courses 0001 and 0002 share a student: one period cannot hold both, and none is added.
      await refusedTimetable(
        tiny("fit-x-1"),
        1,
        409,
        /fit-x-1 does not fit in 1 periods: exams FIT1-000[12] conflict .* uses 2 periods/,
      );
      await refusedTimetable(tiny("fit-x-1"), 0, 400, /at least 1/);
    });

    it("puts a Toronto set in the periods given and lowers its penalty by improvement, without a clash", async () => {
      api.advance(60_000);
      const body = {
        format: "toronto",
        name: "sta-f-83",
        code: "STAP",
        files: { crs: read("toronto", "sta-f-83.crs"), stu: read("toronto", "sta-f-83.stu") },
      };
      const result = await importExamData(api.ctx, CLI, body as never, {
        periods: 13,
        improve: { maxIterations: 20_000, seed: 1 },
      });
      expect(result.importSource.counts).toMatchObject({ periods: 13, exams: 139, unplacedExams: 0 });
      const quality = result.timetable;
      expect(quality).toMatchObject({
        measure: "toronto",
        periods: 13,
        clashes: 0,
        hardBreaks: 0,
        iterations: 20_000,
      });
      expect(quality?.penalty).toBeLessThan(quality?.constructionPenalty ?? 0);
      // What was written is what was measured: no student sits two exams in one period.
      const rows = await api.ctx.db.execute(sql`
        select count(*)::int as n from (
          select e.student_id from enrolment e
          join exam x on x.course_offering_id = e.course_offering_id
          where x.import_source_id = ${result.importSource.id}
          group by e.student_id, x.exam_period_id having count(*) > 1) clashes`);
      expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(0);
    });

    it("takes the first periods in time order of an ITC2007 file when fewer are given, and refuses more", async () => {
      const text = [
        "[Exams:3]",
        "60, 1, 2",
        "60, 2",
        "60, 3",
        "[Periods:3]",
        "11:12:2005, 09:00:00, 180, 0",
        "10:12:2005, 09:00:00, 180, 0",
        "10:12:2005, 14:00:00, 180, 5",
        "[Rooms:1]",
        "10, 0",
        "[PeriodHardConstraints]",
        "[RoomHardConstraints]",
        "[InstitutionalWeightings]",
        "TWOINAROW, 7",
        "",
      ].join("\n");
      const body = { format: "itc2007", name: "short", files: { exam: text } };
      await refusedTimetable(body, 4, 400, /at most 3/);
      await refusedTimetable(body, 1, 409, /short does not fit in 1 periods: exams SHORT-000[12]/);
      const result = await importExamData(api.ctx, CLI, body as never, { periods: 2 });
      // Exams 0 and 1 share student 2, in the two periods of 10 December: two in a row (7), and the
      // period penalty 5 of the one at 14:00.
      expect(result.timetable).toMatchObject({
        measure: "itc2007",
        periods: 2,
        clashes: 0,
        hardBreaks: 0,
        penalty: 12,
      });
      const periods = await api.ctx.db
        .select({ date: examPeriod.date, startTime: examPeriod.startTime })
        .from(examPeriod)
        .where(eq(examPeriod.examCycleId, result.importSource.examCycleId as string))
        .orderBy(asc(examPeriod.startTime));
      expect(periods).toEqual([
        { date: "2005-12-10", startTime: "09:00" },
        { date: "2005-12-10", startTime: "14:00" },
      ]);
    });

    it("answers two identical imports at once with one import", async () => {
      const body = tiny("race-x-1");
      const before = await tableCounts(api);
      const answers = await Promise.all([post(body), post(body)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      const created = answers.map((a) => (a.body as { created: boolean }).created).sort();
      expect(created).toEqual([false, true]);
      const after = await tableCounts(api);
      expect((after.import_source ?? 0) - (before.import_source ?? 0)).toBe(1);
      const [row] = await api.ctx.db.select().from(importSource).where(eq(importSource.code, "RACE1"));
      expect(row?.importedBy).toBe(ADMIN);
    });
  });
});

/** The first Monday after the test clock's day in Asia/Kolkata (YYYY-MM-DD). */
function firstMondayAfterNow(api: TestApi): string {
  const today = new Date(api.ctx.now() + 330 * 60_000).toISOString().slice(0, 10);
  const day = weekday(today);
  return addDays(today, 8 - day);
}

/** ISO weekday (Monday 1 .. Sunday 7) of a YYYY-MM-DD date. */
function weekday(date: string): number {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
