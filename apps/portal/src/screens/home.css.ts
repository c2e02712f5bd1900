import { vars } from "@portal/ui";
import { style } from "@vanilla-extract/css";
import { card, cardGrid, cardLink } from "./cards.css.ts";

export const title = style({ margin: `0 0 ${vars.space.xs}`, fontSize: vars.fontSize.xxl });
export const intro = style({ margin: `0 0 ${vars.space.lg}`, color: vars.color.textMuted });
export const sectionTitle = style({
  margin: `${vars.space.lg} 0 ${vars.space.sm}`,
  fontSize: vars.fontSize.lg,
});

export const grid = cardGrid;
export { card, cardLink };

export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold });
export const cardText = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  flex: 1,
});

/** The line of a card whose module is outside the spec's scope, naming the screen it opens. */
export const cardNote = style({
  margin: 0,
  color: vars.color.text,
  fontSize: vars.fontSize.xs,
  fontStyle: "italic",
});
