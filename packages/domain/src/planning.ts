/**
 * Rules of academic planning (spec academic-planning.md): constants of §9, the batch filter reset
 * rules of §4, section letters (§5), the activity dialog's rules (§5) with its working-day end-date
 * rule, the attachment rule of the faculty invitation (§5), and the zod schemas of every planning
 * input (the browser's forms and the server's boundary use the same ones). Pure, no I/O.
 */
import { Temporal } from "temporal-polyfill";
import { z } from "zod";
import { isIsoDate } from "./exam-timetable.ts";

/** Texts of the planning spec (§5, §8), spelled exactly as written. */
export const PLANNING_MESSAGES = {
  /** §5 required text input / select */
  fieldCannotBeEmpty: "Field cannot be empty.",
  /** §5 one faculty per section / activity */
  onlyOneFaculty: "Only 1 faculty can be selected",
  /** §5, §8 attachment type of the invite and email dialogs */
  attachmentType: "Please Select Only Doc ,Pdf and Image",
  /** §8 empty answer of the server */
  noDataFound: "No Data Found",
  /** §8 */
  failedToAdd: "Failed to add. Please try again.",
  /** §8 */
  noProgramsFound: "No Programs Found",
  /** §8 */
  noSectionsFound: "No Sections Found",
  /** §8 */
  provideAllDetails: "Please provide all the details",
  /** §8 */
  selectSectionFirst: "Please select a section before proceeding",
  /** §8 */
  selectTermFirst: "Select term to create any activity",
} as const;

/** §5 'Cannot exceed {date}' with the term end date shown DD-MM-YYYY. */
export function cannotExceedMessage(isoDate: string): string {
  return `Cannot exceed ${formatDisplayIsoDate(isoDate)}`;
}

// ---------------------------------------------------------------------------------------------
// §9 constants

