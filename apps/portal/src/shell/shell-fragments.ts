import { isPortalRole, type Locale, PORTAL_ROLES } from "@portal/domain";
import { escapeHtml } from "../lib/escape-html.ts";
import { AVAILABLE_SCREENS, containsEntry, type MenuEntry, visibleCards, visibleMenu } from "./menu.ts";
import * as s from "./shell.css.ts";

/**
 * The parts of the application shell (layouts/AppLayout.astro) that depend only on the user's roles,
 * the interface language and the page's menu entry, as HTML: the side menu's entries (`nav`, the
 * items of its list) and the apps popover's cards (`apps`, the items of its grid). Each combination
 * is rendered once per process and kept (docs/performance.md, "The signed-in page as cheap as its
 * data"): every page request otherwise formatted the same few dozen labels and links again. The
 * key holds everything the HTML is made of that can differ between requests, so one role's or one
 * language's menu is never served to another; the menu, the route table, the role table and the
 * message catalogue are code, so a change to them takes effect when the portal restarts. The theme
 * is not part of these fragments (it only sets attributes of the document, layouts/BaseLayout.astro).
 */
export type ShellFragments = { nav: string; apps: string };

/** At most this many combinations are kept (3 roles × 3 languages × every menu entry is far fewer). */
export const SHELL_FRAGMENTS_KEPT = 4_096;

const kept = new Map<string, ShellFragments>();

/** The roles that decide what the shell shows (portal roles only, in the role table's order). */
function shellRoles(roles: readonly string[]): string[] {
  const held = new Set(roles.filter(isPortalRole));
  return PORTAL_ROLES.filter((role) => held.has(role));
}

/** The single letter shown for an entry while the drawer is collapsed. */
function badge(label: string): string {
  return label.trim().charAt(0).toUpperCase();
}

function link(entry: MenuEntry, current: boolean): string {
  const label = escapeHtml(entry.label());
  return `<a class="${s.navLink}" href="${escapeHtml(entry.href ?? "")}" title="${label}"${current ? ' aria-current="page"' : ""}><span aria-hidden="true" class="${s.navBadge}">${escapeHtml(badge(entry.label()))}</span><span class="${s.navText}">${label}</span></a>`;
}

function renderNav(menu: readonly MenuEntry[], activeMenu: string): string {
  return menu
    .map((entry) => {
      if (!entry.children) return `<li>${link(entry, entry.id === activeMenu)}</li>`;
      const label = escapeHtml(entry.label());
      const groupId = escapeHtml(`menu-group-${entry.id}`);
      const children = entry.children
        .map((child) => `<li>${link(child, containsEntry(child, activeMenu))}</li>`)
        .join("");
      return `<li><span class="${s.navGroupLabel}" id="${groupId}" title="${label}"><span aria-hidden="true" class="${s.navBadge}">${escapeHtml(badge(entry.label()))}</span><span class="${s.navText}">${label}</span></span><ul class="${s.navList}" aria-labelledby="${groupId}">${children}</ul></li>`;
    })
    .join("");
}

function renderApps(roles: readonly string[]): string {
  return visibleCards(roles, AVAILABLE_SCREENS)
    .map(
      (card) =>
        `<li><a class="${s.appCard}" href="${escapeHtml(card.href ?? "")}">${escapeHtml(card.title())}<span class="${s.appCardMuted}">${escapeHtml(card.text())}</span></a></li>`,
    )
    .join("");
}

/**
 * The shell's side menu and apps cards for a user holding `roles`, in `locale`, with the entry
 * `activeMenu` (a menu entry id, shell/routes.ts `menu`) marked current. Call it while rendering in
 * `locale` (the request's scope, src/middleware.ts): the labels are formatted in the current
 * language. Kept per (roles, locale, activeMenu); at most {@link SHELL_FRAGMENTS_KEPT} are kept,
 * past that each call renders afresh.
 */
export function shellFragments(roles: readonly string[], locale: Locale, activeMenu: string): ShellFragments {
  const own = shellRoles(roles);
  const key = `${locale}\u0000${own.join(",")}\u0000${activeMenu}`;
  const found = kept.get(key);
  if (found) return found;
  const fragments = { nav: renderNav(visibleMenu(own), activeMenu), apps: renderApps(own) };
  if (kept.size < SHELL_FRAGMENTS_KEPT) kept.set(key, fragments);
  return fragments;
}
