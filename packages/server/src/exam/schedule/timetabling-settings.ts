import {
  DEFAULT_TIMETABLING_RULES,
  type ExamTimetablingRules,
  type TimetablingOptions,
  timetablingOptionsOf,
} from "@portal/domain";
import type { Executor } from "../../db/client.ts";
import { isUuid } from "../../http/request.ts";
import { findPeriodScheme, listCyclePeriods } from "./period-scheme.ts";

/**
 * An exam period of the cycle as the timetabler takes it, in time order: its id, date
 * (YYYY-MM-DD), start time (HH:MM, campus wall time), length in minutes, the exams it holds now,
 * and `dayIndex`, the number of its day among the cycle's days with periods (from 0).
 */
export type TimetablingSettingsPeriod = {
  id: string;
  date: string;
  startTime: string;
  durationMinutes: number;
  dayIndex: number;
  exams: number;
};

/**
 * What the timetabler of a cycle reads: its exam_period rows in time order and the office's rules
 * (`options`, ZExamTimetablingRules; the defaults, no rule, when the cycle has no saved scheme),
 * with `timetabling`, the hard rules as assignExamPeriods / improveExamTimetable options. Build the
 * timetabler's periods with timetablingPeriodsOf (key: id, day: dayIndex) and call
 * timetableInPeriods, which never adds periods and refuses with the exams that do not fit.
 */
export type TimetablingSettings = {
  periods: TimetablingSettingsPeriod[];
  options: ExamTimetablingRules;
  timetabling: Omit<TimetablingOptions, "strategy">;
};

/** The timetabling settings of cycle `cycleId` (an unknown cycle has no periods and no rules). */
export async function loadTimetablingSettings(db: Executor, cycleId: string): Promise<TimetablingSettings> {
  const known = isUuid(cycleId);
  const rows = known ? await listCyclePeriods(db, cycleId) : [];
  const scheme = known ? await findPeriodScheme(db, cycleId) : null;
  const options = scheme ? { ...DEFAULT_TIMETABLING_RULES, ...scheme.rules } : DEFAULT_TIMETABLING_RULES;
  const days = [...new Set(rows.map((r) => r.date))];
  const dayIndex = new Map(days.map((d, i) => [d, i]));
  return {
    periods: rows.map((r) => ({ ...r, dayIndex: dayIndex.get(r.date) ?? 0 })),
    options,
    timetabling: timetablingOptionsOf(options),
  };
}
