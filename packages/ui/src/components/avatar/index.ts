export type { AvatarProps } from "./avatar.tsx";
export { Avatar, initialsOf } from "./avatar.tsx";
