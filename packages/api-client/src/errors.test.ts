import { describe, expect, it } from "vitest";
import { toApiError } from "./errors.ts";

describe("toApiError", () => {
  it("keeps the field, rule and the params of stored values a rule's message names", () => {
    const error = toApiError(
      {
        success: false,
        errorMessage: "Cannot exceed 28-06-2027",
        errorCode: "validation_failed",
        field: "CourseVersion.endDate",
        rule: "term_end",
        params: { max: "2027-06-28", count: 3 },
      },
      400,
    );
    expect(error).toMatchObject({
      status: 400,
      field: "CourseVersion.endDate",
      rule: "term_end",
      params: { max: "2027-06-28", count: 3 },
    });
  });

  it("drops params that are not an object of strings and numbers", () => {
    expect(toApiError({ success: false, errorMessage: "No", params: ["2027-06-28"] }, 400).params).toEqual(
      {},
    );
    expect(
      toApiError(
        { success: false, errorMessage: "No", params: { max: { nested: 1 }, min: "2026-01-01" } },
        400,
      ).params,
    ).toEqual({ min: "2026-01-01" });
    expect(toApiError("not json", 502).params).toEqual({});
  });
});
