export type { PagerLabels, PagerProps, PageSize } from "./pager.tsx";
export { defaultPagerLabels, Pager, pageRange } from "./pager.tsx";
