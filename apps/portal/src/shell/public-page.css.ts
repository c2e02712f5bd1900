import { vars } from "@portal/ui";
import { style } from "@vanilla-extract/css";

/** Pages outside the shell (sign-in, not found): a centred card under a slim top bar. */
export const page = style({ minHeight: "100vh", display: "flex", flexDirection: "column" });

export const topBar = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  backgroundColor: vars.color.primary,
  color: vars.color.onPrimary,
});

export const main = style({
  flex: 1,
  display: "flex",
  alignItems: "flex-start",
  justifyContent: "center",
  padding: `${vars.space.xxl} ${vars.space.md}`,
  outline: "none",
});

export const card = style({
  width: "min(420px, 100%)",
  padding: vars.space.xl,
  borderRadius: vars.radii.lg,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.md,
});

export const title = style({ margin: `0 0 ${vars.space.xs}`, fontSize: vars.fontSize.xl });
export const intro = style({ margin: `0 0 ${vars.space.lg}`, color: vars.color.textMuted });
export const link = style({ color: vars.color.link });
