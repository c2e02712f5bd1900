/**
 * Timetabler benchmark: every Toronto and ITC2007 data set in data/exam-timetabling (or the
 * folder EXAM_DATA_DIR names) at the benchmark's number of periods, constructed and then improved
 * for S seconds, its penalty set against the best published.
 *
 *   pnpm bench:timetabler                      S = 10 and 60 (each a separate run from construction)
 *   pnpm bench:timetabler --seconds 5,20       other budgets
 *   pnpm bench:timetabler --seed 2 hec-s-92    another seed, one set
 *   pnpm bench:timetabler --cpu --seconds 10   budgets in CPU seconds of this process (process.cpuUsage),
 *                                              so runs on a shared machine compare
 *   pnpm bench:timetabler --iterations 200000  a fixed iteration budget instead of time (same moves every run)
 *   pnpm bench:timetabler --write-solution DIR exam_comp_set4
 *                                              also writes each ITC2007 set's timetable to DIR/<set>.sln in
 *                                              the competition's solution format (`period, room` per exam),
 *                                              for a check by another evaluator (last budget's run wins)
 *
 * No database: the data sets go through the importer's own reading and timetabling
 * (readDataSet, timetableDataSet), as `import:exams` does. Prints one Markdown table row per set
 * and budget: periods used, clashes, ITC2007 hard breaks, the penalty after construction and after
 * improvement (Toronto: proximity per student; ITC2007: the competition's soft penalty) and the gap
 * to the best published, and the improvement's iterations per CPU second (its own process time,
 * whatever else runs). Runs on one core; wall-clock budgets depend on the machine's load.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { formatItc2007Solution } from "@portal/domain";
import {
  deriveImportCode,
  importRecordCodes,
  parseImportInput,
  readDataSet,
  TORONTO_DATASETS,
  timetableDataSet,
} from "../import/importer.ts";

/** Best published penalties: Toronto from data/exam-timetabling/README.md; ITC2007 the competition's winning entry (Müller). */
const BEST_PUBLISHED: Readonly<Record<string, number>> = {
  "car-f-92": 3.69,
  "ear-f-83": 32.48,
  "hec-s-92": 10.03,
  "kfu-s-93": 12.81,
  "sta-f-83": 157.03,
  "yor-f-83": 34.44,
  exam_comp_set1: 4370,
  exam_comp_set4: 18141,
  exam_comp_set6: 26585,
};

const dataDir =
  process.env.EXAM_DATA_DIR ?? fileURLToPath(new URL("../../../../data/exam-timetabling", import.meta.url));

/** The import request of a set in the data folder. */
function body(name: string): unknown {
  const toronto = path.join(dataDir, "toronto", name);
  if (existsSync(`${toronto}.crs`)) {
    return {
      format: "toronto",
      name,
      files: { crs: readFileSync(`${toronto}.crs`, "utf8"), stu: readFileSync(`${toronto}.stu`, "utf8") },
    };
  }
  const exam = path.join(dataDir, "itc2007", `${name}.exam`);
  if (!existsSync(exam)) throw new Error(`no data in ${dataDir} for ${name}`);
  return { format: "itc2007", name, files: { exam: readFileSync(exam, "utf8") } };
}

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      seconds: { type: "string", default: "10,60" },
      seed: { type: "string", default: "1" },
      cpu: { type: "boolean", default: false },
      iterations: { type: "string" },
      "write-solution": { type: "string" },
    },
  });
  const budgets = values.seconds.split(",").map((s) => Number(s.trim()));
  if (budgets.some((s) => !Number.isFinite(s) || s < 0))
    throw new Error("--seconds takes numbers, e.g. 10,60");
  const seed = Number(values.seed);
  const iterations = values.iterations === undefined ? undefined : Number(values.iterations);
  if (iterations !== undefined && !(Number.isSafeInteger(iterations) && iterations > 0))
    throw new Error("--iterations takes a whole number above 0");
  /** CPU milliseconds of this process (user and system). */
  const cpuMs = () => {
    const used = process.cpuUsage();
    return (used.user + used.system) / 1000;
  };
  const clock = values.cpu ? cpuMs : () => performance.now();
  const sets = positionals.length > 0 ? positionals : Object.keys(BEST_PUBLISHED);

  console.info(
    "| set | periods used | clashes | hard breaks | construction | seconds | iterations | iterations per CPU s | penalty | best published | gap |",
  );
  console.info("|---|---|---|---|---|---|---|---|---|---|---|");
  for (const name of sets) {
    const input = parseImportInput(body(name));
    const codes = importRecordCodes(deriveImportCode(name) ?? "SET");
    const count = TORONTO_DATASETS[name]?.periods;
    for (const seconds of iterations === undefined ? budgets : [0]) {
      const source = readDataSet(input);
      // The improvement's first clock reading is its start (after construction and its set-up).
      let began = Number.NaN;
      const now = () => {
        const t = clock();
        if (Number.isNaN(began)) began = cpuMs();
        return t;
      };
      const improve =
        iterations !== undefined
          ? { maxIterations: iterations, timeLimitMs: Number.MAX_SAFE_INTEGER, now, seed }
          : seconds > 0
            ? { timeLimitMs: seconds * 1000, now, seed }
            : null;
      const { quality: q, solution } = timetableDataSet(
        name,
        source,
        "2027-01-04",
        (i) => codes.course(i + 1),
        {
          ...(count === undefined ? {} : { periods: count }),
          ...(improve ? { improve } : {}),
        },
      );
      const folder = values["write-solution"];
      if (folder !== undefined && solution) {
        mkdirSync(folder, { recursive: true });
        writeFileSync(
          path.join(folder, `${name}.sln`),
          formatItc2007Solution(solution, source.courses.length),
        );
      }
      const cpuSeconds = Number.isNaN(began) ? 0 : (cpuMs() - began) / 1000;
      const rate = cpuSeconds > 0 ? Math.round(q.iterations / cpuSeconds).toLocaleString("en") : "";
      const figure = (x: number) => (q.measure === "toronto" ? x.toFixed(2) : String(Math.round(x)));
      const best = BEST_PUBLISHED[name];
      const gap = best === undefined ? "" : `${(((q.penalty - best) / best) * 100).toFixed(1)}%`;
      console.info(
        `| ${name} | ${q.periodsUsed}/${q.periods} | ${q.clashes} | ${q.hardBreaks} | ${figure(q.constructionPenalty)} | ` +
          `${iterations === undefined ? seconds : cpuSeconds.toFixed(1)} | ${q.iterations.toLocaleString("en")} | ${rate} | ${figure(q.penalty)} | ${best ?? ""} | ${gap} |`,
      );
    }
  }
}

main();
