export type { BreadcrumbItem, BreadcrumbsProps } from "./breadcrumbs.tsx";
export { Breadcrumbs } from "./breadcrumbs.tsx";
