import type { CatalogueEntry } from "../types.ts";
import { actionEntries } from "./actions.tsx";
import { dataEntries } from "./data.tsx";
import { feedbackEntries } from "./feedback.tsx";
import { formEntries } from "./forms.tsx";
import { shellEntries } from "./shell.tsx";

/**
 * Every component of the package, by group; each group is its own file so that new states or
 * components are added in one place. A component exported by src/index.ts and missing here is a gap.
 */
export const entries: readonly CatalogueEntry[] = [
  ...shellEntries,
  ...actionEntries,
  ...formEntries,
  ...dataEntries,
  ...feedbackEntries,
];
