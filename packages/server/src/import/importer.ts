import { createHash, randomUUID } from "node:crypto";
import {
  assignExamPeriods,
  assignItc2007Rooms,
  bestExamAssignment,
  countStudentClashes,
  DEFAULT_CAMPUS_TIME_ZONE,
  dayIndexes,
  firstMondayAfter,
  formatInstant,
  frontLoadExams,
  type GeneratedPeriod,
  type ImprovementObjective,
  type ImprovementOptions,
  type ImprovementProgress,
  type Itc2007Instance,
  type Itc2007Solution,
  type Itc2007Weights,
  improveExamTimetable,
  isCalendarDate,
  itc2007HardBreaks,
  itc2007PairCost,
  itc2007SoftPenalty,
  itc2007Weights,
  placeWithFewestClashes,
  roomsForPeriod,
  roomsOfItsOwn,
  type TimetablingExam,
  type TimetablingOptions,
  type TimetablingPeriod,
  torontoObjective,
  torontoProximityPenalty,
  weekdayExamPeriods,
  zTimeZone,
} from "@portal/domain";
import { desc, eq, ilike, like, sql } from "drizzle-orm";
import { z } from "zod";
import { type AuditActor, writeAudit } from "../audit.ts";
import type { AppContext } from "../context.ts";
import { insertRowsByColumn } from "../db/bulk-insert.ts";
import type { Executor } from "../db/client.ts";
import {
  academicProgramme,
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
import { isUniqueViolation } from "../db/unique-violation.ts";
import { ApiError, badRequest, parseOrThrow } from "../http/errors.ts";
import { ImportFormatError } from "./import-error.ts";
import { type Itc2007PeriodConstraint, parseItc2007 } from "./itc2007.ts";
import { parseToronto } from "./toronto.ts";

/**
 * The Toronto data sets of data/exam-timetabling (README): the institution each comes from
 * and its number of periods in the uncapacitated benchmark.
 */
export const TORONTO_DATASETS: Readonly<Record<string, { institution: string; periods: number }>> = {
  "car-f-92": { institution: "Carleton University", periods: 32 },
  "ear-f-83": { institution: "Earl Haig Collegiate", periods: 24 },
  "hec-s-92": { institution: "Ecole des Hautes Etudes Commerciales", periods: 18 },
  "kfu-s-93": { institution: "King Fahd University", periods: 20 },
  "sta-f-83": { institution: "St. Andrews High School", periods: 13 },
  "yor-f-83": { institution: "York Mills Collegiate", periods: 21 },
};

/** An import code: 2-12 capital letters and digits, starting with a letter (e.g. "CAR92"). */
export const IMPORT_CODE = /^[A-Z][A-Z0-9]{1,11}$/;
/** Mail domain of imported students: `<code lowercased>@students.university.example`. */
export const STUDENT_MAIL_DOMAIN = "students.university.example";
/** Component and type of every imported exam. */
const EXAM_COMPONENT = "Final Exam";
const EXAM_TYPE = "EndTerm" as const;
/** Length of a Toronto exam (the files give none), minutes. */
const TORONTO_EXAM_MINUTES = 180;
const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

const ZName = z
  .string({ error: "name is required: the data set's name, e.g. car-f-92" })
  .trim()
  .min(1, { error: "name is required: the data set's name, e.g. car-f-92" })
  .max(100, { error: "name is longer than 100 characters" })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._ -]*$/, {
    error: "name may hold letters, digits, spaces, dots, dashes and underscores only",
  });
const ZCode = z
  .string({ error: "code must be text" })
  .trim()
  .regex(IMPORT_CODE, {
    error: "code must be 2 to 12 capital letters and digits, starting with a letter (e.g. CAR92)",
  })
  .optional();
const ZInstitutionName = z
  .string({ error: "institutionName must be text" })
  .trim()
  .min(1, { error: "institutionName must not be empty" })
  .max(200, { error: "institutionName is longer than 200 characters" })
  .optional();
/** The import campus's IANA time zone (default Asia/Kolkata, DEFAULT_CAMPUS_TIME_ZONE). */
const ZImportTimeZone = zTimeZone.optional();
const fileText = (field: string, kind: string) =>
  z.string({ error: `${field} is required: the text of the ${kind} file` });

const ZTorontoInput = z.object({
  format: z.literal("toronto"),
  name: ZName,
  code: ZCode,
  institutionName: ZInstitutionName,
  timeZone: ZImportTimeZone,
  files: z.object(
    { crs: fileText("files.crs", ".crs"), stu: fileText("files.stu", ".stu") },
    { error: "files is required: {crs, stu}, the texts of the .crs and .stu files" },
  ),
  startDate: z
    .string({ error: "startDate must be a date written YYYY-MM-DD" })
    .refine(isCalendarDate, { error: "startDate must be a date written YYYY-MM-DD" })
    .optional(),
});
const ZItc2007Input = z.object({
  format: z.literal("itc2007"),
  name: ZName,
  code: ZCode,
  institutionName: ZInstitutionName,
  timeZone: ZImportTimeZone,
  files: z.object(
    { exam: fileText("files.exam", ".exam") },
    { error: "files is required: {exam}, the text of the .exam file" },
  ),
  startDate: z
    .undefined({ error: "startDate applies to Toronto data only: an ITC2007 file carries its own dates" })
    .optional(),
});
const ZFormat = z.object({
  format: z.enum(["toronto", "itc2007"], { error: 'format must be "toronto" or "itc2007"' }),
});

