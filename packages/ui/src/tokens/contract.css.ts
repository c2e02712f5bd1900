import { createGlobalThemeContract } from "@vanilla-extract/css";
import { tokenVarName } from "./names.ts";

const color = {
  primary: "",
  onPrimary: "",
  secondary: "",
  onSecondary: "",
  surface: "",
  surfaceAlt: "",
  text: "",
  textMuted: "",
  border: "",
  borderStrong: "",
  danger: "",
  onDanger: "",
  success: "",
  warning: "",
  info: "",
  dangerSurface: "",
  successSurface: "",
  warningSurface: "",
  infoSurface: "",
  neutralSurface: "",
  link: "",
  focus: "",
  overlay: "",
};

/**
 * The theme contract: every component reads its colours, spacing, radii, type sizes, shadows and
 * stacking order from these variables. Each is a stable custom property named `--portal-<group>-<token>`.
 */
export const vars = createGlobalThemeContract(
  {
    color,
    space: { none: "", xxs: "", xs: "", sm: "", md: "", lg: "", xl: "", xxl: "", xxxl: "" },
    radii: { none: "", sm: "", md: "", lg: "", full: "" },
    fontSize: { xs: "", sm: "", md: "", lg: "", xl: "", xxl: "" },
    fontWeight: { regular: "", medium: "", bold: "" },
    font: { body: "", mono: "" },
    lineHeight: { tight: "", normal: "" },
    shadow: { sm: "", md: "", lg: "" },
    zIndex: {
      base: "",
      drawer: "",
      header: "",
      dropdown: "",
      overlay: "",
      modal: "",
      toast: "",
      tooltip: "",
    },
  },
  (_value, path) => tokenVarName(path).slice(2),
);
