import { vars } from "../../tokens/contract.css.ts";
import { layered } from "../../utils/layered.ts";

export const list = layered({
  display: "flex",
  gap: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
  overflowX: "auto",
});

export const trigger = layered({
  padding: `${vars.space.sm} ${vars.space.lg}`,
  border: 0,
  borderBottom: "3px solid transparent",
  background: "none",
  color: vars.color.textMuted,
  font: "inherit",
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  cursor: "pointer",
  whiteSpace: "nowrap",
  selectors: {
    "&[data-selected]": { color: vars.color.text, borderBottomColor: vars.color.primary },
    "&:hover:not([data-disabled])": { color: vars.color.text },
    "&[data-disabled]": { cursor: "not-allowed", opacity: 0.55 },
  },
});

export const content = layered({ paddingTop: vars.space.lg, outline: "none" });
