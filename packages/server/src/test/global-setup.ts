/**
 * Global setup of the server tests: builds the run's database template once (test/template.ts) and
 * hands it to the test workers through PORTAL_TEST_TEMPLATE; removes it when the run ends.
 * PORTAL_TEST_TEMPLATE=off skips it (every API then migrates and seeds its own database).
 */
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buildTemplate, TEMPLATE_ENV } from "./template.ts";

export default async function setup(): Promise<() => Promise<void>> {
  if (process.env[TEMPLATE_ENV] === "off") {
    delete process.env[TEMPLATE_ENV];
    return async () => {};
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), "portal-test-template-"));
  const { template, remove } = await buildTemplate(dir, process.env.DATABASE_URL || null);
  process.env[TEMPLATE_ENV] = JSON.stringify(template);
  return remove;
}
