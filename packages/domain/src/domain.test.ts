import { describe, expect, it } from "vitest";
import {
  canApproveSet,
  canOfferApproval,
  canViewQuestionPaper,
  formatDisplayDate,
  formatRelativeTime,
  isOtpInputAllowed,
  isValidEmail,
  normalizeQuestionPaperStatus,
  type QuestionPaperStatus,
  questionPaperApprovalBlock,
  SPEC_MESSAGES,
  setDisplayStatus,
  ZEmail,
  ZOtp,
} from "./index.ts";

describe.each([
  ["admin@university.example", true],
  ["first.last+exam@dept.uni.ac.in", true],
  ["ADMIN@University.Example", true],
  ["admin@university", false],
  ["admin university@x.org", false],
  ["@university.example", false],
  ["admin@@university.example", false],
  ["admin@university.e", false],
  ["", false],
])("email %j", (email, valid) => {
  it(`is ${valid ? "valid" : "invalid"}`, () => {
    expect(isValidEmail(email)).toBe(valid);
    const parsed = ZEmail.safeParse(email);
    expect(parsed.success).toBe(valid);
    if (!parsed.success) expect(parsed.error.issues[0]?.message).toBe("Field should contain a valid e-mail");
  });
});

it("lower-cases a valid email", () => {
  expect(ZEmail.parse(" Admin@University.Example ")).toBe("admin@university.example");
});

describe.each([
  ["", true, false],
  ["1", true, true],
  ["1234", true, true],
  ["12345", false, false],
  ["12a4", false, false],
  [" 123", false, false],
  ["-1", false, false],
])("OTP %j", (code, typingAllowed, submittable) => {
  it(`typing ${typingAllowed}, submit ${submittable}`, () => {
    expect(isOtpInputAllowed(code)).toBe(typingAllowed);
    expect(ZOtp.safeParse(code).success).toBe(submittable);
  });
});

describe.each<[QuestionPaperStatus, boolean, boolean]>([
  ["Not Submitted", false, false],
  ["Submitted", true, true],
  ["Under Review", true, true],
  ["Approved", true, false],
  ["Request Sent", true, true],
])("question paper status %s (spec §4)", (status, view, approve) => {
  it(`view ${view}, approve ${approve}`, () => {
    expect(canViewQuestionPaper(status)).toBe(view);
    expect(canOfferApproval(status)).toBe(approve);
  });
});

it("reads the alternative spelling 'Under review' and rejects unknown statuses", () => {
  expect(normalizeQuestionPaperStatus("Under review")).toBe("Under Review");
  expect(normalizeQuestionPaperStatus("Approved")).toBe("Approved");
  expect(normalizeQuestionPaperStatus("approved")).toBeNull();
});

describe.each([
  ["Submitted", "Approved", "Approved", null],
  ["Submitted", "Approved", "Submitted", SPEC_MESSAGES.questionPaperNotApproved],
  ["Under Review", "Not Submitted", "Approved", SPEC_MESSAGES.questionPaperNotApproved],
  ["Request Sent", "Submitted", "Submitted", SPEC_MESSAGES.questionPaperNotApproved],
  ["Approved", "Approved", "Approved", SPEC_MESSAGES.questionPaperNotApproved],
  ["Not Submitted", "Approved", "Approved", SPEC_MESSAGES.questionPaperNotApproved],
] as const)("approve paper %s with sets %s/%s", (status, one, two, expected) => {
  it(expected ? "is blocked" : "is allowed", () => {
    expect(questionPaperApprovalBlock({ status, setOneStatus: one, setTwoStatus: two })).toBe(expected);
  });
});

it("keeps the spec's spelling of the approval message, trailing space included", () => {
  expect(SPEC_MESSAGES.questionPaperNotApproved).toBe("Question-paper is not apporved ");
});

it("shows a set as Approved or Not Approved and offers Approve only while not Approved", () => {
  expect(setDisplayStatus("Approved")).toBe("Approved");
  expect(setDisplayStatus("Submitted")).toBe("Not Approved");
  expect(canApproveSet("Submitted", true)).toBe(true);
  expect(canApproveSet("Approved", true)).toBe(false);
  expect(canApproveSet("Not Submitted", false)).toBe(false);
});

describe("dates", () => {
  it("displays DD-MM-YYYY in Asia/Kolkata", () => {
    expect(formatDisplayDate("2026-03-31T20:00:00Z")).toBe("01-04-2026");
    expect(formatDisplayDate("2026-03-31T20:00:00Z", "UTC")).toBe("31-03-2026");
  });
  it("formats relative times", () => {
    const now = "2026-11-21T12:00:00Z";
    expect(formatRelativeTime("2026-11-21T11:55:00Z", now, "en")).toBe("5 minutes ago");
    expect(formatRelativeTime("2026-11-21T11:59:50Z", now, "en")).toBe("10 seconds ago");
    expect(formatRelativeTime("2026-11-19T12:00:00Z", now, "en")).toBe("2 days ago");
    expect(formatRelativeTime("2026-11-21T09:00:00Z", now, "de")).toBe("vor 3 Stunden");
  });
});
