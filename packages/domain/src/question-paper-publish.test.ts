import { describe, expect, it } from "vitest";
import {
  canPublishQuestionPaper,
  QUESTION_PAPER_PUBLISH_MESSAGES,
  QUESTION_PAPER_STATUSES,
  questionPaperPublishBlock,
} from "./question-paper.ts";

describe("question paper publication", () => {
  it("publishes only an Approved paper that is not yet published", () => {
    expect(questionPaperPublishBlock({ status: "Approved", published: false })).toBeNull();
    expect(canPublishQuestionPaper({ status: "Approved", published: false })).toBe(true);
    for (const status of QUESTION_PAPER_STATUSES.filter((s) => s !== "Approved")) {
      expect(questionPaperPublishBlock({ status, published: false })).toBe(
        QUESTION_PAPER_PUBLISH_MESSAGES.notApproved,
      );
    }
  });

  it("refuses a second publication", () => {
    expect(questionPaperPublishBlock({ status: "Approved", published: true })).toBe(
      QUESTION_PAPER_PUBLISH_MESSAGES.alreadyPublished,
    );
    expect(canPublishQuestionPaper({ status: "Approved", published: true })).toBe(false);
  });
});
