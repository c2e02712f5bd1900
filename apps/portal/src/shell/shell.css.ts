import { DRAWER_COLLAPSED_WIDTH, DRAWER_WIDTH } from "@portal/domain";
import { vars } from "@portal/ui";
import { globalStyle, style } from "@vanilla-extract/css";

/** Layout of the server-rendered shell (spec §2 Application shell): header, drawer 260/65, main. */
const HEADER_HEIGHT = "56px";
const NARROW = "screen and (max-width: 767px)";
const WIDE = "screen and (min-width: 768px)";

globalStyle("html", { height: "100%" });
globalStyle("body", { minHeight: "100%" });

export const skipLink = style({
  position: "absolute",
  left: vars.space.md,
  top: "-100px",
  zIndex: vars.zIndex.tooltip,
  padding: `${vars.space.xs} ${vars.space.md}`,
  backgroundColor: vars.color.primary,
  color: vars.color.onPrimary,
  borderRadius: vars.radii.md,
  selectors: { "&:focus": { top: vars.space.sm } },
});

export const shell = style({
  display: "grid",
  gridTemplateColumns: `${DRAWER_WIDTH}px minmax(0, 1fr)`,
  gridTemplateRows: `${HEADER_HEIGHT} minmax(0, 1fr)`,
  gridTemplateAreas: '"header header" "drawer main"',
  minHeight: "100vh",
  selectors: {
    '&[data-drawer="collapsed"]': { gridTemplateColumns: `${DRAWER_COLLAPSED_WIDTH}px minmax(0, 1fr)` },
  },
  "@media": {
    [NARROW]: {
      gridTemplateColumns: "minmax(0, 1fr)",
      gridTemplateAreas: '"header" "main"',
      selectors: { '&[data-drawer="collapsed"]': { gridTemplateColumns: "minmax(0, 1fr)" } },
    },
  },
});

export const header = style({
  gridArea: "header",
  position: "sticky",
  top: 0,
  zIndex: vars.zIndex.header,
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  padding: `0 ${vars.space.md}`,
  backgroundColor: vars.color.primary,
  color: vars.color.onPrimary,
  boxShadow: vars.shadow.sm,
});

export const brand = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  color: "inherit",
  textDecoration: "none",
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.lg,
  borderRadius: vars.radii.sm,
  whiteSpace: "nowrap",
});

export const brandName = style({
  "@media": { "screen and (max-width: 479px)": { display: "none" } },
});

export const spacer = style({ flex: 1 });

export const greeting = style({
  fontWeight: vars.fontWeight.medium,
  whiteSpace: "nowrap",
  overflow: "hidden",
  textOverflow: "ellipsis",
  maxWidth: "28ch",
  "@media": { [NARROW]: { display: "none" } },
});

export const iconButton = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minWidth: "40px",
  height: "40px",
  padding: `0 ${vars.space.xs}`,
  border: "1px solid transparent",
  borderRadius: vars.radii.full,
  background: "transparent",
  color: "inherit",
  cursor: "pointer",
  font: "inherit",
  selectors: { "&:hover": { backgroundColor: "rgb(255 255 255 / 0.16)" } },
});

export const drawerToggle = style([iconButton, { "@media": { [NARROW]: { display: "none" } } }]);

/** The phone's menu button: opens the side menu as a sheet over the page (narrow screens only). */
export const menuButton = style([
  iconButton,
  { display: "none", "@media": { [NARROW]: { display: "inline-flex" } } },
]);

export const appsButton = style([
  iconButton,
  { display: "none", "@media": { [NARROW]: { display: "inline-flex" } } },
]);

export const avatar = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "32px",
  height: "32px",
  borderRadius: vars.radii.full,
  backgroundColor: vars.color.secondary,
  color: vars.color.onSecondary,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.sm,
});

export const languageSelect = style({
  height: "36px",
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radii.md,
  border: `1px solid rgb(255 255 255 / 0.5)`,
  backgroundColor: "transparent",
  color: "inherit",
  font: "inherit",
  cursor: "pointer",
});

globalStyle(`${languageSelect} option`, { color: vars.color.text, backgroundColor: vars.color.surface });

export const popover = style({
  position: "fixed",
  inset: "unset",
  top: `calc(${HEADER_HEIGHT} + 4px)`,
  right: vars.space.md,
  margin: 0,
  minWidth: "220px",
  padding: vars.space.xs,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.lg,
});

export const popoverList = style({ listStyle: "none", margin: 0, padding: 0 });

export const popoverHeading = style({
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const menuItem = style({
  display: "block",
  width: "100%",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: "none",
  borderRadius: vars.radii.sm,
  background: "transparent",
  color: vars.color.text,
  font: "inherit",
  textAlign: "start",
  cursor: "pointer",
  selectors: {
    "&:hover:not(:disabled)": { backgroundColor: vars.color.neutralSurface },
    "&:disabled": { color: vars.color.textMuted, cursor: "not-allowed" },
  },
});

export const appsGrid = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: vars.space.sm,
  listStyle: "none",
  margin: 0,
  padding: vars.space.xs,
  width: "min(320px, calc(100vw - 2rem))",
});

