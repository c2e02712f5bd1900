import { vars } from "@portal/ui";
import { globalStyle, style } from "@vanilla-extract/css";
import { card, cardGrid, cardLink, cardMinWidth } from "../../cards.css.ts";
import {
  actions,
  cellField,
  cellInputNarrow,
  cellList,
  errorBox,
  errorText,
  filterField,
  filters,
  link,
  muted,
  screen,
  sectionTitle,
  cellInput as sharedCellInput,
  title,
  toolbar,
} from "../../screen.css.ts";

export const section = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  minWidth: 0,
});

export const searchBox = style({ flex: "1 1 24rem", minWidth: 0 });

/* Inline row edit */

export const cellInput = style([sharedCellInput, { minWidth: "7rem" }]);

export const cellError = style({
  margin: 0,
  color: vars.color.danger,
  fontSize: vars.fontSize.xs,
  maxWidth: "14rem",
});

export const notify = style({ fontSize: vars.fontSize.sm, whiteSpace: "nowrap" });

/* Dashboard */

export const cards = style([cardGrid, { vars: { [cardMinWidth]: "190px" } }]);
export const summaryCard = card;
export const summaryCardLink = cardLink;
export const cardLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const cardValue = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  minHeight: "2.5rem",
});
export const cardHint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs });

export const clashCount = style([card, { borderColor: vars.color.borderStrong }]);
export const clashCountAlert = style([card, { borderColor: vars.color.danger, borderWidth: "2px" }]);

globalStyle(`${cards} > li`, { minWidth: 0 });

export {
  actions,
  cellField,
  cellInputNarrow,
  cellList,
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
};
