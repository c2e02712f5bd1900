import { vars } from "@portal/ui";
import { style } from "@vanilla-extract/css";

/**
 * Card grids of the overview screens (home portal, dashboard): a responsive list of cards, plain or
 * as links that lift on hover. `minWidth` is the narrowest a card may get.
 */
export const cardGrid = (minWidth: string) =>
  style({
    display: "grid",
    gridTemplateColumns: `repeat(auto-fill, minmax(${minWidth}, 1fr))`,
    gap: vars.space.md,
    listStyle: "none",
    margin: 0,
    padding: 0,
  });

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
