import type { ReactNode } from "react";
import { loadOnFirstOpen } from "../../utils/first-open.tsx";
import { Button, type ButtonSize, type ButtonVariant } from "../button/button.tsx";

export type MenuItem = {
  /** Unique among the menu's items; passed to `onSelect`. */
  value: string;
  label: ReactNode;
  /** Disabled items stay visible but cannot be chosen (e.g. Profile, Account Settings, spec §2). */
  disabled?: boolean;
  /** Renders the item as a link. */
  href?: string;
  /** Shows the item in the danger colour (e.g. Logout, Delete). */
  danger?: boolean;
  /** Called when this item is chosen (in addition to the menu's `onSelect`). */
  onSelect?: () => void;
};

export type MenuProps = {
  /** Content of the trigger button (text, or an Avatar with the name). */
  trigger: ReactNode;
  /** Accessible name of the trigger when its content has no text. */
  triggerLabel?: string;
  triggerVariant?: ButtonVariant;
  triggerSize?: ButtonSize;
  items: readonly MenuItem[];
  /** Called with the chosen item's value. */
  onSelect?: (value: string) => void;
  placement?: "bottom-start" | "bottom-end" | "top-start" | "top-end";
  className?: string;
};

/** The Ark UI menu loads on first open; Enter, Space and the arrow keys open it as Ark UI's trigger does. */
const LazyMenu = loadOnFirstOpen<MenuProps>(
  () => import("./ark-menu.tsx").then((module) => module.ArkMenuPart),
  {
    haspopup: "menu",
    openKeys: ["ArrowDown", "ArrowUp", "Enter", " "],
    keepFocusOnPress: true,
  },
);

/**
 * A dropdown menu (Ark UI): arrow keys move, Enter chooses, Escape closes; disabled items are skipped.
 * The panel renders in place with fixed positioning (no portal), so it stays inside its landmark
 * (e.g. the header) and is not clipped by scrolling containers. The trigger renders at once (server
 * side too); Ark UI's menu loads when it is first pointed at, focused or pressed, and opens as the
 * press asked (utils/first-open.tsx), so pages with menus do not load it with their first paint.
 */
export function Menu(props: MenuProps) {
  const { trigger, triggerLabel, triggerVariant = "ghost", triggerSize = "md", className } = props;
  return (
    <LazyMenu
      {...props}
      renderTrigger={(triggerProps) => (
        <Button
          {...triggerProps}
          variant={triggerVariant}
          size={triggerSize}
          aria-label={triggerLabel}
          className={className}
        >
          {trigger}
        </Button>
      )}
    />
  );
}
