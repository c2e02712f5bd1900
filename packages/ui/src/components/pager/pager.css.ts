import { vars } from "../../tokens/contract.css.ts";
import { layered } from "../../utils/layered.ts";

export const pager = layered({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "flex-end",
  gap: vars.space.lg,
  padding: `${vars.space.sm} 0`,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
});

export const sizeField = layered({ display: "inline-flex", alignItems: "center", gap: vars.space.sm });

export const sizeSelect = layered({
  minHeight: "2rem",
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radii.sm,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
});

export const buttons = layered({ display: "inline-flex", gap: vars.space.xs });

export const icon = layered({ width: "1.25rem", height: "1.25rem" });

/** The note under an All page the server capped: its own line, at the pager's end. */
export const cappedNote = layered({ flexBasis: "100%", textAlign: "end", fontWeight: 600 });
