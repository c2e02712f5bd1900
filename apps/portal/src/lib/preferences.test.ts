import { describe, expect, it } from "vitest";
import { preferenceCookie, resolveDrawer, resolveLocale, resolveTheme } from "./preferences.ts";

describe.each([
  ["en", "en"],
  ["de", "de"],
  ["hi", "hi"],
  ["hin", "en"],
  ["fr", "en"],
  [undefined, "en"],
  ["", "en"],
])("locale cookie %j", (value, locale) => {
  it(`renders in ${locale}`, () => expect(resolveLocale(value)).toBe(locale));
});

it("reads theme and drawer cookies with safe defaults", () => {
  expect(resolveTheme("dark")).toBe("dark");
  expect(resolveTheme("blue")).toBe("light");
  expect(resolveTheme(undefined)).toBe("light");
  expect(resolveDrawer("collapsed")).toBe("collapsed");
  expect(resolveDrawer("x")).toBe("expanded");
});

it("writes a site-wide cookie for a year", () => {
  expect(preferenceCookie("portal_theme", "dark")).toBe(
    "portal_theme=dark; Path=/; Max-Age=31536000; SameSite=Lax",
  );
});
