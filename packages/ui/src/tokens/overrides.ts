import { tokenVarName } from "./names.ts";

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const FUNCTIONAL = /^(?:rgb|rgba|hsl|hsla|oklch|oklab|lab|lch)\(\s*[0-9.,%\s/a-z-]+\)$/i;
const NAMED = /^[a-z]{3,30}$/i;

/**
 * Whether `value` is a CSS colour this package accepts as an override: `#rgb`, `#rrggbb`, a
 * functional colour (`rgb(...)`, `hsl(...)`, `oklch(...)`, ...) or a colour keyword. Anything else
 * (for example a value carrying `;` or `url(`) is refused, so configuration can never inject CSS.
 */
export function isCssColor(value: string): boolean {
  const trimmed = value.trim();
  return HEX.test(trimmed) || FUNCTIONAL.test(trimmed) || NAMED.test(trimmed);
}

/** Relative luminance (WCAG 2) of a `#rgb` / `#rrggbb` colour, or null for other notations. */
export function relativeLuminance(hex: string): number | null {
  const trimmed = hex.trim();
  if (!HEX.test(trimmed)) return null;
  const digits =
    trimmed.length === 4
      ? trimmed
          .slice(1)
          .split("")
          .map((d) => d + d)
      : [trimmed.slice(1, 3), trimmed.slice(3, 5), trimmed.slice(5, 7)];
  const [r, g, b] = digits.map((pair) => {
    const channel = Number.parseInt(pair, 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two hex colours (1 to 21), or null when either is not hex. */
export function contrastRatio(a: string, b: string): number | null {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  if (la === null || lb === null) return null;
  const [hi, lo] = la > lb ? [la, lb] : [lb, la];
  return (hi + 0.05) / (lo + 0.05);
}

/** The text colour (near-black or white) that reads best on a hex fill; null for other notations. */
export function readableTextOn(fill: string): string | null {
  const dark = "#0f172a";
  const light = "#ffffff";
  const onDark = contrastRatio(fill, light);
  const onLight = contrastRatio(fill, dark);
  if (onDark === null || onLight === null) return null;
  return onDark >= onLight ? light : dark;
}

/**
 * Custom properties that override the theme's primary and secondary colours (the configuration's
 * primaryColor and secondaryColor, docs/architecture.md "Dates, times, languages and themes"). Spread the
 * result into the `style` of `<html>` on the server so the page paints in the right colours with no flash.
 *
 * For a hex colour the matching text colour (`onPrimary` / `onSecondary`) is set too, picked for the
 * better contrast. Missing, empty or invalid values (see `isCssColor`) are left out, so the theme's
 * own colour stays in force; the function never throws.
 *
 * @example themeColorOverrides("#7b1fa2") // { "--portal-color-primary": "#7b1fa2", "--portal-color-onPrimary": "#ffffff" }
 */
export function themeColorOverrides(
  primary?: string | null,
  secondary?: string | null,
): Record<string, string> {
  const style: Record<string, string> = {};
  const pairs = [
    ["primary", "onPrimary", primary],
    ["secondary", "onSecondary", secondary],
  ] as const;
  for (const [role, onRole, value] of pairs) {
    if (!value || !isCssColor(value)) continue;
    const colour = value.trim();
    style[tokenVarName(["color", role])] = colour;
    const text = readableTextOn(colour);
    if (text) style[tokenVarName(["color", onRole])] = text;
  }
  return style;
}

/** The same overrides as a `style` attribute string (`--a:b;--c:d`), for plain HTML templates. */
export function themeColorOverridesCss(primary?: string | null, secondary?: string | null): string {
  return Object.entries(themeColorOverrides(primary, secondary))
    .map(([name, value]) => `${name}:${value}`)
    .join(";");
}