/** What to import: a Toronto file pair or an ITC2007 file (file texts), with optional settings. */
export type ExamImportInput = z.input<typeof ZTorontoInput> | z.input<typeof ZItc2007Input>;
export type ValidInput = z.output<typeof ZTorontoInput> | z.output<typeof ZItc2007Input>;

/** What an import created. */
export type ImportCounts = {
  courses: number;
  students: number;
  enrolments: number;
  rooms: number;
  periods: number;
  exams: number;
  /** Exams the timetabling could not place without a clash (put in the period with the fewest). */
  unplacedExams: number;
};

/** One import as the API shows it; `importedAt` is an ISO instant. */
export type ImportSummary = {
  id: string;
  code: string;
  name: string;
  format: "toronto" | "itc2007";
  checksum: string;
  counts: ImportCounts;
  examCycleId: string | null;
  examCycleName: string | null;
  importedAt: string;
};

/** The answer of an import: `created` false when the same files were imported before under the code. */
export type ImportResult = { created: boolean; importSource: ImportSummary };

/** What the importer needs of the application: the database and the clock. */
export type ImportContext = Pick<AppContext, "db" | "now">;

/**
 * Checks an import request (an unknown JSON value) and returns it typed. Throws 400
 * `validation_failed` naming the field: `body`, `format`, `name`, `code`, `institutionName`,
 * `timeZone` (not an IANA zone), `files`, `files.crs`, `files.stu`, `files.exam` or `startDate`.
 */
export function parseImportInput(value: unknown): ValidInput {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw badRequest("The body must be a JSON object", "body", "invalid_type");
  }
  const { format } = parseOrThrow(ZFormat, value);
  return format === "toronto" ? parseOrThrow(ZTorontoInput, value) : parseOrThrow(ZItc2007Input, value);
}

/**
 * The import code derived from a data set's name: Toronto names `xxx-f-NN` give `XXXNN`
 * (car-f-92 -> CAR92), `exam_comp_setN` gives `ITCN`, anything else its letters and digits
 * upper-cased (at most 12). Null when that is no valid code (e.g. it starts with a digit).
 */
export function deriveImportCode(name: string): string | null {
  const trimmed = name.trim();
  const toronto = /^([a-z]+)-[a-z]-(\d+)$/i.exec(trimmed);
  const itc = /^exam_comp_set(\d+)$/i.exec(trimmed);
  const candidate = toronto
    ? `${toronto[1]}${toronto[2]}`.toUpperCase()
    : itc
      ? `ITC${itc[1]}`
      : trimmed
          .toUpperCase()
          .replace(/[^A-Z0-9]/g, "")
          .slice(0, 12);
  return IMPORT_CODE.test(candidate) ? candidate : null;
}

/**
 * SHA-256 (hex) over the import's file texts: for each file in the order crs, stu (Toronto) or exam
 * (ITC2007), the line `<key> <UTF-8 byte length>\n` followed by the text, so no two different file
 * sets share a checksum. The name, code and other settings do not count.
 */
export function importChecksum(input: ValidInput): string {
  const hash = createHash("sha256");
  hash.update(`${input.format}\n`);
  const files: Array<[string, string]> =
    input.format === "toronto"
      ? [
          ["crs", input.files.crs],
          ["stu", input.files.stu],
        ]
      : [["exam", input.files.exam]];
  for (const [key, text] of files) {
    const bytes = Buffer.from(text, "utf8");
    hash.update(`${key} ${bytes.length}\n`);
    hash.update(bytes);
  }
  return hash.digest("hex");
}

/** A data set read from its files, in the importer's terms (indexes into `students`). */
export type SourceData = {
  /** `roomExclusive`: the exam needs rooms of its own when seated (ITC2007 ROOM_EXCLUSIVE). */
  courses: Array<{ originalId: string; students: number[]; durationMinutes: number; roomExclusive: boolean }>;
  /** Student ids as the files write them (Toronto: the .stu line number). */
  students: string[];
  enrolments: number;
  rooms: Array<{ originalId: string; capacity: number; penalty: number }>;
  /** ITC2007 periods; empty for Toronto (generated after the timetabling). */
  periods: Array<GeneratedPeriod & { penalty: number; originalId: string }>;
  /**
   * ITC2007 period hard constraints by course index: `apart` must not share a period (EXCLUSION),
   * `together` must share one (EXAM_COINCIDENCE), `after` pairs [later, earlier] (AFTER).
   */
  constraints: Record<"apart" | "together" | "after", Array<[number, number]>>;
  /** ITC2007 institutional weightings; null for Toronto. */
  weights: Itc2007Weights | null;
};

/** Which request field a malformed file came in, from the file name the parsers report. */
function formatError(error: ImportFormatError, fields: Record<string, string>): ApiError {
  return new ApiError(400, error.message, {
    errorCode: "import_format",
    field: fields[error.file] ?? "files",
    rule: "format",
  });
}