/** Batch filter years (§9: 2024 to 2040). */
export const BATCH_YEARS: readonly number[] = Array.from({ length: 2040 - 2024 + 1 }, (_, i) => 2024 + i);
/** Planner years (§9: 2015 to 2040, default 2015). */
export const PLANNER_YEARS: readonly number[] = Array.from({ length: 2040 - 2015 + 1 }, (_, i) => 2015 + i);
export const DEFAULT_PLANNER_YEAR = 2015;
/** Intake months (§9: JAN to DEC, default JAN). */
export const INTAKE_MONTHS = [
  "JAN",
  "FEB",
  "MAR",
  "APR",
  "MAY",
  "JUN",
  "JUL",
  "AUG",
  "SEP",
  "OCT",
  "NOV",
  "DEC",
] as const;
export type IntakeMonth = (typeof INTAKE_MONTHS)[number];
export const DEFAULT_INTAKE_MONTH: IntakeMonth = "JAN";
/** Campus filter defaults (§9), "All" last. */
export const CAMPUS_FILTER_OPTIONS = ["Singapore", "Dubai", "Mumbai", "Sydney", "All"] as const;
/** Term status filter values before the server answers its own (§4). */
export const DEFAULT_TERM_STATUSES = ["Ongoing", "Upcoming", "All"] as const;
/** Term status of a term or batch computed from its dates and today (the values the server returns). */
export const TERM_STATUSES = ["Upcoming", "Ongoing", "Completed"] as const;
export type TermStatus = (typeof TERM_STATUSES)[number];
/** Activity types (§3 planner activity). */
export const ACTIVITY_TYPES = [
  "Lecture",
  "Exam",
  "Lab",
  "Tutorial",
  "Practical",
  "Workshop",
  "Travel",
  "Term Break",
  "Holiday",
  "Other",
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
/** Semester options of the FILTER dialogs (§9: 1-4). */
export const SEMESTER_OPTIONS = [1, 2, 3, 4] as const;
/** Time zones of the schedule (§9). */
export const SCHEDULE_TIME_ZONES = [
  { label: "GMT", timeZone: "Europe/London" },
  { label: "CET", timeZone: "Europe/Berlin" },
] as const;
/** Faculty association (§3). */
export const FACULTY_ASSOCIATIONS = ["Internal", "Visiting"] as const;
/** Fixed availability of non-visiting faculty (§2 Faculty Invitation). */
export const INTERNAL_FACULTY_AVAILABILITY = "Monday-Friday 8:30 AM - 5:30 PM";
/** Section letters A..Z (§5, §9). */
export const SECTION_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("") as readonly string[];
/** Duration and sessions: at most 3 characters (§5, §9). */
export const ACTIVITY_COUNT_MAX_LENGTH = 3;
/** Hours per session bounds (§5, §9). */
export const HOURS_PER_SESSION_MIN = 0.1;
export const HOURS_PER_SESSION_MAX = 24;
/** Attachment types of the invite and email dialogs (§5). */
export const ATTACHMENT_EXTENSIONS = ["doc", "docx", "pdf", "jpeg", "jpg", "png"] as const;
/** Largest attachment accepted, bytes (not shown by the spec; the API's body limit bounds it). */
export const ATTACHMENT_MAX_BYTES = 700 * 1024;

// ---------------------------------------------------------------------------------------------
// Dates

/** ISO `YYYY-MM-DD` shown DD-MM-YYYY (§9 display). */
export function formatDisplayIsoDate(isoDate: string): string {
  const [y, m, d] = isoDate.split("-");
  return `${d}-${m}-${y}`;
}

/** ISO `YYYY-MM-DD` written DD/MM/YYYY, the planner's wire format (§5). */
export function toWireDate(isoDate: string): string {
  const [y, m, d] = isoDate.split("-");
  return `${d}/${m}/${y}`;
}

/** DD/MM/YYYY (the wire) as ISO `YYYY-MM-DD`, or null when it is not a real calendar date. */
export function fromWireDate(wire: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(wire);
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  return isIsoDate(iso) ? iso : null;
}

/** ISO weekday numbers, Monday 1 .. Sunday 7. */
export const ALL_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** What makes a day a working day: its weekday is allowed and it is not a holiday. */
export type WorkingDays = {
  /** Allowed ISO weekdays (Monday 1 .. Sunday 7); default all seven (§5). */
  weekdays?: readonly number[];
  /** Holidays (ISO dates) of the academic calendar, excluded. */
  holidays?: Iterable<string>;
};

function workingDayTest(rule: WorkingDays): (d: Temporal.PlainDate) => boolean {
  const weekdays = new Set(rule.weekdays && rule.weekdays.length > 0 ? rule.weekdays : ALL_WEEKDAYS);
  const holidays = new Set(rule.holidays ?? []);
  return (d) => weekdays.has(d.dayOfWeek) && !holidays.has(d.toString());
}

/** Longest span searched for working days (a rule allowing no day at all must still end). */
const MAX_SEARCH_DAYS = 3 * 366;

/**
 * The activity dialog's end date (§5): from `startDate` (ISO) count `days` working days (the start
 * counts when it is one), then take the day before the next working day after the last one counted,
 * so the activity runs up to the next working day. Null when `days` is not at least 1 or no working
 * day is found within three years (e.g. every weekday a holiday).
 */
export function activityEndDate(startDate: string, days: number, rule: WorkingDays = {}): string | null {
  if (!Number.isInteger(days) || days < 1 || !isIsoDate(startDate)) return null;
  const isWorking = workingDayTest(rule);
  let day = Temporal.PlainDate.from(startDate);
  let counted = 0;
  let searched = 0;
  for (;;) {
    if (isWorking(day)) counted++;
    if (counted === days) break;
    day = day.add({ days: 1 });
    if (++searched > MAX_SEARCH_DAYS + days) return null;
  }
  let next = day.add({ days: 1 });
  for (let i = 0; !isWorking(next); i++) {
    if (i > MAX_SEARCH_DAYS) return null;
    next = next.add({ days: 1 });
  }
  return next.subtract({ days: 1 }).toString();
}

/** The working days (ISO) from `startDate` to `endDate`, both included. */
export function workingDaysBetween(startDate: string, endDate: string, rule: WorkingDays = {}): string[] {
  const isWorking = workingDayTest(rule);
  const out: string[] = [];
  const end = Temporal.PlainDate.from(endDate);
  for (
    let d = Temporal.PlainDate.from(startDate);
    Temporal.PlainDate.compare(d, end) <= 0;
    d = d.add({ days: 1 })
  ) {
    if (isWorking(d)) out.push(d.toString());
  }
  return out;
}

/**
 * Splits the span `startDate`..`endDate` (ISO, both included) into `count` consecutive terms of
 * (nearly) equal length, or null when the span has fewer days than terms.
 */
export function splitIntoTerms(
  startDate: string,
  endDate: string,
  count: number,
): Array<{ startDate: string; endDate: string }> | null {
  const start = Temporal.PlainDate.from(startDate);
  const days = start.until(Temporal.PlainDate.from(endDate)).days + 1;
  if (count < 1 || days < count) return null;
  return Array.from({ length: count }, (_, i) => ({
    startDate: start.add({ days: Math.floor((days * i) / count) }).toString(),
    endDate: start.add({ days: Math.floor((days * (i + 1)) / count) - 1 }).toString(),
  }));
}

/** Week number (1-based) of `date` in a term starting `termStart` (both ISO): days 0-6 are week 1. */
export function weekOfTerm(termStart: string, date: string): number {
  return Math.floor(Temporal.PlainDate.from(termStart).until(Temporal.PlainDate.from(date)).days / 7) + 1;
}

/** §5: 'Cannot exceed {date}' when `endDate` is after `termEndDate`, else null. */
export function endDateProblem(endDate: string, termEndDate: string): string | null {
  return endDate > termEndDate ? cannotExceedMessage(termEndDate) : null;
}

/** Status of a term (or batch) with these dates on `today` (all ISO). */
export function termStatusOn(startDate: string, endDate: string, today: string): TermStatus {
  if (today < startDate) return "Upcoming";
  if (today > endDate) return "Completed";
  return "Ongoing";
}

// ---------------------------------------------------------------------------------------------
// §4 filter reset rules

/** The batches list's five filters (§2, §7 Batch list): empty string means all. */
export type BatchFilters = {
  program: string;
  batch: string;
  intake: string;
  campus: string;
  termStatus: string;
};
export const EMPTY_BATCH_FILTERS: BatchFilters = {
  program: "",
  batch: "",
  intake: "",
  campus: "",
  termStatus: "",
};

/**
 * §4: changing the academic program resets the other filters; changing the batch resets intake,
 * campus and term status; changing the intake resets campus and term status. Campus and term status
 * reset nothing. Setting a filter to the value it has changes nothing.
 */
export function changeBatchFilter<K extends keyof BatchFilters>(
  filters: BatchFilters,
  key: K,
  value: string,
): BatchFilters {
  if (filters[key] === value) return filters;
  switch (key) {
    case "program":
      return { ...EMPTY_BATCH_FILTERS, program: value };
    case "batch":
      return { ...filters, batch: value, intake: "", campus: "", termStatus: "" };
    case "intake":
      return { ...filters, intake: value, campus: "", termStatus: "" };
    default:
      return { ...filters, [key]: value };
  }
}

/** Planner and subject-list selectors (§2, §4): program, year, intake, term. */
export type PlanningSelection = { program: string; year: string; intake: string; term: string };
export const EMPTY_PLANNING_SELECTION: PlanningSelection = { program: "", year: "", intake: "", term: "" };

/**
 * §4: changing the program resets year, intake and term (the scheduler clears its events too);
 * changing year or intake resets the term.
 */
export function changePlanningSelection<K extends keyof PlanningSelection>(
  selection: PlanningSelection,
  key: K,
  value: string,
): PlanningSelection {
  if (selection[key] === value) return selection;
  if (key === "program") return { ...EMPTY_PLANNING_SELECTION, program: value };
  if (key === "year" || key === "intake") return { ...selection, [key]: value, term: "" };
  return { ...selection, [key]: value };
}

/** §2, §4: Choose Curriculum Version, Master Term Import and Next need program, intake and year. */
export function isPlanningSelectionComplete(
  s: Pick<PlanningSelection, "program" | "intake" | "year">,
): boolean {
  return s.program !== "" && s.intake !== "" && s.year !== "";
}

// ---------------------------------------------------------------------------------------------
// §5 sections, faculty, attachments

/** The next section letter in order A..Z (the first one not in `existing`), or null after Z. */
export function nextSectionLetter(existing: Iterable<string>): string | null {
  const used = new Set(existing);
  return SECTION_LETTERS.find((l) => !used.has(l)) ?? null;
}

/** §4 faculty selection: duplicates removed, order kept. */
export function uniqueSelection<T>(ids: readonly T[]): T[] {
  return [...new Set(ids)];
}

/** §5: is `fileName`'s extension one of doc, docx, pdf, jpeg, jpg, png (any case)? */
export function isAllowedAttachment(fileName: string): boolean {
  const dot = fileName.lastIndexOf(".");
  if (dot <= 0 || dot === fileName.length - 1) return false;
  return (ATTACHMENT_EXTENSIONS as readonly string[]).includes(fileName.slice(dot + 1).toLowerCase());
}

// ---------------------------------------------------------------------------------------------
// zod schemas

const required = { error: PLANNING_MESSAGES.fieldCannotBeEmpty };
const requiredText = (max: number) => z.string(required).trim().min(1, required).max(max);
/** An id from the server (UUID); refused otherwise so a lookup never runs with garbage. */
export const ZId = z.uuid({ error: "Not a valid id" });
/** Date on the wire DD/MM/YYYY, parsed to ISO. */
export const ZWireDate = z
  .string(required)
  .trim()
  .min(1, required)
  .transform((v, ctx) => {
    const iso = fromWireDate(v);
    if (iso === null) {
      ctx.addIssue({ code: "custom", message: "Date must be a real date written DD/MM/YYYY" });
      return z.NEVER;
    }
    return iso;
  });
/** Date YYYY-MM-DD (as entered in the browser's date field). */
export const ZIsoDate = z
  .string(required)
  .trim()
  .min(1, required)
  .refine(isIsoDate, { error: "Date must be a real date written YYYY-MM-DD" });

/** Digits only, 1-3 characters (§5 duration and sessions), as the text the user typed. */
export const ZCountText = z
  .string(required)
  .trim()
  .min(1, required)
  .max(ACTIVITY_COUNT_MAX_LENGTH, { error: `At most ${ACTIVITY_COUNT_MAX_LENGTH} characters` })
  .regex(/^\d+$/, { error: "Digits only" })
  .refine((v) => Number(v) >= 1, { error: "Must be at least 1" });

const hoursMessage = `Must be between ${HOURS_PER_SESSION_MIN} and ${HOURS_PER_SESSION_MAX}`;
/** §5 hours per session as typed: a number with at most 2 decimals, 0.1 to 24, at most 3 characters. */
export const ZHoursText = z
  .string(required)
  .trim()
  .min(1, required)
  .max(ACTIVITY_COUNT_MAX_LENGTH, { error: `At most ${ACTIVITY_COUNT_MAX_LENGTH} characters` })
  .regex(/^\d+(\.\d{1,2})?$/, { error: "A number with at most 2 decimals" })
  .refine((v) => Number(v) >= HOURS_PER_SESSION_MIN && Number(v) <= HOURS_PER_SESSION_MAX, {
    error: hoursMessage,
  });

/** One faculty member (§5): exactly one id, else 'Only 1 faculty can be selected'. */
export const ZOneFaculty = z
  .array(ZId)
  .min(1, required)
  .transform((ids) => uniqueSelection(ids))
  .refine((ids) => ids.length === 1, { error: PLANNING_MESSAGES.onlyOneFaculty });

/**
 * The activity dialog's form (§2 Activity dialog, §5): every field but description required;
 * duration (working days) and sessions digits only, at most 3 characters; hours per session 0.1-24
 * with at most 2 decimals; start within the row's start and the term end; end not before the start
 * nor after the term end ('Cannot exceed {date}'); one faculty. Dates ISO as the date field gives them.
 */
export function activityFormSchema(bounds: { rowStartDate?: string; termEndDate: string }) {
  return z
    .object({
      activityType: z.enum(ACTIVITY_TYPES, required),
      duration: ZCountText,
      sessions: ZCountText,
      hoursPerSession: ZHoursText,
      startDate: ZIsoDate,
      endDate: ZIsoDate,
      sectionId: ZId,
      facultyIds: ZOneFaculty,
      description: z.string().trim().max(2000).default(""),
    })
    .superRefine((v, ctx) => {
      if (bounds.rowStartDate && v.startDate < bounds.rowStartDate) {
        ctx.addIssue({
          code: "custom",
          path: ["startDate"],
          message: `Cannot be before ${formatDisplayIsoDate(bounds.rowStartDate)}`,
        });
      }
      if (v.startDate > bounds.termEndDate) {
        ctx.addIssue({
          code: "custom",
          path: ["startDate"],
          message: cannotExceedMessage(bounds.termEndDate),
        });
      }
      if (v.endDate < v.startDate) {
        ctx.addIssue({
          code: "custom",
          path: ["endDate"],
          message: "End date cannot be before the start date",
        });
      }
      const problem = endDateProblem(v.endDate, bounds.termEndDate);
      if (problem) ctx.addIssue({ code: "custom", path: ["endDate"], message: problem });
    });
}
export type ActivityForm = z.output<ReturnType<typeof activityFormSchema>>;

const wireCount = z.union([z.number(), z.string()]).transform((v) => String(v));
/**
 * The Activity operation on the wire (§3 Activity operation payload, §7 Activity create/update):
 * `Operation` Create or Update; dates DD/MM/YYYY; `facultyIds` joined by ';' (exactly one, §5);
 * counts as numbers or digit strings. `version` is required with Update.
 */
export const ZActivityOperation = z
  .object({
    Operation: z.enum(["Create", "Update"], { error: "Operation must be Create or Update" }),
    Activity: z.object({
      termId: ZId,
      courseVersionId: ZId,
      courseOfferingId: ZId,
      activityId: ZId.nullish(),
      activityType: z.enum(ACTIVITY_TYPES, required),
      activityStartDate: ZWireDate,
      activityEndDate: ZWireDate,
      numberOfSessions: wireCount.pipe(ZCountText),
      numberOfhoursSessions: wireCount.pipe(ZHoursText),
      duration: wireCount.pipe(ZCountText),
      descriptions: z.string().trim().max(2000).default(""),
      facultyIds: z
        .string(required)
        .transform((v) =>
          v
            .split(";")
            .map((s) => s.trim())
            .filter((s) => s !== ""),
        )
        .pipe(ZOneFaculty),
      version: z.number().int().min(0).max(2_147_483_647).optional(),
      /** Allowed ISO weekdays (Monday 1 .. Sunday 7) of the working-day rule; default all seven. */
      weekdays: z.array(z.number().int().min(1).max(7)).min(1).max(7).optional(),
    }),
  })
  .superRefine((v, ctx) => {
    if (v.Activity.activityEndDate < v.Activity.activityStartDate) {
      ctx.addIssue({
        code: "custom",
        path: ["Activity", "activityEndDate"],
        message: "End date cannot be before the start date",
      });
    }
    if (v.Operation === "Update" && (!v.Activity.activityId || v.Activity.version === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["Activity", v.Activity.activityId ? "version" : "activityId"],
        message: "Update needs the activity's id and the version you read",
      });
    }
  });
