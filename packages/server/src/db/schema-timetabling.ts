/**
 * Exam timetabling settings of an exam cycle (openapi/exam-schedule.yaml periodScheme): the period
 * scheme the institution sets (days without exams, slots of each exam day) and the timetabling
 * rules the office chose, which the timetabler reads with the cycle's exam_period rows
 * (exam/schedule/timetabling-settings.ts). Re-exported by schema.ts; imports only schema-core.ts.
 */
import type { ExamTimetablingRules, PeriodSchemeSlot } from "@portal/domain";
import { integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { examCycle } from "./schema-core.ts";

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
