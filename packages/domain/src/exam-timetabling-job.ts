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