function readToronto(name: string, files: { crs: string; stu: string }): SourceData {
  const crsFile = `${name}.crs`;
  const stuFile = `${name}.stu`;
  let data: ReturnType<typeof parseToronto>;
  try {
    data = parseToronto({
      coursesFile: crsFile,
      coursesText: files.crs,
      studentsFile: stuFile,
      studentsText: files.stu,
    });
  } catch (error) {
    if (error instanceof ImportFormatError)
      throw formatError(error, { [crsFile]: "files.crs", [stuFile]: "files.stu" });
    throw error;
  }
  const courseIndex = new Map(data.courses.map((c, i) => [c.originalId, i]));
  const courses = data.courses.map((c) => ({
    originalId: c.originalId,
    students: [] as number[],
    durationMinutes: TORONTO_EXAM_MINUTES,
    roomExclusive: false,
  }));
  for (const [s, student] of data.students.entries()) {
    for (const id of student.courseIds) courses[courseIndex.get(id) as number]?.students.push(s);
  }
  return {
    courses,
    students: data.students.map((s) => String(s.line)),
    enrolments: data.enrolments,
    rooms: [],
    periods: [],
    constraints: { apart: [], together: [], after: [] },
    weights: null,
  };
}

function readItc2007(name: string, text: string): SourceData {
  const file = `${name}.exam`;
  let data: ReturnType<typeof parseItc2007>;
  try {
    data = parseItc2007(file, text);
  } catch (error) {
    if (error instanceof ImportFormatError) throw formatError(error, { [file]: "files.exam" });
    throw error;
  }
  if (data.periods.length === 0) {
    throw new ApiError(400, `${file} lists no period: an exam session needs at least one`, {
      errorCode: "import_format",
      field: "files.exam",
      rule: "no_period",
    });
  }
  const studentIndex = new Map(data.studentIds.map((id, i) => [id, i]));
  const slots = new Map<string, number>();
  for (const p of data.periods) {
    const slot = `${p.date} ${p.time.slice(0, 5)}`;
    const other = slots.get(slot);
    if (other !== undefined) {
      throw new ApiError(400, `${file}: periods ${other} and ${p.index} are both at ${slot}`, {
        errorCode: "import_format",
        field: "files.exam",
        rule: "duplicate_period",
      });
    }
    slots.set(slot, p.index);
  }
  const exclusive = new Set(data.roomConstraints.map((c) => c.exam));
  const pairs = (kind: Itc2007PeriodConstraint) =>
    data.periodConstraints.filter((c) => c.kind === kind).map((c) => [c.first, c.second] as [number, number]);
  return {
    courses: data.exams.map((e) => ({
      originalId: String(e.index),
      students: e.studentIds.map((id) => studentIndex.get(id) as number),
      durationMinutes: e.durationMinutes,
      roomExclusive: exclusive.has(e.index),
    })),
    students: data.studentIds,
    enrolments: data.enrolments,
    rooms: data.rooms.map((r) => ({ originalId: String(r.index), capacity: r.capacity, penalty: r.penalty })),
    periods: data.periods.map((p) => ({
      date: p.date,
      startTime: p.time.slice(0, 5),
      durationMinutes: p.durationMinutes,
      penalty: p.penalty,
      originalId: String(p.index),
    })),
    constraints: { apart: pairs("EXCLUSION"), together: pairs("EXAM_COINCIDENCE"), after: pairs("AFTER") },
    weights: itc2007Weights(data.weightings),
  };
}

/** Periods a first-fit (DSatur, compact) colouring of the exams uses, without other constraints. */
function colouringPeriods(
  exams: TimetablingExam[],
  constraints: Omit<TimetablingOptions, "strategy"> = {},
): number {
  const upTo = Array.from({ length: Math.max(1, exams.length) }, (_, i) => ({
    key: String(i),
    durationMinutes: Number.POSITIVE_INFINITY,
  }));
  return Math.max(1, new Set(assignExamPeriods(exams, upTo, constraints).assignment.values()).size);
}

/** How the importer timetables: the number of periods, and the improvement after construction. */
export type ImportTimetabling = {
  /**
   * Periods to timetable into, overriding the default: Toronto, this many generated periods
   * (default: the benchmark's count for a known set, else as many as a first-fit colouring uses);
   * ITC2007, the file's first N in time order (default: all of them; more than the file lists is
   * refused). Whole number >= 1.
   */
  periods?: number;
  /** Improvement after construction (none without it); see improveExamTimetable. */
  improve?: {
    /** Milliseconds on `now` (required with it). */
    timeLimitMs?: number;
    now?: () => number;
    /** Iterations at most (default: unbounded, so the time limit decides). */
    maxIterations?: number;
    seed?: number;
    onProgress?: (progress: ImprovementProgress) => void;
  };
};

/** How good an import's timetable is, before and after improvement. */
export type TimetableQuality = {
  /** Periods available, and periods holding at least one exam. */
  periods: number;
  periodsUsed: number;
  /** Student clashes (0 unless ITC2007 exams fit nowhere and went to the period with the fewest). */
  clashes: number;
  /**
   * `toronto`: the proximity penalty per student; `itc2007`: the competition's soft penalty, rooms
   * given by assignItc2007Rooms.
   */
  measure: "toronto" | "itc2007";
  constructionPenalty: number;
  penalty: number;
  /** ITC2007 hard-constraint breaks besides clashes (rooms, durations, period pairs); 0 for Toronto. */
  hardBreaks: number;
  /** Improvement iterations run (0 without improvement). */
  iterations: number;
};

/** A period the import writes: the file's (ITC2007) or a generated one (Toronto). */
type PlannedPeriod = GeneratedPeriod & { penalty: number; originalId: string | null };

