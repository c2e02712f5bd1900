import { vars } from "@portal/ui";
import { style } from "@vanilla-extract/css";
import {
  actions,
  cellError,
  cellInput,
  cellList,
  errorBox,
  errorText,
  filterField,
  filters,
  link,
  muted,
  screen,
  title,
  toolbar,
} from "../../screen.css.ts";

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

export const editActions = style({ display: "flex", gap: vars.space.xs, flexWrap: "wrap" });

export {
  actions,
  cellError,
  cellInput,
  cellList,
  errorBox,
  errorText,
  filterField,
  filters,
  link,
  muted,
  screen,
  title,
  toolbar,
};
