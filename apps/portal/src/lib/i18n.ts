/**
 * The message catalogue (compiled from messages/{en,de,hi}.json by `pnpm paraglide`). Import `m`
 * and call `m.key()`; the locale is the request's (server) or the page's (browser).
 */
export { m } from "../paraglide/messages.js";
export { getLocale } from "../paraglide/runtime.js";