export type ActivityOperation = z.output<typeof ZActivityOperation>;

/** Batch list query (§7 Batch list): five filters, empty = all, plus server paging. */
export const ZBatchListQuery = z.object({
  program: z.string().trim().max(200).default(""),
  batch: z.union([z.literal(""), z.coerce.number().int().min(1900).max(2100)]).default(""),
  intake: z.union([z.literal(""), z.enum(INTAKE_MONTHS)]).default(""),
  campus: z.string().trim().max(200).default(""),
  termStatus: z.string().trim().max(40).default(""),
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  count: z.coerce
    .number()
    .int()
    .refine((n) => [10, 25, 50, 1000].includes(n), { error: "count must be one of 10, 25, 50, 1000 (All)" })
    .default(10),
});

/** createProgramBatchSpecialization (§2 Add Intake): a programme's new intake at a campus with its terms. */
export const ZCreateIntake = z
  .object({
    academicProgramId: ZId,
    campusId: ZId,
    year: z
      .number({ error: PLANNING_MESSAGES.fieldCannotBeEmpty })
      .int()
      .min(BATCH_YEARS[0] ?? 2024)
      .max(2040),
    intake: z.enum(INTAKE_MONTHS, required),
    startDate: ZWireDate,
    endDate: ZWireDate,
    /** Terms (semesters, §9 1-4); their dates split the intake's span evenly unless given. */
    semesters: z.number().int().min(1).max(SEMESTER_OPTIONS.length).default(2),
    /** FILTER dialog's Total Section: sections A.. made for every subject imported later. */
    totalSections: z.number().int().min(1).max(SECTION_LETTERS.length).default(1),
  })
  .refine((v) => v.endDate > v.startDate, {
    error: "End date must be after the start date",
    path: ["endDate"],
  });

