import { vars } from "../../tokens/contract.css.ts";
import { layered, layeredVariants } from "../../utils/layered.ts";

export const base = layered({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.sm,
  border: "1px solid transparent",
  borderRadius: vars.radii.md,
  fontFamily: "inherit",
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.tight,
  textDecoration: "none",
  whiteSpace: "nowrap",
  cursor: "pointer",
  transition: "background-color 120ms, border-color 120ms, filter 120ms",
  selectors: {
    "&:disabled, &[aria-disabled='true']": { cursor: "not-allowed", opacity: 0.55 },
    "&:hover:not(:disabled):not([aria-disabled='true'])": { filter: "brightness(0.92)" },
  },
});

export const variant = layeredVariants(
  {
    primary: { backgroundColor: vars.color.primary, color: vars.color.onPrimary },
    secondary: {
      backgroundColor: vars.color.surface,
      color: vars.color.text,
      borderColor: vars.color.borderStrong,
    },
    ghost: {
      backgroundColor: "transparent",
      color: vars.color.text,
      selectors: { "&:hover:not(:disabled)": { backgroundColor: vars.color.neutralSurface } },
    },
    danger: { backgroundColor: vars.color.danger, color: vars.color.onDanger },
  },
  "button",
);

export const size = layeredVariants(
  {
    sm: { minHeight: "2rem", padding: `0 ${vars.space.md}`, fontSize: vars.fontSize.sm },
    md: { minHeight: "2.5rem", padding: `0 ${vars.space.lg}`, fontSize: vars.fontSize.sm },
    lg: { minHeight: "3rem", padding: `0 ${vars.space.xl}`, fontSize: vars.fontSize.md },
  },
  "buttonSize",
);

export const iconSize = layeredVariants(
  {
    sm: { width: "2rem", height: "2rem", padding: 0 },
    md: { width: "2.5rem", height: "2.5rem", padding: 0 },
    lg: { width: "3rem", height: "3rem", padding: 0 },
  },
  "iconButtonSize",
);

export const fullWidth = layered({ width: "100%" });

export const linkButton = layered({
  display: "inline",
  padding: 0,
  border: 0,
  background: "none",
  color: vars.color.link,
  font: "inherit",
  textDecoration: "underline",
  textUnderlineOffset: "2px",
  cursor: "pointer",
  selectors: {
    "&:hover:not(:disabled)": { textDecorationThickness: "2px" },
    "&:disabled": { color: vars.color.textMuted, cursor: "not-allowed", textDecoration: "none" },
  },
});
