export type { PageHeaderProps } from "./page-header.tsx";
export { PageHeader } from "./page-header.tsx";