/** Add term subject (§7): CourseVersion with termName, courseId, dates dd/mm/yyyy. */
export const ZAddTermSubject = z
  .object({
    CourseVersion: z.object({
      intakeId: ZId,
      termName: requiredText(100),
      courseVersionId: z.null().optional(),
      courseId: ZId,
      startDate: ZWireDate,
      endDate: ZWireDate,
    }),
  })
  .refine((v) => v.CourseVersion.endDate >= v.CourseVersion.startDate, {
    error: "End date cannot be before the start date",
    path: ["CourseVersion", "endDate"],
  });

/** Section create/update/delete (§7): strength is free text sent as a number (§5). */
export const ZSectionOperation = z.discriminatedUnion("Operation", [
  z.object({
    Operation: z.literal("Create"),
    CourseOffering: z.object({
      courseVersionId: ZId,
      courseOfferingCapacity: z.coerce.number().int().min(1).max(10_000),
    }),
  }),
  z.object({
    Operation: z.literal("Update"),
    CourseOffering: z.object({
      courseOfferingId: ZId,
      courseVersionId: ZId,
      courseOfferingCapacity: z.coerce.number().int().min(1).max(10_000),
      version: z.number().int().min(0).max(2_147_483_647),
    }),
  }),
  z.object({
    Operation: z.literal("Delete"),
    courseOfferingIds: z.array(ZId).min(1).max(26),
  }),
]);

