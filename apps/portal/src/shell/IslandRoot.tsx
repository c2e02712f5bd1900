import {
  type ApiClient,
  ApiError,
  configQueryOptions,
  createApiClient,
  type PublicConfig,
} from "@portal/api-client";
import type { Locale } from "@portal/domain";
import { ErrorFallback, LazyToastProvider, Loader, useToast } from "@portal/ui";
import { QueryCache, QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import {
  Component,
  createContext,
  type ErrorInfo,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from "react";
import { m } from "../lib/i18n.ts";
import { type FirstQueryState, seedFirstQueries } from "./first-query-state.ts";
import { takeFlash } from "./flash.ts";
import * as styles from "./island-root.css.ts";
import { loginAddress } from "./return-path.ts";
import { clearSignedInUser, hasLoginFlag } from "./session-storage.ts";

/** Toasts of the island (top right, 5 s; spec §8, §9): `const toast = useToast(); toast.success(text)`. */
export { type ToastApi, useToast } from "@portal/ui";
export type { FirstQuery, FirstQueryState } from "./first-query-state.ts";

/** Base of the API before the configuration names it (same origin as the portal). */
const DEFAULT_API_BASE = "/api";

const ApiContext = createContext<ApiClient | null>(null);
const ConfigContext = createContext<PublicConfig | null>(null);
const LocaleContext = createContext<Locale>("en");

/** The API client of the surrounding island (configured from GET /api/config). */
export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error("useApi must be used inside IslandRoot");
  return api;
}

/** The loaded public configuration (spec §3 Configuration). */
export function useConfig(): PublicConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error("useConfig must be used inside IslandRoot");
  return config;
}

/** The page's interface language (en, de or hi), as the server rendered it. */
export function useLocale(): Locale {
  return useContext(LocaleContext);
}

const noSubscription = () => () => {};

/**
 * Whether the island runs in the browser with its handlers attached: false on the server and while
 * React hydrates the server's HTML (so both render alike), true from the render after hydration (and
 * at once when the island mounts without server HTML, as in tests).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

type Navigate = (url: string) => void;

const defaultNavigate: Navigate = (url) => window.location.assign(url);

const NavigateContext = createContext<Navigate>(defaultNavigate);

/** Page navigation of the island (`window.location.assign` unless IslandRoot was given another). */
export function useNavigate(): Navigate {
  return useContext(NavigateContext);
}

/**
 * Ends the browser session (spec §8 refresh_token_expired, spec §2 missing login flag): go to login,
 * which returns to the current page after sign-in (`/login?next=...`, shell/return-path.ts).
 */
export function goToLogin(navigate: Navigate = defaultNavigate): void {
  clearSignedInUser();
  const here = typeof window === "undefined" ? "" : `${window.location.pathname}${window.location.search}`;
  navigate(loginAddress(here));
}

export type IslandRootProps = {
  /** The page's language; pass the locale the page was rendered in. */
  locale: Locale;
  /**
   * Whether the island needs a signed-in user (default true): after the configuration loads, a
   * missing login flag in local storage sends the user to /login (spec §2). The login island passes false.
   */
  requireLogin?: boolean;
  /**
   * The public configuration as the server already holds it (`Astro.locals.config`). Given, the
   * island needs no GET /api/config before it can render, on the server or in the browser; absent
   * (or null), it loads the configuration itself with a loader meanwhile (spec §2).
   */
  config?: PublicConfig | null;
  /**
   * The screen's first queries as the server fetched them (`islandProps` in src/lib/first-query.ts):
   * they are in the cache from the first render, on the server and in the browser, so the first
   * page's rows are in the server's HTML and hydration asks the API nothing. Dated at hydration.
   * Either the state or its JSON text, which is how pages pass it: Astro then serialises one string
   * into the island's props instead of walking every row (docs/performance.md).
   */
  firstQueries?: FirstQueryState | string | null;
  /**
   * Whether the server rendered the page for a signed-in user (`Astro.locals.user`). Then the
   * screen renders at once instead of a loader until the stored login flag is read; a browser
   * without the flag is still sent to /login after mount (spec §2).
   */
  signedIn?: boolean;
  /** The fetch of the API client (default: the browser's). For tests and embedding. */
  fetch?: (request: Request) => Promise<Response>;
  /** How the island changes page (default `window.location.assign`). For tests and embedding. */
  navigate?: Navigate;
  children: ReactNode;
};

/**
 * The props of a screen island as its page passes them: `{...await islandProps(Astro, firstQuery)}`
 * (src/lib/first-query.ts) gives locale, search, config, signedIn and firstQueries.
 */
export type ScreenIslandProps = Pick<
  IslandRootProps,
  "locale" | "config" | "firstQueries" | "signedIn" | "fetch" | "navigate"
> & {
  /** The request's query string (`Astro.url.search`), so the server and the browser agree. */
  search: string;
};

