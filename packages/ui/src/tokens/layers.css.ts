import { globalLayer } from "@vanilla-extract/css";

/**
 * Cascade layers of the design system, declared once and in this order: `portal-reset` (element
 * defaults), `portal-base` (themed document), `portal-components` (component styles). Application
 * styles outside any layer win over all of them without specificity tricks.
 */
export const resetLayer = globalLayer("portal-reset");
export const baseLayer = globalLayer("portal-base");
export const componentsLayer = globalLayer("portal-components");
