import {
  ADMINISTRATION_MESSAGES,
  campusTimeZone,
  instantToWallTime,
  wallTimeToInstant,
  type ZEventInput,
  type ZScheduleItemInput,
} from "@portal/domain";
import { and, asc, count, eq, gte, inArray } from "drizzle-orm";
import type { z } from "zod";
import { writeAudit } from "../audit.ts";
import type { AppContext, SessionUser } from "../context.ts";
import type { Executor } from "../db/client.ts";
import { campus, eventScheduleItem, institutionEvent } from "../db/schema.ts";
import { updateVersioned } from "../db/versioned-update.ts";
import { badRequest, notFound } from "../http/errors.ts";

/*
 * Events and their schedule on the admin URL (spec §7 "Calls on the admin URL: events, schedule";
 * openapi/administration.yaml). Times travel as wall times "YYYY-MM-DDTHH:MM" at the event's campus
 * (Asia/Kolkata without one) and are stored as instants; every write is one transaction with an
 * audit row.
 */

/** One item of an event's schedule as answered. */
export type ScheduleItemRow = {
  id: string;
  eventId: string;
  title: string;
  start: string;
  end: string;
  startsAt: string;
  endsAt: string;
  speaker: string;
  room: string;
  version: number;
};

/** One event as answered, with its schedule by start. */
export type EventRow = {
  id: string;
  title: string;
  eventType: (typeof institutionEvent.$inferSelect)["eventType"];
  campusId: string | null;
  campusName: string | null;
  timeZone: string;
  venue: string;
  start: string;
  end: string;
  startsAt: string;
  endsAt: string;
  audience: (typeof institutionEvent.$inferSelect)["audience"];
  description: string;
  version: number;
  schedule: ScheduleItemRow[];
};

type EventRecord = typeof institutionEvent.$inferSelect;
type ItemRecord = typeof eventScheduleItem.$inferSelect;

function itemView(r: ItemRecord, timeZone: string): ScheduleItemRow {
  return {
    id: r.id,
    eventId: r.eventId,
    title: r.title,
    start: instantToWallTime(r.startsAt, timeZone),
    end: instantToWallTime(r.endsAt, timeZone),
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    speaker: r.speaker,
    room: r.room,
    version: r.version,
  };
}

function eventView(
  r: EventRecord,
  place: { name: string; timeZone: string } | null,
  items: ItemRecord[],
): EventRow {
  const timeZone = campusTimeZone(place?.timeZone);
  return {
    id: r.id,
    title: r.title,
    eventType: r.eventType,
    campusId: r.campusId,
    campusName: place?.name ?? null,
    timeZone,
    venue: r.venue,
    start: instantToWallTime(r.startsAt, timeZone),
    end: instantToWallTime(r.endsAt, timeZone),
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    audience: r.audience,
    description: r.description,
    version: r.version,
    schedule: items.map((i) => itemView(i, timeZone)),
  };
}

/** The campuses an event can be held at, by name, with their time zones. */
export async function listEventCampuses(ctx: AppContext) {
  return ctx.db
    .select({ id: campus.id, name: campus.name, timeZone: campus.timeZone })
    .from(campus)
    .orderBy(asc(campus.name));
}

async function campusOf(
  db: Executor,
  campusId: string | null,
): Promise<{ name: string; timeZone: string } | null> {
  if (!campusId) return null;
  const [found] = await db
    .select({ name: campus.name, timeZone: campus.timeZone })
    .from(campus)
    .where(eq(campus.id, campusId));
  if (!found) throw badRequest("No such campus", "campusId", "exists");
  return found;
}

async function readEvent(db: Executor, id: string): Promise<EventRow | null> {
  const [found] = await db.select().from(institutionEvent).where(eq(institutionEvent.id, id));
  if (!found) return null;
  const place = await campusOf(db, found.campusId);
  const items = await db
    .select()
    .from(eventScheduleItem)
    .where(eq(eventScheduleItem.eventId, id))
    .orderBy(asc(eventScheduleItem.startsAt));
  return eventView(found, place, items);
}

/**
 * One page of events that end on or after `from` (a date at the server's default zone, all when
 * absent), by start, each with its schedule; `noOfRecords` counts all that match.
 */
