import { vars } from "@portal/ui";
import { globalStyle, style } from "@vanilla-extract/css";

export { filterField, filters, muted, screen, title } from "../screen.css.ts";

/* The time table's grid and its header (light and dark through the theme tokens). */

export const header = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  flexWrap: "wrap",
});

export const toolbar = style({
  display: "flex",
  alignItems: "flex-end",
  gap: vars.space.md,
  flexWrap: "wrap",
});

export const dateField = style({ minWidth: "10rem" });

export const swapBar = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.md,
  flexWrap: "wrap",
});

export const error = style({
  margin: 0,
  border: `1px solid ${vars.color.danger}`,
  background: vars.color.dangerSurface,
  color: vars.color.text,
  borderRadius: vars.radii.md,
  padding: vars.space.sm,
});

export const ok = style({
  margin: 0,
  border: `1px solid ${vars.color.success}`,
  background: vars.color.successSurface,
  color: vars.color.text,
  borderRadius: vars.radii.md,
  padding: vars.space.sm,
});

export const empty = style({
  margin: 0,
  padding: vars.space.lg,
  textAlign: "center",
  color: vars.color.textMuted,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radii.md,
});

export const gridWrap = style({ overflowX: "auto", maxHeight: "900px" });

export const grid = style({
  borderCollapse: "collapse",
  width: "100%",
  minWidth: "48rem",
  fontSize: vars.fontSize.sm,
});

globalStyle(`${grid} th, ${grid} td`, {
  border: `1px solid ${vars.color.border}`,
  padding: vars.space.xs,
  verticalAlign: "top",
  textAlign: "left",
});
globalStyle(`${grid} thead th`, { background: vars.color.surfaceAlt, position: "sticky", top: 0 });
globalStyle(`${grid} th[aria-current="date"]`, { boxShadow: `inset 0 -3px 0 ${vars.color.primary}` });

export const caption = style({ textAlign: "left", fontWeight: vars.fontWeight.bold, padding: vars.space.xs });

export const slot = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
  padding: vars.space.xs,
  marginBottom: vars.space.xs,
  borderRadius: vars.radii.sm,
  background: vars.color.infoSurface,
  border: `1px solid ${vars.color.border}`,
});

export const slotPicked = style([slot, { border: `2px solid ${vars.color.primary}` }]);
