import { vars } from "@portal/ui";
import { style } from "@vanilla-extract/css";
import { card } from "../../cards.css.ts";
import {
  actions,
  cellError,
  cellField,
  cellInputNarrow,
  errorText,
  filterField,
  filters,
  link,
  muted,
  screen,
  sectionTitle,
  cellInput as sharedCellInput,
  title,
  toolbar,
} from "../../screen.css.ts";

/* Styles of the seating plan and invigilation screens (light and dark through the theme tokens). */

export const section = style({ display: "flex", flexDirection: "column", gap: vars.space.sm, minWidth: 0 });

export const errorBox = style({
  border: `1px solid ${vars.color.danger}`,
  background: vars.color.dangerSurface,
  color: vars.color.text,
  borderRadius: vars.radii.md,
  padding: vars.space.md,
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: vars.space.sm,
});

/** The exam header: label and value pairs side by side. */
export const header = style([
  card,
  {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fill, minmax(11rem, 1fr))",
    gap: vars.space.md,
    margin: 0,
    height: "auto",
  },
]);

export const headerItem = style({ display: "flex", flexDirection: "column", gap: vars.space.xxs, margin: 0 });

export const headerLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const headerValue = style({ margin: 0, fontWeight: vars.fontWeight.medium });

export const twoColumns = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(20rem, 1fr))",
  gap: vars.space.md,
  alignItems: "start",
});

/* Inline row edit */

export const cellInput = style([sharedCellInput, { minWidth: "9rem" }]);

export const cellStack = style({ display: "flex", flexDirection: "column", gap: vars.space.xxs });

export const small = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs });

export const warning = style({
  color: vars.color.text,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
});

/** A faculty member's group row in the duties list. */
export const groupHeader = style({ fontWeight: vars.fontWeight.bold });

export {
  actions,
  cellError,
  cellField,
  cellInputNarrow,
  errorText,
  filterField,
  filters,
  link,
  muted,
  screen,
  sectionTitle,
  title,
  toolbar,
};
