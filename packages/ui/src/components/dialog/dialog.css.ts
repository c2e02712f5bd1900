import { vars } from "../../tokens/contract.css.ts";
import { layered, layeredVariants } from "../../utils/layered.ts";

export const backdrop = layered({
  position: "fixed",
  inset: 0,
  backgroundColor: vars.color.overlay,
  zIndex: vars.zIndex.overlay,
});

export const positioner = layered({
  position: "fixed",
  inset: 0,
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  padding: vars.space.lg,
  zIndex: vars.zIndex.modal,
});

export const content = layered({
  position: "relative",
  display: "flex",
  flexDirection: "column",
  width: "100%",
  maxHeight: "90vh",
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radii.lg,
  boxShadow: vars.shadow.lg,
  outline: "none",
});

export const size = layeredVariants(
  {
    sm: { maxWidth: "24rem" },
    md: { maxWidth: "36rem" },
    lg: { maxWidth: "56rem" },
    xl: { maxWidth: "72rem" },
  },
  "dialogSize",
);

export const header = layered({
  display: "flex",
  alignItems: "flex-start",
  justifyContent: "space-between",
  gap: vars.space.md,
  padding: `${vars.space.lg} ${vars.space.lg} ${vars.space.sm}`,
});

export const title = layered({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

export const description = layered({
  margin: `${vars.space.xs} 0 0`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const body = layered({
  padding: `${vars.space.sm} ${vars.space.lg}`,
  overflowY: "auto",
  flex: "1 1 auto",
});

export const footer = layered({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "flex-end",
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.lg} ${vars.space.lg}`,
});
