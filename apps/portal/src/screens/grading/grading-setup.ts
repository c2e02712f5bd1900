/**
 * The editing rules of the Grading Setting modal (spec §2 Grading; §3 grade range, master component;
 * §4 grade and component rows; §5 grade letters, 'upper - lower' numbers, component repeats,
 * sub-component count 1-8; §9 component names, default first component Quiz weight 20). Pure: the
 * editors keep drafts as typed (text) and these functions turn them into the domain's shapes, checked
 * with the domain's zod schemas, so the browser refuses what the server refuses.
 */
import type { MasterComponentsAnswer } from "@portal/api-client";
import {
  COMPONENT_NAMES,
  type ComponentDefinition,
  componentsProblem,
  DEFAULT_FIRST_COMPONENT,
  GRADING_MESSAGES,
  type GradeBand,
  generateSubComponents,
  MAX_SUB_COMPONENTS,
  MIN_SUB_COMPONENTS,
  ZComponents,
  ZGradeBand,
  ZGradeBands,
} from "@portal/domain";

// ---------------------------------------------------------------- grade ranges

/** A grade row as its inputs hold it: letter, grade point and the range as 'upper - lower'. */
export type BandDraft = { letterGrade: string; gradePoint: string; range: string };

/**
 * spec §5: a number typed into a grade range; anything that is not a number becomes 0
 * ("", "abc", "1e400" too).
 */
export function numberOrZero(text: string): number {
  const trimmed = text.trim();
  if (trimmed === "") return 0;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : 0;
}

/** The 'upper - lower' text of a band, e.g. "100 - 80". */
export function rangeText(band: Pick<GradeBand, "upper" | "lower">): string {
  return `${band.upper} - ${band.lower}`;
}

/**
 * spec §5: reads 'upper - lower' ("100 - 80"); each side that is not a number becomes 0, and a
 * missing side too ("90" is upper 90, lower 0).
 */
export function parseRange(text: string): { upper: number; lower: number } {
  const [upper = "", lower = ""] = text.split("-");
  return { upper: numberOrZero(upper), lower: numberOrZero(lower) };
}

/** The draft of a stored band. */
export function toBandDraft(band: GradeBand): BandDraft {
  return { letterGrade: band.letterGrade, gradePoint: String(band.gradePoint), range: rangeText(band) };
}

/**
 * A row's Done: the band of `draft`, or the first message of the domain's ZGradeBand (e.g. 'The Grade
 * Should be in A,B,C or F Only', spec §5) and the field it is about.
 */
export function bandFromDraft(
  draft: BandDraft,
): { band: GradeBand; problem: null } | { band: null; problem: { field: keyof BandDraft; message: string } } {
  const { upper, lower } = parseRange(draft.range);
  const parsed = ZGradeBand.safeParse({
    letterGrade: draft.letterGrade.trim(),
    gradePoint: numberOrZero(draft.gradePoint),
    lower,
    upper,
  });
  if (parsed.success) {
    if (!(parsed.data.upper > parsed.data.lower)) {
      return {
        band: null,
        problem: { field: "range", message: GRADING_MESSAGES.rangeOrder(parsed.data.letterGrade) },
      };
    }
    return { band: parsed.data as GradeBand, problem: null };
  }
  const issue = parsed.error.issues[0];
  const key = issue?.path[0];
  const field: keyof BandDraft =
    key === "letterGrade" ? "letterGrade" : key === "gradePoint" ? "gradePoint" : "range";
  return { band: null, problem: { field, message: issue?.message ?? GRADING_MESSAGES.gradeLetter } };
}

/**
 * The Save of the grade table: the message of the domain's ZGradeBands (repeated letter, overlap,
 * gap, order) for the whole list, or null when it may be saved.
 */
