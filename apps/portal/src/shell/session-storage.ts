/**
 * What the portal keeps in local storage about the signed-in user (spec §3: "Local storage holds
 * Id, alumniName and a loggedIn flag"). The tokens themselves live in httpOnly cookies, out of
 * reach of page scripts.
 */
export const STORAGE_KEYS = { id: "Id", name: "alumniName", loggedIn: "loggedIn" } as const;

/** The storage the portal uses; null where there is none (server rendering, blocked storage). */
function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Stores the signed-in user after sign-in (spec §3, Login). */
export function storeSignedInUser(user: { id: string; name: string }): void {
  const s = storage();
  if (!s) return;
  s.setItem(STORAGE_KEYS.id, user.id);
  s.setItem(STORAGE_KEYS.name, user.name);
  s.setItem(STORAGE_KEYS.loggedIn, "true");
}

/** Whether the stored login flag says signed in (spec §2: missing flag sends the user to login). */
export function hasLoginFlag(): boolean {
  return storage()?.getItem(STORAGE_KEYS.loggedIn) === "true";
}

/** Sign-out on the client (spec §2): set the flag to false, then clear local storage. */
export function clearSignedInUser(): void {
  const s = storage();
  if (!s) return;
  s.setItem(STORAGE_KEYS.loggedIn, "false");
  s.clear();
}
