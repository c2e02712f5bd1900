import { vars } from "@portal/ui";
import { style } from "@vanilla-extract/css";
import { cardGrid, cardLink, cardMinWidth } from "../cards.css.ts";

export const sectionTitle = style({ margin: `0 0 ${vars.space.md}`, fontSize: vars.fontSize.lg });

export const grid = style([cardGrid, { vars: { [cardMinWidth]: "180px" } }]);

export const tile = cardLink;

export const totalTile = style([cardLink, { borderColor: vars.color.primary, borderWidth: "2px" }]);

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
