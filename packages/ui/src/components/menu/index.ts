export type { MenuItem, MenuProps } from "./menu.tsx";
export { Menu } from "./menu.tsx";
