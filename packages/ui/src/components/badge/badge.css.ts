import { vars } from "../../tokens/contract.css.ts";
import { layered, layeredVariants } from "../../utils/layered.ts";

export const badge = layered({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radii.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.tight,
  whiteSpace: "nowrap",
});

export const tone = layeredVariants(
  {
    success: { backgroundColor: vars.color.successSurface, color: vars.color.success },
    warning: { backgroundColor: vars.color.warningSurface, color: vars.color.warning },
    danger: { backgroundColor: vars.color.dangerSurface, color: vars.color.danger },
    info: { backgroundColor: vars.color.infoSurface, color: vars.color.info },
    neutral: { backgroundColor: vars.color.neutralSurface, color: vars.color.text },
  },
  "tone",
);

export const dot = layered({
  width: "0.5rem",
  height: "0.5rem",
  borderRadius: vars.radii.full,
  backgroundColor: "currentColor",
  flexShrink: 0,
});
