/**
 * The component catalogue: every component of @portal/ui in its states (loading, empty, error,
 * disabled, selected, ...), each addressable. The address says what to show:
 *
 * - `catalogue.html`: every component and state on one page, with an index of links;
 * - `#<component>/<state>` (e.g. `#data-table/selected`): that state alone; `#<component>`: its states;
 * - `?theme=dark` the dark theme (default light), `?lang=hi` the Hindi texts (default English).
 *
 * scripts/a11y-browser.ts runs axe on every state in the light theme and on the whole catalogue in
 * the dark theme and in Hindi. The records shown are illustrations of the components, not product data.
 */
import { Fragment, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import * as UI from "../../src/index.ts";
import { entries } from "./entries/index.ts";
import type { CatalogueEntry, CatalogueLang, Text } from "./types.ts";

const params = new URLSearchParams(window.location.search);
const lang: CatalogueLang = params.get("lang") === "hi" ? "hi" : "en";
const t: Text = (english, hindi) => (lang === "hi" ? hindi : english);

function useHash(): string {
  const [hash, setHash] = useState(() => decodeURIComponent(window.location.hash.slice(1)));
  useEffect(() => {
    const onChange = () => setHash(decodeURIComponent(window.location.hash.slice(1)));
    window.addEventListener("hashchange", onChange);
    return () => window.removeEventListener("hashchange", onChange);
  }, []);
  return hash;
}

function Section({ entry, only }: { entry: CatalogueEntry; only?: string }) {
  const states = only ? entry.states.filter((s) => s.id === only) : entry.states;
  return (
    <section aria-labelledby={`${entry.id}-title`} style={{ display: "grid", gap: 12 }}>
      <h2 id={`${entry.id}-title`}>{entry.title}</h2>
      {states.map((state) => (
        <article
          key={state.id}
          id={`${entry.id}--${state.id}`}
          data-state={`${entry.id}/${state.id}`}
          aria-labelledby={`${entry.id}--${state.id}-title`}
          style={{ display: "grid", gap: 8 }}
        >
          <h3 id={`${entry.id}--${state.id}-title`}>
            <a href={`#${entry.id}/${state.id}`}>{state.label}</a>
          </h3>
          <div>{state.render(t)}</div>
        </article>
      ))}
    </section>
  );
}

function Catalogue() {
  const hash = useHash();
  const [componentId, stateId] = hash.split("/");
  const selected = entries.find((e) => e.id === componentId);
  return (
    <main id="main" style={{ padding: 24, display: "grid", gap: 24, maxWidth: 1100 }}>
      <h1>{t("@portal/ui catalogue", "@portal/ui कैटलॉग")}</h1>
      <nav aria-label={t("Components", "घटक")}>
        <ul style={{ columns: 3, margin: 0 }}>
          {entries.map((entry) => (
            <li key={entry.id}>
              <a href={`#${entry.id}`}>{entry.title}</a>{" "}
              {entry.states.map((state, i) => (
                <Fragment key={state.id}>
                  {i === 0 ? "(" : ", "}
                  <a href={`#${entry.id}/${state.id}`} data-state-link={`${entry.id}/${state.id}`}>
                    {state.id}
                  </a>
                  {i === entry.states.length - 1 ? ")" : ""}
                </Fragment>
              ))}
            </li>
          ))}
        </ul>
      </nav>
      {selected ? (
        <Section entry={selected} {...(stateId ? { only: stateId } : {})} />
      ) : (
        entries.map((entry) => <Section key={entry.id} entry={entry} />)
      )}
    </main>
  );
}

const root = document.documentElement;
root.className = params.get("theme") === "dark" ? UI.darkTheme : UI.lightTheme;
root.lang = lang;
const container = document.getElementById("root");
if (!container) throw new Error("gallery/catalogue.html has no #root element");
createRoot(container).render(
  <UI.ToastProvider>
    <Catalogue />
  </UI.ToastProvider>,
);
