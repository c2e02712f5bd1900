import { vars } from "@portal/ui";
import { style } from "@vanilla-extract/css";

export const sectionTitle = style({ margin: `0 0 ${vars.space.md}`, fontSize: vars.fontSize.lg });

export const grid = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(180px, 1fr))",
  gap: vars.space.md,
  listStyle: "none",
  margin: 0,
  padding: 0,
});

export const tile = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  height: "100%",
  padding: vars.space.md,
  borderRadius: vars.radii.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  textDecoration: "none",
  selectors: { "&:hover": { borderColor: vars.color.primary, boxShadow: vars.shadow.md } },
});

export const totalTile = style([tile, { borderColor: vars.color.primary, borderWidth: "2px" }]);

export const tileLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const tileValue = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  minHeight: "2.5rem",
});

export const error = style({
  margin: `0 0 ${vars.space.md}`,
  padding: vars.space.md,
  borderRadius: vars.radii.md,
  backgroundColor: vars.color.dangerSurface,
  border: `1px solid ${vars.color.danger}`,
});
