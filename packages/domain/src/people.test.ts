import { describe, expect, it } from "vitest";
import { narrowestScope, PEOPLE_MESSAGES } from "./people.ts";
import { ZAssignRole, ZUserListQuery } from "./people-input.ts";

const A = "00000000-0000-4000-8000-00000000000a";
const B = "00000000-0000-4000-8000-00000000000b";
const C = "00000000-0000-4000-8000-00000000000c";
const D = "00000000-0000-4000-8000-00000000000d";

describe("role scopes", () => {
  it.each([
    [{ instituteId: A }, { kind: "institute", id: A }],
    [
      { instituteId: A, programmeId: B },
      { kind: "programme", id: B },
    ],
    [
      { instituteId: A, programmeId: B, programmePlanId: C },
      { kind: "programme_plan", id: C },
    ],
    [
      { instituteId: A, programmeId: B, programmePlanId: C, classSectionId: D },
      { kind: "class_section", id: D },
    ],
    [
      { instituteId: A, programmeId: null, programmePlanId: null },
      { kind: "institute", id: A },
    ],
  ])("%j is stored at %j", (choice, expected) => {
    expect(narrowestScope(choice)).toEqual(expected);
  });
});

describe("Assign Roles input", () => {
  const firstError = (value: unknown) => {
    const r = ZAssignRole.safeParse(value);
    return r.success
      ? null
      : { path: r.error.issues[0]?.path.join("."), message: r.error.issues[0]?.message };
  };

  it("takes a contact, a role type and an institute, the narrower scopes optional", () => {
    expect(
      ZAssignRole.parse({ contactId: A, roleType: "exam_office", instituteId: B, academicProgramId: "" }),
    ).toEqual({
      contactId: A,
      roleType: "exam_office",
      instituteId: B,
      academicProgramId: null,
      programPlanId: null,
      classSectionId: null,
    });
  });

  it.each([
    [{ contactId: "", roleType: "admin", instituteId: B }, "contactId", PEOPLE_MESSAGES.selectContact],
    [{ roleType: "admin", instituteId: B }, "contactId", PEOPLE_MESSAGES.selectContact],
    [{ contactId: A, roleType: "admin", instituteId: "" }, "instituteId", PEOPLE_MESSAGES.selectInstitute],
    [{ contactId: A, roleType: "admin" }, "instituteId", PEOPLE_MESSAGES.selectInstitute],
    [{ contactId: A, roleType: "staff", instituteId: B }, "roleType", "Select a role type"],
    [
      { contactId: A, roleType: "admin", instituteId: B, programPlanId: C },
      "academicProgramId",
      "Select the programme of the plan",
    ],
    [
      { contactId: A, roleType: "admin", instituteId: B, academicProgramId: C, classSectionId: D },
      "programPlanId",
      "Select the programme plan of the section",
    ],
  ])("refuses %j at %s", (value, path, message) => {
    expect(firstError(value)).toEqual({ path, message });
  });

  it("spells the spec's texts as written", () => {
    expect(PEOPLE_MESSAGES).toMatchObject({
      selectInstitute: "Please Select an Institute",
      selectContact: "Please Select a Contact",
      contactsFetchFailed: "Error while fetching the Contacts",
      rolesCreateFailed: "Errors creating the Roles",
    });
  });

  it("pages the users list by the list sizes", () => {
    expect(ZUserListQuery.parse({})).toEqual({ search: "", roleType: "", pageNo: 1, count: 25 });
    expect(ZUserListQuery.safeParse({ count: "10" }).success).toBe(false);
  });
});
