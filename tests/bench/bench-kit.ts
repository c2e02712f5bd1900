/**
 * What the benchmark scripts share: the portal under measurement (started on its own port and data
 * folder, stopped with its process group), sign-in as the demo administrator, and a light load
 * generator over node:http with latency percentiles. Reports, not pass/fail tests.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, chromium } from "@playwright/test";

/** The repository's root folder. */
export const root = fileURLToPath(new URL("../..", import.meta.url));

/** Latency figures of a load run, in milliseconds, and the throughput in requests per second. */
export type LoadResult = { p50: number; p95: number; max: number; rps: number };

/** The value at percentile `p` (0-100) of an ascending list. */
export function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export type BenchPortal = {
  base: string;
  /** Environment of the portal and of the commands run against its database. */
  env: NodeJS.ProcessEnv;
  databaseLabel: string;
  databaseUrl: string;
  /**
   * Starts the built portal (no demo seeding) and waits until it answers (180 s at most); `env`
   * adds settings for this start (e.g. READ_MODEL_CACHE=off).
   */
  start(env?: NodeJS.ProcessEnv): Promise<void>;
  /** Stops the portal; its data folder (the embedded database) goes too unless `keepData`. */
  stop(options?: { keepData?: boolean }): Promise<void>;
  /**
   * CPU time (user and system, ms) the portal's processes have used since they started, read from
   * Linux's /proc (0 elsewhere): the portal's own work, whatever else the machine runs.
   */
  cpuMs(): number;
  /** Signs the demo administrator in: the session cookie and an access token. */
  signIn(): Promise<{ cookie: string; accessToken: string }>;
  /** One request; resolves with the status once the whole answer has arrived. */
  send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<number>;
  /** `total` requests from `concurrency` workers; throws when any answer is not 200. */
  runLoad(
    concurrency: number,
    total: number,
    makeRequest: (index: number) => Promise<number>,
  ): Promise<LoadResult>;
};

/**
 * Signs `email` in on the portal at `base` as a browser would, reading the one-time password from
 * the development outbox. Returns the session cookies (as a Cookie header) and the access token.
 */
export async function signInThroughOutbox(
  base: string,
  email: string,
): Promise<{ cookie: string; accessToken: string }> {
  const json = { "content-type": "application/json" };
  const sent = await fetch(`${base}/api/salesforce/AdminOtp/send`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email }),
  });
  const { id } = (await sent.json()) as { id: string };
  const outbox = (await (await fetch(`${base}/api/dev/outbox?to=${email}`)).json()) as {
    mails: { text: string }[];
  };
  const otp = outbox.mails[0]?.text.match(/\b(\d{4})\b/)?.[1];
  const verified = await fetch(`${base}/api/salesforce/AdminOtp/verify`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ id, otp }),
  });
  if (!verified.ok) throw new Error(`sign-in of ${email} answered ${verified.status}`);
  const body = (await verified.json()) as { accessToken: string };
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { cookie, accessToken: body.accessToken };
}

/**
 * A portal for a benchmark on `port`, in a fresh embedded database folder, or on the PostgreSQL
 * database of `options.databaseUrl` (default BENCH_DATABASE_URL; an empty value means the embedded
 * database), which is wiped and refilled: give it one of its own.
 */
