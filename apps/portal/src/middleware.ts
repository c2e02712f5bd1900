import { defineMiddleware } from "astro:middleware";
import { paraglideMiddleware } from "./paraglide/server.js";

/**
 * Resolves the interface language of each request from the `portal_locale` cookie (English when
 * absent) and renders the page inside that locale, so every message function called while
 * rendering (Astro pages and server-rendered islands) speaks the request's language. Rendering is
 * not streamed (see astro.config.mjs), so the whole render runs inside this scope.
 */
export const onRequest = defineMiddleware((context, next) =>
  paraglideMiddleware(context.request, () => next()),
);
