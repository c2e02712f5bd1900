import type { PagerLabels } from "@portal/ui";
import { m } from "../../lib/i18n.ts";

/**
 * Translated labels of a grid's pager (spec §2 first, previous, next, last; §9 page sizes). `nav`
 * names the pager's navigation landmark after what it pages (e.g. 'Exam pages'), so two pagers on
 * one page read apart.
 */
export function pagerLabels(nav: string): PagerLabels {
  return {
    nav,
    first: m.kit_pager_first(),
    previous: m.kit_pager_previous(),
    next: m.kit_pager_next(),
    last: m.kit_pager_last(),
    rowsPerPage: m.kit_rows_per_page(),
    all: m.kit_all(),
    range: ({ from, to, total }) => m.kit_page_summary({ from, to, total }),
    capped: ({ shown, total }) => m.kit_all_capped({ shown, total }),
  };
}
