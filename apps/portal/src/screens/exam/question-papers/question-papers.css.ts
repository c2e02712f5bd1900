import { vars } from "@portal/ui";
import { globalStyle, style } from "@vanilla-extract/css";
import { actions, errorBox, errorText, link, screen, title, toolbar } from "../../screen.css.ts";

export const toolbarEnd = style({
  display: "flex",
  justifyContent: "flex-end",
  gap: vars.space.md,
  flexWrap: "wrap",
});

export const subtitle = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const filterPanel = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
  background: vars.color.surface,
  padding: vars.space.md,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
});

export const filterGrid = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(13rem, 1fr))",
  gap: vars.space.md,
});

export const buttonRow = style({
  display: "flex",
  gap: vars.space.sm,
  flexWrap: "wrap",
  alignItems: "center",
});

/* Chat */

export const chatHeader = style({
  display: "flex",
  alignItems: "flex-start",
  justifyContent: "space-between",
  gap: vars.space.md,
  flexWrap: "wrap",
});

export const chatMeta = style({
  display: "flex",
  flexWrap: "wrap",
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
});

export const chatMetaItem = style({ display: "flex", gap: vars.space.xs });

globalStyle(`${chatMetaItem} dt`, { color: vars.color.textMuted });
globalStyle(`${chatMetaItem} dd`, { margin: 0, fontWeight: vars.fontWeight.medium });

export const thread = style({
  listStyle: "none",
  margin: 0,
  padding: vars.space.md,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
  background: vars.color.surfaceAlt,
  maxHeight: "60vh",
  overflowY: "auto",
});

export const bubble = style({
  maxWidth: "min(40rem, 85%)",
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radii.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  alignSelf: "flex-start",
});

export const bubbleOwn = style({
  alignSelf: "flex-end",
  background: vars.color.infoSurface,
});

export const bubbleMeta = style({
  display: "flex",
  gap: vars.space.sm,
  alignItems: "baseline",
  flexWrap: "wrap",
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const bubbleAuthor = style({ fontWeight: vars.fontWeight.bold, color: vars.color.text });

export const bubbleBody = style({
  margin: `${vars.space.xxs} 0 0`,
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
});

export const composer = style({
  display: "flex",
  gap: vars.space.sm,
  alignItems: "flex-end",
});

export const composerField = style({
  flex: 1,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
});

export const composerLabel = style({ fontWeight: vars.fontWeight.medium, fontSize: vars.fontSize.sm });

export const textarea = style({
  font: "inherit",
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radii.md,
  padding: vars.space.sm,
  minHeight: "4.5rem",
  resize: "vertical",
  ":focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "1px" },
});

export const muted = style({ color: vars.color.textMuted, margin: 0 });

/* Paper view */

export const documents = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(20rem, 1fr))",
  gap: vars.space.md,
  alignItems: "start",
});

export const setPanel = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
  background: vars.color.surface,
  padding: vars.space.md,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  minWidth: 0,
});

export const setHeader = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  flexWrap: "wrap",
});

export const setTitle = style({ margin: 0, fontSize: vars.fontSize.lg });

export const pdfFrame = style({
  minHeight: "24rem",
  background: vars.color.surfaceAlt,
  borderRadius: vars.radii.sm,
  display: "flex",
  justifyContent: "center",
  alignItems: "center",
  overflow: "hidden",
});

export const pdfMessage = style({
  margin: 0,
  padding: vars.space.lg,
  color: vars.color.textMuted,
  textAlign: "center",
});

export const pdfPager = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.sm,
});

export { actions, errorBox, errorText, link, screen, title, toolbar };
