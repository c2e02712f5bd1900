import { Menu as ArkMenu } from "@ark-ui/react/menu";
import type { ReactNode } from "react";
import { cx } from "../../utils/cx.ts";
import { Button, type ButtonSize, type ButtonVariant } from "../button/button.tsx";
import * as styles from "./floating.css.ts";

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

/**
 * A dropdown menu (Ark UI): arrow keys move, Enter chooses, Escape closes; disabled items are skipped.
 * The panel renders in place with fixed positioning (no portal), so it stays inside its landmark
 * (e.g. the header) and is not clipped by scrolling containers.
 */
export function Menu({
  trigger,
  triggerLabel,
  triggerVariant = "ghost",
  triggerSize = "md",
  items,
  onSelect,
  placement = "bottom-end",
  className,
}: MenuProps) {
  return (
    <ArkMenu.Root
      positioning={{ placement, strategy: "fixed" }}
      onSelect={(details) => onSelect?.(details.value)}
    >
      <ArkMenu.Trigger asChild>
        <Button variant={triggerVariant} size={triggerSize} aria-label={triggerLabel} className={className}>
          {trigger}
        </Button>
      </ArkMenu.Trigger>
      <ArkMenu.Positioner>
        <ArkMenu.Content className={styles.panel}>
          {items.map((item) =>
            item.href && !item.disabled ? (
              <ArkMenu.Item
                key={item.value}
                value={item.value}
                onSelect={item.onSelect}
                asChild
                className={cx(styles.item, item.danger && styles.dangerItem)}
              >
                <a href={item.href}>{item.label}</a>
              </ArkMenu.Item>
            ) : (
              <ArkMenu.Item
                key={item.value}
                value={item.value}
                disabled={item.disabled}
                onSelect={item.onSelect}
                className={cx(styles.item, item.danger && styles.dangerItem)}
              >
                {item.label}
              </ArkMenu.Item>
            ),
          )}
        </ArkMenu.Content>
      </ArkMenu.Positioner>
    </ArkMenu.Root>
  );
}
