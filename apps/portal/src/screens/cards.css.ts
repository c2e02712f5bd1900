import { vars } from "@portal/ui";
import { createVar, style } from "@vanilla-extract/css";

/** The narrowest a card of a {@link cardGrid} may get; 220px unless a screen sets it. */
export const cardMinWidth = createVar();

/** Card grids of the overview screens (home portal, dashboard): a responsive list of cards. */
export const cardGrid = style({
  vars: { [cardMinWidth]: "220px" },
  display: "grid",
  gridTemplateColumns: `repeat(auto-fill, minmax(${cardMinWidth}, 1fr))`,
  gap: vars.space.md,
  listStyle: "none",
  margin: 0,
  padding: 0,
});

/** A card; {@link cardLink} when it is a link, lifting on hover. */
export const card = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  height: "100%",
  padding: vars.space.md,
  borderRadius: vars.radii.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  textDecoration: "none",
});

export const cardLink = style([
  card,
  {
    borderColor: vars.color.borderStrong,
    selectors: { "&:hover": { borderColor: vars.color.primary, boxShadow: vars.shadow.md } },
  },
]);