/** A data set's timetable: its periods, exam index to period index, and its quality. */
export type DataSetTimetable = {
  periods: PlannedPeriod[];
  assignment: Map<string, string>;
  unplacedExams: number;
  quality: TimetableQuality;
  /**
   * ITC2007 only: the timetable as a competition solution, each exam's period (index in the file's
   * order among the periods kept) and room (assignItc2007Rooms), e.g. for formatItc2007Solution.
   */
  solution?: Itc2007Solution;
};

/**
 * 409 `timetable_infeasible` (field `periods`): the data set does not fit in `count` periods
 * without a clash or a broken hard constraint; names the exams left over and how many periods a
 * first-fit colouring uses. Nothing is imported.
 */
function infeasible(
  name: string,
  count: number,
  unplaced: string[],
  examCode: (i: number) => string,
  needed: number,
) {
  const shown = unplaced.slice(0, 10).map((k) => examCode(Number(k)));
  const more = unplaced.length > shown.length ? ` and ${unplaced.length - shown.length} more` : "";
  return new ApiError(
    409,
    `${name} does not fit in ${count} periods: exams ${shown.join(", ")}${more} conflict with an exam in every period ` +
      `they could take (shared students or a period constraint). A first-fit colouring uses ${needed} periods. ` +
      "Nothing was imported; give more periods.",
    { errorCode: "timetable_infeasible", field: "periods", rule: "too_few_periods" },
  );
}

/**
 * Timetables a data set read from its files: builds the exams (ROOM_EXCLUSIVE exams count the
 * seats of the rooms they will take), the periods (Toronto: generated three a weekday from
 * `startDate`; ITC2007: the file's), places every exam without a clash keeping ITC2007's period
 * hard constraints and each period's seats and durations, then improves the placement when asked
 * (Kempe-chain simulated annealing on the Toronto proximity penalty, or on the ITC2007 soft terms
 * a period decides: two in a row, two in a day, period spread, front load and period penalty).
 * Never adds periods: a Toronto set, or an ITC2007 set given `periods`, that does not fit is
 * refused (409 `timetable_infeasible`); an ITC2007 set at its own count keeps the importer's
 * earlier rule (exams that fit nowhere go to the period with the fewest clashes). Errors: 400
 * `validation_failed` (field `periods`) for a count below 1 or above the file's.
 */
