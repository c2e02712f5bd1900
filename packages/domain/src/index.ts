/** @portal/domain: pure rules of the portal (no I/O). See README.md. */
export * from "./constants.ts";
export * from "./dates.ts";
export * from "./eligibility.ts";
export * from "./email.ts";
export * from "./email-schema.ts";
export * from "./evaluation.ts";
export * from "./exam-cycle.ts";
export * from "./exam-timetable.ts";
export * from "./exam-timetabling.ts";
export * from "./grading.ts";
export * from "./messages.ts";
export * from "./otp.ts";
export * from "./planning.ts";
export * from "./question-paper.ts";
export * from "./revaluation.ts";
export * from "./roles.ts";
export * from "./seating.ts";
