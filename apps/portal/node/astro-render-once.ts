/**
 * Work Astro's page renderer (astro 7.3) repeats on every request for the same result, done once
 * instead (docs/performance.md, "The signed-in page as cheap as its data"). A Vite transform of
 * Astro's own runtime as the build bundles it, like the zod switch in astro.config.mjs; each edit
 * names the exact source it replaces, and the build fails when an Astro upgrade changed it (then
 * check whether the upgrade still needs it).
 *
 * - `generateCspDigest`: the SHA-256 of each inline script and style of a page, for its
 *   Content-Security-Policy header, was hashed again (on the thread pool) for every page request;
 *   the inputs are the build's few scripts and styles, so each digest is kept once made (at most
 *   {@link CSP_DIGESTS_KEPT}; past that they are made per call as before).
 * - An island's props were serialised twice per render: once into the island's id (a short hash of
 *   its HTML and its serialised props) and once into its `props` attribute. Now once, before the
 *   island renders, and the id hashes the component and its serialised props only: the HTML
 *   follows from them, so ids stay as distinct as before, and the HTML of a long table is no longer
 *   walked a second time.
 * - Before rendering an island, Astro asked each renderer whether the component was its own, which
 *   for React means rendering the component's top once more; with one renderer (React) a hydrated
 *   island is React's, so it is rendered at once.
 * - An island marked as rendering from its props alone keeps its server HTML per serialised props
 *   ({@link ISLAND_HTML_KEPT}).
 * - An island's id (a hash of its component and serialised props) and its props escaped for the
 *   `props` attribute are kept per serialised props of at least {@link LONG_PROPS} characters
 *   ({@link ISLAND_PROPS_KEPT}): the same rows asked again (16 KB of props for the list's 25) are
 *   neither hashed nor escaped again. Both follow from the props alone, so the page is unchanged.
 */

import { PURE_SERVER_RENDER } from "../src/shell/pure-server-render.ts";

/** Digests kept by the patched `generateCspDigest` (a page's inline scripts and styles: a few dozen). */
export const CSP_DIGESTS_KEPT = 256;

/**
 * Server HTML kept per island marked with `markPureServerRender` (src/shell/pure-server-render.ts),
 * keyed by its serialised props (pages, filters, languages) and its place on the page (React's id
 * prefix), the oldest dropped first: a page asked again with the same rows renders no React.
 */
export const ISLAND_HTML_KEPT = 64;

/** Serialised props kept with their island ids and escaped form, the oldest dropped first. */
export const ISLAND_PROPS_KEPT = 64;

/** Serialised props shorter than this (characters) are hashed and escaped per render, as before. */
export const LONG_PROPS = 2048;

/** One exact replacement in one file of Astro's runtime. */
export type RuntimeEdit = { file: RegExp; from: string; to: string };

