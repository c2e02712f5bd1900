import { PLANNING_MESSAGES, ZIsoDate } from "@portal/domain";
import { z } from "zod";

/*
 * The academic calendar's two forms (spec, Academic planning, the academic calendar): an entry of
 * the intake's calendar and a campus holiday. In a module of their own so the screen loads them, and
 * zod, after first paint (kit/lazy-schema.ts).
 */

const required = { error: PLANNING_MESSAGES.fieldCannotBeEmpty };

/** A calendar entry: a name (1 to 200 characters), Holiday or Event, and ISO dates, end not before start. */
export const ZEntryForm = z
  .object({
    name: z.string().trim().min(1, required).max(200),
    kind: z.enum(["Holiday", "Event"], required),
    startDate: ZIsoDate,
    endDate: ZIsoDate,
  })
  .refine((v) => v.endDate >= v.startDate, {
    error: "End date cannot be before the start date",
    path: ["endDate"],
  });

/** A campus holiday: a name (1 to 200 characters) and an ISO date. */
export const ZCampusHolidayForm = z.object({
  name: z.string().trim().min(1, required).max(200),
  date: ZIsoDate,
});
