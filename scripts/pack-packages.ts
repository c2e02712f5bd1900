/**
 * Packs the two packages other teams install, `@portal/ui` and `@portal/api-client`, into
 * installable tarballs in `.packages/` (git-ignored), with `pnpm pack`: pnpm applies each
 * package's `publishConfig.exports` (the build in dist/) and turns `workspace:` ranges into
 * versions. Build them first (`pnpm packages:build`); `pnpm packages:pack` does both.
 *
 * Prints each tarball's path; exits 1 when a package has no build.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");

/** The packed packages: folder under packages/ and the tarball's file name prefix. */
export const PACKED = [
  { folder: "ui", tarball: "portal-ui" },
  { folder: "api-client", tarball: "portal-api-client" },
] as const;

/** Where the tarballs go. */
export const PACKS_DIR = join(root, ".packages");

/** The command that runs pnpm: the one running this script (`npm_execpath`), else the pinned one. */
export function pnpmCommand(): { command: string; args: string[] } {
  const entry = process.env.npm_execpath;
  if (entry && /pnpm/.test(entry)) return { command: process.execPath, args: [entry] };
  return { command: "npx", args: ["-y", "pnpm@10.34.9"] };
}

/** Packs every package of {@link PACKED} into {@link PACKS_DIR}; returns tarball paths by folder. */
export function packPackages(): Record<(typeof PACKED)[number]["folder"], string> {
  rmSync(PACKS_DIR, { recursive: true, force: true });
  mkdirSync(PACKS_DIR, { recursive: true });
  const pnpm = pnpmCommand();
  const paths = {} as Record<(typeof PACKED)[number]["folder"], string>;
  for (const { folder, tarball } of PACKED) {
    const dir = join(root, "packages", folder);
    if (!existsSync(join(dir, "dist", "index.js"))) {
      console.error(`packages/${folder} has no build: run \`pnpm packages:build\` first.`);
      process.exit(1);
    }
    execFileSync(pnpm.command, [...pnpm.args, "pack", "--pack-destination", PACKS_DIR], {
      cwd: dir,
      stdio: ["ignore", "ignore", "inherit"],
    });
    const { version } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version: string };
    paths[folder] = join(PACKS_DIR, `${tarball}-${version}.tgz`);
    if (!existsSync(paths[folder])) throw new Error(`pnpm pack wrote no ${paths[folder]}`);
    console.log(paths[folder]);
  }
  return paths;
}

if (import.meta.main) packPackages();
