import { describe, expect, it } from "vitest";
import { ENROLMENT_MESSAGES } from "./enrolment.ts";
import { ZCreateEnrolments, ZFacultyAssociation } from "./enrolment-input.ts";

const ID = "00000000-0000-4000-8000-00000000000a";
const OTHER = "00000000-0000-4000-8000-00000000000b";

/** The first issue's path and message of a refused value, or null when accepted. */
function refusal(schema: typeof ZCreateEnrolments | typeof ZFacultyAssociation, value: unknown) {
  const parsed = schema.safeParse(value);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return { path: issue?.path.join("."), message: issue?.message };
}

describe("enrolment requests", () => {
  it.each([
    [
      "no term chosen",
      { termId: "", studentIds: [ID], courseOfferingIds: [ID] },
      "termId",
      ENROLMENT_MESSAGES.selectTerm,
    ],
    [
      "no student",
      { termId: ID, studentIds: [], courseOfferingIds: [ID] },
      "studentIds",
      ENROLMENT_MESSAGES.selectStudents,
    ],
    [
      "no course",
      { termId: ID, studentIds: [ID], courseOfferingIds: [] },
      "courseOfferingIds",
      ENROLMENT_MESSAGES.selectCourses,
    ],
    [
      "a student id that is no id",
      { termId: ID, studentIds: ["x"], courseOfferingIds: [ID] },
      "studentIds.0",
      "Not a valid id",
    ],
  ])("refuses %s", (_case, value, path, message) => {
    expect(refusal(ZCreateEnrolments, value)).toEqual({ path, message });
  });

  it("drops repeated ids", () => {
    expect(
      ZCreateEnrolments.parse({ termId: ID, studentIds: [ID, OTHER, ID], courseOfferingIds: [ID, ID] }),
    ).toEqual({
      termId: ID,
      studentIds: [ID, OTHER],
      courseOfferingIds: [ID],
    });
  });

  it.each([
    [
      "no section",
      { courseOfferingId: "", facultyId: ID, version: 1 },
      "courseOfferingId",
      ENROLMENT_MESSAGES.selectSection,
    ],
    [
      "no faculty member",
      { courseOfferingId: ID, facultyId: "", version: 1 },
      "facultyId",
      ENROLMENT_MESSAGES.selectFaculty,
    ],
  ])("refuses an association with %s", (_case, value, path, message) => {
    expect(refusal(ZFacultyAssociation, value)).toEqual({ path, message });
  });
});
