import { vars } from "../../tokens/contract.css.ts";
import { layered } from "../../utils/layered.ts";
import { visuallyHidden } from "../../utils/visually-hidden.css.ts";

export const field = layered({ display: "flex", flexDirection: "column", gap: vars.space.xs, minWidth: 0 });

export const label = layered({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

export const required = layered({ color: vars.color.danger, marginInlineStart: vars.space.xxs });

export const control = layered({
  width: "100%",
  minHeight: "2.5rem",
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radii.md,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
  fontSize: vars.fontSize.md,
  selectors: {
    "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "1px" },
    "&[aria-invalid='true']": { borderColor: vars.color.danger },
    "&:disabled": {
      backgroundColor: vars.color.surfaceAlt,
      color: vars.color.textMuted,
      cursor: "not-allowed",
    },
    "&::placeholder": { color: vars.color.textMuted },
  },
});

export const warningControl = layered({ borderColor: vars.color.warning });

export const message = layered({ margin: 0, fontSize: vars.fontSize.sm });
export const errorText = layered({ color: vars.color.danger });
export const warningText = layered({ color: vars.color.warning });
export const helperText = layered({ color: vars.color.textMuted });

export const multiline = layered({
  resize: "vertical",
  minHeight: "4.5rem",
  lineHeight: vars.lineHeight.normal,
});

/** A label kept for screen readers but not shown (e.g. a chat message box). */
export const hiddenLabel = visuallyHidden;
