export type { AppHeaderProps } from "./app-header.tsx";
export { AppHeader } from "./app-header.tsx";
