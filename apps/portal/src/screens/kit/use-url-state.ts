import { useCallback, useEffect, useState } from "react";

/**
 * A screen state kept in the address's query. Starts from `search` (the request's query string, so
 * the server and the browser render alike); `navigate(next)` pushes a history entry when the query
 * changes, `navigate(next, true)` replaces the current one (a default filled in); the browser's Back
 * and Forward restore the state they lead to. `parse` and `serialize` must be stable (module-level)
 * functions.
 */
export function useUrlState<S>(
  search: string,
  parse: (search: string) => S,
  serialize: (state: S) => string,
): [S, (next: S, replace?: boolean) => void] {
  const [state, setState] = useState<S>(() => parse(search));
  useEffect(() => {
    const onPop = () => setState(parse(window.location.search));
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [parse]);
  const navigate = useCallback(
    (next: S, replace = false) => {
      setState(next);
      const url = `${window.location.pathname}${serialize(next)}`;
      if (url === `${window.location.pathname}${window.location.search}`) return;
      if (replace) window.history.replaceState(null, "", url);
      else window.history.pushState(null, "", url);
    },
    [serialize],
  );
  return [state, navigate];
}
