/**
 * Interface preferences remembered in cookies so the server renders them on the first paint (no
 * flash): language, theme and the drawer's collapsed state. Readable by page scripts (not httpOnly);
 * they hold no secrets. This module imports nothing, so the shell's browser script stays small.
 */
export const LOCALE_COOKIE = "portal_locale";
export const THEME_COOKIE = "portal_theme";
export const DRAWER_COOKIE = "portal_drawer";
/** One year, in seconds. */
export const PREFERENCE_MAX_AGE = 60 * 60 * 24 * 365;

/** A cookie string for `document.cookie`: path /, one year, SameSite=Lax. */
export function preferenceCookie(name: string, value: string): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${PREFERENCE_MAX_AGE}; SameSite=Lax`;
}
