import { vars } from "../../tokens/contract.css.ts";
import { layered } from "../../utils/layered.ts";

export const root = layered({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  cursor: "pointer",
  selectors: { "&:has(input:disabled)": { cursor: "not-allowed", color: vars.color.textMuted } },
});

export const input = layered({
  width: "1.125rem",
  height: "1.125rem",
  margin: 0,
  accentColor: vars.color.primary,
});
