import { Temporal } from "temporal-polyfill";
import { z } from "zod";
import { ZId } from "./planning-input.ts";

/*
 * Events with their schedule, and the department master (spec, Exam management §1
 * home cards "events (/app/events)" and "payroll (/app/setup/master/department)", §7 "Calls on the
 * admin URL: events, schedule", §9 "Sample options: ... departments UG, PG, Doctoral"). The spec
 * shows no fields of either; these are the portal's, documented in openapi/administration.yaml.
 */

/** Levels of a department (spec §9 sample departments UG, PG, Doctoral). */
export const DEPARTMENT_LEVELS = ["UG", "PG", "Doctoral"] as const;
export type DepartmentLevel = (typeof DEPARTMENT_LEVELS)[number];

/** Kinds of event a university office schedules. */
export const EVENT_TYPES = ["academic", "cultural", "sports", "workshop", "seminar", "convocation"] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Who an event is for. */
export const EVENT_AUDIENCES = ["all", "students", "faculty", "staff"] as const;
export type EventAudience = (typeof EVENT_AUDIENCES)[number];

/** Messages of the events and department calls, in English (the screens show their own catalogue's). */
export const ADMINISTRATION_MESSAGES = {
  codeRequired: "Code is required",
  codeFormat: "Code may use letters, digits, '-' and '_' only (at most 20)",
  nameRequired: "Name is required",
  levelRequired: "Select a level",
  duplicateCode: "A department with this code already exists",
  titleRequired: "Title is required",
  typeRequired: "Select an event type",
  audienceRequired: "Select an audience",
  dateTimeFormat: "Enter a date and time",
  endBeforeStart: "End must be after start",
  itemOutsideEvent: "A schedule item must lie within its event's start and end",
  noSuchEvent: "No such event",
  noSuchItem: "No such schedule item",
  noSuchDepartment: "No such department",
} as const;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `At most ${max} characters` });

/** A department's code: letters, digits, '-' and '_', 1 to 20 characters, kept upper case. */
export const ZDepartmentCode = z
  .string({ error: ADMINISTRATION_MESSAGES.codeRequired })
  .trim()
  .min(1, { error: ADMINISTRATION_MESSAGES.codeRequired })
  .regex(/^[A-Za-z0-9_-]{1,20}$/, { error: ADMINISTRATION_MESSAGES.codeFormat })
  .transform((v) => v.toUpperCase());

/** Body of POST /admin/departments: code (unique), name, level, active. */
export const ZDepartmentInput = z.strictObject({
  code: ZDepartmentCode,
  name: z
    .string({ error: ADMINISTRATION_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: ADMINISTRATION_MESSAGES.nameRequired })
    .max(200, { error: "At most 200 characters" }),
  level: z.enum(DEPARTMENT_LEVELS, { error: ADMINISTRATION_MESSAGES.levelRequired }),
  active: z.boolean().default(true),
});

/** A wall date and time "YYYY-MM-DDTHH:MM" at the event's campus (the form's datetime-local value). */
export const ZWallDateTime = z
  .string({ error: ADMINISTRATION_MESSAGES.dateTimeFormat })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: ADMINISTRATION_MESSAGES.dateTimeFormat })
  .refine(
    (v) => {
      try {
        Temporal.PlainDateTime.from(v, { overflow: "reject" });
        return true;
      } catch {
        return false;
      }
    },
    { error: ADMINISTRATION_MESSAGES.dateTimeFormat },
  );

/** Whether wall time `end` is after `start` (both "YYYY-MM-DDTHH:MM", same zone). */
export function wallTimeAfter(start: string, end: string): boolean {
  return (
    Temporal.PlainDateTime.compare(Temporal.PlainDateTime.from(end), Temporal.PlainDateTime.from(start)) > 0
  );
}

/** The instant (ISO, UTC) of wall time `local` ("YYYY-MM-DDTHH:MM") in IANA zone `timeZone` (earlier of a repeated hour). */
export function wallTimeToInstant(local: string, timeZone: string): string {
  return Temporal.PlainDateTime.from(local)
    .toZonedDateTime(timeZone, { disambiguation: "compatible" })
    .toInstant()
    .toString();
}

/** The wall time "YYYY-MM-DDTHH:MM" of `instant` in IANA zone `timeZone`. */
export function instantToWallTime(instant: string | Date, timeZone: string): string {
  const i =
    typeof instant === "string"
      ? Temporal.Instant.from(instant)
      : Temporal.Instant.fromEpochMilliseconds(instant.getTime());
  return i.toZonedDateTimeISO(timeZone).toPlainDateTime().toString({ smallestUnit: "minute" });
}

const endAfterStart = <T extends { start: string; end: string }>(v: T, ctx: z.RefinementCtx) => {
  if (
    ZWallDateTime.safeParse(v.start).success &&
    ZWallDateTime.safeParse(v.end).success &&
    !wallTimeAfter(v.start, v.end)
  )
    ctx.addIssue({ code: "custom", path: ["end"], message: ADMINISTRATION_MESSAGES.endBeforeStart });
};

/**
 * Body of POST /admin/events: title, type, campus (optional: its time zone reads the wall times,
 * Asia/Kolkata without one), venue, start and end (wall times at the campus, end after start),
 * audience, description.
 */
export const ZEventInput = z
  .strictObject({
    title: z
      .string({ error: ADMINISTRATION_MESSAGES.titleRequired })
      .trim()
      .min(1, { error: ADMINISTRATION_MESSAGES.titleRequired })
      .max(200, { error: "At most 200 characters" }),
    eventType: z.enum(EVENT_TYPES, { error: ADMINISTRATION_MESSAGES.typeRequired }),
    campusId: z
      .union([z.literal(""), ZId])
      .nullish()
      .transform((v) => (v ? v : null)),
    venue: text(200).default(""),
    start: ZWallDateTime,
    end: ZWallDateTime,
    audience: z.enum(EVENT_AUDIENCES, { error: ADMINISTRATION_MESSAGES.audienceRequired }),
    description: text(4000).default(""),
  })
  .superRefine(endAfterStart);

/** Body of POST /admin/schedule: one item of an event's schedule, wall times at the event's campus. */
export const ZScheduleItemInput = z
  .strictObject({
    eventId: ZId,
    title: z
      .string({ error: ADMINISTRATION_MESSAGES.titleRequired })
      .trim()
      .min(1, { error: ADMINISTRATION_MESSAGES.titleRequired })
      .max(200, { error: "At most 200 characters" }),
    start: ZWallDateTime,
    end: ZWallDateTime,
    speaker: text(200).default(""),
    room: text(200).default(""),
  })
  .superRefine(endAfterStart);

/** Query of GET /admin/events: events that end on or after `from` (a date, optional), by start. */
export const ZEventListQuery = z.strictObject({
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "from must be a date YYYY-MM-DD" })
    .optional(),
});
