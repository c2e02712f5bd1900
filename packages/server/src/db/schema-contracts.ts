/**
 * Faculty contracts: a teaching contract of a faculty member (a `contact` of kind
 * faculty with its `faculty_profile`) for a term, the sections it covers, and the history of its life
 * cycle (packages/domain contract-lifecycle.ts). Re-exported by schema.ts.
 */
import { CONTRACT_EVENTS, CONTRACT_STATES } from "@portal/domain";
import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { adminUser, contact, courseOffering, term } from "./schema-core.ts";

/**
 * A teaching contract: who (faculty contact), for which term, how many hours at which hourly rate
 * (whole rupees; the amount is hours × rate), from when to when, who approves it (the area head's
 * e-mail, a portal user) and where it stands in its life cycle (`state`). `version` guards every
 * change (docs/security/versions.md).
 */
export const contract = pgTable(
  "contract",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    facultyId: uuid("faculty_id")
      .notNull()
      .references(() => contact.id),
    termId: uuid("term_id")
      .notNull()
      .references(() => term.id),
    hours: integer("hours").notNull(),
    ratePerHour: integer("rate_per_hour").notNull(),
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
    areaHeadEmail: text("area_head_email").notNull(),
    state: text("state", { enum: CONTRACT_STATES }).notNull().default("draft"),
    /** How many times the contract was revised after it was first sent. */
    revision: integer("revision").notNull().default(0),
    createdBy: uuid("created_by").references(() => adminUser.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    version: integer("version").notNull().default(1),
  },
  (t) => [
    index("contract_state_idx").on(t.state, t.updatedAt),
    index("contract_faculty_idx").on(t.facultyId),
    index("contract_term_idx").on(t.termId),
    index("contract_area_head_idx").on(t.areaHeadEmail),
    check("contract_hours_ck", sql`${t.hours} > 0`),
    check("contract_rate_ck", sql`${t.ratePerHour} > 0`),
    check("contract_dates_ck", sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/** A section (course offering) a contract covers. */
export const contractCourseOffering = pgTable(
  "contract_course_offering",
  {
    contractId: uuid("contract_id")
      .notNull()
      .references(() => contract.id, { onDelete: "cascade" }),
    courseOfferingId: uuid("course_offering_id")
      .notNull()
      .references(() => courseOffering.id),
  },
  (t) => [primaryKey({ columns: [t.contractId, t.courseOfferingId] })],
);

/**
 * One step of a contract's life cycle (ViewContract's history): the event, the states before and
 * after, who took it and when. Deleted with its draft (the audit log keeps the deletion).
 */
export const contractEvent = pgTable(
  "contract_event",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    contractId: uuid("contract_id")
      .notNull()
      .references(() => contract.id, { onDelete: "cascade" }),
    event: text("event", { enum: [...CONTRACT_EVENTS, "create"] }).notNull(),
    fromState: text("from_state", { enum: CONTRACT_STATES }),
    toState: text("to_state", { enum: CONTRACT_STATES }).notNull(),
    actorEmail: text("actor_email").notNull(),
    /** The contract's version after the step: orders the history (steps may share a timestamp). */
    contractVersion: integer("contract_version").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("contract_event_contract_uq").on(t.contractId, t.contractVersion)],
);
