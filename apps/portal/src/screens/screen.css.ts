import { vars } from "@portal/ui";
import { style } from "@vanilla-extract/css";

/* Layout styles every exam screen shares (light and dark through the theme tokens). */

export const screen = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  minWidth: 0,
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
});

export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.lg });

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** Filters above a grid: fields side by side, wrapping, aligned on their inputs. */
export const filters = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  gap: vars.space.md,
});

export const filterField = style({ minWidth: "14rem", flex: "0 1 20rem" });

export const toolbar = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  flexWrap: "wrap",
});

export const actions = style({
  display: "flex",
  gap: vars.space.sm,
  alignItems: "center",
  flexWrap: "wrap",
});

export const link = style({
  color: vars.color.link,
  fontWeight: vars.fontWeight.medium,
  textDecoration: "underline",
  textUnderlineOffset: "0.15em",
  ":focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "2px" },
});

export const errorBox = style({
  border: `1px solid ${vars.color.danger}`,
  background: vars.color.dangerSurface,
  color: vars.color.text,
  borderRadius: vars.radii.md,
  padding: vars.space.md,
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  flexWrap: "wrap",
});

export const errorText = style({ margin: 0 });

export const cellField = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
  minWidth: 0,
});

export const cellError = style({
  margin: 0,
  color: vars.color.danger,
  fontSize: vars.fontSize.xs,
  maxWidth: "16rem",
});

/** Lists inside a cell (a clash's two exams). */
export const cellList = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
});

/** An input inside a table cell (inline row edit, spec §4); screens add their minimum width. */
export const cellInput = style({
  width: "100%",
  minHeight: "2.25rem",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radii.md,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
  fontSize: vars.fontSize.sm,
  selectors: {
    "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "1px" },
    "&[aria-invalid='true']": { borderColor: vars.color.danger },
    "&:disabled": { backgroundColor: vars.color.surfaceAlt, color: vars.color.textMuted },
  },
});

/** A narrow cell input (numbers, times). */
export const cellInputNarrow = style([cellInput, { minWidth: "5rem", maxWidth: "7rem" }]);
