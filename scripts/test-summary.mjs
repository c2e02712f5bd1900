// Prints one closing line for the whole test run from the JSON reports of Vitest and Playwright
// (the stories and the consumer fixture):
// "tests: N passed, N failed" (", N skipped" when any). Exits non-zero when a report is missing
// or records a failure, so a silent runner can never pass the run.
import { existsSync, readFileSync } from "node:fs";

const reports = {
  vitest: ".test-results/vitest.json",
  playwright: [".test-results/playwright.json", ".test-results/playwright-consumer.json"],
};
let passed = 0;
let failed = 0;
let skipped = 0;
let missing = false;

if (existsSync(reports.vitest)) {
  const v = JSON.parse(readFileSync(reports.vitest, "utf8"));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
} else missing = true;

// The browser stories and the consumer fixture's browser test (scripts/test-consumer.ts).
for (const report of reports.playwright) {
  if (existsSync(report)) {
    const p = JSON.parse(readFileSync(report, "utf8"));
    passed += p.stats.expected + (p.stats.flaky ?? 0);
    failed += p.stats.unexpected;
    skipped += p.stats.skipped ?? 0;
  } else missing = true;
}

console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
if (missing) console.error("A test report is missing: did every runner run?");
process.exit(failed > 0 || missing || passed === 0 ? 1 : 0);
