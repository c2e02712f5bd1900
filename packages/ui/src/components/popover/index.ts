export type { PopoverProps } from "./popover.tsx";
export { Popover } from "./popover.tsx";
