import { vars } from "@portal/ui";
import { globalStyle, style } from "@vanilla-extract/css";

/* Imported only by the student report, so other pages print as they are. */

/**
 * The student report prints on its own (spec §2 studentreport): in print, everything on the page but
 * the report is hidden, the report fills the page in black on white, and its buttons disappear.
 */
export const report = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  "@media": {
    print: {
      position: "absolute",
      insetBlockStart: 0,
      insetInlineStart: 0,
      inlineSize: "100%",
      color: "#000",
      background: "#fff",
    },
  },
});
globalStyle("body *", { "@media": { print: { visibility: "hidden" } } });
globalStyle(`${report}, ${report} *`, { "@media": { print: { visibility: "visible" } } });
export const noPrint = style({ "@media": { print: { display: "none" } } });
globalStyle(`${report} table`, { "@media": { print: { breakInside: "auto", borderCollapse: "collapse" } } });
globalStyle(`${report} tr`, { "@media": { print: { breakInside: "avoid" } } });

/** The report's component table: ruled cells, readable on screen and on paper. */
export const reportTable = style({
  borderCollapse: "collapse",
  inlineSize: "100%",
  fontSize: vars.fontSize.sm,
});
globalStyle(`${reportTable} th, ${reportTable} td`, {
  border: `1px solid ${vars.color.border}`,
  padding: vars.space.xs,
  textAlign: "start",
  "@media": { print: { borderColor: "#000" } },
});
globalStyle(`${reportTable} caption`, {
  textAlign: "start",
  fontWeight: 600,
  paddingBlockEnd: vars.space.xs,
});
