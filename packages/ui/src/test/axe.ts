import axe from "axe-core";
import { expect } from "vitest";

/**
 * Runs axe-core on a rendered element and fails the test with the violations listed.
 * Disabled rules: `color-contrast` (jsdom computes no layout or colours, so axe cannot evaluate it;
 * contrast is checked on the theme tokens in tokens.test.tsx and in Chromium by scripts/a11y-browser.ts) and `region`
 * (components are rendered alone, outside a page's landmarks).
 */
export async function expectNoAxeViolations(element: Element): Promise<void> {
  const result = await axe.run(element, {
    rules: { "color-contrast": { enabled: false }, region: { enabled: false } },
  });
  const summary = result.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.html).join(", ")})`,
  );
  expect(summary).toEqual([]);
}
