import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { keepJson, keptJsonResponse } from "./kept-json.ts";

describe("kept JSON answers", () => {
  const big = { success: true, rows: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Row ${i}` })) };

  it("keeps the text and its brotli and gzip forms, each decoding to the same text", async () => {
    const kept = await keepJson(big);
    const text = Buffer.from(kept.identity).toString("utf8");
    expect(JSON.parse(text)).toEqual(big);
    expect(brotliDecompressSync(kept.br as Uint8Array).toString("utf8")).toBe(text);
    expect(gunzipSync(kept.gzip as Uint8Array).toString("utf8")).toBe(text);
  });

  it("keeps a small answer uncompressed and says nothing about encodings for it", async () => {
    const kept = await keepJson({ success: true });
    expect(kept.br).toBeUndefined();
    const app = new Hono().get("/", (c) => keptJsonResponse(c, kept));
    const res = await app.request("/", { headers: { "accept-encoding": "br" } });
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("vary")).toBeNull();
    expect(await res.json()).toEqual({ success: true });
  });

  it("serves the same kept bytes to many callers without using them up", async () => {
    const kept = await keepJson(big);
    const app = new Hono().get("/", (c) => keptJsonResponse(c, kept));
    const bodies = await Promise.all(Array.from({ length: 5 }, async () => (await app.request("/")).json()));
    for (const body of bodies) expect(body).toEqual(big);
    expect(Buffer.from(kept.identity).toString("utf8")).toBe(JSON.stringify(big));
  });
});
