import { createTheme, globalStyle } from "@vanilla-extract/css";
import { vars } from "./contract.css.ts";
import { baseLayer, resetLayer } from "./layers.css.ts";
import {
  darkColors,
  darkShadows,
  fontSizes,
  fonts,
  fontWeights,
  lightColors,
  lightShadows,
  lineHeights,
  radii,
  space,
  zIndices,
} from "./palette.ts";

const shared = {
  space,
  radii,
  fontSize: fontSizes,
  fontWeight: fontWeights,
  font: fonts,
  lineHeight: lineHeights,
  zIndex: zIndices,
};

/** Class name of the light theme; put it on `<html>`. */
export const lightTheme = createTheme(vars, { ...shared, color: lightColors, shadow: lightShadows }, "light");

/** Class name of the dark theme; put it on `<html>` instead of `lightTheme`. */
export const darkTheme = createTheme(vars, { ...shared, color: darkColors, shadow: darkShadows }, "dark");

globalStyle(`.${lightTheme}`, { "@layer": { [baseLayer]: { colorScheme: "light" } } });
globalStyle(`.${darkTheme}`, { "@layer": { [baseLayer]: { colorScheme: "dark" } } });

globalStyle("*, *::before, *::after", { "@layer": { [resetLayer]: { boxSizing: "border-box" } } });

globalStyle("body", {
  "@layer": {
    [baseLayer]: {
      margin: 0,
      backgroundColor: vars.color.surfaceAlt,
      color: vars.color.text,
      fontFamily: vars.font.body,
      fontSize: vars.fontSize.md,
      lineHeight: vars.lineHeight.normal,
    },
  },
});

globalStyle(":focus-visible", {
  "@layer": { [baseLayer]: { outline: `2px solid ${vars.color.focus}`, outlineOffset: "2px" } },
});
