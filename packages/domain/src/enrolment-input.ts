import { z } from "zod";
import { GRID_PAGE_SIZES, pageSizeCounts } from "./constants.ts";
import { ENROLMENT_MESSAGES } from "./enrolment.ts";
import { ZId } from "./planning-input.ts";

/*
 * Requests of the enrolment screens (spec exam-management §2 enrollStudent and
 * enrollFaculty, §7 getDataForCourseEnrolment, getStudentAndCourseForEnrolment,
 * createEnrolmentTillCourses, FacultyEnrollment). The server parses each request with these and the
 * screens' forms validate with the same schemas.
 */

const pageNo = z.coerce.number().int().min(1).max(1_000_000).default(1);
const gridCount = z.coerce
  .number()
  .int()
  .refine((n) => pageSizeCounts(GRID_PAGE_SIZES).includes(n), {
    error: "count must be one of 10, 25, 50, 0 (All)",
  })
  .default(25);
/** A chosen id: "" (nothing chosen) is refused with `message`, any other non-id with 'Not a valid id'. */
const pickedId = (message: string) => z.string({ error: message }).min(1, { error: message }).pipe(ZId);
/** An optional id in a query string: "" or absent = not chosen yet. */
const optionalId = z.union([z.literal(""), ZId]).default("");

/**
 * Query of getDataForCourseEnrolment: the choices made so far, narrowest last. Each list of the
 * answer is filled once its parent is chosen (institutes always).
 */
export const ZEnrolmentOptionsQuery = z.object({
  instituteId: optionalId,
  academicProgramId: optionalId,
  programPlanId: optionalId,
});

/**
 * Query of getStudentAndCourseForEnrolment: the "till term" (a term of an intake that follows the
 * plan) and one page of that intake's students.
 */
export const ZEnrolmentCandidatesQuery = z.object({
  termId: ZId,
  pageNo,
  count: gridCount,
});

const ids = (message: string) =>
  z
    .array(ZId, { error: message })
    .min(1, { error: message })
    .max(1000)
    .transform((list) => [...new Set(list)]);

/**
 * Body of createEnrolmentTillCourses: the till term, the students to enrol and the course offerings
 * (of the intake's terms up to the till term) to enrol them in.
 */
export const ZCreateEnrolments = z.object({
  termId: pickedId(ENROLMENT_MESSAGES.selectTerm),
  studentIds: ids(ENROLMENT_MESSAGES.selectStudents),
  courseOfferingIds: ids(ENROLMENT_MESSAGES.selectCourses),
});

/** Query of FacultyEnrollment (get): one page of a term's course offerings with their faculty. */
export const ZFacultyEnrolmentQuery = z.object({
  termId: ZId,
  pageNo,
  count: gridCount,
});

/** Body of FacultyEnrollment (post): associate one faculty member with one course offering. */
export const ZFacultyAssociation = z.object({
  courseOfferingId: pickedId(ENROLMENT_MESSAGES.selectSection),
  facultyId: pickedId(ENROLMENT_MESSAGES.selectFaculty),
  version: z.number().int().min(0).max(2_147_483_647),
});

/** Query of FacultyEnrollment (delete): the course offering whose faculty association ends, as read. */
export const ZFacultyAssociationRemoval = z.object({
  courseOfferingId: ZId,
  version: z.coerce.number().int().min(0).max(2_147_483_647),
});
