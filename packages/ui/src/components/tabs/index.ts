export type { TabItem, TabsProps } from "./tabs.tsx";
export { Tabs } from "./tabs.tsx";
