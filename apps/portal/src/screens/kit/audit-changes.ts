import { m } from "../../lib/i18n.ts";
import { auditFieldLabel } from "./audit-labels.ts";
import { formatDate, formatInstant, formatMarks, formatNumber, formatPercent } from "./format.ts";

/** An audit row's state before or after, as stored (JSON object or null). */
export type AuditState = Record<string, unknown> | null;

/** What the change list needs of an audit row: its states and the student it concerns, if any. */
export type AuditChangeSource = {
  before: AuditState;
  after: AuditState;
  student?: { id: string } | null;
};

/**
 * One changed field as people read it: its label, and its value before and after (formatted in the
 * page's language; null where the row has no value on that side, e.g. a mark entered for the first
 * time has no before).
 */
export type AuditChange = { field: string; label: string; before: string | null; after: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** Fields that only link rows to each other and say nothing a reader needs. */
const LINK_FIELDS = new Set(["revaluationRequestId", "questionPaperId", "courseOfferingId"]);

/** Marks, totals and grade points: 2 decimals. Percent units: a percentage. */
const MARK_FIELDS = new Set(["marksObtained", "totalMarks", "gradePoint", "before", "after", "revisedMarks"]);
const PERCENT_FIELDS = new Set(["totalPercent", "weightagePercent", "subcompWeightageCompPercent"]);

/** "A 80–100" for one grade band (letter, lower and upper limits in percent). */
function bandText(band: Record<string, unknown>): string {
  return m.audit_range({
    letter: typeof band.letterGrade === "string" ? band.letterGrade : "",
    lower: typeof band.lower === "number" ? formatNumber(band.lower) : "",
    upper: typeof band.upper === "number" ? formatNumber(band.upper) : "",
  });
}

const GRADING_TYPES: Record<string, () => string> = {
  Absolute: m.grading_type_absolute,
  Relative: m.grading_type_relative,
};

/** "Absolute: A 80–100, B 60–80 · Relative: …": each grading type's bands, best first. */
function bandsText(value: unknown): string | null {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const types = Object.entries(value as Record<string, unknown>).filter(([, bands]) => Array.isArray(bands));
  if (types.length === 0) return null;
  return types
    .map(([type, bands]) => {
      const sorted = [...(bands as Record<string, unknown>[])].sort(
        (a, b) => (Number(b.lower) || 0) - (Number(a.lower) || 0),
      );
      return `${GRADING_TYPES[type]?.() ?? type}: ${sorted.map(bandText).join(", ")}`;
    })
    .join(" · ");
}

/** "Midterm 40% (Paper 1 50%, Paper 2 50%); Final 60% (…)": components with their sub-components. */
function componentsText(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  return (value as Record<string, unknown>[])
    .map((c) => {
      const name = typeof c.componentName === "string" ? c.componentName : "";
      const weight = typeof c.weightagePercent === "number" ? formatPercent(c.weightagePercent) : "";
      const subs = Array.isArray(c.subComponents)
        ? (c.subComponents as Record<string, unknown>[]).map((s) =>
            m.audit_weighted({
              name: typeof s.subComponentName === "string" ? s.subComponentName : "",
              weight:
                typeof s.subcompWeightageCompPercent === "number"
                  ? formatPercent(s.subcompWeightageCompPercent)
                  : "",
            }),
          )
        : [];
      const head = m.audit_weighted({ name, weight });
      return subs.length > 0 ? `${head} (${subs.join(", ")})` : head;
    })
    .join("; ");
}

const STATUSES: Record<string, () => string> = {
  Draft: m.gres_status_draft,
  Acknowledged: m.gres_status_acknowledged,
  Published: m.gres_status_published,
};
const SOURCES: Record<string, () => string> = {
  entry: m.audit_source_entry,
  upload: m.audit_source_upload,
  revaluation: m.audit_source_revaluation,
  moderation: m.audit_source_moderation,
};
const MAILS: Record<string, () => string> = { Ack: m.audit_mail_ack, Publish: m.audit_mail_publish };

/**
 * One stored value as people read it, in the page's language: ids as the names the audit read gave
 * (`names`; an id it could not name reads "a removed record"), marks with 2 decimals, percentages,
 * dates DD-MM-YYYY, instants in the campus's zone, grade ranges "A 80–100", components with their
 * weights, statuses, sources and yes/no from the catalogue; lists and objects as their parts, never
 * JSON. Empty values read "none".
 */
export function auditValueText(field: string, value: unknown, names: Record<string, string>): string {
  if (value === null || value === undefined || value === "") return m.audit_none();
  if (field === "bands") {
    const text = bandsText(value);
    if (text !== null) return text;
  }
  if (field === "components") {
    const text = componentsText(value);
    if (text !== null) return text;
  }
  if (typeof value === "boolean") return value ? m.audit_yes() : m.audit_no();
  if (typeof value === "number") {
    if (MARK_FIELDS.has(field)) return formatMarks(value);
    if (PERCENT_FIELDS.has(field)) return formatPercent(value, 2);
    return formatNumber(value);
  }
  if (typeof value === "string") {
    if (UUID.test(value)) return names[value.toLowerCase()] ?? m.audit_removed_record();
    if (field === "status" && STATUSES[value]) return STATUSES[value]();
    if (field === "source" && SOURCES[value]) return SOURCES[value]();
    if (field === "mail" && MAILS[value]) return MAILS[value]();
    if (field === "typeOfGrading" && GRADING_TYPES[value]) return GRADING_TYPES[value]();
    if (ISO_DATE.test(value)) return formatDate(value);
    if (ISO_INSTANT.test(value)) return formatInstant(value);
    return value;
  }
  if (Array.isArray(value)) {
    return value.length === 0 ? m.audit_none() : value.map((v) => auditValueText(field, v, names)).join(", ");
  }
  if (typeof value === "object") {
    const parts = Object.entries(value as Record<string, unknown>).filter(
      ([k, v]) => v !== null && v !== undefined && v !== "" && !LINK_FIELDS.has(k),
    );
    if (parts.length === 0) return m.audit_none();
    return parts
      .map(([k, v]) => m.audit_value({ field: auditFieldLabel(k), value: auditValueText(k, v, names) }))
      .join(", ");
  }
  return m.audit_none();
}

/**
 * Names the values themselves give (a components list names its components and sub-components), so a
 * part deleted since still reads by its name; the audit read's `names` win where both have one.
 */
function namesInValues(states: AuditState[], names: Record<string, string>): Record<string, string> {
  const found: Record<string, string> = {};
  for (const state of states) {
    const components = state?.components;
    if (!Array.isArray(components)) continue;
    for (const c of components as Record<string, unknown>[]) {
      const component = typeof c.componentName === "string" ? c.componentName : "";
      if (typeof c.componentId === "string" && component !== "")
        found[c.componentId.toLowerCase()] = component;
      if (!Array.isArray(c.subComponents)) continue;
      for (const s of c.subComponents as Record<string, unknown>[]) {
        if (typeof s.subComponentid === "string" && typeof s.subComponentName === "string") {
          found[s.subComponentid.toLowerCase()] = `${component} / ${s.subComponentName}`;
        }
      }
    }
  }
  return { ...found, ...names };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The changes of one audit row, field by field in the order the row keeps them: a field in both
 * states with different values reads before → after; a field on one side only reads with the other
 * side null (a first mark, a deleted one); a field equal on both sides is left out, as are links
 * between rows and the row's own student (shown beside the changes). `reason` comes last.
 */
export function auditChanges(entry: AuditChangeSource, names: Record<string, string>): AuditChange[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const known = namesInValues([entry.before, entry.after], names);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (f) => !LINK_FIELDS.has(f) && !(f === "studentId" && entry.student),
  );
  fields.sort((a, b) => Number(a === "reason") - Number(b === "reason"));
  const changes: AuditChange[] = [];
  for (const field of fields) {
    const has = (state: Record<string, unknown>) =>
      field in state && state[field] !== null && state[field] !== undefined && state[field] !== "";
    const inBefore = has(before);
    const inAfter = has(after);
    if (!inBefore && !inAfter) continue;
    if (inBefore && inAfter && same(before[field], after[field])) continue;
    changes.push({
      field,
      label: auditFieldLabel(field),
      before: inBefore ? auditValueText(field, before[field], known) : null,
      after: inAfter ? auditValueText(field, after[field], known) : null,
    });
  }
  return changes;
}

/**
 * One change as a line: "Final grade: A → B"; a value on one side only reads "Marks obtained: 12.00"
 * (after) or "Marks obtained: 12.00 → none" (before, then removed).
 */
export function auditChangeText(change: AuditChange): string {
  if (change.before === null)
    return m.audit_value({ field: change.label, value: change.after ?? m.audit_none() });
  return m.audit_change({
    field: change.label,
    before: change.before,
    after: change.after ?? m.audit_none(),
  });
}
