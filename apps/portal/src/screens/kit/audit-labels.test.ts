import { AUDIT_ACTIONS } from "@portal/domain";
import { describe, expect, it } from "vitest";
import de from "../../../messages/de.json";
import en from "../../../messages/en.json";
import hi from "../../../messages/hi.json";
import { AUDIT_ACTION_LABELS, auditActionLabel } from "./audit-labels.ts";

type Catalogue = Record<string, string>;

describe("audit action labels", () => {
  it("labels every action the server writes in English, German and Hindi, never as the stored key", () => {
    // AUDIT_ACTIONS is the list the server's writer is typed by (packages/server/src/audit.ts), and the
    // server's test holds its source to it: an action added there without a label here fails.
    expect(AUDIT_ACTIONS.length).toBeGreaterThan(50);
    expect(Object.keys(AUDIT_ACTION_LABELS).sort()).toEqual([...AUDIT_ACTIONS].sort());
    for (const action of AUDIT_ACTIONS) {
      const key = `audit_action_${action}`;
      const english = (en as Catalogue)[key];
      expect(english?.trim(), key).toBeTruthy();
      expect(english, key).not.toBe(action);
      for (const [locale, catalogue] of [
        ["de", de],
        ["hi", hi],
      ] as const) {
        expect((catalogue as Catalogue)[key]?.trim(), `${locale} ${key}`).toBeTruthy();
        expect((catalogue as Catalogue)[key], `${locale} ${key}`).not.toBe(english);
      }
    }
  });

  it("reads an action by its label, and one it does not know as 'Other change'", () => {
    expect(auditActionLabel("recalculate_grade")).toBe("Grade recalculated");
    expect(auditActionLabel("save_grade_ranges")).toBe("Grade ranges saved");
    expect(auditActionLabel("change_published_grade")).toBe("Published grade changed");
    expect(auditActionLabel("archive_everything")).toBe("Other change");
  });
});
