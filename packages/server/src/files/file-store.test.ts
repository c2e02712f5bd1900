import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertFileKey, createLocalFileStore, type FileStore } from "./file-store.ts";

describe("local file store", () => {
  let dir: string;
  let store: FileStore;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "portal-files-test-"));
    store = createLocalFileStore(dir);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("puts, gets, streams and reports files by key", async () => {
    const bytes = new TextEncoder().encode("%PDF-1.7 test");
    await store.put("question-papers/a/set-1.pdf", bytes);
    expect(await store.exists("question-papers/a/set-1.pdf")).toBe(true);
    expect(await store.get("question-papers/a/set-1.pdf")).toEqual(bytes);
    const streamed = await store.stream("question-papers/a/set-1.pdf");
    expect(streamed?.size).toBe(bytes.byteLength);
    expect(new Uint8Array(await new Response(streamed?.body).arrayBuffer())).toEqual(bytes);
  });

  it("answers null or false for a missing key", async () => {
    expect(await store.get("missing.pdf")).toBeNull();
    expect(await store.stream("missing.pdf")).toBeNull();
    expect(await store.exists("missing.pdf")).toBe(false);
  });

  it.each(["../escape.pdf", "a/../../b", "/absolute", "a//b", "", "a/./b", "with space"])(
    "refuses the unsafe key %j",
    async (key) => {
      expect(() => assertFileKey(key)).toThrow(/Invalid file key/);
      await expect(store.put(key, new Uint8Array([1]))).rejects.toThrow(/Invalid file key/);
    },
  );
});
