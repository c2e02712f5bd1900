import { vars } from "@portal/ui";
import { style } from "@vanilla-extract/css";

export const title = style({ margin: `0 0 ${vars.space.xs}`, fontSize: vars.fontSize.xxl });
export const intro = style({ margin: `0 0 ${vars.space.lg}`, color: vars.color.textMuted });
export const sectionTitle = style({
  margin: `${vars.space.lg} 0 ${vars.space.sm}`,
  fontSize: vars.fontSize.lg,
});

export const grid = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))",
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
