/**
 * Browser accessibility check of the design system: builds the gallery and the catalogue (gallery/),
 * serves them on a free local port, and runs axe-core with all rules (colour contrast included) in
 * headless Chromium: the gallery for the light and dark themes, with a configured primary colour,
 * and with a dialog and a menu open; the catalogue for every state of every component alone (its
 * address `catalogue.html#<component>/<state>`, light theme), and whole in the dark theme and in
 * Hindi. Exits 1 listing the violations, 0 when there are none.
 *
 * Usage (from packages/ui): `node scripts/a11y-browser.ts` (Node 24); Chromium from CHROMIUM_PATH,
 * default /usr/bin/chromium.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, normalize, resolve } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { build } from "vite";

const here = resolve(import.meta.dirname, "..");
const require = createRequire(import.meta.url);

const TYPES: Record<string, string> = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
};

type Scenario = { name: string; query: string; open?: (page: Page) => Promise<void>; file?: string };

const scenarios: Scenario[] = [
  { name: "light theme", query: "?theme=light" },
  { name: "dark theme", query: "?theme=dark" },
  { name: "light theme, light configured primary", query: "?theme=light&primary=%23ffeb3b" },
  { name: "dark theme, dark configured primary", query: "?theme=dark&primary=%237b1fa2" },
  {
    name: "light theme, dialog open",
    query: "?theme=light#dialog",
    open: async (page) => void (await page.getByRole("dialog").waitFor()),
  },
  {
    name: "dark theme, dialog open",
    query: "?theme=dark#dialog",
    open: async (page) => void (await page.getByRole("dialog").waitFor()),
  },
  {
    name: "light theme, menu open",
    query: "?theme=light",
    open: async (page) => {
      await page.getByRole("button", { name: "Account", exact: true }).click();
      await page.getByRole("menu").waitFor();
    },
  },
  {
    name: "dark theme, toast shown",
    query: "?theme=dark",
    open: async (page) => {
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByText("Mail Sent Successfully").waitFor();
    },
  },
];

async function main(): Promise<number> {
  const outDir = await mkdtemp(join(tmpdir(), "portal-ui-gallery-"));
  const server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname));
    const file = join(outDir, path === "/" ? "index.html" : path);
    if (!file.startsWith(outDir)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      response
        .writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" })
        .end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  try {
    await build({ configFile: join(here, "gallery/vite.config.ts"), build: { outDir, emptyOutDir: true } });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const { port } = server.address() as AddressInfo;
    const axeSource = await readFile(require.resolve("axe-core/axe.min.js"), "utf8");
    const all = [
      ...scenarios,
      ...(await catalogueScenarios(browser, `http://127.0.0.1:${port}/catalogue.html`)),
    ];
    let failures = 0;
    for (const scenario of all) {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(`http://127.0.0.1:${port}/${scenario.file ?? "index.html"}${scenario.query}`);
      await page.locator("main").waitFor();
      await scenario.open?.(page);
      await page.addScriptTag({ content: axeSource });
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: typeof import("axe-core") }).axe;
        const result = await axe.run(document);
        return result.violations.map(
          (v) =>
            `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(" ")} ${n.any[0]?.message ?? ""}`).join(" | ")}`,
        );
      });
      const problems = [...errors.map((e) => `page error: ${e}`), ...violations];
      failures += problems.length;
      console.log(
        problems.length === 0
          ? `ok    ${scenario.name}`
          : `FAIL  ${scenario.name}\n  ${problems.join("\n  ")}`,
      );
      await page.close();
    }
    return failures === 0 ? 0 : 1;
  } finally {
    await browser.close();
    server.close();
    await rm(outDir, { recursive: true, force: true });
  }
}

/**
 * The catalogue's checks: each state alone in the light theme (the states are read from the
 * catalogue's index, so a new state is checked without editing this script; a dialog state waits for
 * its dialog), then the whole catalogue in the dark theme and in Hindi.
 */
async function catalogueScenarios(browser: Browser, url: string): Promise<Scenario[]> {
  const page = await browser.newPage();
  await page.goto(url);
  await page.locator("main").waitFor();
  const states = await page
    .locator("[data-state-link]")
    .evaluateAll((links) => links.map((link) => link.getAttribute("data-state-link") ?? ""));
  await page.close();
  if (states.length === 0) throw new Error("The catalogue lists no states");
  const file = "catalogue.html";
  return [
    ...states.map((state) => ({
      name: `catalogue ${state}`,
      file,
      query: `?theme=light#${state}`,
      open: async (p: Page) => {
        await p.locator(`[data-state="${state}"]`).waitFor();
        if (state.startsWith("dialog/"))
          await p.getByRole(state === "dialog/confirm" ? "alertdialog" : "dialog").waitFor();
      },
    })),
    { name: "catalogue, every state, dark theme", file, query: "?theme=dark" },
    { name: "catalogue, every state, Hindi", file, query: "?theme=light&lang=hi" },
    { name: "catalogue, every state, dark theme, Hindi", file, query: "?theme=dark&lang=hi" },
  ];
}

process.exitCode = await main();
