import { cx } from "../../utils/cx.ts";
import * as styles from "./avatar.css.ts";

/** Up to two initials of a name: first letters of the first and last words ("Asha Rao Iyer" → "AI"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  if (words.length === 0) return "";
  const first = Array.from(words[0]!)[0] ?? "";
  const last = words.length > 1 ? (Array.from(words[words.length - 1]!)[0] ?? "") : "";
  return (first + last).toLocaleUpperCase();
}

export type AvatarProps = {
  /** The person's name: gives the initials and the accessible name. */
  name: string;
  size?: "sm" | "md" | "lg";
  /** Hide from assistive technology when the name is already written next to it. */
  decorative?: boolean;
  className?: string;
};

/** A round badge with a person's initials. */
export function Avatar({ name, size = "md", decorative = false, className }: AvatarProps) {
  const initials = initialsOf(name);
  return decorative ? (
    <span aria-hidden="true" className={cx(styles.avatar, styles.size[size], className)}>
      {initials}
    </span>
  ) : (
    <span role="img" aria-label={name} className={cx(styles.avatar, styles.size[size], className)}>
      {initials}
    </span>
  );
}
