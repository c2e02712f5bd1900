import {
  addDays,
  EVENT_KINDS,
  INTAKE_MONTHS,
  todayIn,
  ZBookingCreate,
  ZBookingOperation,
  ZDayRange,
  ZId,
  ZInstantZ,
  ZIsoDate,
  ZTimeTableSwap,
} from "@portal/domain";
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppContext, AppEnv } from "../context.ts";
import { parseOrThrow } from "../http/errors.ts";
import { readJson } from "../http/input.ts";
import { keptReadModelResponse } from "../http/kept-json.ts";
import { createBooking, deleteBooking, updateBooking, validateBooking } from "./bookings.ts";
import {
  facilityBookings,
  facilityFacultyAll,
  facilityFacultyAvailable,
  facultyBookings,
  schedulerData,
  schedulerFilters,
  termSessions,
  weeklyTimeTable,
} from "./reads.ts";
import { swapTimeTableSlots } from "./swap.ts";
import { calendarClock, facultyTimeZone, termTimeZone } from "./time-zones.ts";

const optionalDate = z.union([z.literal(""), ZIsoDate]).optional();
const ZRangeQuery = z.object({ from: optionalDate, to: optionalDate });
const ZTermQuery = z.object({ termId: ZId });
const ZSessionsQuery = ZRangeQuery.extend({
  termId: ZId,
  courseOfferingId: z.union([z.literal(""), ZId]).optional(),
  eventType: z.union([z.literal(""), z.enum(EVENT_KINDS)]).optional(),
});
const ZFacilityQuery = ZRangeQuery.extend({ facilityId: ZId });
const ZFacultyQuery = ZRangeQuery.extend({ facultyId: ZId.optional(), contactId: ZId.optional() }).refine(
  (q) => q.facultyId || q.contactId,
  { error: "contactId is required", path: ["contactId"] },
);
const ZAllQuery = z.object({ campusId: z.union([z.literal(""), ZId]).optional() });
const ZAvailableQuery = ZAllQuery.extend({ startDate: ZInstantZ, endDate: ZInstantZ }).refine(
  (q) => Date.parse(q.endDate) > Date.parse(q.startDate),
  { error: "End must be after start", path: ["endDate"] },
);
const ZTimeTableQuery = z.object({
  programName: z.string().trim().min(1, { error: "programName is required" }).max(200),
  intake: z.union([z.literal(""), z.enum(INTAKE_MONTHS)]).optional(),
  year: z.union([z.literal(""), z.coerce.number().int().min(1900).max(2100)]).optional(),
  termName: z.string().trim().max(100).optional(),
  date: ZIsoDate,
});
const ZFiltersQuery = z.object({
  programName: z.string().trim().max(200).optional(),
  intake: z.union([z.literal(""), z.enum(INTAKE_MONTHS)]).optional(),
  year: z.union([z.literal(""), z.coerce.number().int().min(1900).max(2100)]).optional(),
});
/** validateSession takes the Create body, with or without `Operation`. */
const ZValidateBody = z.object({
  Operation: z.literal("Create").optional(),
  FacilityFacultyBooking: ZBookingCreate,
});

const given = <T>(v: T | "" | undefined): T | undefined => (v === "" ? undefined : v);

/**
 * Scheduling and bookings routes (openapi/scheduling.yaml; spec, Exam management §7 "The calls it makes",
 * scheduler calls, spec, Academic planning §7 "The calls it makes", faculty calendar and time table). Roles:
 * admin and academic office; the exam planner's calls (scheduler load, sessions, bookings of exams and
 * references, facility booked slots) also the exam office.
 */
