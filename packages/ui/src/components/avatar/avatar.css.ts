import { vars } from "../../tokens/contract.css.ts";
import { layered, layeredVariants } from "../../utils/layered.ts";

export const avatar = layered({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  flexShrink: 0,
  borderRadius: vars.radii.full,
  backgroundColor: vars.color.secondary,
  color: vars.color.onSecondary,
  fontWeight: vars.fontWeight.bold,
  textTransform: "uppercase",
  userSelect: "none",
});

export const size = layeredVariants(
  {
    sm: { width: "2rem", height: "2rem", fontSize: vars.fontSize.xs },
    md: { width: "2.5rem", height: "2.5rem", fontSize: vars.fontSize.sm },
    lg: { width: "3.5rem", height: "3.5rem", fontSize: vars.fontSize.lg },
  },
  "avatarSize",
);
