import { Temporal } from "temporal-polyfill";
import { z } from "zod";
import { EXAM_DURATION_MAX_MINUTES, EXAM_DURATION_MIN_MINUTES } from "./exam-timetable.ts";
import { ZExamTimetablingRules } from "./exam-timetabling-rules.ts";
import { zTypedNumber } from "./field-formats-input.ts";
import { isIsoDate } from "./iso-date.ts";

/**
 * The period scheme of an exam cycle: which days of the cycle hold exams and the sittings (slots)
 * of each such day. The institution sets it; the exam periods of the cycle are made from it, and
 * the timetabler places exams only in them (it never adds periods). Dates are ISO (YYYY-MM-DD),
 * start times HH:MM wall times at the campus, durations in minutes.
 */

/** Weekdays as ISO numbers: 1 Monday ... 7 Sunday. */
export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** Slots per exam day at most. */
export const EXAM_SLOTS_PER_DAY_MAX = 8;

/** Minutes from midnight of "HH:MM" (00:00 to 23:59), or null when it is not such a time. */
export function minutesOfDay(time: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return hours * 60 + minutes;
}

/** One sitting of every exam day: start time HH:MM (wall time at the campus) and length in minutes. */
export const ZPeriodSchemeSlot = z.object({
  startTime: z.string().refine((v) => minutesOfDay(v) !== null, {
    error: "Start time must be a time such as 09:30",
  }),
  durationMinutes: z
    .number({ error: "Duration must be a number of minutes" })
    .int({ error: "Duration must be a whole number of minutes" })
    .min(EXAM_DURATION_MIN_MINUTES, {
      error: `Duration must be at least ${EXAM_DURATION_MIN_MINUTES} minutes`,
    })
    .max(EXAM_DURATION_MAX_MINUTES, {
      error: `Duration must be at most ${EXAM_DURATION_MAX_MINUTES} minutes`,
    }),
});
export type PeriodSchemeSlot = z.output<typeof ZPeriodSchemeSlot>;

/**
 * The slots of a day, checked together: at least one, distinct start times, and (in time order)
 * none running into the next or past midnight. Each issue names the slot (its index in the input).
 */
const ZPeriodSchemeSlots = z
  .array(ZPeriodSchemeSlot)
  .min(1, { error: "Give at least one slot per exam day" })
  .max(EXAM_SLOTS_PER_DAY_MAX, { error: `Give at most ${EXAM_SLOTS_PER_DAY_MAX} slots per exam day` })
  .superRefine((slots, ctx) => {
    const timed = slots
      .map((slot, index) => ({ slot, index, start: minutesOfDay(slot.startTime) }))
      .filter((s): s is { slot: PeriodSchemeSlot; index: number; start: number } => s.start !== null)
      .sort((a, b) => a.start - b.start);
    for (const [i, s] of timed.entries()) {
      const next = timed[i + 1];
      if (next && next.start === s.start) {
        ctx.addIssue({
          code: "custom",
          path: [next.index, "startTime"],
          message: `Two slots start at ${s.slot.startTime}`,
        });
      } else if (next && s.start + s.slot.durationMinutes > next.start) {
        ctx.addIssue({
          code: "custom",
          path: [next.index, "startTime"],
          message: `The slot at ${s.slot.startTime} runs into the slot at ${next.slot.startTime}`,
        });
      }
      if (s.start + s.slot.durationMinutes > 24 * 60) {
        ctx.addIssue({
          code: "custom",
          path: [s.index, "durationMinutes"],
          message: `The slot at ${s.slot.startTime} runs past midnight`,
        });
      }
    }
  });

/**
 * An exam cycle's period scheme as staff edit it (PUT /sf/exam/examCycles/{id}/periodScheme):
 * weekdays without exams (ISO 1-7, e.g. 7 for Sundays), dates without exams (holidays, within the
 * cycle), the slots of each exam day, and the timetabling rules the office chose (see
 * {@link ZExamTimetablingRules}). Input and output have the same shape, so a form can hold it as is.
 */
