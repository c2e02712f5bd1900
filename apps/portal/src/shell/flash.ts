/**
 * A save's confirmation carried over a page change (docs/architecture.md "Saves"): a screen that
 * saves and then navigates leaves the message here ({@link leaveFlash}), and the island of the page it
 * lands on shows it as a toast ({@link takeFlash}, called by IslandRoot), so the confirmation is
 * read where the user arrives rather than flashing on the page being left. Kept in session storage
 * under one key: one tab, one message, taken once.
 */
export const FLASH_KEY = "portal.flash";

function store(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Keeps `text` (already in the page's language) for the next page's island to show. */
export function leaveFlash(text: string): void {
  if (text !== "") store()?.setItem(FLASH_KEY, text);
}

/** The message left by the page before, removed so it shows once; null when there is none. */
export function takeFlash(): string | null {
  const s = store();
  const text = s?.getItem(FLASH_KEY) ?? null;
  if (text !== null) s?.removeItem(FLASH_KEY);
  return text === "" ? null : text;
}
