export { vars } from "./contract.css.ts";
export { baseLayer, componentsLayer, resetLayer } from "./layers.css.ts";
export { tokenVarName } from "./names.ts";
export {
  contrastRatio,
  isCssColor,
  readableTextOn,
  relativeLuminance,
  themeColorOverrides,
  themeColorOverridesCss,
} from "./overrides.ts";
export type { ColorTokens } from "./palette.ts";
export { darkColors, lightColors } from "./palette.ts";
export { darkTheme, lightTheme } from "./themes.css.ts";
