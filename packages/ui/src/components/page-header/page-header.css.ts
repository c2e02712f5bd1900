import { vars } from "../../tokens/contract.css.ts";
import { layered } from "../../utils/layered.ts";

export const root = layered({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  paddingBottom: vars.space.lg,
});

export const row = layered({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
});

export const title = layered({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  color: vars.color.text,
});

export const description = layered({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const actions = layered({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.sm,
});
