/**
 * @portal/ui: the portal's design system. Tokens and themes, then components; every visible text
 * comes in through props. See README.md.
 */
export * from "./components/app-header/index.ts";
export * from "./components/avatar/index.ts";
export * from "./components/badge/index.ts";
export * from "./components/breadcrumbs/index.ts";
export * from "./components/button/index.ts";
export * from "./components/card/index.ts";
export * from "./components/checkbox/index.ts";
export * from "./components/data-table/index.ts";
export * from "./components/dialog/index.ts";
export * from "./components/drawer/index.ts";
export * from "./components/empty-state/index.ts";
export * from "./components/error-fallback/index.ts";
export * from "./components/icons/index.ts";
export * from "./components/loader/index.ts";
export * from "./components/menu/index.ts";
export * from "./components/page-header/index.ts";
export * from "./components/pager/index.ts";
export * from "./components/popover/index.ts";
export * from "./components/row-edit-actions/index.ts";
export * from "./components/segmented-control/index.ts";
export * from "./components/select/index.ts";
export * from "./components/tabs/index.ts";
export * from "./components/text-field/index.ts";
export * from "./components/toast/index.ts";
export * from "./components/tooltip/index.ts";
export * from "./tokens/index.ts";
export { cx } from "./utils/cx.ts";
export type { DisplayNode } from "./utils/display-node.ts";
export { visuallyHidden } from "./utils/visually-hidden.css.ts";