/** Faculty per section (§2 Select Faculty): one faculty, 'Only 1 faculty can be selected'. */
export const ZSectionFaculty = z.object({
  courseOfferingId: ZId,
  facultyIds: ZOneFaculty,
  version: z.number().int().min(0).max(2_147_483_647),
});

/**
 * Class room of a section (§2 Select Class Room/Faculty): a room (facility) of the intake's campus,
 * or null to clear it; the section's version as read.
 */
export const ZSectionRoom = z.object({
  courseOfferingId: ZId,
  roomId: ZId.nullable(),
  version: z.number().int().min(0).max(2_147_483_647),
});

/** The Type filter of Current Programmes (§2; §9 types Type 1, Type 2). */
export const PROGRAMME_TYPES = ["Type 1", "Type 2"] as const;
export type ProgrammeType = (typeof PROGRAMME_TYPES)[number];

/** The message of a section strength that is not a whole number 1..10000. */
export const SECTION_STRENGTH_MESSAGE = "Section strength must be a whole number from 1 to 10000";
/**
 * §5 section strength as the Select Section dialog takes it: free text, sent as a number; the text
 * must be a whole number from 1 to 10000 (the same bounds as the call's courseOfferingCapacity).
 */
export const ZSectionStrengthText = z
  .string()
  .trim()
  .regex(/^\d{1,5}$/, { error: SECTION_STRENGTH_MESSAGE })
  .refine((v) => Number(v) >= 1 && Number(v) <= 10_000, { error: SECTION_STRENGTH_MESSAGE });