export const RENDER_ONCE_EDITS: readonly RuntimeEdit[] = [
  {
    file: /[\\/]astro[\\/]dist[\\/]core[\\/]encryption\.js$/,
    from: "async function generateCspDigest(data, algorithm) {",
    to: `const keptCspDigests = new Map();
let keptCspDigestCount = 0;
function generateCspDigest(data, algorithm) {
  let byData = keptCspDigests.get(algorithm);
  if (byData === undefined) keptCspDigests.set(algorithm, (byData = new Map()));
  const kept = byData.get(data);
  if (kept !== undefined) return kept;
  const made = makeCspDigest(data, algorithm);
  if (keptCspDigestCount < ${CSP_DIGESTS_KEPT}) {
    keptCspDigestCount++;
    byData.set(data, made);
    made.catch(() => byData.delete(data));
  }
  return made;
}
async function makeCspDigest(data, algorithm) {`,
  },
  {
    file: /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]component\.js$/,
    from: `  const astroId = shorthash(
    \`<!--\${metadata.componentExport.value}:\${metadata.componentUrl}-->
\${html}
\${serializeProps(
      props,
      metadata
    )}\`
  );
  const island = await generateHydrateScript(
    { renderer, result, astroId, props, attrs },
    metadata
  );`,
    to: `  const serializedProps = metadata.serializedProps ?? serializeProps(props, metadata);
  const astroId = keptIslandId(
    \`<!--\${metadata.componentExport.value}:\${metadata.componentUrl}-->
\`,
    serializedProps
  );
  const island = await generateHydrateScript(
    { renderer, result, astroId, props, attrs, serializedProps },
    metadata
  );`,
  },
  {
    file: /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]component\.js$/,
    from: `  const { children, slotInstructions } = await renderSlots(result, slots);
  let renderer;
  if (metadata.hydrate !== "only") {`,
    to: `  const { children, slotInstructions } = await renderSlots(result, slots);
  if (metadata.hydrate) metadata.serializedProps = serializeProps(props, metadata);
  let renderer;
  if (metadata.hydrate && metadata.hydrate !== "only" && validRenderers.length === 1) {
    renderer = validRenderers[0];
  }
  if (!renderer && metadata.hydrate !== "only") {`,
  },
  {
    file: /[\\/]@astrojs[\\/]react[\\/]dist[\\/]server\.js$/,
    from: `  const vnode = React.createElement(Component, newProps);`,
    to: `  const keepHtml =
    Component?.[Symbol.for("${PURE_SERVER_RENDER}")] === true &&
    typeof metadata?.serializedProps === "string" &&
    Object.keys(slots).length === 0 &&
    newProps.children == null &&
    formState === undefined;
  let keptByProps;
  const keptKey = keepHtml ? String(prefix) + "\\u0000" + metadata.serializedProps : "";
  if (keepHtml) {
    keptByProps = keptIslandHtml.get(Component);
    if (keptByProps === undefined) keptIslandHtml.set(Component, (keptByProps = new Map()));
    const kept = keptByProps.get(keptKey);
    if (kept !== undefined) return { html: kept, attrs };
  }
  const vnode = React.createElement(Component, newProps);`,
  },
  {
    file: /[\\/]@astrojs[\\/]react[\\/]dist[\\/]server\.js$/,
    from: `  html = html.replace(
    /<link\\s[^>]*rel="(?:preload|modulepreload|stylesheet|preconnect|dns-prefetch)"[^>]*>/g,
    ""
  );
  return { html, attrs };`,
    to: `  html = html.replace(
    /<link\\s[^>]*rel="(?:preload|modulepreload|stylesheet|preconnect|dns-prefetch)"[^>]*>/g,
    ""
  );
  if (keepHtml) {
    if (keptByProps.size >= ${ISLAND_HTML_KEPT}) keptByProps.delete(keptByProps.keys().next().value);
    keptByProps.set(keptKey, html);
  }
  return { html, attrs };`,
  },
  {
    file: /[\\/]@astrojs[\\/]react[\\/]dist[\\/]server\.js$/,
    from: `function needsHydration(metadata) {`,
    to: `const keptIslandHtml = new WeakMap();
function needsHydration(metadata) {`,
  },
  {
    file: /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]hydration\.js$/,
    from: `island.props["props"] = escapeHTML(serializeProps(props, metadata));`,
    to: `island.props["props"] = typeof scriptOptions.serializedProps === "string" ? keptEscapedProps(scriptOptions.serializedProps) : escapeHTML(serializeProps(props, metadata));`,
  },
  {
    file: /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]hydration\.js$/,
    from: `function extractDirectives(inputProps, clientDirectives) {`,
    to: `const keptEscaped = new Map();
function keptEscapedProps(serialized) {
  if (serialized.length < ${LONG_PROPS}) return escapeHTML(serialized);
  let escaped = keptEscaped.get(serialized);
  if (escaped === undefined) {
    escaped = escapeHTML(serialized);
    if (keptEscaped.size >= ${ISLAND_PROPS_KEPT}) keptEscaped.delete(keptEscaped.keys().next().value);
    keptEscaped.set(serialized, escaped);
  }
  return escaped;
}
function extractDirectives(inputProps, clientDirectives) {`,
  },
  {
    file: /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]component\.js$/,
    from: `function isFragmentComponent(Component) {`,
    to: `const keptIslandIds = new Map();
function keptIslandId(component, serializedProps) {
  if (serializedProps.length < ${LONG_PROPS}) return shorthash(component + serializedProps);
  let byComponent = keptIslandIds.get(serializedProps);
  if (byComponent === undefined) {
    if (keptIslandIds.size >= ${ISLAND_PROPS_KEPT}) keptIslandIds.delete(keptIslandIds.keys().next().value);
    keptIslandIds.set(serializedProps, (byComponent = new Map()));
  }
  let id = byComponent.get(component);
  if (id === undefined) byComponent.set(component, (id = shorthash(component + serializedProps)));
  return id;
}
function isFragmentComponent(Component) {`,
  },
];

/**
 * Applies the edits of `edits` that name the file `id` to its source `code`: the new source, or null
 * when no edit is for this file. Throws when an edit's `from` is not in the file exactly once.
 */
export function applyRuntimeEdits(code: string, id: string, edits: readonly RuntimeEdit[]): string | null {
  const mine = edits.filter((edit) => edit.file.test(id));
  if (mine.length === 0) return null;
  let out = code;
  for (const edit of mine) {
    const at = out.indexOf(edit.from);
    if (at < 0 || out.indexOf(edit.from, at + 1) >= 0) {
      throw new Error(`Astro's runtime changed: the source to replace is not in ${id} exactly once`);
    }
    out = out.slice(0, at) + edit.to + out.slice(at + edit.from.length);
  }
  return out;
}

/** The Vite plugin (astro.config.mjs): {@link RENDER_ONCE_EDITS} on Astro's runtime. */
export function astroRenderOnce() {
  return {
    name: "portal-astro-render-once",
    enforce: "pre" as const,
    transform(code: string, id: string) {
      const out = applyRuntimeEdits(code, id, RENDER_ONCE_EDITS);
      return out === null ? null : { code: out, map: null };
    },
  };
}
