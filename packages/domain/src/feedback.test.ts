import { describe, expect, it } from "vitest";
import { FEEDBACK_MESSAGES, feedbackFormStatus, sameFeedbackQuestions } from "./feedback.ts";
import { ZFeedbackAnswerInput, ZFeedbackFormInput } from "./feedback-input.ts";

describe.each([
  ["2026-10-31", "scheduled"],
  ["2026-11-01", "open"],
  ["2026-11-15", "open"],
  ["2026-11-30", "open"],
  ["2026-12-01", "closed"],
])("a form open 01-11-2026 to 30-11-2026 on %s", (today, status) => {
  it(`is ${status}`, () => expect(feedbackFormStatus("2026-11-01", "2026-11-30", today)).toBe(status));
});

describe("feedback schemas", () => {
  const form = {
    courseOfferingId: "00000000-0000-4000-8000-000000000001",
    title: "Term feedback",
    opensOn: "2026-11-01",
    closesOn: "2026-11-01",
    questions: [{ kind: "rating", prompt: "Organised" }],
  };
  it("takes a form open for one day and refuses one that closes before it opens", () => {
    expect(ZFeedbackFormInput.safeParse(form).success).toBe(true);
    const refused = ZFeedbackFormInput.safeParse({ ...form, opensOn: "2026-11-02" });
    expect(refused.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["closesOn", FEEDBACK_MESSAGES.closeBeforeOpen],
    ]);
  });
  it.each([0, 6, 2.5])("refuses the rating %s", (rating) => {
    const answer = { token: "A".repeat(43), answers: [{ questionId: form.courseOfferingId, rating }] };
    expect(ZFeedbackAnswerInput.safeParse(answer).error?.issues[0]?.message).toBe(
      FEEDBACK_MESSAGES.ratingRange,
    );
  });
  it("tells changed questions from the same ones", () => {
    const a = [{ kind: "rating", prompt: "Organised" }];
    expect(sameFeedbackQuestions(a, [{ kind: "rating", prompt: "Organised" }])).toBe(true);
    expect(sameFeedbackQuestions(a, [{ kind: "text", prompt: "Organised" }])).toBe(false);
    expect(sameFeedbackQuestions(a, [...a, ...a])).toBe(false);
  });
});