export async function listEvents(
  ctx: AppContext,
  query: { from?: string | undefined; pageNo: number; count: number },
): Promise<{ events: EventRow[]; noOfRecords: number }> {
  const where = query.from ? gte(institutionEvent.endsAt, new Date(`${query.from}T00:00:00Z`)) : undefined;
  const [total] = await ctx.db.select({ n: count() }).from(institutionEvent).where(where);
  const page = await ctx.db
    .select({ event: institutionEvent, campusName: campus.name, campusZone: campus.timeZone })
    .from(institutionEvent)
    .leftJoin(campus, eq(campus.id, institutionEvent.campusId))
    .where(where)
    .orderBy(asc(institutionEvent.startsAt), asc(institutionEvent.id))
    .limit(query.count)
    .offset((query.pageNo - 1) * query.count);
  const ids = page.map((p) => p.event.id);
  const items =
    ids.length === 0
      ? []
      : await ctx.db
          .select()
          .from(eventScheduleItem)
          .where(inArray(eventScheduleItem.eventId, ids))
          .orderBy(asc(eventScheduleItem.startsAt));
  return {
    noOfRecords: total?.n ?? 0,
    events: page.map((p) =>
      eventView(
        p.event,
        p.campusName === null || p.campusZone === null
          ? null
          : { name: p.campusName, timeZone: p.campusZone },
        items.filter((i) => i.eventId === p.event.id),
      ),
    ),
  };
}

type EventInput = z.output<typeof ZEventInput>;

async function eventValues(db: Executor, input: EventInput) {
  const place = await campusOf(db, input.campusId);
  const zone = campusTimeZone(place?.timeZone);
  return {
    title: input.title,
    eventType: input.eventType,
    campusId: input.campusId,
    venue: input.venue,
    startsAt: new Date(wallTimeToInstant(input.start, zone)),
    endsAt: new Date(wallTimeToInstant(input.end, zone)),
    audience: input.audience,
    description: input.description,
  };
}

/** Creates an event (no schedule yet) with its audit row; a campus that does not exist is a 400. */
export async function createEvent(ctx: AppContext, user: SessionUser, input: EventInput): Promise<EventRow> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(institutionEvent)
      .values({ ...(await eventValues(tx, input)), createdBy: user.id })
      .returning();
    if (!row) throw new Error("event insert returned nothing");
    const after = (await readEvent(tx, row.id)) as EventRow;
    await writeAudit(
      tx,
      user,
      [{ action: "create", entity: "event", entityId: row.id, before: null, after }],
      new Date(ctx.now()),
    );
    return after;
  });
}

/** Throws 400 `within_event` when an item of `eventId` would fall outside [startsAt, endsAt]. */
async function checkScheduleFits(db: Executor, eventId: string, startsAt: Date, endsAt: Date, field: string) {
  const items = await db.select().from(eventScheduleItem).where(eq(eventScheduleItem.eventId, eventId));
  if (items.some((i) => i.startsAt < startsAt || i.endsAt > endsAt))
    throw badRequest(ADMINISTRATION_MESSAGES.itemOutsideEvent, field, "within_event");
}

/**
 * Changes an event at the version the client read (404 unknown, 409 stale). Its schedule must still
 * lie within the new start and end (400 `within_event` naming `start`).
 */
export async function updateEvent(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  input: EventInput & { version: number },
): Promise<EventRow> {
  return ctx.db.transaction(async (tx) => {
    const before = await readEvent(tx, id);
    if (!before) throw notFound(ADMINISTRATION_MESSAGES.noSuchEvent, "id");
    const values = await eventValues(tx, input);
    await checkScheduleFits(tx, id, values.startsAt, values.endsAt, "start");
    await updateVersioned(
      tx,
      institutionEvent,
      { id, version: input.version },
      { ...values, updatedAt: new Date(ctx.now()) },
      { what: "This event", field: "version" },
    );
    const after = (await readEvent(tx, id)) as EventRow;
    await writeAudit(
      tx,
      user,
      [{ action: "update", entity: "event", entityId: id, before, after }],
      new Date(ctx.now()),
    );
    return after;
  });
}

