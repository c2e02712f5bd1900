import { describe, expect, it } from "vitest";
import { canSignIn, isPortalRole, rolesAllow } from "./roles.ts";

describe("portal roles", () => {
  it.each([
    [["admin"], true],
    [["exam_office"], true],
    [["academic_office"], true],
    [["staff"], false],
    [[], false],
  ])("%j may sign in: %s", (roles, expected) => {
    expect(canSignIn(roles)).toBe(expected);
  });

  it.each([
    // allowed, held, expected
    [["exam_office"], ["admin"], true],
    [["exam_office"], ["exam_office"], true],
    [["exam_office"], ["academic_office"], false],
    [["academic_office"], ["exam_office", "academic_office"], true],
    [[], ["academic_office"], true],
    [[], ["staff"], false],
    [["exam_office"], [], false],
  ])("open to %j, held %j: %s", (allowed, held, expected) => {
    expect(rolesAllow(allowed, held)).toBe(expected);
  });

  it("knows only its own role names", () => {
    expect(isPortalRole("admin")).toBe(true);
    expect(isPortalRole("Admin")).toBe(false);
    expect(isPortalRole("staff")).toBe(false);
  });
});
