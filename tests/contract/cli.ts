/**
 * `pnpm contract-test --base-url http://host:port [--token <access token> | --email <user>]
 * [--description <openapi.yaml>]`: checks a running server against the OpenAPI description (see
 * contract.ts) and exits 1 when an answer is undocumented or does not match its schema.
 */
import { parseArgs } from "node:util";
import { runContract } from "./contract.ts";

const { values } = parseArgs({
  options: {
    "base-url": { type: "string" },
    token: { type: "string" },
    email: { type: "string" },
    description: { type: "string" },
    verbose: { type: "boolean", default: false },
  },
});

if (!values["base-url"]) {
  console.error(
    "usage: pnpm contract-test --base-url http://host:port [--token <access token> | --email <user on a demo server>] [--description openapi.yaml] [--verbose]",
  );
  process.exit(2);
}

const report = await runContract({
  baseUrl: values["base-url"],
  ...(values.token ? { token: values.token } : {}),
  ...(values.email ? { email: values.email } : {}),
  ...(values.description ? { description: values.description } : {}),
});

for (const check of values.verbose ? report.checks : report.failures) {
  console.log(
    `${check.problems.length ? "FAIL" : "ok  "} ${check.as.padEnd(9)} ${check.status} ${check.request}`,
  );
  for (const problem of check.problems) console.log(`       ${problem}`);
}
for (const skip of report.skipped) console.log(`skip ${skip.operationId}: ${skip.reason}`);
const operations = new Set(report.checks.map((c) => c.operationId)).size;
console.log(
  `${report.checks.length} answers of ${operations} operations checked, ${report.failures.length} failed, ${report.skipped.length} reads skipped`,
);
process.exit(report.failures.length > 0 ? 1 : 0);
