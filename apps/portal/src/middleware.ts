import { defineMiddleware } from "astro:middleware";
import { LOCALE_COOKIE, resolveLocale } from "./lib/preferences.ts";
import { renderInLocale } from "./lib/request-locale.ts";

/**
 * Resolves the interface language of each request from the `portal_locale` cookie (English when
 * absent) and renders the page inside that locale, so every message function called while
 * rendering (Astro pages and server-rendered islands) speaks the request's language. Rendering is
 * not streamed (see astro.config.mjs), so the whole render runs inside this scope. The layouts read
 * the language back with `getLocale()` rather than parsing the cookie again.
 */
export const onRequest = defineMiddleware((context, next) =>
  renderInLocale(resolveLocale(context.cookies.get(LOCALE_COOKIE)?.value), context.url.origin, next),
);
