import type { PublicConfig } from "@portal/api-client";
import { themeColorOverridesCss } from "@portal/ui";

const computed = new WeakMap<PublicConfig, string>();

/**
 * The custom properties that carry the configuration's primary and secondary colours (spec §3
 * Configuration), as an inline `style` value ("" without a configuration). Worked out once per
 * configuration object: the server hands every page the same one (server.ts), so the colour
 * arithmetic (contrast, shades) runs once per process, not once per page.
 */
export function configColoursCss(config: PublicConfig | null): string {
  if (!config) return themeColorOverridesCss(null, null);
  let css = computed.get(config);
  if (css === undefined) {
    css = themeColorOverridesCss(config.primaryColor, config.secondaryColor);
    computed.set(config, css);
  }
  return css;
}
