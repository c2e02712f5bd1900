/**
 * The avatar's initials of a user's display name (spec §2 Application shell, the avatar menu): the
 * first letter of its first two words, upper-cased, or "?" for an empty name. Used by the shell
 * (layouts/AppLayout.astro) and by the Node entry when it fills a kept page in (node/kept-pages.ts).
 */
export function initialsOf(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase() ?? "")
      .join("") || "?"
  );
}
