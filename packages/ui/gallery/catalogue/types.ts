import type { ReactNode } from "react";

/** The catalogue's languages: English, and Hindi to see Devanagari text and its lengths. */
export type CatalogueLang = "en" | "hi";

/** Picks the text of the page's language (the package holds no texts; a screen passes them translated). */
export type Text = (english: string, hindi: string) => string;

/** One state of a component (default, loading, empty, error, disabled, selected, ...). */
export type CatalogueState = {
  /** Part of the address `#<component>/<state>`; lower case, no spaces. */
  id: string;
  label: string;
  render: (t: Text) => ReactNode;
};

/** A component of the package with its states, as one catalogue section. */
export type CatalogueEntry = {
  /** Part of the address `#<component>/<state>`, e.g. `data-table`. */
  id: string;
  /** The exports shown, e.g. `DataTable`. */
  title: string;
  states: readonly CatalogueState[];
};
