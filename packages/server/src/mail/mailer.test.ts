import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../db/schema.ts";
import { createTestApi, type TestApi } from "../test/harness.ts";
import { createMailer, sanitizeForLog } from "./mailer.ts";

describe("sanitizeForLog", () => {
  it.each([
    ["plain", "plain"],
    ["two\nlines\r\nand\rcr", "two\\nlines\\nand\\rcr"],
    ["tab\there", "tab\\there"],
    ["bell\u0007 esc\u001b[31mred del\u007f c1\u0085", "bell esc[31mred del c1"],
    ["fake\u2028line\u2029para", "fakelinepara"],
    ["bidi \u202eevil\u202c zero\u200bwidth \ufeffbom", "bidi evil zerowidth bom"],
    ["umlauts äöü and हिन्दी stay", "umlauts äöü and हिन्दी stay"],
  ])("%j -> %j", (input, expected) => {
    expect(sanitizeForLog(input)).toBe(expected);
  });
});

describe("the outbox mailer's log line", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ name: "pglite" });
  });
  afterAll(async () => {
    await api?.close();
  });

  const mail = {
    to: ["asha@university.example"],
    subject: "Your sign-in code\u001b[2J",
    text: "Hello,\n\nYour one-time password is 4711.\u0000\r\n[auth] forged line",
  };

  it("is one line without control characters, body included, in development", async () => {
    const lines: string[] = [];
    await createMailer({
      transport: "outbox",
      from: "x@university.example",
      now: api.ctx.now,
      log: (l) => lines.push(l),
    }).enqueue(api.ctx.db, mail);
    expect(lines).toHaveLength(1);
    const line = lines[0] ?? "";
    expect(line).not.toMatch(/[\p{Cc}]/u);
    expect(line).toContain("Your one-time password is 4711.\\n[auth] forged line");
    expect(line).toContain("Your sign-in code[2J");
  });

  it("never carries the body when bodies are not to be logged (production without SMTP)", async () => {
    const lines: string[] = [];
    const before = (await api.ctx.db.select().from(mailOutbox)).length;
    await createMailer({
      transport: "outbox",
      from: "x@university.example",
      now: api.ctx.now,
      log: (l) => lines.push(l),
      logBodies: false,
    }).enqueue(api.ctx.db, mail);
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain("4711");
    expect(lines[0]).not.toContain("forged");
    expect(lines[0]).toContain("asha@university.example");
    expect(lines[0]).toContain("mail_outbox");
    expect((await api.ctx.db.select().from(mailOutbox)).length).toBe(before + 1);
  });
});
