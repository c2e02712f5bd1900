import { AsyncLocalStorage } from "node:async_hooks";
import type { Locale } from "@portal/domain";
import { overwriteServerAsyncLocalStorage } from "../paraglide/runtime.js";

/**
 * The language of the request being rendered, on the server. The message catalogue (`m.key()`) and
 * `getLocale()` read it from this scope, so concurrent requests in other languages never mix.
 * Server-only (node:async_hooks); the middleware (src/middleware.ts) opens one scope per request.
 *
 * Paraglide's own middleware does the same but also clones every request (body stream included),
 * runs its redirect rules and records each message call; the portal needs none of that, as its
 * language comes only from the `portal_locale` cookie (lib/preferences.ts `resolveLocale`).
 */
// The shape paraglide's runtime reads (its `messageCalls` is left out: no message splitting here).
const scope = new AsyncLocalStorage<{ locale?: Locale; origin?: string; messageCalls?: Set<string> }>();
overwriteServerAsyncLocalStorage(scope);

/** Runs `render` with `locale` as the language of every message it formats; `origin` as the URL's. */
export function renderInLocale<T>(locale: Locale, origin: string, render: () => T): T {
  return scope.run({ locale, origin }, render);
}