export const appCard = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
  height: "100%",
  padding: vars.space.sm,
  borderRadius: vars.radii.md,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: "none",
  fontWeight: vars.fontWeight.medium,
  selectors: { "&[href]:hover": { borderColor: vars.color.primary } },
});

export const appCardMuted = style({
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.regular,
  fontSize: vars.fontSize.sm,
});

/**
 * The side menu. It is a popover element (`popover`): on a wide screen it is shown all the time as
 * the drawer beside the page (the popover's own hiding and placement are overridden); on a narrow
 * screen it is hidden until the menu button opens it, then it is a sheet from the left edge over
 * the page, in the top layer, closed by Escape, a tap outside, its close button or a link.
 */
export const drawer = style({
  gridArea: "drawer",
  overflowY: "auto",
  overflowX: "hidden",
  margin: 0,
  color: vars.color.text,
  backgroundColor: vars.color.surface,
  borderStyle: "solid",
  borderColor: vars.color.border,
  borderWidth: "0 1px 0 0",
  padding: `${vars.space.sm} 0`,
  "@media": {
    [WIDE]: {
      display: "block",
      position: "sticky",
      top: HEADER_HEIGHT,
      left: "auto",
      right: "auto",
      bottom: "auto",
      width: "auto",
      height: `calc(100vh - ${HEADER_HEIGHT})`,
    },
    [NARROW]: {
      position: "fixed",
      top: 0,
      left: 0,
      right: "auto",
      bottom: 0,
      width: "min(320px, 88vw)",
      height: "100dvh",
      paddingTop: 0,
      boxShadow: vars.shadow.lg,
    },
  },
});

globalStyle(`${drawer}::backdrop`, { backgroundColor: "rgb(15 23 42 / 0.5)" });

/** The sheet's top bar with its close button (narrow screens only). */
export const drawerSheetBar = style({
  display: "none",
  "@media": {
    [NARROW]: {
      display: "flex",
      alignItems: "center",
      justifyContent: "space-between",
      gap: vars.space.sm,
      position: "sticky",
      top: 0,
      zIndex: 1,
      minHeight: HEADER_HEIGHT,
      padding: `0 ${vars.space.xs} 0 ${vars.space.md}`,
      marginBottom: vars.space.xs,
      backgroundColor: vars.color.surface,
      borderBottom: `1px solid ${vars.color.border}`,
      fontWeight: vars.fontWeight.bold,
    },
  },
});

export const drawerClose = style([
  iconButton,
  { selectors: { "&:hover": { backgroundColor: vars.color.neutralSurface } } },
]);

export const navList = style({ listStyle: "none", margin: 0, padding: 0 });

export const navGroupLabel = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md} ${vars.space.xxs}`,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  textTransform: "uppercase",
  letterSpacing: "0.04em",
  color: vars.color.textMuted,
});

export const navLink = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  minHeight: "40px",
  margin: `0 ${vars.space.xs}`,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radii.md,
  color: vars.color.text,
  textDecoration: "none",
  whiteSpace: "nowrap",
  selectors: {
    "&:hover": { backgroundColor: vars.color.neutralSurface },
    '&[aria-current="page"]': {
      backgroundColor: vars.color.primary,
      color: vars.color.onPrimary,
      fontWeight: vars.fontWeight.medium,
    },
  },
});

export const navBadge = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  flex: "0 0 auto",
  width: "28px",
  height: "28px",
  borderRadius: vars.radii.full,
  border: "1px solid currentColor",
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
});

/** Labels that hide when the drawer is collapsed to 65 (kept for assistive technology). */
export const navText = style({ overflow: "hidden", textOverflow: "ellipsis" });

// Collapsed to 65 on a wide screen only: the phone's sheet always shows the labels.
globalStyle(`${shell}[data-drawer="collapsed"] ${navText}`, {
  "@media": {
    [WIDE]: {
      position: "absolute",
      width: "1px",
      height: "1px",
      overflow: "hidden",
      clip: "rect(0 0 0 0)",
      whiteSpace: "nowrap",
    },
  },
});
globalStyle(`${shell}[data-drawer="collapsed"] ${navGroupLabel}`, {
  "@media": { [WIDE]: { justifyContent: "center", padding: `${vars.space.sm} 0 ${vars.space.xxs}` } },
});
globalStyle(`${shell}[data-drawer="collapsed"] ${navLink}`, {
  "@media": { [WIDE]: { justifyContent: "center", padding: 0 } },
});

export const main = style({
  gridArea: "main",
  minWidth: 0,
  padding: vars.space.lg,
  outline: "none",
  "@media": { [NARROW]: { padding: vars.space.md } },
});

export const breadcrumbs = style({ marginBottom: vars.space.md, fontSize: vars.fontSize.sm });

export const visuallyHiddenText = style({
  position: "absolute",
  width: "1px",
  height: "1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
});
