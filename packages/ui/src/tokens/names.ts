/** Prefix of every custom property of the theme contract: `--portal-<group>-<token>`. */
export const TOKEN_PREFIX = "portal";

/**
 * Name of the custom property that holds one token, e.g. `tokenVarName(["color", "primary"])`
 * is `--portal-color-primary`. Stable names let the server set overrides inline on `<html>`.
 */
export function tokenVarName(path: readonly string[]): string {
  return `--${TOKEN_PREFIX}-${path.join("-")}`;
}
