import { vars } from "../../tokens/contract.css.ts";
import { layered } from "../../utils/layered.ts";

/** Shared look of floating panels (menu, popover, tooltip). */
export const panel = layered({
  zIndex: vars.zIndex.dropdown,
  minWidth: "12rem",
  padding: vars.space.xs,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
  boxShadow: vars.shadow.md,
  outline: "none",
  selectors: { "&[hidden]": { display: "none" } },
});

export const item = layered({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  width: "100%",
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radii.sm,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  textDecoration: "none",
  cursor: "pointer",
  selectors: {
    "&[data-highlighted]": { backgroundColor: vars.color.neutralSurface },
    "&[data-disabled]": { color: vars.color.textMuted, cursor: "not-allowed" },
  },
});

export const dangerItem = layered({ color: vars.color.danger });

export const popover = layered({
  minWidth: "16rem",
  maxWidth: "min(28rem, calc(100vw - 2rem))",
  padding: vars.space.md,
});

export const popoverHeader = layered({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  marginBottom: vars.space.sm,
});

export const popoverTitle = layered({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
});

export const tooltip = layered({
  zIndex: vars.zIndex.tooltip,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radii.sm,
  backgroundColor: vars.color.text,
  color: vars.color.surface,
  fontSize: vars.fontSize.xs,
  maxWidth: "20rem",
});