export function timetableDataSet(
  name: string,
  source: SourceData,
  startDate: string,
  examCode: (i: number) => string,
  timetabling: ImportTimetabling = {},
): DataSetTimetable {
  const wanted = timetabling.periods;
  if (wanted !== undefined && (!Number.isSafeInteger(wanted) || wanted < 1)) {
    throw badRequest("periods must be a whole number of at least 1", "periods", "min");
  }
  const rooms = source.rooms.map((r) => ({ id: r.originalId, capacity: r.capacity }));
  const exams: TimetablingExam[] = source.courses.map((c, i) => {
    // An exam needing rooms of its own blocks every seat of the rooms it will take.
    const own = c.roomExclusive ? roomsOfItsOwn(c.students.length, rooms) : null;
    return {
      key: String(i),
      students: c.students,
      seats: own ? own.seats + own.unseated : c.students.length,
      durationMinutes: c.durationMinutes,
    };
  });
  const improve = timetabling.improve;
  const run = (
    slots: TimetablingPeriod[],
    start: Map<string, string>,
    objective: ImprovementObjective,
    constraints: Omit<TimetablingOptions, "strategy"> & Pick<ImprovementOptions, "periodFits">,
  ) =>
    improve
      ? improveExamTimetable(exams, slots, start, {
          ...constraints,
          objective,
          maxIterations: improve.maxIterations ?? Number.MAX_SAFE_INTEGER,
          ...(improve.timeLimitMs === undefined ? {} : { timeLimitMs: improve.timeLimitMs }),
          ...(improve.now ? { now: improve.now } : {}),
          ...(improve.seed === undefined ? {} : { seed: improve.seed }),
          ...(improve.onProgress ? { onProgress: improve.onProgress } : {}),
        })
      : null;
  const used = (assignment: Map<string, string>) => new Set(assignment.values()).size;

  if (source.weights === null) {
    const count = wanted ?? TORONTO_DATASETS[name.toLowerCase()]?.periods ?? colouringPeriods(exams);
    const periods = weekdayExamPeriods(startDate, count);
    const slots = periods.map((p, i) => ({ key: String(i), durationMinutes: p.durationMinutes }));
    const built = bestExamAssignment(exams, slots);
    if (built.unplaced.length > 0)
      throw infeasible(name, count, built.unplaced, examCode, colouringPeriods(exams));
    const penalty = (assignment: Map<string, string>) =>
      torontoProximityPenalty(
        exams,
        new Map([...assignment].map(([k, q]) => [k, Number(q)])),
        source.students.length,
      );
    const improved = run(slots, built.assignment, torontoObjective, {});
    const assignment = improved?.assignment ?? built.assignment;
    return {
      periods: periods.map((p) => ({ ...p, penalty: 0, originalId: null })),
      assignment,
      unplacedExams: 0,
      quality: {
        periods: count,
        periodsUsed: used(assignment),
        clashes: countStudentClashes(exams, assignment),
        measure: "toronto",
        constructionPenalty: penalty(built.assignment),
        penalty: penalty(assignment),
        hardBreaks: 0,
        iterations: improved?.iterations ?? 0,
      },
    };
  }

  // ITC2007: the file's periods in time order (AFTER means a later period, consecutive periods are
  // neighbours in time); with `periods`, the first N of them.
  const byTime = source.periods
    .map((p, i) => ({ i, at: `${p.date} ${p.startTime}` }))
    .sort((a, b) => (a.at < b.at ? -1 : 1))
    .map(({ i }) => i);
  if (wanted !== undefined && wanted > byTime.length) {
    throw badRequest(`periods must be at most ${byTime.length}, the periods ${name} lists`, "periods", "max");
  }
  const kept = new Set(byTime.slice(0, wanted ?? byTime.length));
  // Written in file order; a slot's key is its position in `periods`, slots in time order.
  const periods = source.periods.filter((_, i) => kept.has(i));
  const position = new Map([...kept].sort((a, b) => a - b).map((i, at) => [i, at]));
  const seats = source.rooms.reduce((n, r) => n + r.capacity, 0);
  const slots = byTime
    .filter((i) => kept.has(i))
    .map((i) => ({
      key: String(position.get(i)),
      seats,
      durationMinutes: (source.periods[i] as PlannedPeriod).durationMinutes,
    }));
  const keys = (pairs: Array<[number, number]>) =>
    pairs.map(([a, b]) => [String(a), String(b)] as [string, string]);
  const constraints = {
    apart: keys(source.constraints.apart),
    together: keys(source.constraints.together),
    after: keys(source.constraints.after),
  };
  const weights = source.weights;
  const timeOrder = slots.map((s) => periods[Number(s.key)] as PlannedPeriod);
  const instance: Itc2007Instance = {
    exams: source.courses.map((c) => ({ students: c.students, durationMinutes: c.durationMinutes })),
    periods: timeOrder.map((p) => ({ day: p.date, durationMinutes: p.durationMinutes, penalty: p.penalty })),
    rooms: source.rooms.map((r) => ({ capacity: r.capacity, penalty: r.penalty })),
    ...source.constraints,
    roomExclusive: source.courses.flatMap((c, i) => (c.roomExclusive ? [i] : [])),
    weights,
  };
  const built = bestExamAssignment(exams, slots, constraints);
  if (wanted !== undefined && built.unplaced.length > 0) {
    throw infeasible(name, wanted, built.unplaced, examCode, colouringPeriods(exams, constraints));
  }

  const slotOf = new Map(slots.map((s, at) => [s.key, at]));
  const evaluate = (assignment: Map<string, string>) => {
    const period = exams.map((e) => slotOf.get(assignment.get(e.key) ?? "") ?? -1);
    const solution = { period, room: assignItc2007Rooms(instance, period) };
    return {
      soft: itc2007SoftPenalty(instance, solution).total,
      hard: itc2007HardBreaks(instance, solution),
      room: solution.room,
    };
  };
  const dayOf = dayIndexes(instance.periods);
  const front = frontLoadExams(instance.exams, weights.frontLoad.exams);
  const lateFrom = slots.length - weights.frontLoad.periods;
  const objective: ImprovementObjective = {
    pairCost: (a, b) => itc2007PairCost(weights, dayOf, a, b),
    examCost: (e, q) =>
      (instance.periods[q]?.penalty ?? 0) + (front.has(e) && q >= lateFrom ? weights.frontLoad.weight : 0),
  };
  const improved =
    built.unplaced.length === 0
      ? run(slots, built.assignment, objective, {
          ...constraints,
          periodFits: (_q, list) => roomsForPeriod(instance, list) !== null,
        })
      : null;
  const assignment = improved?.assignment ?? placeWithFewestClashes(exams, slots, built.assignment);
  const before = evaluate(built.assignment);
  const after = evaluate(assignment);
  return {
    periods,
    assignment,
    unplacedExams: built.unplaced.length,
    solution: {
      period: exams.map((e) => Number(assignment.get(e.key) ?? -1)),
      room: Array.from(after.room),
    },
    quality: {
      periods: slots.length,
      periodsUsed: used(assignment),
      clashes: after.hard.clashes,
      measure: "itc2007",
      constructionPenalty: before.soft,
      penalty: after.soft,
      hardBreaks: after.hard.total - after.hard.clashes,
      iterations: improved?.iterations ?? 0,
    },
  };
}

/**
 * Reads the files of a checked import request. Throws 400 `import_format` naming the field and
 * the file's line when a file is malformed, or an ITC2007 file lists no period or two at one time.
 */
export function readDataSet(input: ValidInput): SourceData {
  return input.format === "toronto"
    ? readToronto(input.name, input.files)
    : readItc2007(input.name, input.files.exam);
}

/** Every row an import writes, with ids made here (no RETURNING needed). */
type ImportPlan = {
  summary: ImportSummary;
  timetable: TimetableQuality;
  importedBy: string;
  institutionName: string;
  rows: {
    institution: (typeof institution.$inferInsert)[];
    campus: (typeof campus.$inferInsert)[];
    programme: (typeof academicProgramme.$inferInsert)[];
    intake: (typeof intake.$inferInsert)[];
    term: (typeof term.$inferInsert)[];
    examCycle: (typeof examCycle.$inferInsert)[];
    examPeriod: (typeof examPeriod.$inferInsert)[];
    facility: (typeof facility.$inferInsert)[];
    course: (typeof course.$inferInsert)[];
    courseOffering: (typeof courseOffering.$inferInsert)[];
    contact: (typeof contact.$inferInsert)[];
    enrolment: (typeof enrolment.$inferInsert)[];
    exam: (typeof exam.$inferInsert)[];
  };
};

