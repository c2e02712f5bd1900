import { describe, expect, it } from "vitest";
import { absoluteNotificationLink, NOTIFICATION_MESSAGES, splitEmailList } from "./notifications.ts";
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

describe("a message's link (spec §5 'Please provide URL path')", () => {
  it.each([
    ["ticked and empty", { addLink: true, link: "" }, ["link", NOTIFICATION_MESSAGES.provideUrlPath]],
    ["ticked and blank", { addLink: true, link: "   " }, ["link", NOTIFICATION_MESSAGES.provideUrlPath]],
    ["ticked with no link field", { addLink: true }, ["link", NOTIFICATION_MESSAGES.provideUrlPath]],
    ["a portal path", { addLink: true, link: "/app/exams/requests" }, null],
    ["a portal path with a query", { addLink: true, link: "/app/ViewContract?id=7#top" }, null],
    ["an https address", { addLink: true, link: "https://uni.example/notice.pdf" }, null],
    [
      "javascript:",
      { addLink: true, link: "javascript:alert(1)" },
      ["link", NOTIFICATION_MESSAGES.invalidUrlPath],
    ],
    [
      "http:",
      { addLink: true, link: "http://uni.example/x" },
      ["link", NOTIFICATION_MESSAGES.invalidUrlPath],
    ],
    [
      "mailto:",
      { addLink: true, link: "mailto:a@b.example" },
      ["link", NOTIFICATION_MESSAGES.invalidUrlPath],
    ],
    ["data:", { addLink: true, link: "data:text/html,hi" }, ["link", NOTIFICATION_MESSAGES.invalidUrlPath]],
    [
      "protocol-relative",
      { addLink: true, link: "//evil.example/x" },
      ["link", NOTIFICATION_MESSAGES.invalidUrlPath],
    ],
    ["a relative path", { addLink: true, link: "app/exams" }, ["link", NOTIFICATION_MESSAGES.invalidUrlPath]],
    [
      "a path with a space",
      { addLink: true, link: "/app/a b" },
      ["link", NOTIFICATION_MESSAGES.invalidUrlPath],
    ],
    [
      "a backslash",
      { addLink: true, link: "/\\evil.example" },
      ["link", NOTIFICATION_MESSAGES.invalidUrlPath],
    ],
    [
      "https without host",
      { addLink: true, link: "https://" },
      ["link", NOTIFICATION_MESSAGES.invalidUrlPath],
    ],
    [
      "credentials in the address",
      { addLink: true, link: "https://u:p@uni.example/" },
      ["link", NOTIFICATION_MESSAGES.invalidUrlPath],
    ],
    ["too long", { addLink: true, link: `/${"a".repeat(2000)}` }, ["link", NOTIFICATION_MESSAGES.tooLong]],
    ["not ticked, empty", { addLink: false, link: "" }, null],
    ["not ticked, malformed", { addLink: false, link: "javascript:alert(1)" }, null],
  ] as const)("%s", (_case, input, expected) => {
    expect(refusal(input)).toEqual(expected);
  });

  it("keeps the trimmed link when ticked and none when not", () => {
    expect(ZNotificationInput.parse({ ...base, addLink: true, link: " /app/exams/requests " }).link).toBe(
      "/app/exams/requests",
    );
    expect(ZNotificationInput.parse({ ...base, addLink: false, link: "/app/x" }).link).toBeNull();
    expect(ZNotificationInput.parse(base).link).toBeNull();
  });

  it("makes a portal path absolute with the public origin and leaves an https address", () => {
    expect(absoluteNotificationLink("/app/exams/requests", "https://portal.example")).toBe(
      "https://portal.example/app/exams/requests",
    );
    expect(absoluteNotificationLink("https://uni.example/x", "https://portal.example")).toBe(
      "https://uni.example/x",
    );
  });
});
