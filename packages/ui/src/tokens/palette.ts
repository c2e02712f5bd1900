/**
 * Raw values of the two themes, kept in a plain module so that contrast can be checked in tests and
 * read by tools without the vanilla-extract compiler. Components never read these: they read `vars`.
 */

/** Colour roles of the theme contract. `on*` colours are the text colours for the matching fill. */
export type ColorTokens = {
  primary: string;
  onPrimary: string;
  secondary: string;
  onSecondary: string;
  surface: string;
  surfaceAlt: string;
  text: string;
  textMuted: string;
  border: string;
  borderStrong: string;
  danger: string;
  onDanger: string;
  success: string;
  warning: string;
  info: string;
  dangerSurface: string;
  successSurface: string;
  warningSurface: string;
  infoSurface: string;
  neutralSurface: string;
  /** Text links; not overridden by the configured primary colour, so links always stay readable. */
  link: string;
  focus: string;
  overlay: string;
};

/** Light theme colours: every text pair reaches WCAG AA (4.5:1), borders of controls 3:1. */
export const lightColors: ColorTokens = {
  primary: "#1d4ed8",
  onPrimary: "#ffffff",
  secondary: "#0f766e",
  onSecondary: "#ffffff",
  surface: "#ffffff",
  surfaceAlt: "#f1f5f9",
  text: "#0f172a",
  textMuted: "#475569",
  border: "#cbd5e1",
  borderStrong: "#64748b",
  danger: "#b91c1c",
  onDanger: "#ffffff",
  success: "#15803d",
  warning: "#92400e",
  info: "#0369a1",
  dangerSurface: "#fee2e2",
  successSurface: "#dcfce7",
  warningSurface: "#fef3c7",
  infoSurface: "#e0f2fe",
  neutralSurface: "#e2e8f0",
  link: "#1d4ed8",
  focus: "#1d4ed8",
  overlay: "rgba(15, 23, 42, 0.55)",
};

/** Dark theme colours: the same roles, light text on dark surfaces. */
export const darkColors: ColorTokens = {
  primary: "#93c5fd",
  onPrimary: "#0f172a",
  secondary: "#5eead4",
  onSecondary: "#042f2e",
  surface: "#0f172a",
  surfaceAlt: "#1e293b",
  text: "#f1f5f9",
  textMuted: "#cbd5e1",
  border: "#334155",
  borderStrong: "#94a3b8",
  danger: "#fca5a5",
  onDanger: "#0f172a",
  success: "#86efac",
  warning: "#fcd34d",
  info: "#7dd3fc",
  dangerSurface: "#450a0a",
  successSurface: "#052e16",
  warningSurface: "#422006",
  infoSurface: "#082f49",
  neutralSurface: "#334155",
  link: "#93c5fd",
  focus: "#93c5fd",
  overlay: "rgba(2, 6, 23, 0.7)",
};

/** Space scale in rem (4 px steps at a 16 px root). */
export const space = {
  none: "0",
  xxs: "0.125rem",
  xs: "0.25rem",
  sm: "0.5rem",
  md: "0.75rem",
  lg: "1rem",
  xl: "1.5rem",
  xxl: "2rem",
  xxxl: "3rem",
};

export const radii = { none: "0", sm: "0.25rem", md: "0.5rem", lg: "0.75rem", full: "9999px" };

export const fontSizes = {
  xs: "0.75rem",
  sm: "0.875rem",
  md: "1rem",
  lg: "1.125rem",
  xl: "1.375rem",
  xxl: "1.75rem",
};

export const fontWeights = { regular: "400", medium: "500", bold: "700" };

export const fonts = {
  body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Devanagari", sans-serif',
  mono: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
};

export const lineHeights = { tight: "1.25", normal: "1.5" };

export const lightShadows = {
  sm: "0 1px 2px rgba(15, 23, 42, 0.08)",
  md: "0 4px 12px rgba(15, 23, 42, 0.12)",
  lg: "0 12px 32px rgba(15, 23, 42, 0.2)",
};

export const darkShadows = {
  sm: "0 1px 2px rgba(0, 0, 0, 0.5)",
  md: "0 4px 12px rgba(0, 0, 0, 0.55)",
  lg: "0 12px 32px rgba(0, 0, 0, 0.6)",
};

/** Stacking order of layered surfaces. */
export const zIndices = {
  base: "0",
  drawer: "100",
  header: "200",
  dropdown: "1000",
  overlay: "1100",
  modal: "1200",
  toast: "1300",
  tooltip: "1400",
};
