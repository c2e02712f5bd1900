import { vars } from "../../tokens/contract.css.ts";
import { layered } from "../../utils/layered.ts";

export const list = layered({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: "none",
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const item = layered({ display: "inline-flex", alignItems: "center", gap: vars.space.xs });

export const link = layered({
  color: vars.color.link,
  textDecoration: "underline",
  textUnderlineOffset: "2px",
  selectors: { "&:hover": { textDecorationThickness: "2px" } },
});

export const current = layered({ color: vars.color.text, fontWeight: vars.fontWeight.medium });

export const separator = layered({ color: vars.color.textMuted });