export const ZExamPeriodScheme = z.object({
  weekdaysWithoutExams: z
    .array(z.number().int().min(1).max(7, { error: "A weekday is a number from 1 (Monday) to 7 (Sunday)" }))
    .max(7),
  datesWithoutExams: z
    .array(z.string().refine(isIsoDate, { error: "A day without exams must be a date written YYYY-MM-DD" }))
    .max(366, { error: "Give at most 366 days without exams" }),
  slots: ZPeriodSchemeSlots,
  rules: ZExamTimetablingRules,
});
export type ExamPeriodScheme = z.output<typeof ZExamPeriodScheme>;

/** An exam period a scheme makes, in time order: `dayIndex` counts the exam days from 0. */
export type SchemePeriod = { date: string; startTime: string; durationMinutes: number; dayIndex: number };

/** Why a scheme makes no period, as thrown by {@link examPeriodsOfScheme}. */
export class EmptyPeriodSchemeError extends Error {
  override name = "EmptyPeriodSchemeError";
}

/**
 * The ordered exam periods of a scheme over the cycle's dates (`startDate` to `endDate`, both
 * included, YYYY-MM-DD): each day that is neither a weekday without exams nor a date without
 * exams holds every slot, in start-time order. Throws {@link EmptyPeriodSchemeError} when the
 * scheme has no slot or leaves no exam day (an empty scheme is refused, never saved), and a plain
 * Error for malformed dates or an end before the start.
 */
export function examPeriodsOfScheme(
  cycle: { startDate: string; endDate: string },
  scheme: Pick<ExamPeriodScheme, "weekdaysWithoutExams" | "datesWithoutExams" | "slots">,
): SchemePeriod[] {
  if (!isIsoDate(cycle.startDate) || !isIsoDate(cycle.endDate))
    throw new Error("the cycle's dates must be written YYYY-MM-DD");
  const start = Temporal.PlainDate.from(cycle.startDate);
  const end = Temporal.PlainDate.from(cycle.endDate);
  if (Temporal.PlainDate.compare(start, end) > 0) throw new Error("the cycle ends before it starts");
  if (scheme.slots.length === 0)
    throw new EmptyPeriodSchemeError("The period scheme has no slot: give at least one");
  const slots = [...scheme.slots].sort(
    (a, b) => (minutesOfDay(a.startTime) ?? 0) - (minutesOfDay(b.startTime) ?? 0),
  );
  const closedWeekdays = new Set(scheme.weekdaysWithoutExams);
  const closedDates = new Set(scheme.datesWithoutExams);
  const periods: SchemePeriod[] = [];
  let dayIndex = 0;
  for (let day = start; Temporal.PlainDate.compare(day, end) <= 0; day = day.add({ days: 1 })) {
    const date = day.toString();
    if (closedWeekdays.has(day.dayOfWeek) || closedDates.has(date)) continue;
    for (const slot of slots) {
      periods.push({ date, startTime: slot.startTime, durationMinutes: slot.durationMinutes, dayIndex });
    }
    dayIndex++;
  }
  if (periods.length === 0) {
    throw new EmptyPeriodSchemeError(
      `The period scheme leaves no day with exams between ${cycle.startDate} and ${cycle.endDate}`,
    );
  }
  return periods;
}

/** Messages of the period-scheme form beyond the scheme's own rules (the same English everywhere). */
export const PERIOD_SCHEME_FORM_MESSAGES = {
  chooseExam: "Choose an exam",
} as const;

/** A whole number typed as text where blank is "no limit" (null). */
function typedLimit<S extends z.ZodType<unknown, number | null>>(schema: S) {
  return z
    .string()
    .trim()
    .transform((text) => (text === "" ? null : Number(text)))
    .pipe(schema);
}

/** One exam of a pair as chosen in the form: "" until one is chosen. */
const ZChosenExam = z.string().min(1, { error: PERIOD_SCHEME_FORM_MESSAGES.chooseExam });
const ZChosenPairs = z.array(z.tuple([ZChosenExam, ZChosenExam]));