/**
 * The wrapper every screen island renders inside: TanStack Query (seeded with the server's first
 * queries, `firstQueries`), the configuration (loaded from GET /api/config unless the server gave it;
 * a loader until then, 'Error getting config' on failure, spec §2 and §8), the API client
 * (`useApi`), the toaster (`useToast`, loaded on the first toast), the locale (`useLocale`) and an
 * error boundary whose fallback reads 'An error occurred: {message}' with a Try again button that
 * reloads (spec §8).
 *
 * Fast first load for a screen (docs/performance.md, "First query on the server"): declare its
 * first query beside it (a {@link FirstQuery} using the screen's own `...QueryOptions` and address
 * parser), and in its page pass `{...await islandProps(Astro, thatFirstQuery)}` to the island, which
 * hands them to IslandRoot. The server then renders the rows and the browser does not ask again.
 *
 * Inert until hydrated: the server's HTML shows the screen's controls before their handlers exist,
 * and a click, a typed letter or a chosen option there would be lost (or, in a form, sent natively).
 * So the island sits in a borderless `<fieldset disabled>` (laid out as if absent) until it has
 * hydrated: its buttons, inputs and selects show and act disabled, and are enabled with their
 * handlers. Links keep working: they navigate without script.
 */
export function IslandRoot({
  locale,
  requireLogin = true,
  config,
  firstQueries,
  signedIn = false,
  fetch,
  navigate = defaultNavigate,
  children,
}: IslandRootProps) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    const state =
      typeof firstQueries === "string" ? (JSON.parse(firstQueries) as FirstQueryState) : firstQueries;
    if (state) seedFirstQueries(client, state, Date.now());
    return client;
  });
  const makeClient = useMemo(() => clientFactory({ fetch, navigate }), [fetch, navigate]);
  const bootstrapApi = useMemo(() => makeClient(DEFAULT_API_BASE), [makeClient]);
  const hydrated = useHydrated();
  return (
    <fieldset className={styles.controls} disabled={!hydrated} aria-busy={hydrated ? undefined : true}>
      <LocaleContext.Provider value={locale}>
        <NavigateContext.Provider value={navigate}>
          <ErrorBoundary>
            <QueryClientProvider client={queryClient}>
              <LazyToastProvider closeLabel={m.shell_dismiss()}>
                <ConfigGate
                  bootstrapApi={bootstrapApi}
                  makeClient={makeClient}
                  requireLogin={requireLogin}
                  signedIn={signedIn}
                  initialConfig={config ?? undefined}
                >
                  <FlashToast />
                  {children}
                </ConfigGate>
              </LazyToastProvider>
            </QueryClientProvider>
          </ErrorBoundary>
        </NavigateContext.Provider>
      </LocaleContext.Provider>
    </fieldset>
  );
}

/**
 * Shows the confirmation a save left before it navigated here (shell/flash.ts) as a success toast,
 * once, after mount.
 */
function FlashToast() {
  const toast = useToast();
  useEffect(() => {
    const text = takeFlash();
    if (text !== null) toast.success(text);
  }, [toast]);
  return null;
}

type MakeClient = (baseUrl: string, refreshUrl?: string) => ApiClient;

/** Builds API clients for the page's origin (relative bases resolve against `location`). */
function clientFactory(options: {
  fetch: ((request: Request) => Promise<Response>) | undefined;
  navigate: Navigate;
}): MakeClient {
  const absolute = (url: string) =>
    typeof window === "undefined" ? url : new URL(url, window.location.origin).href.replace(/\/$/, "");
  return (baseUrl, refreshUrl) =>
    createApiClient({
      baseUrl: absolute(baseUrl),
      ...(refreshUrl ? { refreshUrl: absolute(refreshUrl) } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
      onSessionExpired: () => goToLogin(options.navigate),
    });
}

function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      // spec §8: a failed call is logged.
      onError: (error) => console.error(error),
    }),
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        // Client errors (4xx) are answers, not accidents: do not repeat them.
        retry: (failures, error) =>
          failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

function ConfigGate({
  bootstrapApi,
  makeClient,
  requireLogin,
  signedIn,
  initialConfig,
  children,
}: {
  bootstrapApi: ApiClient;
  makeClient: MakeClient;
  requireLogin: boolean;
  signedIn: boolean;
  initialConfig: PublicConfig | undefined;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const config = useQuery({ ...configQueryOptions(bootstrapApi), initialData: initialConfig });
  const api = useMemo(
    () => (config.data ? makeClient(config.data.apiBaseUrl || DEFAULT_API_BASE, config.data.tokenUrl) : null),
    [config.data, makeClient],
  );
  // The stored login flag lives in the browser only, so it is read after mount: the server and the
  // first browser render agree, and a missing flag sends the user to login (spec §2). When the
  // server knew the user signed in, both render the screen at once; otherwise both show a loader.
  const [flagChecked, setFlagChecked] = useState(!requireLogin || signedIn);
  const loaded = config.isSuccess;
  useEffect(() => {
    if (!requireLogin || !loaded) return;
    if (hasLoginFlag()) setFlagChecked(true);
    else goToLogin(navigate);
  }, [requireLogin, loaded, navigate]);

  if (config.isError) {
    return (
      <p role="alert" className={styles.configError}>
        {m.shell_config_error()}
      </p>
    );
  }
  if (!config.data || !api || !flagChecked) {
    return <Loader variant="block" label={m.shell_loading()} />;
  }
  return (
    <ConfigContext.Provider value={config.data}>
      <ApiContext.Provider value={api}>{children}</ApiContext.Provider>
    </ConfigContext.Provider>
  );
}

type BoundaryState = { error: Error | null };

/** Page fallback of spec §8: 'An error occurred: {message}' and Try again, which reloads the page. */
class ErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <ErrorFallback
        className={styles.fallback}
        message={m.shell_error_fallback({
          message: this.state.error.message || m.shell_something_went_wrong(),
        })}
        retryLabel={m.shell_try_again()}
        onRetry={() => window.location.reload()}
      />
    );
  }
}