/** Readable record codes of an import: courses CODE-0001, students CODE-S00001, rooms CODE-R01. */
export function importRecordCodes(code: string) {
  const student = (n: number) => `${code}-S${String(n).padStart(5, "0")}`;
  return {
    course: (n: number) => `${code}-${String(n).padStart(4, "0")}`,
    student,
    room: (n: number) => `${code}-R${String(n).padStart(2, "0")}`,
    studentEmail: (n: number) => `${student(n).toLowerCase()}@${STUDENT_MAIL_DOMAIN}`,
    campus: `${code} campus`,
    intake: `${code} intake`,
    term: `${code} term`,
    examCycle: `${code} exam session`,
  };
}

function planImport(
  input: ValidInput,
  code: string,
  checksum: string,
  importedBy: string,
  now: number,
  timetabling: ImportTimetabling,
): ImportPlan {
  const source = readDataSet(input);
  const codes = importRecordCodes(code);
  const timeZone = input.timeZone ?? DEFAULT_CAMPUS_TIME_ZONE;
  const { periods, assignment, unplacedExams, quality } = timetableDataSet(
    input.name,
    source,
    input.format === "toronto" ? (input.startDate ?? firstMondayAfter(now, timeZone)) : "",
    (i) => codes.course(i + 1),
    timetabling,
  );

  const dates = periods.map((p) => p.date).sort();
  const firstDate = dates[0] as string;
  const lastDate = dates.at(-1) as string;
  const institutionName =
    input.institutionName ??
    (input.format === "itc2007"
      ? `ITC2007 ${input.name}`
      : (TORONTO_DATASETS[input.name.toLowerCase()]?.institution ?? `${input.name} institution`));

  const importSourceId = randomUUID();
  const institutionId = randomUUID();
  const campusId = randomUUID();
  const programmeId = randomUUID();
  const intakeId = randomUUID();
  const termId = randomUUID();
  const examCycleId = randomUUID();
  const periodIds = periods.map(() => randomUUID());
  const courseIds = source.courses.map(() => randomUUID());
  const offeringIds = source.courses.map(() => randomUUID());
  const studentIds = source.students.map(() => randomUUID());
  const importedAt = new Date(now);

  const counts: ImportCounts = {
    courses: source.courses.length,
    students: source.students.length,
    enrolments: source.enrolments,
    rooms: source.rooms.length,
    periods: periods.length,
    exams: source.courses.length,
    unplacedExams,
  };
  const summary: ImportSummary = {
    id: importSourceId,
    code,
    name: input.name,
    format: input.format,
    checksum,
    counts,
    examCycleId,
    examCycleName: codes.examCycle,
    importedAt: importedAt.toISOString(),
  };
  const provenance = (originalId: string) => ({ importSourceId, originalId });

  return {
    summary,
    timetable: quality,
    importedBy,
    institutionName,
    rows: {
      institution: [{ id: institutionId, name: institutionName, createdAt: importedAt }],
      campus: [{ id: campusId, institutionId, name: codes.campus, timeZone }],
      programme: [{ id: programmeId, institutionId, code, name: `${code} programme (${input.name})` }],
      intake: [
        {
          id: intakeId,
          programmeId,
          campusId,
          name: codes.intake,
          year: Number(firstDate.slice(0, 4)),
          month: MONTHS[Number(firstDate.slice(5, 7)) - 1] as string,
        },
      ],
      term: [{ id: termId, intakeId, name: codes.term, number: 1, startDate: firstDate, endDate: lastDate }],
      examCycle: [
        {
          id: examCycleId,
          name: codes.examCycle,
          examType: EXAM_TYPE,
          startDate: firstDate,
          endDate: lastDate,
          importSourceId,
          originalId: input.name,
        },
      ],
      examPeriod: periods.map((p, i) => ({
        id: periodIds[i] as string,
        examCycleId,
        date: p.date,
        startTime: p.startTime,
        durationMinutes: p.durationMinutes,
        penalty: p.penalty,
        originalId: p.originalId,
      })),
      facility: source.rooms.map((r, i) => ({
        campusId,
        code: codes.room(i + 1),
        name: `${code} Room ${i + 1}`,
        capacity: r.capacity,
        ...provenance(r.originalId),
      })),
      course: source.courses.map((c, i) => ({
        id: courseIds[i] as string,
        code: codes.course(i + 1),
        name: `${code} course ${c.originalId}`,
        ...provenance(c.originalId),
      })),
      courseOffering: source.courses.map((c, i) => ({
        id: offeringIds[i] as string,
        courseId: courseIds[i] as string,
        termId,
        section: "A",
        capacity: c.students.length,
      })),
      contact: source.students.map((originalId, i) => ({
        id: studentIds[i] as string,
        kind: "student" as const,
        firstName: "Student",
        lastName: codes.student(i + 1),
        email: codes.studentEmail(i + 1),
        intakeId,
        code: codes.student(i + 1),
        ...provenance(originalId),
        createdAt: importedAt,
      })),
      enrolment: source.courses.flatMap((c, i) =>
        c.students.map((s) => ({
          id: randomUUID(),
          studentId: studentIds[s] as string,
          courseOfferingId: offeringIds[i] as string,
        })),
      ),
      exam: source.courses.map((c, i) => {
        const q = Number(assignment.get(String(i)));
        const period = periods[q] as GeneratedPeriod;
        return {
          examCycleId,
          courseOfferingId: offeringIds[i] as string,
          component: EXAM_COMPONENT,
          examType: EXAM_TYPE,
          examDate: period.date,
          startTime: period.startTime,
          durationMinutes: c.durationMinutes,
          examPeriodId: periodIds[q] as string,
          roomExclusive: c.roomExclusive,
          ...provenance(c.originalId),
        };
      }),
    },
  };
}

