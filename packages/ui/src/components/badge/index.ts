export type { BadgeProps, Tone } from "./badge.tsx";
export { Badge, StatusChip } from "./badge.tsx";
