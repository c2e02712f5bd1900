/**
 * Compiles the message catalogue (messages/{en,de,hi}.json) into typed message functions in
 * src/paraglide. The locale is read from the `portal_locale` cookie (set by the language switcher),
 * falling back to English; on the server the Astro middleware resolves it per request.
 * Run directly (`pnpm paraglide`) or import `compileMessages` (the test setup does).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compile } from "@inlang/paraglide-js";

const portalDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Compiles the messages of apps/portal into apps/portal/src/paraglide. */
export async function compileMessages() {
  await compile({
    project: path.join(portalDir, "project.inlang"),
    outdir: path.join(portalDir, "src", "paraglide"),
    strategy: ["cookie", "baseLocale"],
    cookieName: "portal_locale",
    cookieMaxAge: 60 * 60 * 24 * 365,
    emitReadme: false,
    emitPrettierIgnore: false,
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await compileMessages();
  console.log("Messages compiled to src/paraglide");
}
