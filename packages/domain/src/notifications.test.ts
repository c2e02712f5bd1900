import { describe, expect, it } from "vitest";
import { NOTIFICATION_MESSAGES, splitEmailList } from "./notifications.ts";
import { ZNotificationInput } from "./notifications-input.ts";

const SECTION = "00000000-0000-4000-8000-000000000001";
const base = {
  channel: "mail",
  subject: "Exam hall change",
  body: "Hall B",
  recipientKind: "classes",
  sectionIds: [SECTION],
};

/** The field and message of the first issue, or null when the input passes. */
function refusal(input: Record<string, unknown>): [string, string] | null {
  const parsed = ZNotificationInput.safeParse({ ...base, ...input });
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return [String(issue?.path.join(".")), String(issue?.message)];
}

describe("ZNotificationInput", () => {
  it.each([
    [
      "a sixth topic",
      { topics: ["exams", "results", "timetable", "attendance", "events", "fees"] },
      ["topics", NOTIFICATION_MESSAGES.maxTopics],
    ],
    ["five topics", { topics: ["exams", "results", "timetable", "attendance", "events"] }, null],
    ["no class", { sectionIds: [] }, ["sectionIds", NOTIFICATION_MESSAGES.selectClass]],
    ["no contact", { recipientKind: "contacts" }, ["contactIds", NOTIFICATION_MESSAGES.selectContact]],
    ["a mail without subject", { subject: "" }, ["subject", NOTIFICATION_MESSAGES.provideAllDetails]],
    ["an SMS without subject", { channel: "sms", subject: "" }, null],
    ["an empty text", { body: "  " }, ["body", NOTIFICATION_MESSAGES.provideAllDetails]],
    ["a malformed address", { emails: "a@b.example, nope" }, ["emails", NOTIFICATION_MESSAGES.invalidEmail]],
    [
      "extra addresses by SMS",
      { channel: "sms", emails: "a@b.example" },
      ["emails", NOTIFICATION_MESSAGES.emailsOnlyByMail],
    ],
    ["a long SMS", { channel: "sms", body: "x".repeat(481) }, ["body", NOTIFICATION_MESSAGES.tooLong]],
  ] as const)("%s", (_case, input, expected) => {
    expect(refusal(input)).toEqual(expected);
  });

  it("reads the comma-separated addresses lower-cased without repeats, and drops the other kind's choices", () => {
    const parsed = ZNotificationInput.parse({
      ...base,
      emails: " Dean@Uni.example, ,dean@uni.example,x@y.example ",
      contactIds: [SECTION],
    });
    expect(parsed.emails).toEqual(["dean@uni.example", "x@y.example"]);
    expect(parsed.contactIds).toEqual([]);
    expect(splitEmailList(" a , ,b,")).toEqual(["a", "b"]);
  });
});