export function bandsProblem(bands: readonly GradeBand[]): string | null {
  const parsed = ZGradeBands.safeParse(bands);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/** Bands best first (highest upper limit first), as the grade table lists them. */
export function sortBands(bands: readonly GradeBand[]): GradeBand[] {
  return [...bands].sort((a, b) => b.upper - a.upper || b.lower - a.lower);
}

// ---------------------------------------------------------------- components

/** A sub-component as its inputs hold it; `subComponentid` null until saved. */
export type SubComponentDraft = {
  subComponentid: string | null;
  subComponentName: string;
  weightagePercent: string;
  totalMarks: string;
};

/** A component as its inputs hold it; `isNew` until saved (spec §4: new rows are flagged new). */
export type ComponentDraft = {
  componentId: string | null;
  componentName: string;
  weightagePercent: string;
  subComponents: SubComponentDraft[];
  isNew: boolean;
};

function newSubs(componentName: string, count: number): SubComponentDraft[] {
  return generateSubComponents(componentName, count).map((s) => ({
    subComponentid: null,
    subComponentName: s.subComponentName,
    weightagePercent: String(s.weightagePercent),
    totalMarks: String(s.totalMarks),
  }));
}

/** spec §9: the first component of a course offering without components: Quiz, weight 20, one sub-component. */
export function defaultFirstComponent(): ComponentDraft {
  return {
    componentId: null,
    componentName: DEFAULT_FIRST_COMPONENT.componentName,
    weightagePercent: String(DEFAULT_FIRST_COMPONENT.weightagePercent),
    subComponents: newSubs(DEFAULT_FIRST_COMPONENT.componentName, 1),
    isNew: true,
  };
}

/** The drafts of the stored components; none stored gives the default first component (spec §9). */
export function componentDrafts(components: MasterComponentsAnswer["components"]): ComponentDraft[] {
  if (components.length === 0) return [defaultFirstComponent()];
  return components.map((c) => ({
    componentId: c.componentId,
    componentName: c.componentName,
    weightagePercent: String(c.weightagePercent),
    isNew: false,
    subComponents: c.subComponents.map((s) => ({
      subComponentid: s.subComponentid,
      subComponentName: s.subComponentName,
      weightagePercent: String(s.subcompWeightageCompPercent),
      totalMarks: String(s.totalMarks),
    })),
  }));
}

/**
 * spec §5: the names a component row may take: the spec's list (§9) without those other rows use
 * (a component is never repeated); the row's own name stays offered.
 */
export function availableNames(drafts: readonly ComponentDraft[], own?: string): string[] {
  const used = new Set(drafts.map((d) => d.componentName).filter((n) => n !== own));
  return COMPONENT_NAMES.filter((n) => !used.has(n));
}

/** A new component row: the first unused name, weight 0, one sub-component of weight 0; null when all are used. */
export function nextComponent(drafts: readonly ComponentDraft[]): ComponentDraft | null {
  if (drafts.length === 0) return defaultFirstComponent();
  const name = availableNames(drafts)[0];
  if (!name) return null;
  return {
    componentId: null,
    componentName: name,
    weightagePercent: "0",
    subComponents: newSubs(name, 1),
    isNew: true,
  };
}

/**
 * spec §5: the sub-component count typed for a component: a whole number from 1 to 8, else the
 * domain's message ('A component has 1 to 8 sub-components').
 */
export function subCountProblem(text: string): string | null {
  const n = Number(text.trim());
  return Number.isInteger(n) && n >= MIN_SUB_COMPONENTS && n <= MAX_SUB_COMPONENTS && text.trim() !== ""
    ? null
    : GRADING_MESSAGES.subComponentCount;
}

/**
 * spec §4: the component with `count` sub-components. Saved sub-components are kept (they are
 * removed with their delete, which removes their marks); new ones are generated with weight 0
 * ("Name k") or dropped from the end. A count below the saved ones keeps the saved ones.
 */
export function withSubCount(draft: ComponentDraft, count: number): ComponentDraft {
  const saved = draft.subComponents.filter((s) => s.subComponentid !== null);
  const target = Math.min(MAX_SUB_COMPONENTS, Math.max(MIN_SUB_COMPONENTS, Math.trunc(count), saved.length));
  const subs = draft.subComponents.slice(0, Math.max(target, saved.length));
  const names = new Set(subs.map((s) => s.subComponentName.toLowerCase()));
  let k = 1;
  while (subs.length < target) {
    const name = `${draft.componentName} ${k++}`;
    if (names.has(name.toLowerCase())) continue;
    names.add(name.toLowerCase());
    subs.push({ subComponentid: null, subComponentName: name, weightagePercent: "0", totalMarks: "100" });
  }
  return { ...draft, subComponents: subs };
}

/** A new row renamed: its generated sub-components follow the name ("Quiz 1" becomes "Essays 1"). */
export function renamed(draft: ComponentDraft, componentName: string): ComponentDraft {
  if (!draft.isNew) return { ...draft, componentName };
  return { ...draft, componentName, subComponents: newSubs(componentName, draft.subComponents.length) };
}

/** Sum of typed weights (non-numbers count 0), to 2 decimals, for the running totals. */
export function weightSum(weights: readonly string[]): number {
  let s = 0;
  for (const w of weights) s += numberOrZero(w);
  return Math.round(s * 100) / 100;
}

/** The domain definitions of the drafts (numbers as typed; the schema refuses non-numbers). */
export function toDefinitions(drafts: readonly ComponentDraft[]) {
  return drafts.map((d) => ({
    componentName: d.componentName,
    weightagePercent: d.weightagePercent.trim() === "" ? Number.NaN : Number(d.weightagePercent),
    subComponents: d.subComponents.map((s) => ({
      subComponentName: s.subComponentName,
      weightagePercent: s.weightagePercent.trim() === "" ? Number.NaN : Number(s.weightagePercent),
      totalMarks: s.totalMarks.trim() === "" ? Number.NaN : Number(s.totalMarks),
    })),
  }));
}

/**
 * The Save of the component editor: the first problem of the domain's ZComponents (name from the
 * list, weights 0-100, 1 to 8 sub-components, no repeated component or sub-component, component
 * weights total 100 and each component's sub-component weights total 100), or null.
 */
export function componentsFormProblem(drafts: readonly ComponentDraft[]): string | null {
  const parsed = ZComponents.safeParse(toDefinitions(drafts));
  if (parsed.success) return null;
  // The whole-set rule's message is the clearest (repeats, totals); field rules come first otherwise.
  const set = componentsProblem(toDefinitions(drafts) as ComponentDefinition[]);
  const fieldIssue = parsed.error.issues.find((i) => i.code !== "custom");
  return fieldIssue?.message ?? set ?? parsed.error.issues[0]?.message ?? null;
}

/** The body items of the components save (spec §3 master component wire names). */
export function toComponentsWire(drafts: readonly ComponentDraft[]) {
  return toDefinitions(drafts).map((c, ci) => ({
    componentId: drafts[ci]?.componentId ?? null,
    componentName: c.componentName,
    weightagePercent: c.weightagePercent,
    subComponents: c.subComponents.map((s, si) => ({
      subComponentid: drafts[ci]?.subComponents[si]?.subComponentid ?? null,
      subComponentName: s.subComponentName,
      subcompWeightageCompPercent: s.weightagePercent,
      totalMarks: s.totalMarks,
    })),
  }));
}
