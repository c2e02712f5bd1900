import { keyframes } from "@vanilla-extract/css";
import { vars } from "../../tokens/contract.css.ts";
import { layered, layeredVariants } from "../../utils/layered.ts";

const spin = keyframes({ to: { transform: "rotate(360deg)" } });

export const spinner = layered({
  display: "inline-block",
  flexShrink: 0,
  borderRadius: vars.radii.full,
  borderStyle: "solid",
  borderColor: "currentColor",
  borderRightColor: "transparent",
  animation: `${spin} 0.8s linear infinite`,
  "@media": { "(prefers-reduced-motion: reduce)": { animationDuration: "2.4s" } },
});

export const spinnerSize = layeredVariants(
  {
    sm: { width: "1rem", height: "1rem", borderWidth: "2px" },
    md: { width: "1.5rem", height: "1.5rem", borderWidth: "3px" },
    lg: { width: "2.5rem", height: "2.5rem", borderWidth: "4px" },
  },
  "spinner",
);

export const loader = layered({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const fullPage = layered({
  position: "fixed",
  inset: 0,
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.md,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  zIndex: vars.zIndex.overlay,
});

export const block = layered({
  display: "flex",
  justifyContent: "center",
  padding: vars.space.xl,
});
