import { vars } from "../../tokens/contract.css.ts";
import { layered } from "../../utils/layered.ts";

export const group = layered({ zIndex: vars.zIndex.toast });

export const toast = layered({
  display: "flex",
  alignItems: "flex-start",
  gap: vars.space.md,
  width: "min(24rem, calc(100vw - 2rem))",
  padding: vars.space.md,
  borderRadius: vars.radii.md,
  borderInlineStart: "4px solid",
  borderInlineStartColor: vars.color.info,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.md,
  // Ark UI positions and stacks toasts through these custom properties.
  translate: "var(--x) var(--y)",
  scale: "var(--scale)",
  zIndex: "var(--z-index)",
  height: "var(--height)",
  opacity: "var(--opacity)",
  willChange: "translate, opacity, scale",
  transition: "translate 300ms, scale 300ms, opacity 300ms, height 300ms",
  selectors: {
    "&[data-type='success']": { borderInlineStartColor: vars.color.success },
    "&[data-type='error']": { borderInlineStartColor: vars.color.danger },
    "&[data-type='warning']": { borderInlineStartColor: vars.color.warning },
    "&[data-type='info']": { borderInlineStartColor: vars.color.info },
  },
  "@media": { "(prefers-reduced-motion: reduce)": { transition: "none" } },
});

export const text = layered({ flex: "1 1 auto", minWidth: 0 });
export const title = layered({ margin: 0, fontWeight: vars.fontWeight.bold, fontSize: vars.fontSize.sm });
export const description = layered({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
