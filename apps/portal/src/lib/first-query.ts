import { createApiClient, type PublicConfig } from "@portal/api-client";
import { type Locale, todayIn } from "@portal/domain";
import { dehydrate, QueryClient } from "@tanstack/react-query";
import { type FirstQuery, type FirstQueryState, toFirstQueryError } from "../shell/first-query-state.ts";
import { getLocale } from "./i18n.ts";

/** What of `Astro` the helpers read: the request's address and the locals server.ts filled. */
export type PageContext = { url: URL; locals: App.Locals };

/**
 * The server's "today" (YYYY-MM-DD in the default campus zone, Asia/Kolkata) at the page request:
 * `locals.now`, the server's clock read once per request (node/page-context.ts; PORTAL_CLOCK_START
 * may start it), never the browser's. Pages hand it to islands that open on today (the Time Table,
 * the scheduler) and their first queries get the same (`FirstQueryContext.today`), so the seeded
 * answer's key is the one the island asks for. Computed per request, so a page served after
 * midnight names the new day. Without `now` (Astro's development server alone) the rendering
 * process's own clock. Docs: docs/architecture.md, "Today" from one place.
 */
export function serverToday(page: { locals: App.Locals }): string {
  return todayIn(page.locals.now ?? Date.now());
}

/**
 * Runs a screen's first query on the server (docs/performance.md, "First query on the server"), in
 * process with the signed-in user: an API client over `locals.apiFetch` (server.ts: the page
 * request's session, handed to the API without the network), a fresh QueryClient (no retries), the
 * declaration's calls, then TanStack's `dehydrate` reduced to key and data or error of each settled
 * query ({@link FirstQueryState}). A failed call never throws the page: its error goes to the island,
 * which renders its error state. Null when there is nothing to run it with (no user, no in-process
 * API: e.g. `astro dev`), and the island then asks the API itself as before.
 */
export async function runFirstQuery(
  page: PageContext,
  firstQuery: FirstQuery,
): Promise<FirstQueryState | null> {
  const apiFetch = page.locals.apiFetch;
  if (!apiFetch || !page.locals.user) return null;
  const api = createApiClient({ baseUrl: new URL("/api", page.url).href, fetch: apiFetch });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await firstQuery({
    api,
    search: page.url.search,
    today: serverToday(page),
    fetch: (options) => queryClient.fetchQuery(options).catch(() => undefined),
  });
  const dehydrated = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status !== "pending",
  });
  return {
    queries: dehydrated.queries.map(({ queryKey, state }) =>
      state.status === "error"
        ? { queryKey, error: toFirstQueryError(state.error) }
        : { queryKey, data: state.data },
    ),
  };
}

/**
 * The first queries' state as the JSON text an island's `firstQueries` takes (null stays null):
 * serialised here once, so Astro writes one string into the island's props rather than tagging
 * every value of every row, and the island's kept server HTML (node/astro-render-once.ts) is found
 * by a string compared, not a tree walked.
 */
export function toFirstQueriesText(state: FirstQueryState | null): string | null {
  return state === null ? null : JSON.stringify(state);
}

/** The props every screen island takes from its page (see `ScreenIslandProps` in IslandRoot). */
export type IslandPageProps = {
  locale: Locale;
  search: string;
  config: PublicConfig | null;
  signedIn: boolean;
  /** The first queries' state as JSON text (see `firstQueries` in IslandRoot), or null. */
  firstQueries: string | null;
};

/**
 * The props of a screen island, its first query run on the server:
 * `<Screen client:load {...await islandProps(Astro, screenFirstQuery)} />`. Without a first query
 * the island gets the same props and fetches in the browser.
 */
export async function islandProps(page: PageContext, firstQuery?: FirstQuery): Promise<IslandPageProps> {
  return {
    locale: getLocale(),
    search: page.url.search,
    config: page.locals.config ?? null,
    signedIn: Boolean(page.locals.user),
    firstQueries: firstQuery ? toFirstQueriesText(await runFirstQuery(page, firstQuery)) : null,
  };
}