/**
 * The period-scheme form (exam dashboard, Periods): the scheme as typed, numbers as text (blank
 * seats or invigilators per period is "no limit"), checked by the rules of
 * {@link ZExamPeriodScheme} with the same messages and issue paths (`slots.1.startTime`,
 * `rules.apartPairs.0`), so the browser refuses what the server refuses. Parses to the scheme the
 * PUT takes (without its version).
 */
export const ZExamPeriodSchemeForm = z.object({
  weekdaysWithoutExams: ZExamPeriodScheme.shape.weekdaysWithoutExams,
  datesWithoutExams: ZExamPeriodScheme.shape.datesWithoutExams,
  slots: z
    .array(
      z.object({
        startTime: ZPeriodSchemeSlot.shape.startTime,
        durationMinutes: zTypedNumber(ZPeriodSchemeSlot.shape.durationMinutes),
      }),
    )
    .pipe(ZExamPeriodScheme.shape.slots),
  rules: z
    .object({
      oneExamPerDay: z.boolean(),
      minSpreadPeriods: zTypedNumber(ZExamTimetablingRules.shape.minSpreadPeriods),
      spreadIsHard: z.boolean(),
      togetherPairs: ZChosenPairs,
      apartPairs: ZChosenPairs,
      seatsPerPeriod: typedLimit(ZExamTimetablingRules.shape.seatsPerPeriod),
      invigilatorsPerPeriod: typedLimit(ZExamTimetablingRules.shape.invigilatorsPerPeriod),
    })
    .pipe(ZExamTimetablingRules),
});
/** What the period-scheme form holds (the input of {@link ZExamPeriodSchemeForm}). */
export type ExamPeriodSchemeFormValues = z.input<typeof ZExamPeriodSchemeForm>;

/** A stored scheme as an API answer types it (pairs as plain arrays of two exam ids). */
type StoredScheme = Omit<ExamPeriodScheme, "rules"> & {
  rules: Omit<ExamPeriodScheme["rules"], "togetherPairs" | "apartPairs"> & {
    togetherPairs: ReadonlyArray<readonly string[]>;
    apartPairs: ReadonlyArray<readonly string[]>;
  };
};

/** The form's values of a stored scheme: numbers as text, no limit as blank. */
export function periodSchemeFormValues(scheme: StoredScheme): ExamPeriodSchemeFormValues {
  const text = (n: number | null) => (n === null ? "" : String(n));
  return {
    weekdaysWithoutExams: [...scheme.weekdaysWithoutExams],
    datesWithoutExams: [...scheme.datesWithoutExams],
    slots: scheme.slots.map((s) => ({ startTime: s.startTime, durationMinutes: String(s.durationMinutes) })),
    rules: {
      oneExamPerDay: scheme.rules.oneExamPerDay,
      minSpreadPeriods: String(scheme.rules.minSpreadPeriods),
      spreadIsHard: scheme.rules.spreadIsHard,
      togetherPairs: scheme.rules.togetherPairs.map(([a, b]): [string, string] => [a ?? "", b ?? ""]),
      apartPairs: scheme.rules.apartPairs.map(([a, b]): [string, string] => [a ?? "", b ?? ""]),
      seatsPerPeriod: text(scheme.rules.seatsPerPeriod),
      invigilatorsPerPeriod: text(scheme.rules.invigilatorsPerPeriod),
    },
  };
}

/**
 * The cycle's existing periods (`date`, `startTime`, the exams each holds) that still hold exams but
 * are not among the `planned` periods of a scheme: what a save of that scheme would refuse with
 * 409 `periods_hold_exams` (the server drops the empty ones). In the order given.
 */
export function droppedPeriodsHoldingExams<P extends { date: string; startTime: string; exams: number }>(
  existing: readonly P[],
  planned: ReadonlyArray<{ date: string; startTime: string }>,
): P[] {
  const kept = new Set(planned.map((p) => `${p.date} ${p.startTime}`));
  return existing.filter((p) => p.exams > 0 && !kept.has(`${p.date} ${p.startTime}`));
}
