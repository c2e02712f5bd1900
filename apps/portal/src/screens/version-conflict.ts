import { ApiError } from "@portal/api-client";

/**
 * Whether a refused save was refused because someone else changed the record since it was read
 * (409 `version_conflict`): the screen then says so and offers Reload, keeping what was typed.
 * In a module of its own so a screen that only asks this (the question-paper list's Approve) does
 * not load the row-edit hooks with it.
 */
export function isVersionConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.errorCode === "version_conflict";
}
