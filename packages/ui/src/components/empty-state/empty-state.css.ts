import { vars } from "../../tokens/contract.css.ts";
import { layered } from "../../utils/layered.ts";

export const root = layered({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.sm,
  padding: vars.space.xxl,
  textAlign: "center",
  color: vars.color.textMuted,
});

export const title = layered({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
});

export const message = layered({ margin: 0, fontSize: vars.fontSize.sm });

export const errorRoot = layered({
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: vars.space.md,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.danger}`,
  borderRadius: vars.radii.md,
  backgroundColor: vars.color.dangerSurface,
  color: vars.color.danger,
});

export const errorMessage = layered({ margin: 0, fontWeight: vars.fontWeight.medium });