export function schedulingRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  /**
   * A read's JSON answer kept in memory behind the 'scheduling' change counter (migration 0015;
   * docs/performance.md "Scheduling") as bytes, so concurrent callers share one serialisation and
   * compression. `key` names the question.
   */
  const keptJson = (c: Context<AppEnv>, key: string, compute: () => Promise<object>) =>
    keptReadModelResponse(c, ctx.db, "scheduling", key, compute);
  /**
   * A day range from the query: from..to, at most 62 days; default today (the server's clock in
   * `today`'s zone, default Asia/Kolkata) and the 6 days after it.
   */
  const range = (q: { from?: string; to?: string }, today = todayIn(ctx.now())) => {
    const from = given(q.from) ?? today;
    const to = given(q.to) ?? addDays(from, 6);
    return parseOrThrow(ZDayRange, { from, to });
  };

  app.get("/salesforce/SchedulerData", async (c) => {
    const { termId } = parseOrThrow(ZTermQuery, c.req.query());
    return keptJson(c, `scheduler|${termId}`, async () => {
      const load = await schedulerData(ctx.db, termId);
      // The term's events are wall times at its intake's campus: the scheduler draws and books them there.
      return { success: true as const, ...load, timeZone: await termTimeZone(ctx.db, termId) };
    });
  });
  app.get("/salesforce/SessionData", async (c) => {
    const q = parseOrThrow(ZSessionsQuery, c.req.query());
    const query = {
      termId: q.termId,
      ...range(q),
      courseOfferingId: given(q.courseOfferingId),
      kind: given(q.eventType),
    };
    // Keyed by the resolved day range, so a default range follows the day.
    return keptJson(c, `sessions|${JSON.stringify(query)}`, async () => ({
      success: true as const,
      ...(await termSessions(ctx.db, query)),
    }));
  });
  app.get("/salesforce/FacilityFacultyAllData", async (c) => {
    const q = parseOrThrow(ZAllQuery, c.req.query());
    return c.json({
      success: true as const,
      ...(await facilityFacultyAll(ctx.db, given(q.campusId) ?? null)),
    });
  });
  app.get("/salesforce/FacilityFacultyAvailableData", async (c) => {
    const q = parseOrThrow(ZAvailableQuery, c.req.query());
    return c.json({
      success: true as const,
      ...(await facilityFacultyAvailable(ctx.db, {
        startDate: q.startDate,
        endDate: q.endDate,
        campusId: given(q.campusId) ?? null,
      })),
    });
  });
  app.get("/salesforce/SchedulerFilterData", async (c) => {
    const q = parseOrThrow(ZFiltersQuery, c.req.query());
    return c.json({
      success: true as const,
      ...(await schedulerFilters(ctx.db, {
        programName: q.programName || undefined,
        intake: given(q.intake),
        year: given(q.year),
      })),
    });
  });
  app.get("/salesforce/FacilityBookingData", async (c) => {
    const q = parseOrThrow(ZFacilityQuery, c.req.query());
    return c.json({
      success: true as const,
      ...(await facilityBookings(ctx.db, { facilityId: q.facilityId, ...range(q) })),
    });
  });
  app.get("/salesforce/FacultyBookingsData", async (c) => {
    const q = parseOrThrow(ZFacultyQuery, c.req.query());
    const contactId = (q.contactId ?? q.facultyId) as string;
    // The calendar's zone and the server's today there: the calendar marks that day as today.
    const clock = calendarClock(ctx.now(), await facultyTimeZone(ctx.db, contactId));
    return c.json({
      success: true as const,
      ...(await facultyBookings(ctx.db, { contactId, ...range(q, clock.today) })),
      ...clock,
    });
  });
  app.get("/salesforce/SessionTimeTable", async (c) => {
    const q = parseOrThrow(ZTimeTableQuery, c.req.query());
    const query = {
      programName: q.programName,
      intake: given(q.intake),
      year: given(q.year),
      termName: q.termName || undefined,
      date: q.date,
    };
    // The intake's events are wall times at its campus: the grid draws them in its zone (timeZone).
    return keptJson(c, `timeTable|${JSON.stringify(query)}`, async () => ({
      success: true as const,
      ...(await weeklyTimeTable(ctx.db, query)),
    }));
  });

  const book = async (c: Context<AppEnv>) => {
    const op = parseOrThrow(ZBookingOperation, await readJson(c));
    if (op.Operation === "Delete") {
      const { id, version } = op.FacilityFacultyBooking;
      return c.json(
        { success: true as const, ...(await deleteBooking(ctx, c.get("user"), id, version)) },
        200,
      );
    }
    if (op.Operation === "Update") {
      const { id, version, ...booking } = op.FacilityFacultyBooking;
      return c.json(
        { success: true as const, ...(await updateBooking(ctx, c.get("user"), id, version, booking)) },
        200,
      );
    }
    return c.json(
      { success: true as const, ...(await createBooking(ctx, c.get("user"), op.FacilityFacultyBooking)) },
      201,
    );
  };
  app.post("/salesforce/SessionTimeTable", async (c) => {
    const swap = parseOrThrow(ZTimeTableSwap, await readJson(c));
    return c.json({ success: true as const, ...(await swapTimeTableSlots(ctx, c.get("user"), swap)) });
  });
  app.post("/salesforce/createFacilityFacultyBooking", book);
  app.post("/salesforce/createSession", book);
  app.post("/salesforce/validateSession", async (c) => {
    const body = parseOrThrow(ZValidateBody, await readJson(c));
    return c.json({
      success: true as const,
      ...(await validateBooking(ctx, c.get("user"), body.FacilityFacultyBooking)),
    });
  });

  return app;
}
