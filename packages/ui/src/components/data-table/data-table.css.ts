import { vars } from "../../tokens/contract.css.ts";
import { layered, layeredVariants } from "../../utils/layered.ts";

export const wrapper = layered({
  width: "100%",
  overflow: "auto",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
  backgroundColor: vars.color.surface,
  selectors: {
    "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});

export const table = layered({
  width: "100%",
  borderCollapse: "collapse",
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
});

export const caption = layered({
  padding: `${vars.space.md} ${vars.space.lg}`,
  textAlign: "start",
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.md,
});

export const headerCell = layered({
  position: "sticky",
  top: 0,
  zIndex: 1,
  padding: `${vars.space.sm} ${vars.space.md}`,
  backgroundColor: vars.color.surfaceAlt,
  borderBottom: `1px solid ${vars.color.border}`,
  fontWeight: vars.fontWeight.bold,
  textAlign: "start",
  verticalAlign: "bottom",
});

export const cell = layered({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: "middle",
  textAlign: "start",
  fontWeight: vars.fontWeight.regular,
  selectors: { "tbody > tr:last-child > &": { borderBottom: 0 } },
});

export const align = layeredVariants(
  { start: { textAlign: "start" }, center: { textAlign: "center" }, end: { textAlign: "end" } },
  "align",
);

export const row = layered({
  selectors: { "&:hover": { backgroundColor: vars.color.surfaceAlt } },
});

export const messageCell = layered({
  padding: vars.space.xl,
  textAlign: "center",
  color: vars.color.textMuted,
});

/** A sortable header's button: looks like the header text, with the sort mark after it. */
export const sortButton = layered({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  padding: 0,
  border: 0,
  background: "none",
  font: "inherit",
  color: "inherit",
  textAlign: "inherit",
  cursor: "pointer",
  selectors: {
    "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});

/** The unsorted mark is quieter than the sorted one. */
export const sortIconIdle = layered({ opacity: 0.5 });

/** The checkbox column: as narrow as its checkbox. */
export const selectCell = layered({ width: "1%", whiteSpace: "nowrap" });

/** The count of checked rows under the table. */
export const selectedCount = layered({
  margin: `${vars.space.xs} 0 0`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

/** The header row of a group of rows (grouping by date): spans the table, above its rows. */
export const groupHeader = layered({
  padding: `${vars.space.sm} ${vars.space.md}`,
  backgroundColor: vars.color.surfaceAlt,
  borderBottom: `1px solid ${vars.color.border}`,
  fontWeight: vars.fontWeight.bold,
  textAlign: "start",
});

/** The toolbar above the table holding the caller's upload control, at the end of the line. */
export const toolbar = layered({
  display: "flex",
  justifyContent: "flex-end",
  alignItems: "center",
  gap: vars.space.sm,
  marginBottom: vars.space.sm,
});
