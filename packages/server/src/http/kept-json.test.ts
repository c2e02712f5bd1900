import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { keepJson, keptJsonResponse } from "./kept-json.ts";

describe("kept JSON answers", () => {
  const big = { success: true, rows: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Row ${i}` })) };
  const serve = (kept: ReturnType<typeof keepJson>) => new Hono().get("/", (c) => keptJsonResponse(c, kept));
  const read = async (app: Hono, acceptEncoding?: string) => {
    const res = await app.request(
      "/",
      acceptEncoding ? { headers: { "accept-encoding": acceptEncoding } } : {},
    );
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it("sends the text, or its brotli or gzip form as asked, each decoding to the same text", async () => {
    const kept = keepJson(big);
    const app = serve(kept);
    const text = JSON.stringify(big);
    const plain = await read(app);
    expect(plain.bytes.toString("utf8")).toBe(text);
    expect(plain.res.headers.get("content-encoding")).toBeNull();
    expect(plain.res.headers.get("vary")).toBe("Accept-Encoding");
    const br = await read(app, "gzip, br");
    expect(br.res.headers.get("content-encoding")).toBe("br");
    expect(br.res.headers.get("content-length")).toBe(String(br.bytes.byteLength));
    expect(brotliDecompressSync(br.bytes).toString("utf8")).toBe(text);
    const gz = await read(app, "gzip");
    expect(gz.res.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(gz.bytes).toString("utf8")).toBe(text);
  });

  it("prefers Zstandard where the request accepts it, as browsers' 'gzip, deflate, br, zstd' does", async () => {
    const kept = keepJson(big);
    const app = serve(kept);
    const text = JSON.stringify(big);
    const zstd = await read(app, "gzip, deflate, br, zstd");
    expect(zstd.res.headers.get("content-encoding")).toBe("zstd");
    expect(zstd.res.headers.get("vary")).toBe("Accept-Encoding");
    expect(zstd.res.headers.get("content-length")).toBe(String(zstd.bytes.byteLength));
    expect(zstdDecompressSync(zstd.bytes).toString("utf8")).toBe(text);
    expect(zstd.bytes.byteLength).toBeLessThan(Buffer.byteLength(text));
    const refused = await read(app, "br, zstd;q=0");
    expect(refused.res.headers.get("content-encoding")).toBe("br");
  });

  it("makes a compressed form on its first request only and keeps it", async () => {
    const kept = keepJson(big);
    const app = serve(kept);
    expect(kept.encoded.size).toBe(0);
    const [first, second] = await Promise.all([read(app, "gzip"), read(app, "gzip")]);
    expect(kept.encoded.size).toBe(1);
    const made = await kept.encoded.get("gzip");
    expect(first.bytes.equals(Buffer.from(made as Uint8Array))).toBe(true);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    await read(app);
    expect([...kept.encoded.keys()]).toEqual(["gzip"]);
  });

  it("sends a small answer uncompressed and says nothing about encodings for it", async () => {
    const kept = keepJson({ success: true });
    const { res, bytes } = await read(serve(kept), "br");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("vary")).toBeNull();
    expect(JSON.parse(bytes.toString("utf8"))).toEqual({ success: true });
    expect(kept.encoded.size).toBe(0);
  });

  it("serves the same kept bytes to many callers without using them up", async () => {
    const kept = keepJson(big);
    const app = serve(kept);
    const bodies = await Promise.all(Array.from({ length: 5 }, async () => (await app.request("/")).json()));
    for (const body of bodies) expect(body).toEqual(big);
    expect(Buffer.from(kept.identity).toString("utf8")).toBe(JSON.stringify(big));
  });
});
