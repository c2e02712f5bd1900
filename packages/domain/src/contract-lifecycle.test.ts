import { describe, expect, it } from "vitest";
import { ZFacultyOnboarding } from "./contract-input.ts";
import {
  allowedContractEvents,
  CONTRACT_EVENTS,
  CONTRACT_STATES,
  type ContractActor,
  type ContractEvent,
  type ContractState,
  transition,
} from "./contract-lifecycle.ts";

describe("contract life cycle: allowed steps", () => {
  it.each<[ContractState, ContractEvent, ContractActor, ContractState | null, string | null]>([
    ["draft", "edit", "office", "draft", null],
    ["draft", "delete", "office", null, null],
    ["draft", "submit", "office", "pending_approval", "area_head"],
    ["pending_approval", "approve", "area_head", "approved", null],
    ["pending_approval", "return", "area_head", "draft", null],
    ["approved", "send", "office", "sent", "contractor"],
    ["sent", "resend", "office", "sent", "contractor"],
    ["revised", "resend", "office", "revised", "contractor"],
    ["sent", "revise", "office", "revised", "contractor"],
    ["revised", "revise", "office", "revised", "contractor"],
    ["sent", "cancel", "office", "cancelled", "contractor"],
    ["revised", "cancel", "office", "cancelled", "contractor"],
    ["approved", "cancel", "office", "cancelled", null],
    ["pending_approval", "cancel", "office", "cancelled", null],
  ])("%s --%s by %s--> %s, mail to %s", (from, event, actor, to, mail) => {
    expect(transition(from, event, actor)).toEqual({ ok: true, to, mail });
  });
});

describe("contract life cycle: refusals", () => {
  it.each<[ContractState, ContractEvent, ContractActor, "state" | "role"]>([
    ["draft", "send", "office", "state"],
    ["draft", "approve", "area_head", "state"],
    ["draft", "approve", "office", "state"],
    ["pending_approval", "approve", "office", "role"],
    ["pending_approval", "return", "office", "role"],
    ["approved", "send", "area_head", "role"],
    ["draft", "submit", "area_head", "role"],
    ["approved", "edit", "office", "state"],
    ["sent", "delete", "office", "state"],
    ["draft", "cancel", "office", "state"],
    ["cancelled", "cancel", "office", "state"],
    ["cancelled", "resend", "office", "state"],
    ["approved", "revise", "office", "state"],
    ["pending_approval", "send", "office", "state"],
  ])("%s --%s by %s is refused for %s", (from, event, actor, reason) => {
    const result = transition(from, event, actor);
    expect(result.ok).toBe(false);
    expect(result).toMatchObject({ reason });
  });

  it("cancelled is final: no event of anyone leaves it", () => {
    for (const event of CONTRACT_EVENTS) {
      for (const actor of ["office", "area_head"] as const) {
        expect(transition("cancelled", event, actor).ok).toBe(false);
      }
    }
  });

  it("every state but cancelled has a way on", () => {
    for (const state of CONTRACT_STATES.filter((s) => s !== "cancelled")) {
      expect(allowedContractEvents(state, ["office", "area_head"]).length).toBeGreaterThan(0);
    }
  });
});

describe("allowedContractEvents", () => {
  it("lists the actions a screen offers, per actor", () => {
    expect(allowedContractEvents("draft", ["office"])).toEqual(["edit", "delete", "submit"]);
    expect(allowedContractEvents("pending_approval", ["office"])).toEqual(["cancel"]);
    expect(allowedContractEvents("pending_approval", ["area_head"])).toEqual(["approve", "return"]);
    expect(allowedContractEvents("pending_approval", ["office", "area_head"])).toEqual([
      "approve",
      "return",
      "cancel",
    ]);
    expect(allowedContractEvents("sent", ["office"])).toEqual(["resend", "revise", "cancel"]);
    expect(allowedContractEvents("cancelled", ["office", "area_head"])).toEqual([]);
  });
});

describe("ZFacultyOnboarding", () => {
  const valid = {
    firstName: "Anita",
    lastName: "Desai",
    email: "Anita.Desai@Example.org",
    phone: "+91 9876543210",
    termId: "00000000-0000-4000-8000-000000000001",
    hours: "30",
    ratePerHour: 2500,
    startDate: "2026-12-01",
    endDate: "2027-03-31",
    areaHeadEmail: "head@university.example",
  };
  it("accepts a form's values and normalises them", () => {
    const parsed = ZFacultyOnboarding.parse(valid);
    expect(parsed).toMatchObject({ email: "anita.desai@example.org", hours: 30, ratePerHour: 2500 });
    expect(parsed.courseOfferingIds).toEqual([]);
  });
  it.each([
    ["firstName", "Anita1", "Only letters and spaces are allowed"],
    ["phone", "12345", "Enter a 10-digit mobile number, optionally after a country code of 1-3 digits"],
    ["email", "not-an-email", "Field should contain a valid e-mail"],
    ["hours", "0", "Must be a whole number from 1 to 2000"],
    ["ratePerHour", "2.5", "Must be a whole number from 1 to 100000"],
    ["endDate", "2026-11-30", "End date cannot be before the start date"],
  ])("refuses a bad %s", (field, value, message) => {
    const result = ZFacultyOnboarding.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find((i) => i.path[0] === field);
    expect(issue?.message).toBe(message);
  });
});
