import { vars } from "@portal/ui";
import { style } from "@vanilla-extract/css";

/* Layout of the planning screens (theme tokens only, light and dark). */

export const screen = style({ display: "flex", flexDirection: "column", gap: vars.space.md, minWidth: 0 });

export const filters = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  gap: vars.space.md,
});

export const filterField = style({ minWidth: "12rem", flex: "0 1 16rem" });

export const toolbar = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center" });

export const termCard = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
  padding: vars.space.md,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
});

export const termSummary = style({
  cursor: "pointer",
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.lg,
});

export const termDates = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const dialogForm = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

export const formGrid = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(14rem, 1fr))",
  gap: vars.space.md,
});

export const weekdays = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.sm,
  padding: vars.space.sm,
});

export const dialogActions = style({ display: "flex", justifyContent: "flex-end", gap: vars.space.sm });

export const rowInput = style({ minWidth: "8rem" });

export const error = style({ color: vars.color.danger, margin: 0 });

export const progress = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  minWidth: "10rem",
});

export const progressBar = style({ flex: 1, height: "0.5rem", accentColor: vars.color.link });

export const link = style({ color: vars.color.link });

export const cards = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(16rem, 1fr))",
  gap: vars.space.md,
  listStyle: "none",
  padding: 0,
  margin: 0,
});
