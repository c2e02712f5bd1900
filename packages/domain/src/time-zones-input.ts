import { z } from "zod";
import { isTimeZone, TIME_ZONE_MESSAGE } from "./time-zones.ts";

/*
 * The zod schema of a time zone name, apart from the zone rules in time-zones.ts, which the
 * calendars use without it.
 */

/** A campus's time zone as written at the boundary (importer, campus writes): an IANA name, trimmed. */
export const zTimeZone = z
  .string()
  .trim()
  .min(1, TIME_ZONE_MESSAGE)
  .max(64, TIME_ZONE_MESSAGE)
  .refine(isTimeZone, TIME_ZONE_MESSAGE);
