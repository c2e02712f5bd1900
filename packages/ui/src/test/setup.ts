/**
 * Test setup for the jsdom environment. jsdom has no layout engine and no ResizeObserver, which
 * Ark UI's positioning (menus, popovers, tooltips) observes; a stand-in that never reports a resize
 * is exact for a document without layout.
 */
if (typeof window !== "undefined" && typeof globalThis.ResizeObserver === "undefined") {
  class NoLayoutResizeObserver implements ResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  globalThis.ResizeObserver = NoLayoutResizeObserver;
}
