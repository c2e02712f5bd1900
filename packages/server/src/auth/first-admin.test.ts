import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { mailOutbox } from "../db/schema.ts";
import { createPortalApi } from "../index.ts";
import { grantPortalAccess } from "./admins.ts";

/** Runs `work` with console.info captured; returns the lines printed. */
async function capture(work: () => Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const spy = vi.spyOn(console, "info").mockImplementation((line: unknown) => {
    lines.push(String(line));
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return lines;
}

describe("the first administrator (production, no demo data, no SMTP)", () => {
  let dir: string;
  const env = () => ({
    PORTAL_DATA_DIR: dir,
    NODE_ENV: "production",
    TOKEN_SECRET: "f".repeat(48),
    SEED_DEMO: "false",
  });
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "portal-first-admin-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("tells how to create one at start, and after admin:add the code is mailed but never logged", async () => {
    const startLines = await capture(async () => {
      const api = await createPortalApi({ env: env() });
      await api.close();
    });
    expect(startLines.join("\n")).toContain("pnpm admin:add --email");

    const config = loadConfig(env());
    const handle = await openDatabase(config);
    try {
      const made = await grantPortalAccess(handle.db, {
        email: "head@university.example",
        name: "Head Of Office",
      });
      expect(made.action).toBe("created");
    } finally {
      await handle.close();
    }

    const lines = await capture(async () => {
      const api = await createPortalApi({ env: env() });
      try {
        const res = await api.app.fetch(
          new Request("http://portal.test/api/salesforce/AdminOtp/send", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ email: "head@university.example" }),
          }),
        );
        expect(res.status).toBe(200);
      } finally {
        await api.close();
      }
    });
    const text = lines.join("\n");
    expect(text).not.toContain("pnpm admin:add");
    const mailLine = lines.find((l) => l.startsWith("[mail]"));
    expect(mailLine).toContain("head@university.example");
    expect(mailLine).toContain("mail_outbox");
    expect(text).not.toContain("one-time password is");
    // The code is in the outbox table, and nowhere in the log.
    const reopened = await openDatabase(config);
    try {
      const [mail] = await reopened.db.select().from(mailOutbox);
      const code = mail?.text.match(/one-time password is (\d{4})/)?.[1];
      expect(code).toBeDefined();
      expect(text).not.toContain(code);
    } finally {
      await reopened.close();
    }
  });
});
