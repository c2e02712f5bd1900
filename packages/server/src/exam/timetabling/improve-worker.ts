/**
 * The timetabler's worker thread (node:worker_threads): runs the domain's Kempe-chain improvement
 * (improveExamTimetable) off the request thread, so the portal keeps answering while it works. It
 * keeps the office's hard rules (`constraints`: one exam per student per day, hard spread, exams
 * held together or apart, seats and invigilators of the periods) and lowers the rules' objective
 * (timetablingObjectiveOf: Toronto proximity plus the soft spread penalty). Written in erasable TypeScript only: Node runs it (and the domain it
 * imports) without a loader.
 *
 * message in:  { problem: WorkerProblem, stop: SharedArrayBuffer } - stop: Int32Array slot 0 set to 1
 *              asks the run to end (it keeps the best timetable found so far)
 * messages out: { kind: "progress", iteration, penalty, bestPenalty, elapsedMs } (at most about
 *              every PROGRESS_MS), then { kind: "done", proposal, startPenalty, penalty, iterations,
 *              elapsedMs } or { kind: "failed", message }.
 */
import { parentPort } from "node:worker_threads";
import {
  type ExamTimetablingRules,
  improveExamTimetable,
  type TimetablingExam,
  type TimetablingOptions,
  type TimetablingPeriod,
  timetablingObjectiveOf,
} from "@portal/domain";

/**
 * What the main thread sends: the problem (periods in time order with their days, seats and
 * invigilators; the start timetable keeping every hard rule), the office's rules and their hard part
 * as options (see input.ts), and the budgets (see runner.ts).
 */
export type WorkerProblem = {
  exams: TimetablingExam[];
  periods: TimetablingPeriod[];
  start: Array<[string, string]>;
  locked: string[];
  rules: ExamTimetablingRules;
  constraints: Omit<TimetablingOptions, "strategy">;
  seed: number;
  maxIterations: number;
  timeLimitMs: number;
};

/**
 * A message of the worker. Penalties in objective units (the rules' objective summed over students:
 * Toronto proximity cost plus the soft spread penalty).
 */
export type WorkerMessage =
  | { kind: "progress"; iteration: number; penalty: number; bestPenalty: number; elapsedMs: number }
  | {
      kind: "done";
      proposal: Array<[string, string]>;
      startPenalty: number;
      penalty: number;
      iterations: number;
      elapsedMs: number;
    }
  | { kind: "failed"; message: string };

/** Least time between two progress messages, milliseconds. */
const PROGRESS_MS = 250;

parentPort?.once("message", (input: { problem: WorkerProblem; stop: SharedArrayBuffer }) => {
  const port = parentPort;
  if (!port) return;
  const stop = new Int32Array(input.stop);
  const { problem } = input;
  const began = performance.now();
  let lastSent = -Infinity;
  let first = true;
  const post = (message: WorkerMessage) => port.postMessage(message);
  try {
    const result = improveExamTimetable(problem.exams, problem.periods, new Map(problem.start), {
      ...problem.constraints,
      objective: timetablingObjectiveOf(problem.rules),
      locked: problem.locked,
      seed: problem.seed,
      maxIterations: problem.maxIterations,
      timeLimitMs: problem.timeLimitMs,
      // A stop request spends the time budget at once: the run ends at its next clock reading. The
      // first reading (the run's start) is the true time, so a stop asked before the run began
      // still ends it (a start of +Infinity would make every later reading look like no time).
      now: () => {
        const t = performance.now();
        if (first) {
          first = false;
          return t;
        }
        return Atomics.load(stop, 0) === 1 ? t + 2 * problem.timeLimitMs + 1 : t;
      },
      progressEvery: 1024,
      onProgress: (p) => {
        const at = performance.now();
        if (at - lastSent < PROGRESS_MS) return;
        lastSent = at;
        post({
          kind: "progress",
          iteration: p.iteration,
          penalty: p.penalty,
          bestPenalty: p.bestPenalty,
          elapsedMs: Math.round(at - began),
        });
      },
    });
    post({
      kind: "done",
      proposal: [...result.assignment],
      startPenalty: result.startPenalty,
      penalty: result.penalty,
      iterations: result.iterations,
      elapsedMs: Math.round(performance.now() - began),
    });
  } catch (error) {
    post({ kind: "failed", message: error instanceof Error ? error.message : String(error) });
  }
});
