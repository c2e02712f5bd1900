/**
 * The built server file (apps/portal/dist/server.mjs, made by `pnpm build`) is what `pnpm start`
 * runs with plain node. Started here a second time, from a working directory outside the
 * repository, with an empty embedded database in a folder of its own: it must find what it reads
 * beside its source (the migrations, the demo data), answer `/api/config`, serve the signed-out
 * `/login` page and gate a signed-in page. Readiness is polled; nothing waits a fixed time.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";

const bundle = fileURLToPath(new URL("../../apps/portal/dist/server.mjs", import.meta.url));

/** A port nothing listens on now (the kernel's choice). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

/** Resolves once `url` answers 200; rejects when the process ends first or after `ms`. */
async function answers(url: string, server: ChildProcess, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server ended with code ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

test("the bundled server file starts on its own and serves the API and the pages", async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "portal-bundle-"));
  const workDir = mkdtempSync(join(tmpdir(), "portal-bundle-cwd-"));
  let log = "";
  const server = spawn(process.execPath, [bundle], {
    cwd: workDir,
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      PORTAL_DATA_DIR: dataDir,
      DATABASE_URL: "",
      NODE_ENV: "development",
      SEED_DEMO: "true",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk) => {
    log += String(chunk);
  });
  server.stderr?.on("data", (chunk) => {
    log += String(chunk);
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await answers(`${base}/api/config`, server, 150_000).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${log}`);
    });
    const config = (await (await fetch(`${base}/api/config`)).json()) as { apiBaseUrl?: string };
    expect(config).toHaveProperty("apiBaseUrl");

    const login = await fetch(`${base}/login`);
    expect(login.status).toBe(200);
    expect(login.headers.get("content-type")).toContain("text/html");
    expect(await login.text()).toContain("<astro-island");

    const gated = await fetch(`${base}/app/exam/questionPaper`, { redirect: "manual" });
    expect(gated.status).toBe(302);
    expect(gated.headers.get("location")).toBe("/login?next=%2Fapp%2Fexam%2FquestionPaper");
    // The demo data was loaded (the migrations ran): the outbox is there to sign in with.
    expect(log).toContain("demo data loaded");
  } finally {
    const exited = new Promise<void>((resolve) => {
      if (server.exitCode !== null) resolve();
      else server.once("exit", () => resolve());
    });
    server.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(workDir, { recursive: true, force: true });
  }
});
