import { vars } from "@portal/ui";
import { style } from "@vanilla-extract/css";

export const form = style({ display: "flex", flexDirection: "column", gap: vars.space.md });
export const note = style({ margin: 0, color: vars.color.textMuted });
export const resendRow = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
});
export const countdown = style({
  margin: 0,
  fontVariantNumeric: "tabular-nums",
  color: vars.color.textMuted,
});
