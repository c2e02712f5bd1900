import { type ComponentType, lazy, type ReactElement, Suspense } from "react";

/**
 * A dialog (or a panel or notice shown only on demand, such as a list's Filter panel or its
 * record-changed notice) whose code loads when it is first shown (docs/performance.md, "Dialogs
 * load when they open"): the form library, the domain's zod schemas and date rules it needs stay out of the page's
 * first load. `load` imports the dialog's module and returns the component; the result takes the
 * same props. Meant for dialogs a screen mounts only while they are open (`{open && <X ... />}`):
 * nothing shows until the code has arrived (a few milliseconds from the browser's cache), then the
 * dialog opens as before. The import starts once and is kept, so a second opening is immediate.
 *
 *     const ActivityDialog = lazyDialog(() => import("./ActivityDialog.tsx").then((m) => m.ActivityDialog));
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
): (props: P) => ReactElement {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: a factory called once at module level, like React's lazy; never inside a render.
  return function LazyDialog(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
