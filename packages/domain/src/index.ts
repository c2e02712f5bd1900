/** @portal/domain: pure rules of the portal (no I/O). See README.md. */
export * from "./constants.ts";
export * from "./dates.ts";
export * from "./email.ts";
export * from "./messages.ts";
export * from "./otp.ts";
export * from "./question-paper.ts";
