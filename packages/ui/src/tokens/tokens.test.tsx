import { describe, expect, it } from "vitest";
import { vars } from "./contract.css.ts";
import { contrastRatio, isCssColor, themeColorOverrides, themeColorOverridesCss } from "./overrides.ts";
import { type ColorTokens, darkColors, lightColors } from "./palette.ts";
import { darkTheme, lightTheme } from "./themes.css.ts";

/** Text (or text-like) pairs that must reach WCAG AA 4.5:1, and control borders that need 3:1. */
const pairs: Array<[keyof ColorTokens, keyof ColorTokens, number]> = [
  ["text", "surface", 4.5],
  ["text", "surfaceAlt", 4.5],
  ["textMuted", "surface", 4.5],
  ["textMuted", "surfaceAlt", 4.5],
  ["onPrimary", "primary", 4.5],
  ["onSecondary", "secondary", 4.5],
  ["onDanger", "danger", 4.5],
  ["primary", "surface", 4.5],
  ["link", "surface", 4.5],
  ["link", "surfaceAlt", 4.5],
  ["danger", "surface", 4.5],
  ["success", "surface", 4.5],
  ["warning", "surface", 4.5],
  ["info", "surface", 4.5],
  ["danger", "dangerSurface", 4.5],
  ["success", "successSurface", 4.5],
  ["warning", "warningSurface", 4.5],
  ["info", "infoSurface", 4.5],
  ["text", "neutralSurface", 4.5],
  ["borderStrong", "surface", 3],
  ["focus", "surface", 3],
];

describe.each([
  ["light", lightColors],
  ["dark", darkColors],
])("%s theme contrast", (_name, colors) => {
  it.each(pairs)("%s on %s reaches %d:1", (fg, bg, min) => {
    const ratio = contrastRatio(colors[fg], colors[bg]);
    expect(ratio).not.toBeNull();
    expect(ratio!).toBeGreaterThanOrEqual(min);
  });
});

describe("theme contract", () => {
  it("uses stable custom property names", () => {
    expect(vars.color.primary).toBe("var(--portal-color-primary)");
    expect(vars.space.md).toBe("var(--portal-space-md)");
  });

  it("creates two distinct theme classes", () => {
    expect(lightTheme).toMatch(/\S/);
    expect(darkTheme).toMatch(/\S/);
    expect(lightTheme).not.toBe(darkTheme);
  });
});

describe("themeColorOverrides", () => {
  it.each([
    ["#7b1fa2", undefined, { "--portal-color-primary": "#7b1fa2", "--portal-color-onPrimary": "#ffffff" }],
    [
      undefined,
      "#ffeb3b",
      { "--portal-color-secondary": "#ffeb3b", "--portal-color-onSecondary": "#0f172a" },
    ],
    ["rgb(10, 20, 30)", "", { "--portal-color-primary": "rgb(10, 20, 30)" }],
    ["red;background:url(x)", "expression(alert(1))", {}],
    [undefined, undefined, {}],
  ])("primary %s, secondary %s", (primary, secondary, expected) => {
    expect(themeColorOverrides(primary, secondary)).toEqual(expected);
  });

  it("renders a style attribute string", () => {
    expect(themeColorOverridesCss("#000")).toBe(
      "--portal-color-primary:#000;--portal-color-onPrimary:#ffffff",
    );
  });

  it.each([
    ["#abc", true],
    ["#aabbcc", true],
    ["teal", true],
    ["hsl(200 50% 40%)", true],
    ["#abcd1", false],
    ["red; color: blue", false],
    ["url(javascript:x)", false],
  ])("isCssColor(%s) is %s", (value, expected) => {
    expect(isCssColor(value)).toBe(expected);
  });
});
