import { vars } from "@portal/ui";
import { style } from "@vanilla-extract/css";

export const configError = style({
  margin: vars.space.lg,
  padding: vars.space.md,
  borderRadius: vars.radii.md,
  backgroundColor: vars.color.warningSurface,
  color: vars.color.text,
  border: `1px solid ${vars.color.warning}`,
});

export const fallback = style({ margin: vars.space.lg });
