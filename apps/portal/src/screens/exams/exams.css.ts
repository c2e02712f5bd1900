import { vars } from "@portal/ui";
import { globalStyle, style } from "@vanilla-extract/css";
import { card, cardGrid, cardLink, cardMinWidth } from "../cards.css.ts";

export const screen = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  minWidth: 0,
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
});

export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.lg });

export const section = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  minWidth: 0,
});

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** Filters above a grid: fields side by side, wrapping, aligned on their inputs. */
export const filters = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  gap: vars.space.md,
});

export const filterField = style({ minWidth: "14rem", flex: "0 1 20rem" });

export const searchBox = style({ flex: "1 1 24rem", minWidth: 0 });

export const searchForm = style({
  display: "flex",
  alignItems: "flex-end",
  gap: vars.space.sm,
});

export const searchField = style({ flex: "0 1 22rem", minWidth: "10rem" });

export const toolbar = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  flexWrap: "wrap",
});

export const actions = style({
  display: "flex",
  gap: vars.space.sm,
  alignItems: "center",
  flexWrap: "wrap",
});

export const link = style({
  color: vars.color.link,
  fontWeight: vars.fontWeight.medium,
  textDecoration: "underline",
  textUnderlineOffset: "0.15em",
  ":focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "2px" },
});

export const errorBox = style({
  border: `1px solid ${vars.color.danger}`,
  background: vars.color.dangerSurface,
  color: vars.color.text,
  borderRadius: vars.radii.md,
  padding: vars.space.md,
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  flexWrap: "wrap",
});

export const errorText = style({ margin: 0 });

/* Inline row edit */

export const cellField = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
  minWidth: 0,
});

export const cellInput = style({
  width: "100%",
  minWidth: "7rem",
  minHeight: "2.25rem",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radii.md,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
  fontSize: vars.fontSize.sm,
  selectors: {
    "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "1px" },
    "&[aria-invalid='true']": { borderColor: vars.color.danger },
    "&:disabled": { backgroundColor: vars.color.surfaceAlt, color: vars.color.textMuted },
  },
});

export const cellInputNarrow = style([cellInput, { minWidth: "5rem", maxWidth: "7rem" }]);

export const cellError = style({
  margin: 0,
  color: vars.color.danger,
  fontSize: vars.fontSize.xs,
  maxWidth: "14rem",
});

export const editActions = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: vars.space.xs,
});

export const notify = style({ fontSize: vars.fontSize.sm, whiteSpace: "nowrap" });

/** Lists inside a cell (a clash's two exams). */
export const cellList = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
});

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
