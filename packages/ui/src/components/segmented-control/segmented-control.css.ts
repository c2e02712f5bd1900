import { vars } from "../../tokens/contract.css.ts";
import { layered } from "../../utils/layered.ts";

export const group = layered({
  display: "inline-flex",
  flexDirection: "column",
  gap: vars.space.xs,
  border: 0,
  margin: 0,
  padding: 0,
  minWidth: 0,
});

export const legend = layered({ padding: 0, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium });

export const options = layered({
  display: "inline-flex",
  alignSelf: "flex-start",
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radii.md,
  overflow: "hidden",
});

export const input = layered({
  position: "absolute",
  opacity: 0,
  width: "1px",
  height: "1px",
  margin: 0,
});

export const option = layered({
  position: "relative",
  display: "inline-flex",
  alignItems: "center",
  minHeight: "2.25rem",
  padding: `0 ${vars.space.md}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  backgroundColor: vars.color.surface,
  cursor: "pointer",
  selectors: {
    "& + &": { borderInlineStart: `1px solid ${vars.color.borderStrong}` },
    "&:has(input:checked)": { backgroundColor: vars.color.primary, color: vars.color.onPrimary },
    "&:has(input:focus-visible)": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "-4px" },
    "&:has(input:disabled)": { opacity: 0.55, cursor: "not-allowed" },
  },
});
