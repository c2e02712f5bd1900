import { Temporal } from "temporal-polyfill";
import { z } from "zod";
import { isIsoDate } from "./iso-date.ts";
import { ZId } from "./planning-input.ts";
import {
  EVENT_KINDS,
  isLocalTime,
  MAX_EVENT_RANGE_DAYS,
  MAX_FACULTY_PER_EVENT,
  PLANNING_EXAM_TYPES,
  SCHEDULER_FORM_KINDS,
  SCHEDULING_MESSAGES,
  toZ,
  WEEKDAY_NAMES,
} from "./scheduling.ts";

/*
 * The zod schemas of the booking calls and the scheduler's create dialog (the browser and the
 * server check the same rules), apart from scheduling.ts's constants, week navigation and time
 * conversions: the calendars that only navigate and show load no zod (docs/performance.md).
 */

/** An instant string as the booking calls send it: a date-time ending in Z. */
export const ZInstantZ = z
  .string({ error: "Required" })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/, {
    error: "Must be a date-time ending in Z, e.g. 2026-11-16T03:30:00.000Z",
  })
  .refine(
    (v) => {
      try {
        Temporal.Instant.from(v.length === 17 ? `${v.slice(0, 16)}:00Z` : v);
        return true;
      } catch {
        return false;
      }
    },
    { error: "Not a real date-time" },
  )
  .transform((v) => toZ(v.length === 17 ? `${v.slice(0, 16)}:00Z` : v));

const optionalId = z
  .union([z.literal(""), z.null(), ZId])
  .optional()
  .transform((v) => (v ? v : null));

/** `facultyId` of the booking payload: up to three ids joined by ';' (or an array), duplicates dropped. */
export const ZFacultyIds = z
  .union([z.string().max(200), z.array(z.string().max(60)).max(10)])
  .optional()
  .transform((v) => {
    const parts = (Array.isArray(v) ? v : (v ?? "").split(";")).map((s) => s.trim()).filter(Boolean);
    return [...new Set(parts)];
  })
  .pipe(z.array(ZId).max(MAX_FACULTY_PER_EVENT, { error: SCHEDULING_MESSAGES.tooManyFaculty }));

/** `daySelected`: weekday names joined by ';' (Monday..Sunday, or Mon..Sun), as ISO weekdays 1..7. */
export const ZDaySelected = z
  .string()
  .max(200)
  .optional()
  .transform((v, ctx) => {
    const days: number[] = [];
    for (const raw of (v ?? "")
      .split(";")
      .map((s) => s.trim())
      .filter(Boolean)) {
      const i = WEEKDAY_NAMES.findIndex(
        (n) => n.toLowerCase() === raw.toLowerCase() || n.slice(0, 3).toLowerCase() === raw.toLowerCase(),
      );
      if (i < 0) {
        ctx.addIssue({ code: "custom", message: `Unknown weekday "${raw.slice(0, 20)}"` });
        return z.NEVER;
      }
      if (!days.includes(i + 1)) days.push(i + 1);
    }
    return days.sort();
  });

/** activityType of the booking payload: the event kind, written as the spec's event types. */
export const ZEventKind = z
  .string({ error: "Required" })
  .trim()
  .transform((v) => v.toLowerCase())
  .pipe(z.enum(EVENT_KINDS, { error: `activityType must be one of ${EVENT_KINDS.join(", ")}` }));

/**
 * The FacilityFacultyBooking of a Create (spec §7): term, up to three faculty (';'), a facility,
 * selected weekdays (';'), subject (courseVersionId), section (courseOfferingId), planner activity,
 * kind (activityType), start and end as date-times ending in Z; plus an optional session name and,
 * for exams, the type of exam. Rules the schema sees: end after start; a session or exam needs a
 * section; an exam its type, faculty and facility (§5 create exam); a reference a subject and no
 * faculty or facility (§5 exam reference dialog).
 */
