/**
 * English texts of the specification that the server and the portal both emit, spelled exactly as
 * the spec spells them (trailing spaces and misspellings included). The portal shows them through the
 * message catalogue; the server puts them in error bodies so API clients see the same words.
 */
export const SPEC_MESSAGES = {
  /** spec §5 email rule */
  invalidEmail: "Field should contain a valid e-mail",
  /** spec §6, §8 */
  userNotAdmin: "User is not an admin",
  /** spec §8 */
  otpInvalid: "OTP Invalid",
  /** spec §8 */
  loginSuccess: "Login Success",
  /** spec §5, §8: approval blocked while a set is not Approved (spelled so, trailing space kept) */
  questionPaperNotApproved: "Question-paper is not apporved ",
  /** spec §8 */
  questionPaperNotAvailable: "Question paper is not available",
  /** spec §7: documents call for an unknown id */
  courseIdDoesNotExist: "The course ID doesn't exist.",
  /** spec §8: reminder toast */
  mailSent: "Mail Sent Successfully",
  /** spec §8 */
  failedToAdd: "Failed to add. Please try again.",
  /** spec §8 */
  configError: "Error getting config",
  /** spec §8 translated strings */
  somethingWentWrong: "Something went wrong",
  internalServerError: "Internal server error",
  dataNotFound: "Data not found",
  noData: "No Data",
  noRecord: "No Record",
} as const;

export type SpecMessageKey = keyof typeof SPEC_MESSAGES;
