import { Menu as ArkMenu } from "@ark-ui/react/menu";
import { cx } from "../../utils/cx.ts";
import { type LoadedPartProps, useReplayOpening } from "../../utils/first-open.tsx";
import * as styles from "./floating.css.ts";
import type { MenuProps } from "./menu.tsx";

/**
 * The Ark UI menu behind {@link Menu} (menu.tsx), loaded when a Menu is first opened: the trigger
 * as `renderTrigger` draws it, and the panel. Replays the opening click or key on its trigger.
 */
export function ArkMenuPart({
  items,
  onSelect,
  placement = "bottom-end",
  renderTrigger,
  opening,
}: MenuProps & LoadedPartProps) {
  const triggerRef = useReplayOpening(opening);
  return (
    <ArkMenu.Root
      positioning={{ placement, strategy: "fixed" }}
      onSelect={(details) => onSelect?.(details.value)}
    >
      <ArkMenu.Trigger asChild>{renderTrigger({ ref: triggerRef })}</ArkMenu.Trigger>
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
