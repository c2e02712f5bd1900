// @vitest-environment node
import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { decideGate } from "./gate.ts";
import { precompressDirectory } from "./precompress.ts";
import { resolveStaticFile, staticFileServer } from "./static-files.ts";

describe.each([
  ["/", "", false, "/login"],
  ["/", "", true, "/login"],
  ["/login", "", true, "/app"],
  ["/login", "", false, null],
  [
    "/login",
    "?next=%2Fapp%2Fexams%2FexamDashboard%3FexamCycle%3Dx",
    true,
    "/app/exams/examDashboard?examCycle=x",
  ],
  ["/login", "?next=https%3A%2F%2Fevil.example%2Fapp", true, "/app"],
  ["/login", "?next=%2F%2Fevil.example%2Fapp", true, "/app"],
  ["/login", "?next=%2Flogin", true, "/app"],
  ["/app", "", false, "/login?next=%2Fapp"],
  ["/app", "", true, null],
  ["/app/exam/questionPaper", "?page=3", false, "/login?next=%2Fapp%2Fexam%2FquestionPaper%3Fpage%3D3"],
  ["/app/exam/questionPaper", "", true, null],
  ["/dashboard", "", false, "/login?next=%2Fdashboard"],
  ["/dashboard", "", true, null],
  ["/application", "", false, null],
  ["/nowhere", "", false, null],
])("gate %s%s (signed in %s)", (pathname, search, signedIn, redirect) => {
  it(redirect ? `redirects to ${redirect}` : "renders", () => {
    expect(decideGate(pathname, signedIn, search)).toEqual(redirect ? { redirect } : null);
  });
});

describe("static files", () => {
  let dir = "";
  beforeAll(async () => {
    const base = await mkdtemp(path.join(tmpdir(), "portal-static-"));
    dir = path.join(base, "client");
    await mkdir(path.join(dir, "_astro"), { recursive: true });
    await writeFile(path.join(dir, "_astro", "page.Ab12Cd.js"), "export {};");
    await writeFile(path.join(dir, "favicon.svg"), "<svg/>");
    await writeFile(path.join(base, "secret.txt"), "no");
  });

  it("serves hashed assets for a year, immutable", async () => {
    const file = await resolveStaticFile(dir, "/_astro/page.Ab12Cd.js");
    expect(file).toMatchObject({
      contentType: "text/javascript; charset=utf-8",
      cacheControl: "public, max-age=31536000, immutable",
    });
  });

  it("revalidates unhashed files", async () => {
    expect((await resolveStaticFile(dir, "/favicon.svg"))?.cacheControl).toBe(
      "public, max-age=3600, must-revalidate",
    );
  });

  it.each(["/../secret.txt", "/%2e%2e/secret.txt", "/_astro/", "/_astro", "/missing.js", "/%E0%A4%A"])(
    "refuses %s",
    async (pathname) => {
      expect(await resolveStaticFile(dir, pathname)).toBeNull();
    },
  );
});

describe("precompressed assets", () => {
  let dir = "";
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(",")}];`;
  beforeAll(async () => {
    dir = path.join(await mkdtemp(path.join(tmpdir(), "portal-precompress-")), "client");
    await mkdir(path.join(dir, "_astro"), { recursive: true });
    await writeFile(path.join(dir, "_astro", "list.Xy12.js"), script);
    await writeFile(path.join(dir, "_astro", "tiny.Ab34.js"), "export {};");
    await writeFile(path.join(dir, "_astro", "logo.Cd56.png"), Buffer.alloc(4096, 7));
    await precompressDirectory(dir);
  });

  it("writes brotli and gzip beside compressible files of 1 KB or more, and nothing else", async () => {
    expect((await readdir(path.join(dir, "_astro"))).sort()).toEqual([
      "list.Xy12.js",
      "list.Xy12.js.br",
      "list.Xy12.js.gz",
      "logo.Cd56.png",
      "tiny.Ab34.js",
    ]);
    const br = await readFile(path.join(dir, "_astro", "list.Xy12.js.br"));
    const gz = await readFile(path.join(dir, "_astro", "list.Xy12.js.gz"));
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
  });

  it.each([
    ["br, gzip", "br", ".br"],
    ["gzip, deflate, br;q=0", "gzip", ".gz"],
    ["gzip;q=0.5, *;q=0.1", "br", ".br"],
    ["identity", undefined, ""],
    [undefined, undefined, ""],
  ])("Accept-Encoding %s is answered with %s", async (accept, encoding, suffix) => {
    const file = await resolveStaticFile(dir, "/_astro/list.Xy12.js", accept);
    expect(file?.contentEncoding).toBe(encoding);
    expect(file?.filePath).toBe(path.join(dir, "_astro", `list.Xy12.js${suffix}`));
    expect(file?.vary).toBe("Accept-Encoding");
    expect(file?.contentType).toBe("text/javascript; charset=utf-8");
    expect(file?.cacheControl).toBe("public, max-age=31536000, immutable");
  });

  it("sends files without a variant as they are", async () => {
    const tiny = await resolveStaticFile(dir, "/_astro/tiny.Ab34.js", "br, gzip");
    expect(tiny?.contentEncoding).toBeUndefined();
    const png = await resolveStaticFile(dir, "/_astro/logo.Cd56.png", "br, gzip");
    expect(png).toMatchObject({ contentType: "image/png", size: 4096 });
    expect(png?.vary).toBeUndefined();
  });

  it("keeps a hashed asset in memory per accepted encoding, and reads other files afresh", async () => {
    const serve = staticFileServer(dir);
    const br = await serve("/_astro/list.Xy12.js", "gzip, br");
    expect(br?.contentEncoding).toBe("br");
    expect(brotliDecompressSync(br?.body as Buffer).toString()).toBe(script);
    // Another order of the same encodings is the same variant, and the very same kept bytes.
    expect((await serve("/_astro/list.Xy12.js", "br, gzip"))?.body).toBe(br?.body);
    const gz = await serve("/_astro/list.Xy12.js", "gzip");
    expect(gunzipSync(gz?.body as Buffer).toString()).toBe(script);
    const plain = await serve("/_astro/list.Xy12.js");
    expect(plain?.body?.toString()).toBe(script);
    expect(plain?.size).toBe(plain?.body?.byteLength);
    // Outside /_astro/ a file may change between requests: nothing is kept.
    await writeFile(path.join(dir, "robots.txt"), "User-agent: *");
    const robots = await serve("/robots.txt");
    expect(robots?.body).toBeUndefined();
    expect(robots?.contentType).toBe("text/plain; charset=utf-8");
    expect(await serve("/_astro/missing.Zz99.js", "br")).toBeNull();
  });

  it("stops keeping assets beyond its byte limit and still serves them from disk", async () => {
    const serve = staticFileServer(dir, 100);
    const file = await serve("/_astro/list.Xy12.js");
    expect(file?.body).toBeUndefined();
    expect(file?.filePath).toBe(path.join(dir, "_astro", "list.Xy12.js"));
  });
});
