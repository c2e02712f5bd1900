import { asc, desc, eq, sql } from "drizzle-orm";
import { writeAudit } from "../../audit.ts";
import type { AppContext, SessionUser } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { campus, facility } from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { ApiError, notFound } from "../../http/errors.ts";
import { isUuid } from "../../http/request.ts";

/**
 * Exam rooms (facilities, spec §3 Resources facility; §7 FacilityData): the rooms of a campus are
 * the rooms available to every exam of that campus, filled by the seating plan.
 */

/** A room on the wire; `facilityName` and `facilityCapacity` repeat name and capacity under the spec's names. */
export type RoomView = {
  id: string;
  code: string;
  name: string;
  capacity: number;
  campusId: string | null;
  campusName: string | null;
  facilityName: string;
  facilityCapacity: number;
};

/** A new room: readable code (unique), name, seats 1..2000, campus id. */
export type NewRoom = { code: string; name: string; capacity: number; campusId: string };

/** A room of a campus with its seats, in the order the seating plan fills rooms (largest first). */
export type CampusRoom = { id: string; code: string; name: string; capacity: number };

/** Largest number of seats a room may have. */
export const MAX_ROOM_CAPACITY = 2000;

const roomColumns = {
  id: facility.id,
  code: facility.code,
  name: facility.name,
  capacity: facility.capacity,
  campusId: facility.campusId,
  campusName: campus.name,
};

function toRoomView(row: {
  id: string;
  code: string;
  name: string;
  capacity: number;
  campusId: string | null;
  campusName: string | null;
}): RoomView {
  return { ...row, facilityName: row.name, facilityCapacity: row.capacity };
}

/**
 * The campus a filter names: a campus id (UUID) or a campus name (case-insensitive). Throws 404
 * (field `campus`) when no campus matches.
 */
async function findCampus(db: Executor, value: string): Promise<{ id: string; name: string }> {
  const [row] = await db
    .select({ id: campus.id, name: campus.name })
    .from(campus)
    .where(isUuid(value) ? eq(campus.id, value) : sql`lower(${campus.name}) = lower(${value})`)
    .orderBy(asc(campus.name), asc(campus.id))
    .limit(1);
  if (!row) {
    throw notFound("No such campus", "campus");
  }
  return row;
}

/**
 * The rooms (optionally of one campus, given by id or name; 404 when unknown), ordered by campus
 * name, then capacity (largest first), then name; and every campus (id, name) for the room form.
 */
export async function listRooms(
  db: Executor,
  filter: { campus?: string },
): Promise<{ facilities: RoomView[]; campuses: Array<{ id: string; name: string }> }> {
  const only = filter.campus ? await findCampus(db, filter.campus) : null;
  const rows = await db
    .select(roomColumns)
    .from(facility)
    .leftJoin(campus, eq(campus.id, facility.campusId))
    .where(only ? eq(facility.campusId, only.id) : undefined)
    .orderBy(asc(campus.name), desc(facility.capacity), asc(facility.name), asc(facility.id));
  const campuses = await db
    .select({ id: campus.id, name: campus.name })
    .from(campus)
    .orderBy(asc(campus.name), asc(campus.id));
  return { facilities: rows.map(toRoomView), campuses };
}

/**
 * Creates a room (spec §7 FacilityData post) with an audit row. Errors (nothing written): 404
 * unknown campus (field `campusId`); 409 `duplicate_code` when another room has the code, compared
 * without regard to case (field `code`).
 */
export async function createRoom(ctx: AppContext, actor: SessionUser, room: NewRoom): Promise<RoomView> {
  const at = new Date(ctx.now());
  const duplicate = () =>
    new ApiError(409, "A room with this code already exists", {
      errorCode: "duplicate_code",
      field: "code",
      rule: "unique",
    });
  try {
    return await ctx.db.transaction(async (tx) => {
      const [place] = isUuid(room.campusId)
        ? await tx
            .select({ id: campus.id, name: campus.name })
            .from(campus)
            .where(eq(campus.id, room.campusId))
        : [];
      if (!place) {
        throw notFound("No such campus", "campusId");
      }
      const [taken] = await tx
        .select({ id: facility.id })
        .from(facility)
        .where(sql`lower(${facility.code}) = lower(${room.code})`)
        .limit(1);
      if (taken) throw duplicate();
      const [row] = await tx
        .insert(facility)
        .values({ code: room.code, name: room.name, capacity: room.capacity, campusId: place.id })
        .returning({ id: facility.id });
      if (!row) throw new Error("room insert returned nothing");
      await writeAudit(
        tx,
        actor,
        [
          {
            action: "create_room",
            entity: "facility",
            entityId: row.id,
            before: null,
            after: { ...room, campusId: place.id },
          },
        ],
        at,
      );
      return toRoomView({ id: row.id, ...room, campusId: place.id, campusName: place.name });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

/** The rooms of a campus (the rooms available to its exams), largest first, then by name. */
export async function roomsOfCampus(db: Executor, campusId: string): Promise<CampusRoom[]> {
  return db
    .select({ id: facility.id, code: facility.code, name: facility.name, capacity: facility.capacity })
    .from(facility)
    .where(eq(facility.campusId, campusId))
    .orderBy(desc(facility.capacity), asc(facility.name), asc(facility.id));
}
