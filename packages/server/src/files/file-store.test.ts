import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../context.ts";
import { facultyInvitation, storedFile } from "../db/schema.ts";
import { createTestApi, type TestApi, testTargets } from "../test/harness.ts";
import { storedKeys } from "../test/stored-keys.ts";
import {
  assertFileKey,
  createDatabaseFileStore,
  createLocalFileStore,
  type FileStore,
} from "./file-store.ts";
import { withStoredFiles } from "./stored-files.ts";
import { ORPHAN_AGE_MS, sweepOrphanFiles } from "./sweep.ts";

const PDF = { extension: "pdf", mediaType: "application/pdf" };
const bytesOf = (text: string) => new TextEncoder().encode(text);

/** Inserts a faculty invitation naming `key`, the smallest record that names a file. */
async function recordNaming(ctx: AppContext, key: string, tx: AppContext["db"] = ctx.db) {
  const [row] = await tx
    .insert(facultyInvitation)
    .values({ kind: "email", subject: "s", body: "", attachmentName: "a.pdf", attachmentKey: key })
    .returning({ id: facultyInvitation.id });
  return row?.id as string;
}

describe.each(testTargets())("file store ($name)", (target) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(target);
  });
  afterAll(async () => {
    await api?.close();
  });

  describe.each(["local", "database"] as const)("%s store", (kind) => {
    let dir: string;
    let ctx: AppContext;
    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), "portal-files-test-"));
      const files: FileStore =
        kind === "local" ? createLocalFileStore(dir) : createDatabaseFileStore(api.ctx.db);
      ctx = { ...api.ctx, files };
      // The demo's files live in the harness's own store; this store starts empty.
      await ctx.db.delete(storedFile);
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
      await ctx.db.delete(facultyInvitation).where(eq(facultyInvitation.subject, "s"));
    });

    it("a file added with its record is readable after the commit, by get, stream and exists", async () => {
      const key = await withStoredFiles(ctx, async (tx, files) => {
        const k = await files.add("tests", bytesOf("%PDF-1.7 one"), PDF);
        await recordNaming(ctx, k, tx);
        return k;
      });
      expect(key).toMatch(/^tests\/[0-9a-f-]{36}\.pdf$/);
      expect(await ctx.files.exists(key)).toBe(true);
      expect(new TextDecoder().decode((await ctx.files.get(key)) ?? undefined)).toBe("%PDF-1.7 one");
      const streamed = await ctx.files.stream(key);
      expect(streamed?.size).toBe(12);
      expect(new TextDecoder().decode(await new Response(streamed?.body).arrayBuffer())).toBe("%PDF-1.7 one");
      expect(await storedKeys(ctx, dir)).toContain(key);
      expect((await storedKeys(ctx, dir)).some((k) => k.startsWith(".pending/"))).toBe(false);
    });

    it("a write that throws leaves no file, published or pending", async () => {
      const before = await storedKeys(ctx, dir);
      let staged = "";
      await expect(
        withStoredFiles(ctx, async (tx, files) => {
          staged = await files.add("tests", bytesOf("%PDF-1.7 refused"), PDF);
          await recordNaming(ctx, staged, tx);
          throw new Error("refused after the file was staged");
        }),
      ).rejects.toThrow("refused after the file was staged");
      expect(staged).not.toBe("");
      expect(await ctx.files.exists(staged)).toBe(false);
      expect(await storedKeys(ctx, dir)).toEqual(before);
    });

    it("a released file goes after the commit, unless another record still names it", async () => {
      const [shared, replaced] = await withStoredFiles(ctx, async (tx, files) => {
        const a = await files.add("tests", bytesOf("%PDF-1.7 shared"), PDF);
        const b = await files.add("tests", bytesOf("%PDF-1.7 replaced"), PDF);
        await recordNaming(ctx, a, tx);
        await recordNaming(ctx, a, tx);
        await recordNaming(ctx, b, tx);
        return [a, b];
      });
      await withStoredFiles(ctx, async (tx, files) => {
        const next = await files.add("tests", bytesOf("%PDF-1.7 next"), PDF);
        // One of the two records naming `shared` moves on; the record naming `replaced` too.
        const [first] = await tx
          .select({ id: facultyInvitation.id })
          .from(facultyInvitation)
          .where(eq(facultyInvitation.attachmentKey, shared))
          .limit(1);
        await tx
          .update(facultyInvitation)
          .set({ attachmentKey: next })
          .where(eq(facultyInvitation.id, first?.id as string));
        await tx
          .update(facultyInvitation)
          .set({ attachmentKey: next })
          .where(eq(facultyInvitation.attachmentKey, replaced));
        files.release(shared);
        files.release(replaced);
      });
      expect(await ctx.files.exists(shared)).toBe(true);
      expect(await ctx.files.exists(replaced)).toBe(false);
    });

    it("the sweep removes files no record names once they are a day old, and keeps named ones", async () => {
      const created = api.ctx.now();
      const [orphan, named] = await withStoredFiles(ctx, async (tx, files) => {
        const o = await files.add("tests", bytesOf("%PDF-1.7 orphan"), PDF);
        const n = await files.add("tests", bytesOf("%PDF-1.7 named"), PDF);
        await recordNaming(ctx, n, tx);
        return [o, n];
      });
      const young = await sweepOrphanFiles({ ...ctx, now: () => created + ORPHAN_AGE_MS - 60_000 });
      expect(await ctx.files.exists(orphan)).toBe(true);
      expect(young.removed).toBe(0);
      const old = await sweepOrphanFiles({ ...ctx, now: () => created + ORPHAN_AGE_MS + 60_000 });
      expect(old.removed).toBeGreaterThanOrEqual(1);
      expect(await ctx.files.exists(orphan)).toBe(false);
      expect(await ctx.files.exists(named)).toBe(true);
    });

    it("refuses unsafe keys", async () => {
      for (const key of [
        "../escape.pdf",
        "a/../../b",
        "/absolute",
        "a//b",
        "",
        "a/./b",
        "with space",
        ".pending/x",
      ]) {
        expect(() => assertFileKey(key)).toThrow(/Invalid file key/);
        await expect(
          withStoredFiles(ctx, (_tx, files) => files.put(key, bytesOf("x"), "text/plain")),
        ).rejects.toThrow(/Invalid file key/);
      }
    });
  });

  it("local store: a file whose record committed but whose rename never ran is readable and published by the sweep", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "portal-files-test-"));
    try {
      const files = createLocalFileStore(dir);
      const ctx = { ...api.ctx, files };
      // A process that stopped between the commit and the publish: stage and commit, never publish.
      const key = "tests/stopped-before-publish.pdf";
      await ctx.db.transaction(async (tx) => {
        await files.stage(tx, key, bytesOf("%PDF-1.7 pending"), "application/pdf", new Date(ctx.now()));
        await recordNaming(ctx, key, tx);
      });
      expect(await storedKeys(ctx, dir)).toEqual([`.pending/${key}`]);
      expect(new TextDecoder().decode((await files.get(key)) ?? undefined)).toBe("%PDF-1.7 pending");
      const result = await sweepOrphanFiles(ctx);
      expect(result.published).toBe(1);
      expect(await storedKeys(ctx, dir)).toEqual([key]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
