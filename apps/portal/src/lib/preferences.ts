import { DEFAULT_LOCALE, LOCALES, type Locale } from "@portal/domain";

export {
  DRAWER_COOKIE,
  LOCALE_COOKIE,
  PREFERENCE_MAX_AGE,
  preferenceCookie,
  THEME_COOKIE,
} from "./cookies.ts";

/** Reading the preference cookies on the server; the names and the writer are in cookies.ts. */
export type Theme = "light" | "dark";
export type DrawerState = "expanded" | "collapsed";

/** The locale named by a cookie value, or English (spec §1: default en). */
export function resolveLocale(value: string | undefined | null): Locale {
  return (LOCALES as readonly string[]).includes(value ?? "") ? (value as Locale) : DEFAULT_LOCALE;
}

/** The theme named by a cookie value, or light. */
export function resolveTheme(value: string | undefined | null): Theme {
  return value === "dark" ? "dark" : "light";
}

/** The drawer state named by a cookie value, or expanded. */
export function resolveDrawer(value: string | undefined | null): DrawerState {
  return value === "collapsed" ? "collapsed" : "expanded";
}
