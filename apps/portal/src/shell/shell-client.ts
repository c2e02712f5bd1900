import { DRAWER_COOKIE, LOCALE_COOKIE, preferenceCookie, THEME_COOKIE } from "../lib/cookies.ts";
import { clearSignedInUser } from "./session-storage.ts";

/**
 * The shell's few behaviours in the browser (the shell itself is server-rendered): the language
 * switcher (cookie, then reload so the server renders the new language), the theme toggle (swaps
 * the theme class on <html> and remembers it), the drawer collapse (remembered), focus into the
 * phone's menu sheet when it opens, and Logout (POST /api/logout, logged-in flag false, local
 * storage cleared, then /login; spec §2).
 */
export function wireShell(root: Document = document): void {
  const html = root.documentElement;

  root.querySelector<HTMLSelectElement>("[data-language-select]")?.addEventListener("change", (event) => {
    const select = event.currentTarget as HTMLSelectElement;
    root.cookie = preferenceCookie(LOCALE_COOKIE, select.value);
    window.location.reload();
  });

  root.querySelector<HTMLButtonElement>("[data-theme-toggle]")?.addEventListener("click", (event) => {
    const button = event.currentTarget as HTMLButtonElement;
    const next = html.dataset.theme === "dark" ? "light" : "dark";
    const light = html.dataset.themeLight ?? "";
    const dark = html.dataset.themeDark ?? "";
    html.classList.remove(light, dark);
    html.classList.add(next === "dark" ? dark : light);
    html.dataset.theme = next;
    root.querySelector('meta[name="color-scheme"]')?.setAttribute("content", next);
    const label = (next === "dark" ? button.dataset.labelToLight : button.dataset.labelToDark) ?? "";
    button.setAttribute("aria-label", label);
    button.title = label;
    root.cookie = preferenceCookie(THEME_COOKIE, next);
  });

  const shell = root.querySelector<HTMLElement>("[data-shell]");
  root.querySelector<HTMLButtonElement>("[data-drawer-toggle]")?.addEventListener("click", (event) => {
    if (!shell) return;
    const button = event.currentTarget as HTMLButtonElement;
    const collapsed = shell.dataset.drawer !== "collapsed";
    shell.dataset.drawer = collapsed ? "collapsed" : "expanded";
    button.setAttribute("aria-expanded", collapsed ? "false" : "true");
    const label = (collapsed ? button.dataset.labelExpand : button.dataset.labelCollapse) ?? "";
    button.setAttribute("aria-label", label);
    button.title = label;
    root.cookie = preferenceCookie(DRAWER_COOKIE, collapsed ? "collapsed" : "expanded");
  });

  // The phone's menu sheet (a native popover): on opening, focus goes to the current page's entry
  // (or the first), so the keyboard and a screen reader start where the user is.
  root.querySelector<HTMLElement>("[data-side-menu]")?.addEventListener("toggle", (event) => {
    if ((event as ToggleEvent).newState !== "open") return;
    const menu = event.currentTarget as HTMLElement;
    const entry =
      menu.querySelector<HTMLAnchorElement>('a[aria-current="page"]') ??
      menu.querySelector<HTMLAnchorElement>("a[href]");
    entry?.focus();
  });

  root.querySelector<HTMLButtonElement>("[data-logout]")?.addEventListener("click", async (event) => {
    const button = event.currentTarget as HTMLButtonElement;
    button.disabled = true;
    try {
      await fetch("/api/logout", { method: "POST", credentials: "same-origin" });
    } catch (error) {
      // Signed out locally even when the server cannot be reached; the cookies expire on their own.
      console.error(error);
    } finally {
      clearSignedInUser();
      window.location.assign("/login");
    }
  });
}
