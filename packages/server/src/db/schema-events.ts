/**
 * Events and their schedule, and the department master (openapi/administration.yaml).
 * Re-exported by schema.ts; imports only schema-core.ts.
 */
import { DEPARTMENT_LEVELS, EVENT_AUDIENCES, EVENT_TYPES } from "@portal/domain";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { adminUser, campus } from "./schema-core.ts";

/**
 * A department of the institution (the master behind /app/setup/master/department): a unique code
 * (upper case), name, level (UG, PG, Doctoral) and whether it is active; never deleted, deactivated.
 */
export const department = pgTable(
  "department",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    level: text("level", { enum: DEPARTMENT_LEVELS }).notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    version: integer("version").notNull().default(1),
  },
  (t) => [uniqueIndex("department_code_uq").on(t.code)],
);

/**
 * An event of the institution: title, type, campus (whose time zone its wall times are read in) and
 * venue, start and end instants, audience and description.
 */
export const institutionEvent = pgTable(
  "institution_event",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    eventType: text("event_type", { enum: EVENT_TYPES }).notNull(),
    campusId: uuid("campus_id").references(() => campus.id),
    venue: text("venue").notNull().default(""),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    audience: text("audience", { enum: EVENT_AUDIENCES }).notNull(),
    description: text("description").notNull().default(""),
    createdBy: uuid("created_by").references(() => adminUser.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    version: integer("version").notNull().default(1),
  },
  (t) => [
    index("institution_event_start_idx").on(t.startsAt),
    check("institution_event_span_ck", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** One item of an event's schedule: its time span within the event, title, speaker and room. */
export const eventScheduleItem = pgTable(
  "event_schedule_item",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => institutionEvent.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    speaker: text("speaker").notNull().default(""),
    room: text("room").notNull().default(""),
    version: integer("version").notNull().default(1),
  },
  (t) => [
    index("event_schedule_item_event_idx").on(t.eventId, t.startsAt),
    check("event_schedule_item_span_ck", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
