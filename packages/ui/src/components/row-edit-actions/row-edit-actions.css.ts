import { vars } from "../../tokens/contract.css.ts";
import { layered } from "../../utils/layered.ts";

export const root = layered({
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: vars.space.xs,
});

export const buttons = layered({ display: "flex", gap: vars.space.xs, flexWrap: "wrap" });

/** The row's state, e.g. "not saved": small, muted and italic, like an annotation. */
export const note = layered({
  fontStyle: "italic",
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
});
