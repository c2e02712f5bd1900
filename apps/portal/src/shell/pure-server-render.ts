/**
 * The key of the mark an island carries when its server HTML is a function of its props alone
 * (docs/performance.md, "The signed-in page as cheap as its data"): the build's renderer
 * (node/astro-render-once.ts) then keeps that HTML per serialised props and renders no React for a
 * page asked again with the same rows, language and address.
 */
export const PURE_SERVER_RENDER = "portal.pureServerRender";

/**
 * Marks the island component `component` as rendering on the server from its props alone, and
 * returns it. Only for islands whose server render reads nothing but their props and the message
 * catalogue in the `locale` they are given: no clock, no random value, no cookie, no module state.
 */
export function markPureServerRender<T extends object>(component: T): T {
  Object.defineProperty(component, Symbol.for(PURE_SERVER_RENDER), { value: true });
  return component;
}
