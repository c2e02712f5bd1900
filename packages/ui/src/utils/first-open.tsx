import {
  type ComponentType,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";

/**
 * How the user asked to open a part whose code had not loaded yet: a click (and whether its
 * trigger had the focus then), or a key pressed on the focused trigger. The loaded part replays it
 * on its own trigger, so the part opens exactly as if it had been there from the start.
 */
export type OpeningGesture = { kind: "click"; focused: boolean } | { kind: "key"; key: string };

/**
 * What a part's trigger button gets from {@link loadOnFirstOpen}: before the part has loaded, the
 * popup attributes and the handlers that load and open it; once loaded, only the `ref` through
 * which the opening gesture is replayed (the part's own trigger, e.g. Ark UI's, adds the rest).
 */
export type FirstOpenTriggerProps = {
  ref?: Ref<HTMLButtonElement>;
  "aria-haspopup"?: "menu" | "dialog";
  "aria-expanded"?: boolean;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLButtonElement>) => void;
  onPointerEnter?: () => void;
  onFocus?: (event: FocusEvent<HTMLButtonElement>) => void;
};

/** Props of the placeholder {@link loadOnFirstOpen} returns, besides the part's own props. */
export type FirstOpenProps = {
  /**
   * Renders the trigger button with the given props spread on it (the same button before and after
   * the part has loaded, so it shows at once, on the server too).
   */
  renderTrigger: (props: FirstOpenTriggerProps) => ReactElement;
  /** Load and mount the part now, without a gesture (e.g. a controlled popover opened by its owner). */
  loadNow?: boolean;
};

/** Props the loaded part takes, besides its own: pass `renderTrigger` to its trigger and `opening` to {@link useReplayOpening}. */
export type LoadedPartProps = FirstOpenProps & {
  /** The gesture that opened the part, or null when `loadNow` mounted it. */
  opening: OpeningGesture | null;
};

export type FirstOpenOptions = {
  /** The trigger's `aria-haspopup` (Ark UI's menu says "menu", its popover and dialog "dialog"). */
  haspopup: "menu" | "dialog";
  /**
   * Keys on the focused trigger that open the part (values of `KeyboardEvent.key`); they are kept
   * from the button's default (no click follows) and replayed. A menu: ArrowDown, ArrowUp, Enter, " ".
   * Without keys, Enter and Space open the part through the button's native click.
   */
  openKeys?: readonly string[];
  /**
   * Keep the focus where it is on a primary-button press (Ark UI's menu trigger does: its menu takes
   * the focus when it opens, and gives it back to the trigger when it closes).
   */
  keepFocusOnPress?: boolean;
};

/**
 * Loads an Ark UI part (menu, popover, …) when it is first opened instead of with the page
 * (docs/performance.md, "Ark UI parts load when first opened"). The returned component renders the
 * part's trigger at once (server side too) through `renderTrigger`, with the attributes of a closed
 * popup trigger. Pointing at the trigger or focusing it starts the import; pressing it (a click, or
 * one of `openKeys`) waits for the import, mounts the loaded part in its place, moves the focus to
 * the part's trigger if the placeholder had it, and replays the gesture there, so the part opens
 * with its library's own keyboard behaviour, focus handling and highlighted item. The import starts
 * once and is kept: later instances mount the part as soon as they are pressed. Each instance
 * mounts the loaded part only once it is used (a table's hundred row menus stay plain buttons). If
 * the import fails the trigger stays as it was and the next press tries again (the error is logged).
 *
 * The loaded part renders `renderTrigger({ ref })` as its trigger and calls
 * `useReplayOpening(opening)` for that `ref` (see menu/menu.tsx and menu/ark-menu.tsx).
 */
export function loadOnFirstOpen<P extends object>(
  load: () => Promise<ComponentType<P & LoadedPartProps>>,
  options: FirstOpenOptions,
): ComponentType<P & FirstOpenProps> {
  let loaded: ComponentType<P & LoadedPartProps> | null = null;
  let pending: Promise<ComponentType<P & LoadedPartProps>> | null = null;
  const start = () => {
    pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const openKeys = new Set(options.openKeys ?? []);

  // biome-ignore lint/correctness/noComponentHookFactories: a factory called once at module level, like React's lazy; never inside a render.
  function FirstOpen(props: P & FirstOpenProps) {
    const [opening, setOpening] = useState<OpeningGesture | null>(null);
    const [mounted, setMounted] = useState(false);
    const { loadNow } = props;
    useEffect(() => {
      if (!loadNow || mounted) return;
      if (loaded) setMounted(true);
      else start().then(() => setMounted(true), logLoadError);
    }, [loadNow, mounted]);

    const Loaded = loaded;
    if (Loaded && (mounted || loadNow)) {
      return <Loaded {...props} opening={opening} />;
    }
    const openWith = (gesture: OpeningGesture) => {
      setOpening(gesture);
      if (loaded) setMounted(true);
      else start().then(() => setMounted(true), logLoadError);
    };
    return props.renderTrigger({
      "aria-haspopup": options.haspopup,
      "aria-expanded": false,
      onPointerEnter: () => void start().catch(logLoadError),
      onFocus: () => void start().catch(logLoadError),
      onPointerDown: (event) => {
        if (options.keepFocusOnPress && event.button === 0 && !event.ctrlKey) event.preventDefault();
      },
      onClick: (event) => {
        openWith({ kind: "click", focused: event.currentTarget === document.activeElement });
      },
      onKeyDown: (event) => {
        if (!openKeys.has(event.key)) return;
        event.preventDefault();
        openWith({ kind: "key", key: event.key });
      },
    });
  }
  return FirstOpen;
}

function logLoadError(error: unknown) {
  console.error(error);
}

/**
 * For a part loaded by {@link loadOnFirstOpen}: returns the `ref` for its trigger, through which,
 * once the part has mounted (its state machine running), the opening gesture is replayed on that
 * trigger: the focus moves there first if the placeholder had it, then the click or the key is
 * dispatched as the browser would (a key as a bubbling, cancelable `keydown`).
 */
export function useReplayOpening(
  opening: OpeningGesture | null,
): (element: HTMLButtonElement | null) => void {
  const trigger = useRef<HTMLButtonElement | null>(null);
  const replayed = useRef(false);
  useEffect(() => {
    const element = trigger.current;
    if (replayed.current || !opening || !element) return;
    replayed.current = true;
    if (opening.kind === "click") {
      if (opening.focused) element.focus();
      element.click();
      return;
    }
    element.focus();
    element.dispatchEvent(
      new globalThis.KeyboardEvent("keydown", { key: opening.key, bubbles: true, cancelable: true }),
    );
  }, [opening]);
  return useCallback((element: HTMLButtonElement | null) => {
    trigger.current = element;
  }, []);
}
