import type { SVGProps } from "react";

type IconProps = Omit<SVGProps<SVGSVGElement>, "children">;

function Icon({ d, ...props }: IconProps & { d: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      width="1.25em"
      height="1.25em"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      <path d={d} />
    </svg>
  );
}

/** A decorative close (×) icon. */
export function CloseIcon(props: IconProps) {
  return <Icon d="M6 6l12 12M18 6L6 18" {...props} />;
}

/** A decorative menu (three lines) icon. */
export function MenuIcon(props: IconProps) {
  return <Icon d="M4 6h16M4 12h16M4 18h16" {...props} />;
}

/** A decorative chevron pointing left; rotate it with CSS for other directions. */
export function ChevronLeftIcon(props: IconProps) {
  return <Icon d="M15 6l-6 6 6 6" {...props} />;
}

/** A decorative chevron pointing right. */
export function ChevronRightIcon(props: IconProps) {
  return <Icon d="M9 6l6 6-6 6" {...props} />;
}

/** A decorative downward chevron (menus, selects). */
export function ChevronDownIcon(props: IconProps) {
  return <Icon d="M6 9l6 6 6-6" {...props} />;
}

/** A decorative "more" mark (three dots stacked), for a menu of a row's actions. */
export function MoreVerticalIcon(props: IconProps) {
  return <Icon d="M12 5h.01M12 12h.01M12 19h.01" strokeWidth="3" {...props} />;
}
