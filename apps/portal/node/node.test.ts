// @vitest-environment node
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { decideGate } from "./gate.ts";
import { resolveStaticFile } from "./static-files.ts";

describe.each([
  ["/", false, "/login"],
  ["/", true, "/login"],
  ["/login", true, "/app"],
  ["/login", false, null],
  ["/app", false, "/login"],
  ["/app", true, null],
  ["/app/exam/questionPaper", false, "/login"],
  ["/app/exam/questionPaper", true, null],
  ["/dashboard", false, "/login"],
  ["/dashboard", true, null],
  ["/application", false, null],
  ["/nowhere", false, null],
])("gate %s (signed in %s)", (pathname, signedIn, redirect) => {
  it(redirect ? `redirects to ${redirect}` : "renders", () => {
    expect(decideGate(pathname, signedIn)).toEqual(redirect ? { redirect } : null);
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
