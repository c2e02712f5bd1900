import { vars } from "@portal/ui";
import { style } from "@vanilla-extract/css";

/* Layout of the 360 profile screens (theme tokens only, light and dark). */

export const header = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.lg,
  alignItems: "flex-start",
});

export const photoBox = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  alignItems: "flex-start",
});

/** Passport photo: 35 × 45 mm in proportion. */
export const photo = style({
  width: "7rem",
  height: "9rem",
  objectFit: "cover",
  borderRadius: vars.radii.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
});

export const noPhoto = style([
  photo,
  {
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
    color: vars.color.textMuted,
    fontSize: vars.fontSize.sm,
  },
]);

export const facts = style({
  display: "grid",
  gridTemplateColumns: "max-content 1fr",
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});

export const term = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const value = style({ margin: 0 });

export const items = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
});

export const item = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
  padding: vars.space.md,
  display: "flex",
  justifyContent: "space-between",
  gap: vars.space.md,
  flexWrap: "wrap",
});

export const section = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  paddingBlock: vars.space.md,
});

export const dialogForm = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

export const formGrid = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(14rem, 1fr))",
  gap: vars.space.md,
});

export const dialogActions = style({ display: "flex", justifyContent: "flex-end", gap: vars.space.sm });

export const error = style({ color: vars.color.danger, margin: 0 });

export const fileInput = style({ fontSize: vars.fontSize.sm, maxWidth: "16rem" });
