import { vars } from "@portal/ui";
import { globalStyle, style } from "@vanilla-extract/css";
import { card, cardGrid, cardMinWidth } from "../cards.css.ts";

export {
  actions,
  cellError,
  cellInput,
  cellInputNarrow,
  errorBox,
  errorText,
  filterField,
  filters,
  link,
  muted,
  screen,
  sectionTitle,
  title,
  toolbar,
} from "../screen.css.ts";

export const header = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
});

export const stats = style([cardGrid, { vars: { [cardMinWidth]: "160px" } }]);
export const statCard = card;
export const statLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const statValue = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });

export const histogram = style({ width: "100%", maxWidth: "44rem", height: "auto", display: "block" });
export const bar = style({ fill: vars.color.primary });
export const axis = style({ stroke: vars.color.borderStrong, strokeWidth: 1 });
export const bandLine = style({ stroke: vars.color.danger, strokeWidth: 1.5, strokeDasharray: "4 3" });
export const chartText = style({ fill: vars.color.text, fontSize: "11px" });
export const bandText = style({ fill: vars.color.danger, fontSize: "12px", fontWeight: 700 });

export const editor = style({ display: "flex", flexDirection: "column", gap: vars.space.md });
export const formError = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radii.sm,
  background: vars.color.dangerSurface,
  color: vars.color.danger,
});
export const totals = style({ margin: 0, fontSize: vars.fontSize.sm });
export const totalsBad = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.danger });
export const component = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
  padding: vars.space.sm,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
});
export const row = style({ display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: vars.space.sm });
export const field = style({ flex: "0 1 12rem", minWidth: "7rem" });
export const wideField = style({ flex: "1 1 14rem", minWidth: "10rem" });
export const newFlag = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.info,
  fontWeight: vars.fontWeight.bold,
});
export const rangeTable = style({ borderCollapse: "collapse", width: "100%" });
globalStyle(`${rangeTable} th, ${rangeTable} td`, {
  padding: vars.space.xs,
  textAlign: "start",
  verticalAlign: "top",
});
