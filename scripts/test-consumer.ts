/**
 * The consumer check (`pnpm test:consumer`, part of `pnpm test`): an application outside the
 * workspace installs `@portal/ui` and `@portal/api-client` from their tarballs and is driven in a
 * browser.
 *
 * 1. Copies fixtures/consumer/ to a new temporary folder (outside the repository, so no import can
 *    reach the workspace's sources or its node_modules) with the tarballs of `.packages/` (run
 *    `pnpm packages:pack` first) as `packages/portal-ui.tgz` and `packages/portal-api-client.tgz`.
 * 2. Installs it with pnpm, outside any workspace and without a lock file (its own dependencies are
 *    pinned exactly, the workspace's versions, so the pnpm store already holds them).
 * 3. Type-checks it (`tsc`, with the packages' declarations checked too) and builds it (Vite).
 * 4. Runs tests/consumer/ (Playwright in Debian's Chromium) against `vite preview` of the build,
 *    with `/api` answered by Prism from openapi/openapi.yaml.
 *
 * Ports: CONSUMER_PORT (default 4396) for the app, CONSUMER_MOCK_PORT (default 4397) for the mock.
 * Exits with the first failing step's code.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { PACKED, PACKS_DIR, pnpmCommand } from "./pack-packages.ts";

const root = resolve(import.meta.dirname, "..");
const dir = mkdtempSync(join(tmpdir(), "portal-consumer-"));
const pnpm = pnpmCommand();

// The settings a pnpm script run hands its children (workspace folder, filters, ...) must not reach
// the fixture's install, which stands outside the workspace.
const env = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !/^(npm_|pnpm_)/i.test(name)),
) as NodeJS.ProcessEnv;

function run(step: string, command: string, args: string[], cwd: string, extraEnv: NodeJS.ProcessEnv = {}) {
  const started = performance.now();
  try {
    execFileSync(command, args, { cwd, stdio: "inherit", env: { ...env, ...extraEnv } });
  } catch (error) {
    console.error(`consumer: ${step} failed`);
    process.exit((error as { status?: number }).status || 1);
  }
  console.log(`consumer: ${step} took ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

cpSync(join(root, "fixtures", "consumer"), dir, {
  recursive: true,
  filter: (source) => !/[/\\](node_modules|dist|packages)([/\\]|$)/.test(source.slice(root.length)),
});
mkdirSync(join(dir, "packages"));
for (const { folder, tarball } of PACKED) {
  const { version } = (
    await import(join(root, "packages", folder, "package.json"), { with: { type: "json" } })
  ).default as { version: string };
  copyFileSync(join(PACKS_DIR, `${tarball}-${version}.tgz`), join(dir, "packages", `${tarball}.tgz`));
}
console.log(`consumer: fixture copied to ${dir}`);

run(
  "install",
  pnpm.command,
  [
    ...pnpm.args,
    "install",
    "--ignore-workspace",
    "--no-lockfile",
    "--prefer-offline",
    "--reporter=append-only",
  ],
  dir,
);
run("typecheck", pnpm.command, [...pnpm.args, "run", "typecheck"], dir);
run("build", pnpm.command, [...pnpm.args, "run", "build"], dir);
run(
  "browser test",
  join(root, "tests", "node_modules", ".bin", "playwright"),
  ["test", "-c", "consumer/playwright.config.ts"],
  join(root, "tests"),
  { CONSUMER_DIR: dir, PATH: `${join(root, "node_modules", ".bin")}:${process.env.PATH}` },
);

rmSync(dir, { recursive: true, force: true });