const conflict = (message: string, rule: string) =>
  new ApiError(409, message, { errorCode: "import_conflict", field: "code", rule });

/**
 * Throws 409 `import_conflict` (rule `record_exists`) when a record the import would create is
 * already there: a course, student (code or e-mail) or room code with the import's prefix, the
 * intake name or the exam cycle name.
 */
async function ensureCodesFree(db: Executor, plan: ImportPlan): Promise<void> {
  const code = plan.summary.code;
  const refuse = (what: string) =>
    conflict(
      `Import code ${code} is already in use: ${what} exists. Nothing was imported; give the import another code.`,
      "record_exists",
    );
  const wanted = (values: Array<string | null | undefined>) => new Set(values.filter((v) => v != null));
  const courseCodes = wanted(plan.rows.course.map((r) => r.code));
  for (const r of await db
    .select({ v: course.code })
    .from(course)
    .where(like(course.code, `${code}-%`))) {
    if (courseCodes.has(r.v)) throw refuse(`course ${r.v}`);
  }
  const studentCodes = wanted(plan.rows.contact.map((r) => r.code));
  for (const r of await db
    .select({ v: contact.code })
    .from(contact)
    .where(like(contact.code, `${code}-S%`))) {
    if (r.v && studentCodes.has(r.v)) throw refuse(`student ${r.v}`);
  }
  const emails = wanted(plan.rows.contact.map((r) => r.email));
  const emailPattern = `${code.toLowerCase()}-s%@${STUDENT_MAIL_DOMAIN}`;
  for (const r of await db
    .select({ v: contact.email })
    .from(contact)
    .where(ilike(contact.email, emailPattern))) {
    if (emails.has(r.v.toLowerCase())) throw refuse(`a contact with e-mail ${r.v}`);
  }
  const roomCodes = wanted(plan.rows.facility.map((r) => r.code));
  for (const r of await db
    .select({ v: facility.code })
    .from(facility)
    .where(like(facility.code, `${code}-R%`))) {
    if (roomCodes.has(r.v)) throw refuse(`room ${r.v}`);
  }
  const intakeName = plan.rows.intake[0]?.name ?? "";
  if ((await db.select({ v: intake.id }).from(intake).where(eq(intake.name, intakeName))).length > 0) {
    throw refuse(`intake "${intakeName}"`);
  }
  const cycleName = plan.summary.examCycleName ?? "";
  if (
    (await db.select({ v: examCycle.id }).from(examCycle).where(eq(examCycle.name, cycleName))).length > 0
  ) {
    throw refuse(`exam cycle "${cycleName}"`);
  }
}

const summaryColumns = {
  id: importSource.id,
  code: importSource.code,
  name: importSource.name,
  format: importSource.format,
  checksum: importSource.checksum,
  counts: importSource.counts,
  importedAt: importSource.importedAt,
  examCycleId: examCycle.id,
  examCycleName: examCycle.name,
};

type SummaryRow = {
  id: string;
  code: string;
  name: string;
  format: "toronto" | "itc2007";
  checksum: string;
  counts: Record<string, number>;
  importedAt: Date;
  examCycleId: string | null;
  examCycleName: string | null;
};

function toSummary(row: SummaryRow): ImportSummary {
  const n = (key: keyof ImportCounts) => row.counts[key] ?? 0;
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    format: row.format,
    checksum: row.checksum,
    counts: {
      courses: n("courses"),
      students: n("students"),
      enrolments: n("enrolments"),
      rooms: n("rooms"),
      periods: n("periods"),
      exams: n("exams"),
      unplacedExams: n("unplacedExams"),
    },
    examCycleId: row.examCycleId,
    examCycleName: row.examCycleName,
    importedAt: row.importedAt.toISOString(),
  };
}

function selectSummaries(db: Executor) {
  return db
    .select(summaryColumns)
    .from(importSource)
    .leftJoin(examCycle, eq(examCycle.importSourceId, importSource.id));
}

/** Every import, newest first (then by id), with its exam cycle. */
export async function listImports(db: Executor): Promise<ImportSummary[]> {
  const rows = await selectSummaries(db).orderBy(desc(importSource.importedAt), desc(importSource.id));
  return rows.map(toSummary);
}

async function findImport(db: Executor, code: string): Promise<ImportSummary | null> {
  const [row] = await selectSummaries(db).where(eq(importSource.code, code)).limit(1);
  return row ? toSummary(row) : null;
}

/** The earlier import when its checksum matches; 409 `import_conflict` (rule `checksum_differs`) else. */
function sameImportOrConflict(existing: ImportSummary, checksum: string): ImportResult {
  if (existing.checksum === checksum) return { created: false, importSource: existing };
  throw conflict(
    `Import code ${existing.code} was used on ${formatInstant(existing.importedAt, { timeZone: "UTC", withZone: true })} for "${existing.name}" with other file contents. ` +
      "Nothing was imported; give this import another code.",
    "checksum_differs",
  );
}

