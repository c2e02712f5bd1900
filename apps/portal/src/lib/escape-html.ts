/**
 * Text or an attribute value escaped for HTML, as Astro escapes an expression (`&`, `<`, `>`, `"`,
 * `'`). A module of its own, without styles or messages, so that both the shell's kept fragments
 * (shell/shell-fragments.ts) and the Node entry's kept pages (node/kept-pages.ts) take only this.
 */
export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}
