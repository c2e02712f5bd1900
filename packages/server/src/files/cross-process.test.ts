import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findRepoRoot } from "../config.ts";
import { rows } from "../db/rows.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";
import { samplePdf } from "../test/sample-files.ts";

const postgres = testTargets().find((t) => t.name === "postgres");
const apiProcessFile = fileURLToPath(new URL("../test/api-process.ts", import.meta.url));

/**
 * Starts the API as a second process (test/api-process.ts) with `env` and answers its port once it
 * printed `listening <port>` (the process's own signal, no waiting on time).
 */
function startApiProcess(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ["--import", "tsx", apiProcessFile], {
    cwd: findRepoRoot(),
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const port = out.match(/^listening (\d+)$/m)?.[1];
      if (port) resolve({ child, port: Number(port) });
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.once("exit", (code) => reject(new Error(`the API process exited (${code}): ${err || out}`)));
  });
}

/**
 * Signs the demo administrator in through the process at `port` (its own clock and development
 * outbox), answering the Authorization header to send it.
 */
async function signInThrough(port: number, email = "admin@university.example") {
  const base = `http://127.0.0.1:${port}/api`;
  const post = (url: string, body: unknown) =>
    fetch(`${base}${url}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const sent = (await (await post("/salesforce/AdminOtp/send", { email })).json()) as { id: string };
  const outbox = (await (await fetch(`${base}/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
    mails: Array<{ text: string }>;
  };
  const otp = outbox.mails[0]?.text.match(/one-time password is (\d{4})/)?.[1];
  const verified = (await (await post("/salesforce/AdminOtp/verify", { id: sent.id, otp })).json()) as {
    accessToken: string;
  };
  return { authorization: `Bearer ${verified.accessToken}` };
}

/** Stops the child with SIGTERM and waits for it to exit. */
function stopApiProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

describe.skipIf(!postgres)("files across portal processes on one PostgreSQL", () => {
  let api: TestApi;
  let headers: Record<string, string>;
  let secondDir: string;
  let second: { child: ChildProcess; port: number } | null = null;

  beforeAll(async () => {
    api = await createTestApi(postgres ?? { name: "postgres" });
    headers = await signInHeaders(api);
    secondDir = await mkdtemp(path.join(os.tmpdir(), "portal-second-process-"));
    second = await startApiProcess({
      DATABASE_URL: api.ctx.config.databaseUrl ?? "",
      PORTAL_DATA_DIR: secondDir,
      TOKEN_SECRET: api.ctx.config.tokenSecret,
      SEED_DEMO: "false",
      NODE_ENV: "test",
    });
  });
  afterAll(async () => {
    if (second) await stopApiProcess(second.child);
    await api?.close();
    if (secondDir) await rm(secondDir, { recursive: true, force: true });
  });

  it("an answer sheet uploaded through one process downloads through another with its own empty data folder", async () => {
    expect(api.ctx.files.kind).toBe("database");
    const [pair] = await rows<{ examId: string; studentId: string }>(
      api.ctx.db,
      sql`select e.id as "examId", en.student_id as "studentId" from exam e
          join enrolment en on en.course_offering_id = e.course_offering_id
          where not exists (select 1 from answer_sheet s where s.exam_id = e.id and s.student_id = en.student_id)
          order by e.id, en.student_id limit 1`,
    );
    const bytes = samplePdf("uploaded through the first process");
    const uploaded = await api.call("POST", "/api/sf/exam/answerSheet", {
      headers,
      body: {
        examId: pair?.examId,
        studentId: pair?.studentId,
        fileName: "scan.pdf",
        content: bytes.toString("base64"),
        version: 0,
      },
    });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);

    const res = await fetch(
      `http://127.0.0.1:${second?.port}/api/sf/exam/answerSheet/${pair?.examId}/${pair?.studentId}`,
      { headers: await signInThrough(second?.port ?? 0) },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
    // The second process stored nothing of its own: the file came from PostgreSQL.
    const own = await readdir(path.join(secondDir, "files"), { recursive: true }).catch(() => []);
    expect(own).toEqual([]);
  });
});
