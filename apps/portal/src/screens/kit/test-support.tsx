/**
 * Test support every screen's tests share (used by `*.test.tsx` files, never by the portal): signing
 * the test browser in, undoing a test, and the accessibility check.
 */
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { expect, vi } from "vitest";
import { STORAGE_KEYS } from "../../shell/session-storage.ts";

/** Signs the test browser in (the stored login flag islands check, spec §2). */
export function signedIn(): void {
  localStorage.setItem(STORAGE_KEYS.loggedIn, "true");
}

/** Undoes a test: unmounts, restores stubbed globals, clears storage and the address. */
export function resetScreen(): void {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  window.history.replaceState(null, "", "/");
}

/**
 * Runs axe-core on the rendered screen and fails with the violations listed. `color-contrast` is
 * off (jsdom computes no colours) and `region` too (the screen is rendered without the shell).
 */
export async function expectNoAxeViolations(element: Element): Promise<void> {
  const result = await axe.run(element, {
    rules: { "color-contrast": { enabled: false }, region: { enabled: false } },
  });
  expect(
    result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.html).join(", ")})`),
  ).toEqual([]);
}

/**
 * Opens a DataTable row's action menu (`trigger`, its menu button) and chooses `item` from the
 * keyboard, as a user of the Ark UI menu would: arrows down to it, then Enter.
 */
export async function chooseFromRowMenu(trigger: HTMLElement, item: string): Promise<void> {
  fireEvent.click(trigger);
  const menu = await screen.findByRole("menu");
  await waitFor(() => expect(menu.hidden).toBe(false));
  const count = within(menu).getAllByRole("menuitem").length;
  let previous: Element | undefined;
  for (let i = 0; i < count; i++) {
    fireEvent.keyDown(menu, { key: "ArrowDown" });
    // The highlight moves after the key: wait for the next item, not the one before.
    const highlighted = await waitFor(() => {
      const found = within(menu)
        .getAllByRole("menuitem")
        .find((el) => el.hasAttribute("data-highlighted"));
      if (!found || found === previous) throw new Error("the highlight has not moved");
      return found;
    });
    previous = highlighted;
    if (highlighted.textContent === item) break;
  }
  expect(previous?.textContent).toBe(item);
  fireEvent.keyDown(menu, { key: "Enter" });
}

/**
 * The data rows of a table's body (no column header row), without the date groups' header rows
 * (`th scope="rowgroup"`, DataTable's `groupByDate`): what a row count of a grouped list counts.
 */
export function dataRows(table: HTMLElement): HTMLElement[] {
  return within(table)
    .getAllByRole("row")
    .filter((row) => row.closest("thead") === null && row.querySelector('th[scope="rowgroup"]') === null);
}

/** The texts of a table's date group headers, in order ("Monday, 23-11-2026 (continued)"). */
export function groupHeaders(table: HTMLElement): (string | null)[] {
  return [...table.querySelectorAll('th[scope="rowgroup"]')].map((header) => header.textContent);
}