/**
 * Imports a Toronto file pair or an ITC2007 file as real records, in one transaction: the import
 * source (code, SHA-256 checksum, counts, importedBy = actor e-mail), an institution with a campus
 * "<CODE> campus" in `timeZone` (an IANA zone, default Asia/Kolkata; where rooms for its exams are added), an academic programme (code = import code), an intake "<CODE> intake" and its term
 * "<CODE> term", an exam cycle "<CODE> exam session" (EndTerm, first to last period date), courses
 * CODE-0001.. with one offering each (section A, capacity = students), students CODE-S00001.. with
 * e-mails, enrolments, rooms CODE-R01.. (ITC2007), exam periods (ITC2007: the file's; Toronto:
 * generated, three a weekday at 09:00, 13:00 and 17:00 of 180 minutes from `startDate`, default
 * the first Monday after today in the campus's zone) and one "Final Exam" per course, placed by
 * {@link timetableDataSet} (`timetabling`: the number of periods and the improvement after
 * construction) without student clashes, keeping ITC2007's period hard constraints
 * (EXCLUSION apart, EXAM_COINCIDENCE together, AFTER in a later period; ROOM_EXCLUSIVE exams count
 * the seats of the rooms they will take and are marked `roomExclusive` for seating). ITC2007 exams
 * that fit nowhere at the file's own count go to the period with the fewest clashes and are counted
 * as `unplacedExams` (their constraints may then break); plus one audit row. A new import's answer
 * carries `timetable`, the timetable's quality (periods used, clashes, penalty before and after).
 *
 * The code defaults to {@link deriveImportCode} of the name. Idempotent: the same files under an
 * existing code write nothing and return that import (`created` false). Errors (nothing written):
 * 400 `validation_failed` (field named), 400 `import_format` (field `files.crs|stu|exam`, message
 * naming file and line), 409 `import_conflict` (same code, other files; or a record code, e-mail,
 * intake or cycle name already taken), 409 `timetable_infeasible` (the exams do not fit in the
 * periods; the message names them), 400 `validation_failed` field `periods`.
 */
export async function importExamData(
  ctx: ImportContext,
  actor: AuditActor,
  raw: ExamImportInput,
  timetabling: ImportTimetabling = {},
): Promise<ImportResult & { timetable?: TimetableQuality }> {
  const input = parseImportInput(raw);
  const code = input.code ?? deriveImportCode(input.name);
  if (!code) {
    throw badRequest(
      "No import code can be made from the name: give a code (e.g. DATA1)",
      "code",
      "required",
    );
  }
  const checksum = importChecksum(input);
  const earlier = await findImport(ctx.db, code);
  if (earlier) return sameImportOrConflict(earlier, checksum);

  const plan = planImport(input, code, checksum, actor.email, ctx.now(), timetabling);
  let result: ImportResult;
  try {
    result = await ctx.db.transaction(async (tx) => {
      const meanwhile = await findImport(tx, code);
      if (meanwhile) return sameImportOrConflict(meanwhile, checksum);
      const { summary, rows } = plan;
      // The code is claimed before the record codes are checked: a concurrent import of the same
      // code waits here on the unique key until this one ends, then fails with a unique violation
      // (answered below with the winner). Checked first, the record codes could be seen committed
      // by the other import while its code was not yet, and be refused as taken.
      await tx.insert(importSource).values({
        id: summary.id,
        code,
        name: summary.name,
        format: summary.format,
        checksum,
        counts: summary.counts,
        importedBy: plan.importedBy,
        importedAt: new Date(summary.importedAt),
      });
      await ensureCodesFree(tx, plan);
      await insertRowsByColumn(tx, institution, rows.institution);
      await insertRowsByColumn(tx, campus, rows.campus);
      await insertRowsByColumn(tx, academicProgramme, rows.programme);
      await insertRowsByColumn(tx, intake, rows.intake);
      await insertRowsByColumn(tx, term, rows.term);
      await insertRowsByColumn(tx, examCycle, rows.examCycle);
      await insertRowsByColumn(tx, examPeriod, rows.examPeriod);
      await insertRowsByColumn(tx, facility, rows.facility);
      await insertRowsByColumn(tx, course, rows.course);
      await insertRowsByColumn(tx, courseOffering, rows.courseOffering);
      await insertRowsByColumn(tx, contact, rows.contact);
      await insertRowsByColumn(tx, enrolment, rows.enrolment);
      await insertRowsByColumn(tx, exam, rows.exam);
      await writeAudit(
        tx,
        actor,
        [
          {
            action: "import",
            entity: "import_source",
            entityId: summary.id,
            before: null,
            after: {
              code,
              name: summary.name,
              format: summary.format,
              checksum,
              counts: summary.counts,
              institution: plan.institutionName,
              examCycleId: summary.examCycleId,
            },
          },
        ],
        new Date(summary.importedAt),
      );
      return { created: true, importSource: summary };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another import took the code (or one of the record codes) while this one ran.
    const winner = await findImport(ctx.db, code);
    if (winner) return sameImportOrConflict(winner, checksum);
    throw conflict(
      `Import code ${code}: another change took one of its record codes meanwhile. Nothing was imported; try again.`,
      "record_exists",
    );
  }
  if (result.created) {
    // A bulk load leaves the planner's statistics stale, and the next joins over these tables
    // (clash report, seating) would pick bad plans until autovacuum catches up.
    await ctx.db.execute(sql`analyze enrolment, contact, exam, course_offering, exam_period`);
    return { ...result, timetable: plan.timetable };
  }
  return result;
}
