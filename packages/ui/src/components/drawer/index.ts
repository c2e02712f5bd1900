export type { DrawerItem, DrawerLabels, DrawerProps } from "./drawer.tsx";
export { Drawer } from "./drawer.tsx";
