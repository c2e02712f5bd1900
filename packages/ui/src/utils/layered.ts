import { type ComplexStyleRule, type GlobalStyleRule, globalStyle, style } from "@vanilla-extract/css";
import { componentsLayer } from "../tokens/layers.css.ts";

type LayerRule = Exclude<ComplexStyleRule, string | readonly unknown[]> & { "@layer"?: never };

/**
 * Style helpers for `*.css.ts` files (functions cannot be exported from a `.css.ts` file itself).
 */

/** A class whose rules sit in the components cascade layer. Call only from `*.css.ts` files. */
export function layered(rule: LayerRule, debugId?: string): string {
  return style({ "@layer": { [componentsLayer]: rule } } as ComplexStyleRule, debugId);
}

/** Classes for each variant, all in the components layer. Call only from `*.css.ts` files. */
export function layeredVariants<K extends string>(
  map: Record<K, LayerRule>,
  debugId?: string,
): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const key of Object.keys(map) as K[]) {
    out[key] = layered(map[key], debugId ? `${debugId}_${key}` : key);
  }
  return out;
}

/** A global rule (e.g. `${root} svg`) in the components layer. Call only from `*.css.ts` files. */
export function layeredGlobal(selector: string, rule: GlobalStyleRule): void {
  globalStyle(selector, { "@layer": { [componentsLayer]: rule } } as GlobalStyleRule);
}
