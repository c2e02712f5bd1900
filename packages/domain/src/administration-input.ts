import { Temporal } from "temporal-polyfill";
import { z } from "zod";
import { ADMINISTRATION_MESSAGES, EVENT_AUDIENCES, EVENT_TYPES } from "./administration.ts";
import { ZId } from "./planning-input.ts";

/*
 * The zod schemas of the events calls and their wall-time rules (Temporal), apart from the kinds and
 * texts in administration.ts, so that a screen showing only those loads neither zod nor Temporal,
 * and from the department's schema (department-input.ts), which needs no Temporal
 * (docs/performance.md, "Page JavaScript: rules apart from schemas").
 */

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `At most ${max} characters` });

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