export const ZBookingCreate = z
  .object({
    termId: z.union([ZId, z.literal("")], { error: SCHEDULING_MESSAGES.selectTerm }).refine((v) => v !== "", {
      error: SCHEDULING_MESSAGES.selectTerm,
    }),
    facultyId: ZFacultyIds,
    facilityId: optionalId,
    daySelected: ZDaySelected,
    courseVersionId: optionalId,
    courseOfferingId: optionalId,
    academicPlannerActivityId: optionalId,
    activityType: ZEventKind,
    sessionName: z.string().trim().max(200).optional().default(""),
    examType: z.enum(PLANNING_EXAM_TYPES).optional(),
    startDate: ZInstantZ,
    endDate: ZInstantZ,
  })
  .superRefine((b, ctx) => {
    if (Date.parse(b.endDate) <= Date.parse(b.startDate)) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: SCHEDULING_MESSAGES.endBeforeStart });
    }
    if ((b.activityType === "session" || b.activityType === "exam") && !b.courseOfferingId) {
      ctx.addIssue({ code: "custom", path: ["courseOfferingId"], message: "Section is required" });
    }
    if (b.activityType === "exam") {
      if (!b.examType)
        ctx.addIssue({ code: "custom", path: ["examType"], message: "Type of exam is required" });
      if (b.facultyId.length === 0)
        ctx.addIssue({ code: "custom", path: ["facultyId"], message: "Faculty is required" });
      if (!b.facilityId)
        ctx.addIssue({ code: "custom", path: ["facilityId"], message: "Facility is required" });
    }
    if (b.activityType === "reference") {
      if (!b.courseVersionId)
        ctx.addIssue({ code: "custom", path: ["courseVersionId"], message: "Subject is required" });
      if (b.facultyId.length > 0 || b.facilityId)
        ctx.addIssue({
          code: "custom",
          path: ["facultyId"],
          message: "A reference books no faculty or facility",
        });
    }
  });
export type BookingCreate = z.output<typeof ZBookingCreate>;

const ZEventVersion = z.object({ id: ZId, version: z.number().int().min(0).max(2_147_483_647) });

/**
 * The booking operation (spec §7): Create with the booking; Delete naming the event and its
 * version; Update (the scheduler's Edit, not in the spec) with the new booking plus the event's id
 * and version, replacing the event in one transaction.
 */
export const ZBookingOperation = z.discriminatedUnion("Operation", [
  z.object({ Operation: z.literal("Create"), FacilityFacultyBooking: ZBookingCreate }),
  z.object({
    Operation: z.literal("Update"),
    FacilityFacultyBooking: z.intersection(ZBookingCreate, ZEventVersion),
  }),
  z.object({
    Operation: z.literal("Delete"),
    FacilityFacultyBooking: z.object({ id: ZId, version: z.number().int().min(0).max(2_147_483_647) }),
  }),
]);
export type BookingOperation = z.output<typeof ZBookingOperation>;

/** A range of days (YYYY-MM-DD, both included) of an events read: at most {@link MAX_EVENT_RANGE_DAYS}. */
export const ZDayRange = z
  .object({
    from: z.string().refine(isIsoDate, { error: "from must be a date YYYY-MM-DD" }),
    to: z.string().refine(isIsoDate, { error: "to must be a date YYYY-MM-DD" }),
  })
  .superRefine((r, ctx) => {
    const days = Temporal.PlainDate.from(r.from).until(Temporal.PlainDate.from(r.to)).days;
    if (days < 0) ctx.addIssue({ code: "custom", path: ["to"], message: "to must not be before from" });
    if (days > MAX_EVENT_RANGE_DAYS)
      ctx.addIssue({ code: "custom", path: ["to"], message: `At most ${MAX_EVENT_RANGE_DAYS} days at once` });
  });

/** One side of a time table swap: a scheduled event and the version the client read. */
export const ZSwapSide = z.object({
  id: ZId,
  version: z.number().int().min(0).max(2_147_483_647),
});

