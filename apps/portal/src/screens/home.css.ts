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

export const comingLater = style({
  alignSelf: "flex-start",
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radii.full,
  backgroundColor: vars.color.neutralSurface,
  color: vars.color.text,
  fontSize: vars.fontSize.xs,
});
