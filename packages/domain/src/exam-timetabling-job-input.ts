import { z } from "zod";
import {
  TIMETABLING_MAX_ITERATIONS,
  TIMETABLING_MAX_SECONDS,
  TIMETABLING_MESSAGES,
} from "./exam-timetabling-job.ts";
import { zTypedNumber } from "./field-formats-input.ts";

/*
 * The zod schemas of a timetabling job: the start call's body and the planner panel's form. Apart
 * from the job's limits, states and messages in exam-timetabling-job.ts, which the panel shows
 * without them.
 */

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

/**
 * The planner panel's form (exam planner, "Improve timetable"): the time limit and the seed as
 * typed, checked by the rules of {@link ZTimetablingStart} with the same messages.
 */
export const ZTimetablingForm = z.object({
  timeLimitSeconds: zTypedNumber(ZTimetablingStart.shape.timeLimitSeconds),
  seed: zTypedNumber(ZTimetablingStart.shape.seed),
});
