import { z } from "zod";
import { isIsoDate } from "./iso-date.ts";
import {
  ACTIVITY_COUNT_MAX_LENGTH,
  ACTIVITY_TYPES,
  BATCH_SORT_COLUMNS,
  BATCH_YEARS,
  cannotExceedMessage,
  endDateProblem,
  formatDisplayIsoDate,
  fromWireDate,
  HOURS_PER_SESSION_MAX,
  HOURS_PER_SESSION_MIN,
  INTAKE_MONTHS,
  isAllowedAttachment,
  PLANNER_YEARS,
  PLANNING_MESSAGES,
  SECTION_LETTERS,
  SECTION_STRENGTH_MESSAGE,
  SEMESTER_OPTIONS,
  uniqueSelection,
} from "./planning.ts";

/*
 * The planning calls' and forms' zod schemas (spec, Academic planning §5 "Validation rules", §7), apart from
 * planning.ts's constants and filter rules: a screen that shows planning labels then loads no zod; a dialog
 * that validates loads it with itself (docs/performance.md, page JavaScript).
 */

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

/** Page sizes the batch list accepts: 10, 25, 50, 0 (All, capped at ALL_ROWS_CAP) and 1000 (the old All). */
const BATCH_LIST_COUNTS = [10, 25, 50, 0, 1000];

/**
 * Batch list query (§7 Batch list): five filters, empty = all, plus server paging (count 0 is the
 * grids' All, capped; 1000 is still read as All) and an optional header sort (BATCH_SORT_COLUMNS).
 */
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
    .refine((n) => BATCH_LIST_COUNTS.includes(n), {
      error: "count must be one of 10, 25, 50, 0 (All, capped) or 1000 (All)",
    })
    .transform((n) => (n === 1000 ? 0 : n))
    .default(10),
  sortBy: z
    .enum(BATCH_SORT_COLUMNS, { error: `sortBy must be one of ${BATCH_SORT_COLUMNS.join(", ")}` })
    .optional(),
  sortDirection: z.enum(["asc", "desc"], { error: "sortDirection must be asc or desc" }).default("asc"),
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

/** Most characters of a specialization's (programme plan's) name. */
export const SPECIALIZATION_NAME_MAX = 200;

/**
 * SpecializationsByProgram post (spec exam-management-and-shell, "Service calls"; payload not
 * shown, designed here): a new specialization (programme plan) of programme `academicProgramId`,
 * named `name` (1-200 characters, trimmed). It starts with a copy of the programme's primary
 * curriculum when `copyCurriculum` is true (the default), else with none.
 */
export const ZCreateSpecialization = z.object({
  academicProgramId: ZId,
  name: requiredText(SPECIALIZATION_NAME_MAX),
  copyCurriculum: z.boolean({ error: "copyCurriculum must be true or false" }).default(true),
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