export function benchPortal(port: number, options: { databaseUrl?: string } = {}): BenchPortal {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "portal-bench-"));
  const databaseUrl = options.databaseUrl ?? process.env.BENCH_DATABASE_URL ?? "";
  const env = {
    ...process.env,
    PORTAL_DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    HOST: "127.0.0.1",
    PORT: String(port),
  };
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  let server: ChildProcess | undefined;

  const answers = async () => {
    try {
      return (await fetch(`${base}/api/config`)).ok;
    } catch {
      return false;
    }
  };

  const send: BenchPortal["send"] = (method, path, headers, body) =>
    new Promise((resolve, reject) => {
      const req = request(`${base}${path}`, { method, headers, agent }, (res) => {
        res.on("data", () => {});
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end(body);
    });

  return {
    base,
    env,
    databaseUrl,
    databaseLabel: databaseUrl ? "PostgreSQL" : "embedded database (PGlite)",
    async start(extra = {}) {
      if (await answers())
        throw new Error(`port ${port} is taken: stop what listens there or set BENCH_PORT`);
      // The built server file (`pnpm build`), as `pnpm start` runs it, in its own process group.
      // BENCH_PORTAL_NODE_ARGS: Node options for the portal alone (e.g. "--cpu-prof --cpu-prof-dir=DIR"
      // for a profile of the portal under the bench's load, which NODE_OPTIONS does not allow).
      const nodeArgs = (process.env.BENCH_PORTAL_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
      server = spawn(process.execPath, [...nodeArgs, join(root, "apps/portal/dist/server.mjs")], {
        cwd: join(root, "apps/portal"),
        env: { ...env, ...extra, SEED_DEMO: "false" },
        stdio: "ignore",
        detached: true,
      });
      const deadline = Date.now() + 180_000;
      while (Date.now() < deadline) {
        if (await answers()) return;
        await new Promise((r) => setTimeout(r, 500));
      }
      throw new Error("the portal did not start within 180 s");
    },
    async stop(options = {}) {
      agent.destroy(); // its sockets; a later start opens new ones
      const s = server;
      if (s && s.pid !== undefined && s.exitCode === null) {
        const exited = new Promise<void>((resolve) => s.once("exit", () => resolve()));
        process.kill(-s.pid, "SIGTERM");
        const timer = setTimeout(() => {
          try {
            if (s.pid !== undefined) process.kill(-s.pid, "SIGKILL");
          } catch {
            // The group has gone already (ESRCH): nothing left to stop.
          }
        }, 15_000);
        await exited;
        clearTimeout(timer);
        // tsx exits before the Node process it started has closed its port: wait for that too, so
        // the next start does not find the port taken (seen on a loaded machine).
        const closing = Date.now() + 15_000;
        while (Date.now() < closing && (await answers())) await new Promise((r) => setTimeout(r, 200));
      }
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
    cpuMs: () => (server?.pid === undefined ? 0 : processGroupCpuMs(server.pid)),
    signIn: () => signInThroughOutbox(base, "admin@university.example"),
    send,
    async runLoad(concurrency, total, makeRequest) {
      const latencies: number[] = [];
      let next = 0;
      let failures = 0;
      const started = performance.now();
      async function worker(): Promise<void> {
        while (next < total) {
          const index = next++;
          const start = performance.now();
          const status = await makeRequest(index);
          latencies.push(performance.now() - start);
          if (status !== 200) failures++;
        }
      }
      await Promise.all(Array.from({ length: concurrency }, worker));
      const seconds = (performance.now() - started) / 1000;
      if (failures > 0) throw new Error(`${failures} requests failed`);
      latencies.sort((a, b) => a - b);
      return {
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        max: latencies.at(-1) ?? 0,
        rps: latencies.length / seconds,
      };
    },
  };
}

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU time (ms) of the living processes of process group `group`, from /proc; 0 without /proc. */
export function processGroupCpuMs(group: number): number {
  let ticks = 0;
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // After the command name (in parentheses, which may hold spaces): state, ppid, pgrp, ...
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== group) continue;
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      // The process ended meanwhile.
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** Debian's Chromium (`pnpm setup:chromium`), as the benchmarks drive it. */
export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
}

/**
 * A fresh browser context (empty cache) on 127.0.0.1, signed in as sign-in leaves the browser when
 * `cookie` (a Cookie header of {@link signInThroughOutbox}) is given.
 */
export async function freshContext(browser: Browser, cookie: string | null): Promise<BrowserContext> {
  const context = await browser.newContext();
  if (cookie) {
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const [name, ...rest] = pair.split("=");
        return { name: name ?? "", value: rest.join("="), domain: "127.0.0.1", path: "/" };
      }),
    );
    await context.addInitScript(() => {
      window.localStorage.setItem("loggedIn", "true");
      window.localStorage.setItem("alumniName", "Bench");
    });
  }
  return context;
}
