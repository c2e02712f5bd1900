import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { SPEC_MESSAGES } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantPortalAccess } from "./auth/admins.ts";
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { createPortalApi, type PortalApi } from "./index.ts";
import { loadOpenApiValidator, type OpenApiValidator } from "./test/openapi.ts";
import { startSmtpPeer } from "./test/smtp-peer.ts";

async function call(
  api: PortalApi,
  validator: OpenApiValidator,
  method: string,
  url: string,
  body?: unknown,
) {
  const res = await api.app.fetch(
    new Request(`http://portal.test${url}`, {
      method,
      headers: { "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
  const json = (await res.json()) as Record<string, unknown>;
  if (!url.startsWith("/api/dev/"))
    validator.check(method, url, res.status, res.headers.get("content-type"), json);
  return { status: res.status, body: json };
}

describe("createPortalApi", () => {
  let dir: string;
  let validator: OpenApiValidator;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "portal-index-test-"));
    validator = await loadOpenApiValidator();
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("sweeps the file store at start: a file no record names goes once it is a day old", async () => {
    const dataDir = path.join(dir, "sweep");
    const folder = path.join(dataDir, "files", "answer-sheets");
    await mkdir(folder, { recursive: true });
    const old = path.join(folder, "old.pdf");
    const young = path.join(folder, "young.pdf");
    await writeFile(old, "%PDF-1.4 old");
    await writeFile(young, "%PDF-1.4 young");
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3_600_000);
    await utimes(old, twoDaysAgo, twoDaysAgo);
    const api = await createPortalApi({
      env: { PORTAL_DATA_DIR: dataDir, TOKEN_SECRET: "f".repeat(48), SEED_DEMO: "false" },
    });
    try {
      expect(existsSync(old)).toBe(false);
      expect(existsSync(young)).toBe(true);
    } finally {
      await api.close();
    }
  });

  it("in production: no dev outbox, public configuration from the environment, empty database kept empty", async () => {
    const api = await createPortalApi({
      env: {
        PORTAL_DATA_DIR: path.join(dir, "prod"),
        NODE_ENV: "production",
        TOKEN_SECRET: "p".repeat(48),
        SEED_DEMO: "false",
        PRIMARY_COLOR: "#112233",
      },
    });
    try {
      const outbox = await call(api, validator, "GET", "/api/dev/outbox");
      expect(outbox.status).toBe(404);
      const config = await call(api, validator, "GET", "/api/config");
      expect(config.body).toEqual(api.getPublicConfig());
      expect(config.body).toMatchObject({ primaryColor: "#112233", customization: { primary: "#112233" } });
      const otp = await call(api, validator, "POST", "/api/salesforce/AdminOtp/send", {
        email: "admin@university.example",
      });
      expect(otp.status).toBe(403);
      expect(otp.body).toMatchObject({ errorMessage: SPEC_MESSAGES.userNotAdmin });
    } finally {
      await api.close();
    }
  });

  it("with SMTP_URL starts a sender that mails the sign-in code right after the commit, and close() stops it", async () => {
    const peer = await startSmtpPeer();
    const env = {
      PORTAL_DATA_DIR: path.join(dir, "smtp"),
      TOKEN_SECRET: "s".repeat(48),
      SEED_DEMO: "false",
      SMTP_URL: peer.url,
    };
    const email = "asha.verma@university.example";
    const handle = await openDatabase(loadConfig(env));
    await handle.migrate();
    await grantPortalAccess(handle.db, { email, name: "Asha Verma" });
    await handle.close();
    const api = await createPortalApi({ env });
    try {
      const arrived = peer.nextMail();
      const otp = await call(api, validator, "POST", "/api/salesforce/AdminOtp/send", { email });
      expect(otp.status).toBe(200);
      expect((await arrived).to).toEqual([email]);
    } finally {
      await api.close();
      await peer.close();
    }
  });

  it("loads the demo data into an empty database, once", async () => {
    const env = { PORTAL_DATA_DIR: path.join(dir, "dev"), TOKEN_SECRET: "d".repeat(48) };
    const first = await createPortalApi({ env });
    const send = await call(first, validator, "POST", "/api/salesforce/AdminOtp/send", {
      email: "admin@university.example",
    });
    expect(send.status).toBe(200);
    await first.close();
    // Reopening the same data folder keeps the data (no second load; the challenge is still there).
    const second = await createPortalApi({ env });
    try {
      const outbox = await call(second, validator, "GET", "/api/dev/outbox?to=admin@university.example");
      expect((outbox.body as { mails: unknown[] }).mails).toHaveLength(1);
      const code = (outbox.body as { mails: Array<{ text: string }> }).mails[0]?.text.match(
        /is (\d{4})/,
      )?.[1];
      const verify = await call(second, validator, "POST", "/api/salesforce/AdminOtp/verify", {
        id: (send.body as { id: string }).id,
        otp: code,
      });
      expect(verify.status).toBe(200);
      const cookie = (verify.body as { accessToken: string }).accessToken;
      const session = await second.resolveSession(
        new Request("http://portal.test/app", { headers: { cookie: `portal_access=${cookie}` } }),
      );
      expect(session.user?.name).toBe("Asha Verma");
    } finally {
      await second.close();
    }
  });
});
