import { DRAWER_COLLAPSED_WIDTH, DRAWER_WIDTH } from "@portal/domain";
import { vars } from "../../tokens/contract.css.ts";
import { layered } from "../../utils/layered.ts";

export const drawer = layered({
  display: "flex",
  flexDirection: "column",
  flexShrink: 0,
  width: `${DRAWER_WIDTH}px`,
  minHeight: "100%",
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  borderInlineEnd: `1px solid ${vars.color.border}`,
  overflowX: "hidden",
  overflowY: "auto",
  transition: "width 200ms ease",
  "@media": { "(prefers-reduced-motion: reduce)": { transition: "none" } },
});

export const collapsed = layered({ width: `${DRAWER_COLLAPSED_WIDTH}px` });

export const top = layered({
  display: "flex",
  alignItems: "center",
  justifyContent: "flex-end",
  gap: vars.space.sm,
  padding: vars.space.sm,
  minHeight: "3.5rem",
});

export const collapsedTop = layered({ justifyContent: "center" });

export const list = layered({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  listStyle: "none",
});

export const link = layered({
  display: "flex",
  alignItems: "center",
  gap: vars.space.md,
  minHeight: "2.75rem",
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radii.md,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  textDecoration: "none",
  whiteSpace: "nowrap",
  selectors: {
    "&:hover": { backgroundColor: vars.color.neutralSurface },
    "&[aria-current='page']": {
      backgroundColor: vars.color.primary,
      color: vars.color.onPrimary,
      fontWeight: vars.fontWeight.medium,
    },
  },
});

export const collapsedLink = layered({ justifyContent: "center", padding: 0 });

export const icon = layered({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "1.5rem",
  height: "1.5rem",
  flexShrink: 0,
});

export const label = layered({ overflow: "hidden", textOverflow: "ellipsis" });

export const toggleIcon = layered({ transition: "transform 200ms ease" });
export const toggleIconFlipped = layered({ transform: "scaleX(-1)" });
