import { fromWireDate } from "@portal/domain";

/**
 * Date helpers of the planning screens (spec, Academic planning §5 "Validation rules", §9): the API speaks
 * DD/MM/YYYY, the browser's date fields YYYY-MM-DD, the screen shows DD-MM-YYYY.
 */

/** DD/MM/YYYY (the wire) as ISO, or "" when it is not a date. */
export function isoOf(wire: string): string {
  return fromWireDate(wire) ?? "";
}

/** DD/MM/YYYY (the wire) shown DD-MM-YYYY (§9 display format). */
export function displayWire(wire: string): string {
  return wire.replaceAll("/", "-");
}
