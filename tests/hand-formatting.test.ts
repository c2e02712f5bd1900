import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Every date, time, number, percentage and counted noun a screen shows goes through the one formatter
 * (packages/domain/src/format.ts, bound to the page's language in apps/portal/src/screens/kit/format.ts).
 * This test fails on formatting done by hand in the screens and the ui package, and on English counted
 * nouns in the catalogue that are not split into one/other messages ("1 rooms"). Bare numbers in table
 * cells and summary tiles are refused by type (DisplayNode in packages/ui).
 */
const root = fileURLToPath(new URL("..", import.meta.url));
const SCANNED = ["apps/portal/src", "packages/ui/src"];
const FORMATTER = "apps/portal/src/screens/kit/format.ts";

type Rule = { name: string; pattern: RegExp; caught: string; passed: string };

const RULES: Rule[] = [
  {
    name: "toFixed (decimals by hand: 58.5 beside 51.00, no decimal comma)",
    pattern: /\.toFixed\(/,
    caught: "const text = mark.toFixed(2);",
    passed: "const text = formatMarks(mark);",
  },
  {
    name: "toLocaleString and its kin (the browser's language, not the page's)",
    pattern: /\.toLocale(?:Date|Time)?String\(/,
    caught: "<span>{value.toLocaleString()}</span>",
    passed: "<span>{formatNumber(value)}</span>",
  },
  {
    // Intl.Collator compares texts (a table's sort) and shows nothing, so it is not a formatter.
    name: "an Intl formatter outside the formatter module (uncached, per-screen formats)",
    pattern: /\bIntl\.(?!Collator\b)[A-Z]\w+/,
    caught: 'const format = new Intl.NumberFormat("en-GB").format;',
    passed: "const format = formatNumber;",
  },
  {
    name: "padStart(2 (date or time parts zero-padded by hand)",
    pattern: /\.padStart\(\s*2\b/,
    caught: 'const mm = String(d.getMonth() + 1).padStart(2, "0");',
    passed: "const text = formatDate(isoDate);",
  },
  {
    name: "a date taken apart by hand",
    pattern: /\[\s*\w+\s*,\s*\w+\s*,\s*\w+\s*\]\s*=\s*[\w.?]+\.split\(\s*["']-["']\s*\)/,
    caught: 'const [y, mo, d] = iso.split("-");',
    passed: 'const [upper, lower] = text.split("-");',
  },
  {
    name: "an ISO date-time cut into a display by hand",
    pattern: /\.slice\(\s*0\s*,\s*1[69]\s*\)|\.replace\(\s*["']T["']\s*,\s*["'] ["']\s*\)/,
    caught: 'const at = h.appliedAt.slice(0, 16).replace("T", " ");',
    passed: 'const at = formatInstant(h.appliedAt, { timeZone: "UTC" });',
  },
  {
    name: "a number put into a message with String() (no grouping, no decimal comma)",
    pattern: /\bm\.\w+\(\{[^}]*?:\s*String\(/,
    caught: "m.reval_documents_cell({\n  status,\n  count: String(r.numberofDocuments),\n})",
    passed: "m.reval_documents_cell({\n  status,\n  count: formatNumber(r.numberofDocuments),\n})",
  },
  {
    name: "a plural chosen by hand (n === 1 ? ... : ...)",
    pattern: /[=!]==\s*1\s*\?\s*m\.\w+\(/,
    caught: "return days === 1 ? m.exam_completed_one() : m.exam_completed_days({ days });",
    passed: "return plural(days, m.exam_completed_days_one, m.exam_completed_days_other, { days: text });",
  },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "paraglide" ? [] : sourceFiles(path);
    if (!/\.(ts|tsx|astro)$/.test(entry.name)) return [];
    if (/\.(test|spec)\.tsx?$|test-support\.tsx?$|\.stories\.tsx?$/.test(entry.name)) return [];
    return [path];
  });
}

/**
 * The `file:line: text` of every place in the scanned folders that breaks `rule`. Comments are
 * blanked first; a match may span lines (a message call written over several lines).
 */
function offences(rule: Rule): string[] {
  const files = SCANNED.flatMap((dir) => sourceFiles(join(root, dir)));
  return files.flatMap((file) => {
    const path = relative(root, file);
    if (path === FORMATTER) return [];
    const lines = readFileSync(file, "utf8").split("\n");
    const code = lines.map((line) => line.replace(/\/\/.*$/, "").replace(/^\s*\*.*$/, "")).join("\n");
    const global = new RegExp(rule.pattern.source, "g");
    return [...code.matchAll(global)].map((match) => {
      const line = code.slice(0, match.index).split("\n").length;
      return `${path}:${line}: ${lines[line - 1]?.trim()}`;
    });
  });
}

describe.each(RULES)("no hand formatting in screens: $name", (rule) => {
  it("the rule catches its example and lets the formatter's through", () => {
    expect(rule.pattern.test(rule.caught)).toBe(true);
    expect(rule.pattern.test(rule.passed)).toBe(false);
  });

  it("no screen or ui component breaks it", () => {
    expect(offences(rule)).toEqual([]);
  });
});

type Catalogue = Record<string, string>;
const catalogue = (locale: string): Catalogue =>
  JSON.parse(readFileSync(join(root, "apps/portal/messages", `${locale}.json`), "utf8"));

/**
 * An English message that counts a noun ("{count} rooms in use", "{days} days"). Placeholders that
 * only ever hold fixed numbers above one (limits, durations in steps of 30) are listed in
 * {@link FIXED_COUNTS}.
 */
const COUNTED_NOUN = /\{(\w+)\} (?:[a-z]+ ){0,2}([a-z]+s)\b/;
const NOT_NOUNS = new Set(["is", "was", "has", "this", "as", "its", "us", "yes", "across", "his", "runs"]);
const FIXED_COUNTS = new Set([
  "qp_tile_paper_status", // "Paper-{set} status": a set number, no count
  "dashboard_open_list", // "{status} question papers": a status name
  "exam_error_venue", // "at most {max} characters": a fixed limit
  "gres_upload_limits", // "at most {size} KB and {rows} rows": fixed limits
  "reval_minutes", // "{count} minutes": durations of 30 to 300 (spec §9)
  "kit_all_capped", // "the first {shown} of {total} rows": shown is the fixed cap (500), total above it
  "pscheme_exams_capped", // "the first {count} exams": the fixed cap of the pair lists (500)
  "pscheme_msg_duration_min", // "at least {minutes} minutes": a fixed limit
  "pscheme_msg_duration_max", // "at most {minutes} minutes": a fixed limit
  "pscheme_msg_slots_max", // "at most {count} slots": a fixed limit (8)
]);

function countsNoun(text: string): boolean {
  const match = COUNTED_NOUN.exec(text);
  return match !== null && !NOT_NOUNS.has(match[2] ?? "");
}

describe("counted nouns in the catalogue", () => {
  const en = catalogue("en");

  it("the check recognises a counted noun", () => {
    expect(countsNoun("{count} rooms in use")).toBe(true);
    expect(countsNoun("{days} days")).toBe(true);
    expect(countsNoun("{count} unsaved seat changes")).toBe(true);
    expect(countsNoun("Room {room} is full")).toBe(false);
  });

  it("every English message that counts a noun has one and other forms", () => {
    const single = Object.entries(en)
      .filter(([key, text]) => key !== "$schema" && !FIXED_COUNTS.has(key) && countsNoun(text))
      .filter(([key]) => !key.endsWith("_one") && !key.endsWith("_other"))
      .map(([key, text]) => `${key}: ${text}`);
    expect(single).toEqual([]);
  });

  it.each(["en", "de", "hi"])("%s pairs every _one message with an _other message", (locale) => {
    const keys = new Set(Object.keys(catalogue(locale)));
    const unpaired = [...keys].filter(
      (key) => key.endsWith("_one") && !keys.has(`${key.slice(0, -4)}_other`),
    );
    expect(unpaired).toEqual([]);
  });
});
