/**
 * Exam timetabling (openapi/exam-schedule.yaml periodScheme, openapi/timetabling.yaml): the period
 * scheme and rules the institution sets for an exam cycle (read with the cycle's exam_period rows by
 * exam/schedule/timetabling-settings.ts), and the background jobs that improve a cycle's timetable
 * (exam/timetabling/). Re-exported by schema.ts; imports only schema-core.ts.
 */
import type { ExamTimetablingRules, PeriodSchemeSlot } from "@portal/domain";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { adminUser, examCycle } from "./schema-core.ts";

/**
 * The period scheme of one exam cycle (at most one per cycle) and its row version. Lists are
 * stored as JSON in the shapes of the domain's ZExamPeriodScheme, validated before every write.
 */
export const examPeriodScheme = pgTable(
  "exam_period_scheme",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    examCycleId: uuid("exam_cycle_id")
      .notNull()
      .references(() => examCycle.id),
    /** ISO weekdays (1 Monday ... 7 Sunday) without exams. */
    weekdaysWithoutExams: jsonb("weekdays_without_exams").$type<number[]>().notNull(),
    /** Dates (YYYY-MM-DD) without exams, e.g. holidays. */
    datesWithoutExams: jsonb("dates_without_exams").$type<string[]>().notNull(),
    /** The sittings of every exam day: start time HH:MM (campus wall time) and minutes. */
    slots: jsonb("slots").$type<PeriodSchemeSlot[]>().notNull(),
    /** The office's timetabling rules (ZExamTimetablingRules). */
    rules: jsonb("rules").$type<ExamTimetablingRules>().notNull(),
    updatedBy: text("updated_by").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    version: integer("version").notNull().default(1),
  },
  (t) => [uniqueIndex("exam_period_scheme_cycle_uq").on(t.examCycleId)],
);

/**
 * One run of the timetabler over an exam cycle's exam periods. `status`: running, done, stopped,
 * failed, accepted, discarded (domain TIMETABLING_JOB_STATES). While it runs, the process running
 * it writes its progress (iteration, penalties, elapsed milliseconds) and `heartbeat_at`; another
 * process asks it to stop through `stop_requested`. `start_periods` and `start_versions` are the
 * cycle's exams (exam id to exam period id, exam id to version) as the job read them; `proposal` the
 * best timetable found (exam id to exam period id). Penalties: Toronto proximity cost, summed over
 * students (objective units). At most one running job per cycle (partial unique index), across
 * every process on the database.
 */
export const timetablingJob = pgTable(
  "timetabling_job",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    examCycleId: uuid("exam_cycle_id")
      .notNull()
      .references(() => examCycle.id),
    status: text("status", {
      enum: ["running", "done", "stopped", "failed", "accepted", "discarded"],
    })
      .notNull()
      .default("running"),
    timeLimitSeconds: integer("time_limit_seconds").notNull(),
    seed: integer("seed").notNull().default(1),
    /** Iteration budget when one was given (else only the time limit bounds the run). */
    maxIterations: integer("max_iterations"),
    iteration: integer("iteration").notNull().default(0),
    elapsedMs: integer("elapsed_ms").notNull().default(0),
    startPenalty: doublePrecision("start_penalty").notNull().default(0),
    penalty: doublePrecision("penalty").notNull().default(0),
    bestPenalty: doublePrecision("best_penalty").notNull().default(0),
    stopRequested: boolean("stop_requested").notNull().default(false),
    /**
     * The timetable of the start broke a hard rule (a clash or a rule of the period scheme), so the
     * run started from a new construction keeping every rule; `start_periods` is still the
     * timetable of the start (what an accept moves the exams from).
     */
    repaired: boolean("repaired").notNull().default(false),
    startPeriods: jsonb("start_periods").$type<Record<string, string>>().notNull(),
    startVersions: jsonb("start_versions").$type<Record<string, number>>().notNull(),
    proposal: jsonb("proposal").$type<Record<string, string>>(),
    message: text("message"),
    startedBy: uuid("started_by").references(() => adminUser.id),
    startedByEmail: text("started_by_email").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("timetabling_job_running_uq").on(t.examCycleId).where(sql`${t.status} = 'running'`),
    index("timetabling_job_cycle_idx").on(t.examCycleId, t.startedAt),
    check(
      "timetabling_job_status_ck",
      sql`${t.status} in ('running', 'done', 'stopped', 'failed', 'accepted', 'discarded')`,
    ),
  ],
);