/** Planner activity add/update (§7): dates DD/MM/YYYY; required activity, start, end (§5). */
export const ZPlannerActivity = z
  .object({
    AcademicPlannerActivity: z.object({
      termId: ZId,
      termName: z.string().trim().max(100).optional(),
      academicPlannerActivityId: ZId.nullish(),
      academicPlannerActivityName: requiredText(200),
      activityType: z.enum(ACTIVITY_TYPES).default("Other"),
      activityStartDate: ZWireDate,
      activityEndDate: ZWireDate,
      courseVersionId: ZId.nullish(),
      facultyId: ZId.nullish(),
      /** Add Reference (spec §2): a reference activity, shown beside the planned ones. */
      isReference: z.boolean().default(false),
      version: z.number().int().min(0).max(2_147_483_647).optional(),
    }),
  })
  .refine((v) => v.AcademicPlannerActivity.activityEndDate >= v.AcademicPlannerActivity.activityStartDate, {
    error: "End date cannot be before the start date",
    path: ["AcademicPlannerActivity", "activityEndDate"],
  });

/** Master import or clone target (§7): academicProgramId, intake, year. */
export const ZIntakeRef = z.object({
  academicProgramId: ZId,
  intake: z.enum(INTAKE_MONTHS, required),
  year: z.coerce
    .number()
    .int()
    .min(PLANNER_YEARS[0] ?? 2015)
    .max(2040),
});

