import { describe, expect, it } from "vitest";
import { answerPageRefusal, malformedLinkRefusal } from "./answer-page.ts";

describe("the public feedback answer page's refusals", () => {
  it.each([
    [
      "an unknown link",
      404,
      { errorCode: "bad_token", field: "token" },
      404,
      "This feedback link is not valid",
    ],
    [
      "a used link",
      409,
      { errorCode: "used_token", field: "token" },
      404,
      "This feedback link has already been used",
    ],
    ["a refused token field", 400, { field: "token" }, 404, "This feedback link is not valid"],
    ["a closed form", 409, { errorCode: "form_closed" }, 409, "This feedback form is closed"],
    ["a form not open yet", 409, { errorCode: "form_not_open" }, 409, "This feedback form is not open yet"],
    ["a missing rating", 400, { field: "answers" }, 422, "Answer every rating question"],
    ["a rating out of range", 400, { field: "answers.2.rating" }, 422, "Answer every rating question"],
    [
      "an unknown question",
      400,
      { field: "answers.0.questionId" },
      422,
      "Your feedback could not be sent. Please try again.",
    ],
    ["an API out of reach", 503, {}, 503, "Your feedback could not be sent. Please try again."],
    ["anything else", 400, { field: "other" }, 400, "Your feedback could not be sent. Please try again."],
  ])("answers %s with its status and the explaining text", (_what, apiStatus, answer, status, text) => {
    expect(answerPageRefusal(apiStatus, answer)).toEqual({ status, text });
  });

  it("answers a link not shaped like one 404", () => {
    expect(malformedLinkRefusal()).toEqual({ status: 404, text: "This feedback link is not valid" });
  });
});
