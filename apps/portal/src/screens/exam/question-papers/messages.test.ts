import { SPEC_MESSAGES } from "@portal/domain";
import { describe, expect, it } from "vitest";
import de from "../../../../messages/de.json";
import en from "../../../../messages/en.json";
import hi from "../../../../messages/hi.json";

const qpKeys = (catalogue: Record<string, string>) =>
  Object.keys(catalogue)
    .filter((key) => key.startsWith("qp_"))
    .sort();

describe("question paper messages", () => {
  it.each([
    ["qp_not_approved", SPEC_MESSAGES.questionPaperNotApproved],
    ["qp_not_available", SPEC_MESSAGES.questionPaperNotAvailable],
    ["qp_mail_sent", SPEC_MESSAGES.mailSent],
    ["qp_no_record", SPEC_MESSAGES.noRecord],
  ])("%s reads exactly as the spec in English", (key, text) => {
    expect((en as Record<string, string>)[key]).toBe(text);
  });

  it("exist in German and Hindi for every English key, translated", () => {
    const keys = qpKeys(en);
    expect(keys.length).toBeGreaterThan(50);
    expect(qpKeys(de)).toEqual(keys);
    expect(qpKeys(hi)).toEqual(keys);
    for (const key of ["qp_not_approved", "qp_not_available", "qp_mail_sent", "qp_approve_set"]) {
      expect((de as Record<string, string>)[key]).not.toBe((en as Record<string, string>)[key]);
      expect((hi as Record<string, string>)[key]).not.toBe((en as Record<string, string>)[key]);
    }
  });
});
