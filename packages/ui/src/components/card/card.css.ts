import { vars } from "../../tokens/contract.css.ts";
import { layered } from "../../utils/layered.ts";

export const root = layered({
  display: "flex",
  flexDirection: "column",
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.lg,
  boxShadow: vars.shadow.sm,
  minWidth: 0,
});

export const header = layered({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const title = layered({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold });

export const body = layered({ padding: vars.space.lg, flex: "1 1 auto" });

export const footer = layered({
  display: "flex",
  justifyContent: "flex-end",
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderTop: `1px solid ${vars.color.border}`,
});

export const tile = layered({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  padding: vars.space.lg,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.lg,
  boxShadow: vars.shadow.sm,
  minWidth: 0,
});

export const tileLabel = layered({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const tileValue = layered({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
  overflowWrap: "anywhere",
});

export const tileHint = layered({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const tileGrid = layered({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(12rem, 1fr))",
  gap: vars.space.md,
  margin: 0,
  padding: 0,
});
