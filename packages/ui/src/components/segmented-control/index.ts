export type { SegmentedControlProps, SegmentedOption } from "./segmented-control.tsx";
export { SegmentedControl } from "./segmented-control.tsx";