/** Program Clone dialog (§2): copy the planner of (program, intake, batch) into the target intake. */
export const ZPlannerClone = z.object({
  source: z.object({ academicProgramId: ZId, intake: z.enum(INTAKE_MONTHS), batch: z.coerce.number().int() }),
  target: ZIntakeRef,
});

/** Faculty invitation or email (§2 Faculty Invitation, §5): faculty, required Subject and Attachment. */
export const ZInvitation = z.object({
  kind: z.enum(["invite", "newInvite", "email"]).default("invite"),
  facultyIds: z.array(ZId).min(1, required).max(200).transform(uniqueSelection),
  subject: requiredText(300),
  body: z.string().max(10_000).default(""),
  attachmentName: z
    .string(required)
    .trim()
    .min(1, required)
    .max(200)
    .refine(isAllowedAttachment, { error: PLANNING_MESSAGES.attachmentType }),
});

/** An academic calendar entry (AcademicCalendar post): a holiday or event of an intake or a campus. */
export const ZCalendarEntry = z
  .object({
    id: ZId.nullish(),
    intakeId: ZId.nullish(),
    campusId: ZId.nullish(),
    name: requiredText(200),
    kind: z.enum(["Holiday", "Event"]).default("Holiday"),
    startDate: ZWireDate,
    endDate: ZWireDate,
    version: z.number().int().min(0).max(2_147_483_647).optional(),
  })
  .refine((v) => v.endDate >= v.startDate, {
    error: "End date cannot be before the start date",
    path: ["endDate"],
  });

/** TermDatesUpdate: a term's start and end (DD/MM/YYYY) with the version read. */
export const ZTermDates = z
  .object({
    termId: ZId,
    startDate: ZWireDate,
    endDate: ZWireDate,
    version: z.number().int().min(0).max(2_147_483_647),
  })
  .refine((v) => v.endDate > v.startDate, {
    error: "End date must be after the start date",
    path: ["endDate"],
  });

/** campusHolidays: one holiday of a campus (all intakes there). */
export const ZCampusHoliday = z.object({
  campusId: ZId,
  name: requiredText(200),
  date: ZWireDate,
});
