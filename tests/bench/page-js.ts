/**
 * JavaScript a signed-in page loads, without a browser: `tsx bench/page-js.ts [path ...]` against a
 * running portal (`PAGE_JS_BASE`, default http://127.0.0.1:4396; start it with
 * `PORT=4396 PORTAL_DATA_DIR=<tmp dir> pnpm start` after `pnpm build`). It signs the demo
 * administrator in through the API (the code from the development outbox), fetches each page's
 * HTML, takes the scripts it starts (module scripts, modulepreloads, each island's component and
 * renderer), follows their static `import` statements (not `import()`: what loads on demand is not
 * part of the first load) and prints files, raw bytes and gzip bytes per page, largest files first.
 * Default pages: the converted exam lists, and the people and administration pages (feedback,
 * communication channels, bulk import, events, subject documents, departments), each recorded in
 * docs/performance.md against the 150 KB budget. A report, not a test.
 */
import { gzipSync } from "node:zlib";
import { signInThroughOutbox } from "./bench-kit.ts";

const base = process.env.PAGE_JS_BASE ?? "http://127.0.0.1:4396";
const pages =
  process.argv.length > 2
    ? process.argv.slice(2)
    : [
        "/app/exam/questionPaper",
        "/app/exams/examDashboard",
        "/app/exam/examTimetable",
        "/app/feedback/feedback-setup",
        "/app/feedback/feedback-list",
        "/app/feedback/Student-list",
        "/app/notification",
        "/app/admin-management/import",
        "/app/events",
        "/app/subject-documents",
        "/app/setup/master/department",
      ];

/** Script addresses a page's HTML starts loading at once. */
function entryScripts(html: string, page: URL): string[] {
  const found = new Set<string>();
  const patterns = [
    /<script[^>]*type="module"[^>]*src="([^"]+)"/g,
    /<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g,
    /component-url="([^"]+)"/g,
    /renderer-url="([^"]+)"/g,
  ];
  for (const pattern of patterns) {
    for (const match of html.matchAll(pattern)) found.add(new URL(match[1]!, page).href);
  }
  return [...found];
}

/** Static imports of a built module (`import x from "./a.js"`, `import "./b.js"`, `export * from`). */
function staticImports(code: string, from: string): string[] {
  const out: string[] = [];
  const pattern = /(?:^|[;\s}])(?:import|export)\s*(?:[\w${},*\s]+from\s*)?["']([^"']+\.js)["']/g;
  for (const match of code.matchAll(pattern)) out.push(new URL(match[1]!, from).href);
  return out;
}

async function measure(path: string, cookie: string) {
  const url = new URL(path, base);
  const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
  if (response.status !== 200) {
    // A redirecting page (an old address, the landing after sign-in) has no scripts of its own.
    console.log(`${path}: answered ${response.status}, not measured`);
    return;
  }
  const html = await response.text();
  const queue = entryScripts(html, url);
  const seen = new Map<string, { raw: number; gzip: number }>();
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (seen.has(next)) continue;
    const body = Buffer.from(await (await fetch(next)).arrayBuffer());
    seen.set(next, { raw: body.length, gzip: gzipSync(body).length });
    queue.push(...staticImports(body.toString("utf8"), next));
  }
  const files = [...seen].map(([href, size]) => ({ name: href.split("/").pop()!, ...size }));
  files.sort((a, b) => b.gzip - a.gzip);
  const kb = (n: number) => (n / 1024).toFixed(1);
  const raw = files.reduce((s, f) => s + f.raw, 0);
  const gzip = files.reduce((s, f) => s + f.gzip, 0);
  console.log(`${path}: ${files.length} files, ${kb(raw)} KB, ${kb(gzip)} KB gzip`);
  for (const f of files.slice(0, Number(process.env.PAGE_JS_TOP ?? 8)))
    console.log(`  ${kb(f.gzip).padStart(6)} KB  ${f.name}`);
}

const { cookie } = await signInThroughOutbox(base, process.env.PAGE_JS_EMAIL ?? "admin@university.example");
for (const page of pages) await measure(page, cookie);
