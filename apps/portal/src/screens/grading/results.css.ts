import { vars } from "@portal/ui";
import { style } from "@vanilla-extract/css";

export const summary = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.md,
  margin: 0,
});
export const summaryItem = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  minWidth: "8rem",
});
export const summaryLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const summaryValue = style({ margin: 0, fontWeight: 600 });
export const section = style({ display: "flex", flexDirection: "column", gap: vars.space.sm });
export const problems = style({ margin: 0, paddingInlineStart: vars.space.lg, color: vars.color.danger });
export const formGrid = style({
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "repeat(auto-fit, minmax(12rem, 1fr))",
});
export const changeList = style({ margin: 0, paddingInlineStart: vars.space.md, fontSize: vars.fontSize.sm });
export const fileInput = style({ font: "inherit" });
/**
 * The course offering choice: wide enough for "<code> <name> – <section> (<term>, <batch>)" so the
 * batch stays in sight when the list is closed; the whole row on a narrow screen.
 */
export const offeringField = style({ minWidth: "min(100%, 14rem)", flex: "1 1 36rem", maxWidth: "100%" });