/** Deletes an event and its schedule at the version the client read (404 unknown, 409 stale). */
export async function deleteEvent(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  version: number,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await readEvent(tx, id);
    if (!before) throw notFound(ADMINISTRATION_MESSAGES.noSuchEvent, "id");
    // The version check first (a stale delete changes nothing), then the delete.
    await updateVersioned(
      tx,
      institutionEvent,
      { id, version },
      {},
      { what: "This event", field: "version" },
    );
    await tx.delete(institutionEvent).where(eq(institutionEvent.id, id));
    await writeAudit(
      tx,
      user,
      [{ action: "delete", entity: "event", entityId: id, before, after: null }],
      new Date(ctx.now()),
    );
  });
}

type ItemInput = z.output<typeof ZScheduleItemInput>;

/** The item's instants in its event's zone, checked to lie within the event (400 `within_event`). */
async function itemValues(db: Executor, input: ItemInput) {
  const event = await readEvent(db, input.eventId);
  if (!event) throw notFound(ADMINISTRATION_MESSAGES.noSuchEvent, "eventId");
  const startsAt = new Date(wallTimeToInstant(input.start, event.timeZone));
  const endsAt = new Date(wallTimeToInstant(input.end, event.timeZone));
  if (startsAt < new Date(event.startsAt) || endsAt > new Date(event.endsAt))
    throw badRequest(ADMINISTRATION_MESSAGES.itemOutsideEvent, "start", "within_event");
  return {
    event,
    values: {
      eventId: input.eventId,
      title: input.title,
      startsAt,
      endsAt,
      speaker: input.speaker,
      room: input.room,
    },
  };
}

/** Adds an item to an event's schedule (within the event's span) with its audit row. */
export async function createScheduleItem(
  ctx: AppContext,
  user: SessionUser,
  input: ItemInput,
): Promise<ScheduleItemRow> {
  return ctx.db.transaction(async (tx) => {
    const { event, values } = await itemValues(tx, input);
    const [row] = await tx.insert(eventScheduleItem).values(values).returning();
    if (!row) throw new Error("schedule insert returned nothing");
    const after = itemView(row, event.timeZone);
    await writeAudit(
      tx,
      user,
      [{ action: "create", entity: "event_schedule_item", entityId: row.id, before: null, after }],
      new Date(ctx.now()),
    );
    return after;
  });
}

async function readItem(db: Executor, id: string): Promise<ItemRecord> {
  const [found] = await db.select().from(eventScheduleItem).where(eq(eventScheduleItem.id, id));
  if (!found) throw notFound(ADMINISTRATION_MESSAGES.noSuchItem, "id");
  return found;
}

/** Changes a schedule item at the version read (404 unknown, 409 stale); it stays in its event. */
export async function updateScheduleItem(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  input: ItemInput & { version: number },
): Promise<ScheduleItemRow> {
  return ctx.db.transaction(async (tx) => {
    const before = await readItem(tx, id);
    if (before.eventId !== input.eventId)
      throw badRequest("A schedule item stays with its event", "eventId", "same_event");
    const { event, values } = await itemValues(tx, input);
    const row = await updateVersioned(tx, eventScheduleItem, { id, version: input.version }, values, {
      what: "This schedule item",
      field: "version",
    });
    const after = itemView(row, event.timeZone);
    await writeAudit(
      tx,
      user,
      [
        {
          action: "update",
          entity: "event_schedule_item",
          entityId: id,
          before: itemView(before, event.timeZone),
          after,
        },
      ],
      new Date(ctx.now()),
    );
    return after;
  });
}

/** Removes a schedule item at the version read (404 unknown, 409 stale). */
export async function deleteScheduleItem(ctx: AppContext, user: SessionUser, id: string, version: number) {
  await ctx.db.transaction(async (tx) => {
    const before = await readItem(tx, id);
    await updateVersioned(
      tx,
      eventScheduleItem,
      { id, version },
      {},
      { what: "This schedule item", field: "version" },
    );
    await tx
      .delete(eventScheduleItem)
      .where(and(eq(eventScheduleItem.id, id), eq(eventScheduleItem.eventId, before.eventId)));
    await writeAudit(
      tx,
      user,
      [
        {
          action: "delete",
          entity: "event_schedule_item",
          entityId: id,
          before: { ...before, startsAt: before.startsAt.toISOString(), endsAt: before.endsAt.toISOString() },
          after: null,
        },
      ],
      new Date(ctx.now()),
    );
  });
}
