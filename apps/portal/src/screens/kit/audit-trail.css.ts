import { vars } from "@portal/ui";
import { style } from "@vanilla-extract/css";

/** The time of a change: on one line, however narrow the column. */
export const when = style({ whiteSpace: "nowrap" });
/** The staff member's name above their e-mail; wide enough that an e-mail is not cut letter by letter. */
export const who = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
  minWidth: "12rem",
});
export const muted = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflowWrap: "break-word",
});
/** The list of changes: one field per line; long words (names, e-mails) break rather than widen the table. */
export const changes = style({
  margin: 0,
  padding: 0,
  listStyle: "none",
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
  minWidth: "16rem",
  overflowWrap: "anywhere",
});
export const fold = style({ display: "inline" });
export const foldSummary = style({ cursor: "pointer", color: vars.color.link });
