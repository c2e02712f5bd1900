import { z } from "zod";

/**
 * The timetabling job of an exam cycle (exam planner, "Improve timetable"): the improvement of the
 * cycle's current timetable (exam-improvement.ts, Toronto proximity objective) run in the
 * background with a time limit, watched, stopped, compared and accepted or discarded by staff.
 */

/** Longest time limit of a timetabling job, seconds. */
export const TIMETABLING_MAX_SECONDS = 300;
/** Time limit the planner's panel offers first, seconds. */
export const TIMETABLING_DEFAULT_SECONDS = 60;
/** Most iterations a job may be bounded to (the `iterations` option). */
export const TIMETABLING_MAX_ITERATIONS = 2_000_000_000;

/**
 * States of a job: running; done (time or iteration budget spent) or stopped (by staff), each with
 * a proposal; failed (`message` says why); accepted (its moves written to the timetable);
 * discarded (its proposal dropped).
 */
export const TIMETABLING_JOB_STATES = [
  "running",
  "done",
  "stopped",
  "failed",
  "accepted",
  "discarded",
] as const;
export type TimetablingJobState = (typeof TIMETABLING_JOB_STATES)[number];

/** Whether a job in `state` holds a proposal staff may compare, accept or discard. */
export function hasProposal(state: TimetablingJobState): boolean {
  return state === "done" || state === "stopped";
}

/** Messages of the timetabling job, the same on the screen and in the API's errors. */
export const TIMETABLING_MESSAGES = {
  timeLimit: `Enter a time limit from 1 to ${TIMETABLING_MAX_SECONDS} seconds`,
  seed: "Enter a seed from 0 to 2147483647",
  alreadyRunning:
    "A timetabling job is already running for this exam cycle. Stop it or wait until it ends before starting another.",
  notRunning: "This timetabling job is not running",
  noProposal: "This timetabling job has no proposal to accept or discard",
  tooFewPeriods:
    "The exam cycle needs at least two exam periods with exams before its timetable can be improved",
  clash:
    "Students sit two exams at once in the current timetable: resolve the clash report before improving the timetable",
  changed:
    "An exam this proposal moves was changed since the job started. Discard the proposal and start the job again.",
  rulesBroken:
    "The current timetable breaks a rule of the exam cycle's period scheme (one exam per day, spread, exams held together or apart, seats or invigilators per period): change the timetable or the rules before improving the timetable",
} as const;

/**
 * Body of "start a timetabling job": the exam cycle, the time limit in seconds (1 to
 * {@link TIMETABLING_MAX_SECONDS}), an optional seed of the random sequence (default 1) and an
 * optional iteration budget (tests and benches: a run bounded by iterations ends the same way every
 * time; whichever budget is spent first ends the run).
 */
export const ZTimetablingStart = z.object({
  examCycleId: z.uuid({ error: "Choose an exam cycle" }),
  timeLimitSeconds: z
    .number({ error: TIMETABLING_MESSAGES.timeLimit })
    .int({ error: TIMETABLING_MESSAGES.timeLimit })
    .min(1, { error: TIMETABLING_MESSAGES.timeLimit })
    .max(TIMETABLING_MAX_SECONDS, { error: TIMETABLING_MESSAGES.timeLimit }),
  seed: z
    .number({ error: TIMETABLING_MESSAGES.seed })
    .int({ error: TIMETABLING_MESSAGES.seed })
    .min(0, { error: TIMETABLING_MESSAGES.seed })
    .max(2_147_483_647, { error: TIMETABLING_MESSAGES.seed })
    .optional(),
  iterations: z.number().int().min(1).max(TIMETABLING_MAX_ITERATIONS).optional(),
});
export type TimetablingStart = z.output<typeof ZTimetablingStart>;

/** A whole number typed as text: blank is "not given", anything else must pass `schema`. */
function typedNumber<S extends z.ZodType<unknown, number | undefined>>(schema: S) {
  return z
    .string()
    .trim()
    .transform((text) => (text === "" ? undefined : Number(text)))
    .pipe(schema);
}

/**
 * The planner panel's form (exam planner, "Improve timetable"): the time limit and the seed as
 * typed, checked by the rules of {@link ZTimetablingStart} with the same messages.
 */
export const ZTimetablingForm = z.object({
  timeLimitSeconds: typedNumber(ZTimetablingStart.shape.timeLimitSeconds),
  seed: typedNumber(ZTimetablingStart.shape.seed),
});
