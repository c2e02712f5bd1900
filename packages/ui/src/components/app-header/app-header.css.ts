import { vars } from "../../tokens/contract.css.ts";
import { layered } from "../../utils/layered.ts";

export const header = layered({
  position: "sticky",
  top: 0,
  zIndex: vars.zIndex.header,
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.lg,
  minHeight: "4rem",
  padding: `0 ${vars.space.lg}`,
  // Surface colours keep every slot (ghost buttons, links, focus ring) readable whatever primary
  // colour the configuration sets; the brand colour marks the bottom edge.
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  borderBottom: `3px solid ${vars.color.primary}`,
  boxShadow: vars.shadow.sm,
});

export const start = layered({ display: "flex", alignItems: "center", gap: vars.space.md, minWidth: 0 });

export const end = layered({ display: "flex", alignItems: "center", gap: vars.space.md, minWidth: 0 });

export const greeting = layered({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  "@media": { "(max-width: 40rem)": { display: "none" } },
});

export const skipLink = layered({
  position: "absolute",
  insetInlineStart: vars.space.sm,
  top: "-10rem",
  padding: `${vars.space.sm} ${vars.space.md}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radii.md,
  boxShadow: vars.shadow.md,
  zIndex: vars.zIndex.tooltip,
  selectors: { "&:focus": { top: vars.space.sm } },
});