/**
 * The time table swap (spec, Academic planning §2 "Time Table"; §5/§8 timetable swap messages): two
 * scheduled events of one intake whose times are exchanged. The two must differ.
 */
export const ZTimeTableSwap = z
  .object({ first: ZSwapSide, second: ZSwapSide })
  .refine((s) => s.first.id !== s.second.id, {
    error: "Pick two different sessions",
    path: ["second", "id"],
  });
export type TimeTableSwap = z.output<typeof ZTimeTableSwap>;

const required = z.string({ error: "Required" }).trim().min(1, { error: "Required" });
const optionalText = z.string().trim().max(200);

/**
 * The create dialog's form (spec §5): dates YYYY-MM-DD and times HH:MM (Asia/Kolkata). Every kind
 * needs a start and end date; a reference (type of activity fixed to Exam) also a subject and
 * ends on or after its start day; a session a section and start/end times; an exam its type,
 * subject, section, start/end time, at least one faculty and a facility (§5 create exam: all
 * required). Faculty 1 to 3 (§9), no one twice. Errors read 'Required' where a field is missing,
 * so the dialog shows 'Field cannot be empty.'.
 */
export const ZSchedulerEventForm = z
  .object({
    kind: z.enum(SCHEDULER_FORM_KINDS),
    sessionName: optionalText,
    examType: z.union([z.literal(""), z.enum(PLANNING_EXAM_TYPES)]),
    courseVersionId: z.string().trim(),
    courseOfferingId: z.string().trim(),
    faculty1: z.string().trim(),
    faculty2: z.string().trim(),
    faculty3: z.string().trim(),
    facilityId: z.string().trim(),
    startDate: required.refine(isIsoDate, { error: "Not a date" }),
    startTime: z.string().trim(),
    endDate: required.refine(isIsoDate, { error: "Not a date" }),
    endTime: z.string().trim(),
  })
  .superRefine((f, ctx) => {
    const need = (key: keyof typeof f) => {
      if (!f[key]) ctx.addIssue({ code: "custom", path: [key], message: "Required" });
    };
    const timed = f.kind !== "reference";
    if (timed) {
      need("startTime");
      need("endTime");
      for (const key of ["startTime", "endTime"] as const) {
        if (f[key] && !isLocalTime(f[key]))
          ctx.addIssue({ code: "custom", path: [key], message: "Time must be HH:MM" });
      }
    }
    if (f.kind === "reference") need("courseVersionId");
    if (f.kind === "session") need("courseOfferingId");
    if (f.kind === "exam") {
      for (const key of [
        "examType",
        "courseVersionId",
        "courseOfferingId",
        "faculty1",
        "facilityId",
      ] as const)
        need(key);
    }
    const chosen = [f.faculty1, f.faculty2, f.faculty3].filter(Boolean);
    if (new Set(chosen).size !== chosen.length)
      ctx.addIssue({ code: "custom", path: ["faculty2"], message: "The same faculty is chosen twice" });
    // End after start: compared once both ends are complete (a missing time is 'Required' already);
    // reported on the end time of a timed event, the end date of a reference.
    const complete = isIsoDate(f.startDate) && isIsoDate(f.endDate);
    if (complete && !timed && f.endDate < f.startDate)
      ctx.addIssue({ code: "custom", path: ["endDate"], message: SCHEDULING_MESSAGES.endBeforeStart });
    if (complete && timed && isLocalTime(f.startTime) && isLocalTime(f.endTime)) {
      if (`${f.endDate}T${f.endTime}` <= `${f.startDate}T${f.startTime}`)
        ctx.addIssue({ code: "custom", path: ["endTime"], message: SCHEDULING_MESSAGES.endBeforeStart });
    }
  });
export type SchedulerEventForm = z.output<typeof ZSchedulerEventForm>;
