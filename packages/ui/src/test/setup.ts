import { configure } from "@testing-library/react";

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

/*
 * The `findBy…` and `waitFor` queries wait for what a screen shows after its data arrives. Their
 * default of one second is about the machine's speed, not about the screen: on a busy two-core
 * machine a first render with lazy chunks took longer and a correct screen failed. Five seconds
 * still fails a screen that never shows what is asked for.
 */
configure({ asyncUtilTimeout: 5000 });
