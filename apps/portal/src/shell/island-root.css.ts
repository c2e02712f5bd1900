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

/**
 * The fieldset that keeps an island's controls disabled until it has hydrated: no box of its own, so
 * the island lays out as if it were not there.
 */
export const controls = style({ display: "contents", border: 0, margin: 0, padding: 0, minWidth: 0 });
