import { vars } from "@portal/ui";
import { style } from "@vanilla-extract/css";

export const screen = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  minWidth: 0,
});

export const title = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });

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

export const actions = style({ display: "flex", gap: vars.space.sm, alignItems: "center", flexWrap: "wrap" });

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

/** Status chip and the reason marker of a Rejected evaluator, side by side. */
export const statusCell = style({ display: "inline-flex", alignItems: "center", gap: vars.space.xs });

/** The reason marker (spec §4): a small round info button whose tooltip is the reason. */
export const reasonMarker = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "1.5rem",
  height: "1.5rem",
  padding: 0,
  border: `1px solid ${vars.color.danger}`,
  borderRadius: "50%",
  background: vars.color.surface,
  color: vars.color.danger,
  cursor: "help",
  ":focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "2px" },
});

/** The fields of a dialog, one under the other. */
export const dialogFields = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

/** Names in a cell (the evaluators of a room). */
export const cellList = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
});

export const cellListItem = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.xs,
  flexWrap: "wrap",
});

/* Inline row edit (student status). */

export const cellField = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
  minWidth: "10rem",
});

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
  },
});

export const cellError = style({
  margin: 0,
  color: vars.color.danger,
  fontSize: vars.fontSize.xs,
  maxWidth: "16rem",
});

export const editActions = style({ display: "flex", gap: vars.space.xs, flexWrap: "wrap" });
