/**
 * Exam-enrolment data import command line.
 *
 *   tsx src/cli/import.ts <file or folder>...                 import each data set named
 *   pnpm import:exams data/exam-timetabling                     every data set in the folder
 *   tsx src/cli/import.ts --start-date 2027-01-04 car-f-92.crs
 *   tsx src/cli/import.ts --time-zone Asia/Dubai car-f-92.crs     the import campus's IANA zone
 *   tsx src/cli/import.ts --periods 30 --seconds 10 car-f-92.crs  30 periods, 10 s of improvement
 *
 * `--periods N` sets the number of exam periods (Toronto files carry none: default the benchmark's
 * count for a known set; ITC2007: the file's first N in time order, default all); a set whose exams
 * do not fit in N periods without a clash is refused with the exams that conflict, and nothing of
 * it is imported (periods are never added). `--seconds S` (default 3; 0 for none) is the time the
 * improvement after construction gets per data set, `--seed` its pseudo-random seed (default 1).
 * Each line then gives the periods used, the clashes and the penalty after construction and after
 * improvement (Toronto: proximity per student; ITC2007: the competition's soft penalty and its
 * hard-constraint breaks).
 * A Toronto data set is the pair X.crs + X.stu (naming either file imports both); an ITC2007 data
 * set is one X.exam file; a folder means every data set in it and its subfolders. Each data set is
 * imported in its own transaction under the code derived from its name (car-f-92 -> CAR92), as
 * POST /api/sf/exam/import does; importing the same files again changes nothing. Prints one line
 * per data set with its counts and milliseconds; exits with code 1 when a data set fails (a
 * malformed file prints the file and line). Uses the same configuration as the server
 * (DATABASE_URL, PORTAL_DATA_DIR, ...); stop the portal first when it runs on the embedded database
 * (PGlite allows one process at a time).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type { AuditActor } from "../audit.ts";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { ApiError } from "../http/errors.ts";
import { type ExamImportInput, importExamData, type TimetableQuality } from "../import/importer.ts";

/** The actor of imports made here: audit rows name "cli" and no user. */
const CLI_ACTOR: AuditActor = { id: null, email: "cli" };

type DataSet =
  | { name: string; format: "toronto"; crs: string; stu: string }
  | { name: string; format: "itc2007"; exam: string };

/** The data sets the arguments name, in order, each once. Throws on a missing file or partner. */
function findDataSets(args: string[]): DataSet[] {
  const found = new Map<string, DataSet>();
  const add = (file: string, fromFolder: boolean) => {
    const ext = path.extname(file);
    const base = file.slice(0, -ext.length);
    const name = path.basename(base);
    if (ext === ".exam") {
      found.set(path.resolve(file), { name, format: "itc2007", exam: file });
    } else if (ext === ".crs" || ext === ".stu") {
      const crs = `${base}.crs`;
      const stu = `${base}.stu`;
      const missing = [crs, stu].find((f) => !existsSync(f));
      if (missing)
        throw new Error(`${file}: ${missing} is missing (a Toronto data set is a .crs and .stu pair)`);
      found.set(path.resolve(base), { name, format: "toronto", crs, stu });
    } else if (!fromFolder) {
      throw new Error(`${file}: not a data set file (.crs, .stu or .exam)`);
    }
  };
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) add(full, true);
    }
  };
  // Run through `pnpm import:exams` the command starts in packages/server; paths are meant from
  // where it was typed (pnpm's INIT_CWD).
  const from = process.env.INIT_CWD ?? process.cwd();
  for (const arg of args.map((a) => path.resolve(from, a))) {
    if (!existsSync(arg)) throw new Error(`${arg}: no such file or folder`);
    if (statSync(arg).isDirectory()) walk(arg);
    else add(arg, false);
  }
  return [...found.values()];
}

/** Seconds of improvement per data set when `--seconds` is not given. */
const DEFAULT_SECONDS = 3;

/** A whole number option of at least `min`; throws naming the option otherwise. */
function wholeNumber(value: string | undefined, option: string, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min)
    throw new Error(`--${option} must be a whole number >= ${min}`);
  return Number(value);
}

/** "periods 13/13, clashes 0, penalty 170.23 -> 157.40 (412,000 iterations)" for a new import. */
function describeTimetable(q: TimetableQuality): string {
  const figure = (x: number) => (q.measure === "toronto" ? x.toFixed(2) : String(Math.round(x)));
  const hard = q.measure === "itc2007" ? `, hard breaks ${q.hardBreaks}` : "";
  return (
    `periods ${q.periodsUsed}/${q.periods}, clashes ${q.clashes}${hard}, ` +
    `${q.measure === "toronto" ? "proximity per student" : "ITC2007 soft penalty"} ` +
    `${figure(q.constructionPenalty)} -> ${figure(q.penalty)} (${q.iterations.toLocaleString("en")} iterations)`
  );
}

/** The import request of a data set; `timeZone` (IANA) is its campus's, checked by the importer. */
function toInput(set: DataSet, startDate: string | undefined, timeZone: string | undefined): ExamImportInput {
  const zone = timeZone ? { timeZone } : {};
  return set.format === "toronto"
    ? {
        format: "toronto",
        name: set.name,
        files: { crs: readFileSync(set.crs, "utf8"), stu: readFileSync(set.stu, "utf8") },
        ...(startDate ? { startDate } : {}),
        ...zone,
      }
    : { format: "itc2007", name: set.name, files: { exam: readFileSync(set.exam, "utf8") }, ...zone };
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      "start-date": { type: "string" },
      "time-zone": { type: "string" },
      periods: { type: "string" },
      seconds: { type: "string" },
      seed: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help || positionals.length === 0) {
    console.info(
      "usage: import:exams [--start-date YYYY-MM-DD] [--time-zone Asia/Dubai] [--periods N] [--seconds S] [--seed K] <file or folder>...",
    );
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  const periods = wholeNumber(values.periods, "periods", 1);
  const seconds = wholeNumber(values.seconds, "seconds", 0) ?? DEFAULT_SECONDS;
  const seed = wholeNumber(values.seed, "seed", 0) ?? 1;
  const sets = findDataSets(positionals);
  if (sets.length === 0)
    throw new Error(`no data set (.crs/.stu pair or .exam file) in ${positionals.join(", ")}`);

  const config = loadConfig();
  const handle = await openDatabase(config);
  try {
    await handle.migrate();
    const ctx = { db: handle.db, now: () => Date.now() };
    for (const set of sets) {
      const started = performance.now();
      try {
        const {
          created,
          importSource: s,
          timetable,
        } = await importExamData(ctx, CLI_ACTOR, toInput(set, values["start-date"], values["time-zone"]), {
          ...(periods === undefined ? {} : { periods }),
          ...(seconds > 0
            ? { improve: { timeLimitMs: seconds * 1000, now: () => performance.now(), seed } }
            : {}),
        });
        const c = s.counts;
        console.info(
          `${set.name}: ${s.code} ${created ? "imported" : "already imported"}: ${c.courses} courses, ` +
            `${c.students} students, ${c.enrolments} enrolments, ${c.rooms} rooms, ${c.periods} periods, ` +
            `${c.exams} exams (${c.unplacedExams} unplaced) in ${Math.round(performance.now() - started)} ms` +
            (timetable ? `; ${describeTimetable(timetable)}` : ""),
        );
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        const where = err.details.field ? ` (${err.details.field})` : "";
        console.error(`${set.name}: ${err.message}${where}`);
        process.exitCode = 1;
      }
    }
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
